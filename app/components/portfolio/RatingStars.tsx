import { Star } from "~/components/icons";
import { format, useT } from "~/i18n";

const MAX = 5;

/** Filled and empty stars out of five, read aloud as "5 de 5". */
export function RatingStars({ rating }: { rating: number }) {
  const { t } = useT();
  const label = format(t.portfolio.recommendations.rating, { rating, max: MAX });
  return (
    <div role="img" aria-label={label} className="flex items-center gap-1" data-testid="rating">
      {Array.from({ length: MAX }, (_, index) => (
        <Star
          // biome-ignore lint/suspicious/noArrayIndexKey: the stars are positions, not items
          key={index}
          aria-hidden="true"
          className={`size-5 ${index < rating ? "fill-current text-accent" : "text-line"}`}
          data-filled={index < rating}
        />
      ))}
    </div>
  );
}
