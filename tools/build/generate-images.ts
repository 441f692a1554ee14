/**
 * Renders the artwork in `tools/build/artwork.ts` to AVIF and WebP at a few widths
 * under `app/assets/images/`, plus `sizes.json` (intrinsic size and widths of
 * each image) that `app/content/images.ts` reads. The outputs are committed:
 * run this only when the artwork changes.
 *   node tools/build/generate-images.ts
 */
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import articles from "../../app/content/articles/meta.json" with { type: "json" };
import { banner, bookCover, browserMockup, certificate, type Hues, logo, portrait } from "./artwork.ts";

const OUT = path.resolve(import.meta.dirname, "../../app/assets/images");

const teal: Hues = { base: "#0b3b3a", a: "#2dd4bf", b: "#0ea5e9" };
const ocean: Hues = { base: "#0c2a4a", a: "#38bdf8", b: "#6366f1" };
const amber: Hues = { base: "#3b1d0b", a: "#fbbf24", b: "#f97316" };
const violet: Hues = { base: "#24124a", a: "#a78bfa", b: "#ec4899" };
const emerald: Hues = { base: "#0a3321", a: "#4ade80", b: "#14b8a6" };
const rose: Hues = { base: "#3f0d1f", a: "#fb7185", b: "#f59e0b" };
const slate: Hues = { base: "#1e293b", a: "#94a3b8", b: "#38bdf8" };

interface Job {
  name: string;
  svg: string;
  widths: number[];
}

const mockup = (name: string, title: string, hues: Hues, layout?: "landing" | "dashboard" | "chat"): Job => ({
  name,
  svg: browserMockup(title, hues, layout),
  widths: [480, 800, 1200],
});
const small = (job: Job): Job => ({ ...job, widths: [400, 800] });
/**
 * A static article's cover in each language, in the 1200 x 630 shape link
 * previews use, with the words of its `cover` in `app/content/articles/meta.json`.
 */
const blogCover = (id: string, hues: Hues): Job[] => {
  const article = articles.find((entry) => entry.id === id);
  if (!article) throw new Error(`No static article "${id}" in app/content/articles/meta.json`);
  return (["pt", "en"] as const).map((lang) => ({
    name: `blog/${lang}/${id}`,
    svg: banner(article.cover.title[lang], article.cover.tagline[lang], hues, 1200, 630),
    widths: [480, 800, 1200],
  }));
};

const jobs: Job[] = [
  { name: "profile/avatar", svg: portrait(teal), widths: [192, 384, 640] },

  mockup("projects/site-global-mode", "Global Mode", ocean),
  mockup("projects/site-da-werneck-group", "Werneck Group", teal),
  mockup("projects/site-da-familia-werneck", "Família Werneck", amber),
  mockup("projects/devstudio", "DevStudio", violet, "dashboard"),
  mockup("projects/atendefly", "Atendefly", emerald, "chat"),
  mockup("projects/cheetah-network", "Cheetah Network", rose, "dashboard"),

  { name: "companies/cheetah-network-logo", svg: logo("CN", rose), widths: [128, 256] },
  { name: "companies/werneck-group-logo", svg: logo("WG", teal), widths: [128, 256] },
  {
    name: "companies/cheetah-network-banner",
    svg: banner("Cheetah Network", "Games · Hosting · Community", rose),
    widths: [640, 800, 1024, 1600],
  },
  {
    name: "companies/werneck-group-banner",
    svg: banner("Werneck Group", "Software studio · Recife", teal),
    widths: [640, 800, 1024, 1600],
  },

  small(mockup("clients/clinica-vida", "Clínica Vida", emerald)),
  small(mockup("clients/loja-mangue", "Loja Mangue", amber)),
  small(mockup("clients/delivery-app", "Entrega Já", rose, "chat")),
  small(mockup("clients/fitness-app", "Treino+", violet, "dashboard")),
  small(mockup("clients/ticket-bot", "TicketBot", ocean, "chat")),
  small(mockup("clients/music-bot", "Frevo Bot", violet, "chat")),
  small(mockup("clients/fintech-redesign", "Conta Azulejo", ocean, "dashboard")),
  small(mockup("clients/school-portal", "Escola Aurora", amber)),
  small(mockup("clients/cloud-migration", "Migração AWS", slate, "dashboard")),
  small(mockup("clients/ci-pipeline", "Pipeline CI", teal, "dashboard")),
  small(mockup("clients/startup-audit", "Auditoria Tech", slate)),
  small(mockup("clients/team-mentoring", "Mentoria Dev", emerald, "dashboard")),

  small({
    name: "certificates/aws-cloud-practitioner",
    svg: certificate("Cloud Practitioner", "Amazon Web Services", slate),
    widths: [],
  }),
  small({ name: "certificates/meta-react", svg: certificate("Advanced React", "Meta", ocean), widths: [] }),
  small({
    name: "certificates/scrum-foundations",
    svg: certificate("Scrum Foundations", "CertiProf", emerald),
    widths: [],
  }),

  ...blogCover("bot-discord", violet),
  ...blogCover("fullstack-development", teal),
  ...blogCover("cloud-solutions", ocean),
  ...blogCover("web-automation", emerald),
  ...blogCover("project-management", amber),

  { name: "books/clean-code", svg: bookCover(["Clean", "Code"], "Robert C. Martin", teal), widths: [240, 480] },

  { name: "partners/vortex-host-logo", svg: logo("VH", ocean, 256), widths: [96, 192] },
  { name: "partners/devbr-logo", svg: logo("DB", violet, 256), widths: [96, 192] },
  { name: "partners/recife-tech-logo", svg: logo("RT", amber, 256), widths: [96, 192] },
  { name: "partners/open-source-pe-logo", svg: logo("OS", emerald, 256), widths: [96, 192] },
  {
    name: "partners/vortex-host-banner",
    svg: banner("Vortex Host", "Official hosting partner", ocean, 1200, 450),
    widths: [480, 960],
  },
  { name: "partners/devbr-banner", svg: banner("DevBR", "Discord community", violet, 1200, 450), widths: [480, 960] },
  {
    name: "partners/recife-tech-banner",
    svg: banner("Recife Tech", "Events and meetups", amber, 1200, 450),
    widths: [480, 960],
  },
  {
    name: "partners/open-source-pe-banner",
    svg: banner("Open Source PE", "Open-source collective", emerald, 1200, 450),
    widths: [480, 960],
  },
];

const sizes: Record<string, { width: number; height: number; widths: number[] }> = {};
await rm(OUT, { recursive: true, force: true });
for (const job of jobs) {
  const source = Buffer.from(job.svg);
  const meta = await sharp(source).metadata();
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  await mkdir(path.dirname(path.join(OUT, job.name)), { recursive: true });
  for (const w of job.widths) {
    // Rendered at the target width from the vector source, never upscaled from a bitmap.
    const image = sharp(source, { density: Math.max(72, (72 * w) / width) }).resize({ width: w });
    await image
      .clone()
      .webp({ quality: 74, effort: 6 })
      .toFile(path.join(OUT, `${job.name}-${w}.webp`));
    await image
      .clone()
      .avif({ quality: 52, effort: 6 })
      .toFile(path.join(OUT, `${job.name}-${w}.avif`));
  }
  sizes[job.name] = { width, height, widths: job.widths };
}
// Short number lists stay on one line, as the formatter writes them.
const json = JSON.stringify(sizes, null, 2).replace(
  /\[\s+([\d,\s]+?)\s+\]/g,
  (_, list: string) => `[${list.split(/,\s*/).join(", ")}]`,
);
await writeFile(path.join(OUT, "sizes.json"), `${json}\n`);
console.log(`${jobs.length} images written to ${path.relative(process.cwd(), OUT)}`);
