import type { ServiceId } from "./ids.ts";
import type { Localized } from "./localized.ts";

export interface ServiceCategory {
  id: ServiceId;
  title: Localized;
}

export const serviceCategories = [
  { id: "web-development", title: { pt: "Desenvolvimento Web", en: "Web Development" } },
  { id: "mobile-development", title: { pt: "Desenvolvimento Mobile", en: "Mobile Development" } },
  { id: "bot-development", title: { pt: "Desenvolvimento de Bots", en: "Bot Development" } },
  { id: "uiux-design", title: { pt: "Design UI/UX", en: "UI/UX Design" } },
  { id: "cloud-solutions", title: { pt: "Soluções em Nuvem", en: "Cloud Solutions" } },
  { id: "consulting", title: { pt: "Consultoria", en: "Consulting" } },
] as const satisfies readonly ServiceCategory[];

/** The service category with this id, if any. */
export function findService(id: string): ServiceCategory | undefined {
  return serviceCategories.find((service) => service.id === id);
}
