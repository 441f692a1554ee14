import { useEffect, useState } from "react";
import { format, htmlLang, useT } from "~/i18n";
import { dateTime } from "./editor/times.ts";

/**
 * A moment in the reader's own time zone, with the zone's name, e.g.
 * "Agendado para 5 de jan. de 2030, 09:30 (BRT)". The server cannot know
 * that zone, so the page it renders leaves the moment out (the admin
 * hydrates at once) rather than show it in another zone.
 */
export function LocalDateTime({ iso, template }: { iso: string; template: string }) {
  const { lang } = useT();
  const [local, setLocal] = useState(false);
  useEffect(() => setLocal(true), []);
  const moment = local ? dateTime(new Date(iso), htmlLang[lang]) : "";
  return (
    <time dateTime={iso} suppressHydrationWarning>
      {format(template, { date: moment }).trim()}
    </time>
  );
}
