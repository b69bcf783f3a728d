import { avatarToShow } from '../../../../shared/avatar.ts';
import { RATING_MAX } from '../../../../shared/constants.ts';
import type { Review } from '../../../../shared/schemas/review.schema.ts';
import { t } from '../../../lib/i18n.ts';
import { QuoteIcon, StarIcon, StarOutlineIcon } from '../../../components/ui/page-icons.tsx';

/** One customer review (spec section 2): avatar, name, 'Rating: N out of 5' and message. */
export function ReviewCard({ review }: { review: Review }) {
  const rating = typeof review.rating === 'number' ? review.rating : 0;
  return (
    <figure className="card h-full border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4 p-6">
        <div className="flex items-center gap-4">
          <img
            src={avatarToShow(review.avatar, globalThis.location?.origin)}
            alt={t.avatarOf(review.name)}
            width={56}
            height={56}
            loading="lazy"
            decoding="async"
            referrerPolicy="no-referrer"
            className="size-14 shrink-0 rounded-full bg-base-200 object-cover ring-2 ring-secondary/60"
          />
          <figcaption className="min-w-0">
            <p className="truncate font-semibold">{review.name}</p>
            <p className="text-sm text-base-content/75">
              {t.ratingOutOf5(
                typeof review.rating === 'number' && Number.isFinite(review.rating) ? review.rating : 0,
              )}
            </p>
            <p className="mt-0.5 flex gap-0.5 text-secondary" aria-hidden="true">
              {Array.from({ length: RATING_MAX }, (_, i) =>
                i < Math.round(rating) ? <StarIcon key={i} /> : <StarOutlineIcon key={i} />,
              )}
            </p>
          </figcaption>
        </div>
        <blockquote className="relative text-base-content/85">
          <QuoteIcon className="mb-2 text-2xl text-primary/25" />
          <p className="leading-relaxed break-words">{review.message}</p>
        </blockquote>
      </div>
    </figure>
  );
}
