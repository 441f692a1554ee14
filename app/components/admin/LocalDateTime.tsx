import { useEffect, useState } from "react";
import { format, htmlLang, useT } from "~/i18n";

/**
 * A moment in the reader's own time zone, e.g. "Agendado para 5 de jan. de
 * 2030 09:30". The server cannot know that zone: the page is rendered in UTC
 * (and says so), then the browser writes its own.
 */
export function LocalDateTime({ iso, template }: { iso: string; template: string }) {
  const { lang } = useT();
  const [timeZone, setTimeZone] = useState<string | undefined>(undefined);
  useEffect(() => setTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone), []);
  // dateStyle and timeStyle take no timeZoneName: the server's rendering names its zone itself.
  const moment = new Intl.DateTimeFormat(htmlLang[lang], {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: timeZone ?? "UTC",
  }).format(new Date(iso));
  const text = timeZone ? moment : `${moment} UTC`;
  return <time dateTime={iso}>{format(template, { date: text })}</time>;
}
