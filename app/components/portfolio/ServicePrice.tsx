import type { ServicePriceData } from "~/content/pages/services.server.ts";
import { format, useT } from "~/i18n";

/** "R$ 2.500" on Portuguese pages, "$500" on English ones; hourly work says so. */
export function useServicePrice(price: ServicePriceData): string {
  const { t } = useT();
  return price.perHour ? format(t.portfolio.services.perHour, { price: price.amount }) : price.amount;
}

export function ServicePrice({ price, className = "" }: { price: ServicePriceData; className?: string }) {
  return (
    <span className={className} data-testid="service-price">
      {useServicePrice(price)}
    </span>
  );
}
