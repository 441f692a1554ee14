import type { Pricing } from "~/content/services.ts";
import { format, useT } from "~/i18n";
import { formatPriceFrom } from "~/lib/price.ts";

/** "R$ 2.500" on Portuguese pages, "$500" on English ones; hourly work says so. */
export function useServicePrice(pricing: Pricing): string {
  const { lang, t } = useT();
  const price = formatPriceFrom(pricing, lang);
  return pricing.per === "hour" ? format(t.portfolio.services.perHour, { price }) : price;
}

export function ServicePrice({ pricing, className = "" }: { pricing: Pricing; className?: string }) {
  return (
    <span className={className} data-testid="service-price">
      {useServicePrice(pricing)}
    </span>
  );
}
