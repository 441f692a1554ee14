import type { ReactNode } from "react";
import { data } from "react-router";
import { Mail, MapPin, MessageCircle } from "~/components/icons";
import { ContactForm } from "~/components/portfolio/ContactForm.tsx";
import { SocialLinks } from "~/components/portfolio/SocialLinks.tsx";
import { card } from "~/components/portfolio/styles.ts";
import { ExternalLink } from "~/components/ui/ExternalLink.tsx";
import { PageHeader } from "~/components/ui/PageHeader.tsx";
import { langFromPath, useT } from "~/i18n";
import { pageSeo } from "~/lib/seo.ts";
import { submitContactMessage } from "~/server/contact/submit.server.ts";
import { readForm } from "~/server/form.server.ts";
import { clientIpContext, servicesOf } from "~/server/request-context.server.ts";
import { site } from "~/site.config.ts";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ location }) => pageSeo("contact", location.pathname);

/**
 * The form posted without JavaScript: the page renders again with the
 * outcome (the thanks, or the refusal with the typed text kept). With
 * JavaScript the form posts to /contact/send instead.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const outcome = await submitContactMessage(
    {
      form: await readForm(request),
      lang: langFromPath(new URL(request.url).pathname),
      ip: context.get(clientIpContext),
      cookieHeader: request.headers.get("Cookie"),
    },
    servicesOf(context),
  );
  return data(outcome.reply, { status: outcome.status, headers: outcome.headers });
}

export default function ContactPage({ actionData }: Route.ComponentProps) {
  const { lang, t } = useT();
  const texts = t.portfolio.contact;
  return (
    <>
      <PageHeader heading={t.pages.contact.heading} lead={t.pages.contact.description} />
      <div className="container-page grid gap-8 py-12 sm:py-16 lg:grid-cols-[1fr_1.3fr] lg:gap-12">
        <section aria-labelledby="contact-info-title" className="grid content-start gap-4">
          <h2 id="contact-info-title" className="text-xl font-semibold">
            {texts.infoTitle}
          </h2>
          <ul className="grid gap-3" data-testid="contact-info">
            <InfoItem icon={<Mail className="size-5" />} label={texts.email}>
              <a href={`mailto:${site.email}`} className="break-all hover:text-accent">
                {site.email}
              </a>
            </InfoItem>
            <InfoItem icon={<MessageCircle className="size-5" />} label={texts.whatsapp}>
              <ExternalLink href={`https://wa.me/${site.phoneDigits}`} className="hover:text-accent">
                {site.phoneDisplay}
              </ExternalLink>
            </InfoItem>
            <InfoItem icon={<MapPin className="size-5" />} label={texts.location}>
              {site.location[lang]}
            </InfoItem>
          </ul>
          <div className={`${card} p-5`}>
            <h3 className="text-sm font-semibold">{texts.socialTitle}</h3>
            <SocialLinks label={texts.socialTitle} className="mt-3" />
          </div>
        </section>
        <ContactForm posted={actionData} />
      </div>
    </>
  );
}

function InfoItem({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className={`${card} flex items-center gap-4 p-5`}>
      <span
        aria-hidden="true"
        className="grid size-11 shrink-0 place-items-center rounded-xl bg-accent-soft text-accent-soft-fg"
      >
        {icon}
      </span>
      <div className="min-w-0">
        <p className="text-xs font-semibold uppercase tracking-wider text-fg-muted">{label}</p>
        <p className="mt-0.5 font-medium">{children}</p>
      </div>
    </li>
  );
}
