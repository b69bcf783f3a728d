import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLoadOnce } from '../../../lib/use-load-once.ts';
import { getReviews } from '../api/review-reads.ts';
import { SectionHeading } from '../../../components/ui/section-heading.tsx';
import { t } from '../../../lib/i18n.ts';

const ReviewsCarousel = lazy(() => import('./reviews-carousel.tsx'));

/** Height of one row of review cards plus the controls, kept while the carousel loads. */
const RESERVED = 'min-h-[19rem]';

function Placeholder() {
  return (
    <div aria-hidden="true" className={`grid gap-4 sm:grid-cols-2 lg:grid-cols-3 ${RESERVED}`}>
      {[0, 1, 2].map((i) => (
        <div
          key={i}
          className={`skeleton h-56 ${i === 1 ? 'hidden sm:block' : ''} ${i === 2 ? 'hidden lg:block' : ''}`}
        />
      ))}
    </div>
  );
}

/**
 * True once the element is within a screen or so of the viewport. The carousel's code waits
 * for that, so a visitor who never scrolls that far never downloads it.
 */
function useNearViewport<T extends Element>() {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '800px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near] as const;
}

/** Customer Reviews (spec section 2): a carousel of every review, newest first. */
export function ReviewsSection() {
  const { data: reviews, isPending } = useLoadOnce(getReviews);
  const [ref, near] = useNearViewport<HTMLDivElement>();
  return (
    <section id="reviews" aria-labelledby="reviews-title" className="bg-base-200">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:py-20">
        <SectionHeading id="reviews-title" eyebrow={t.reviewsEyebrow} title={t.customerReviews}>
          {t.reviewsIntro}
        </SectionHeading>
        <div ref={ref} className={`mt-10 ${RESERVED}`} aria-busy={isPending || !near}>
          {(isPending || (!near && !!reviews?.length)) && <Placeholder />}
          {near && reviews && reviews.length > 0 && (
            <Suspense fallback={<Placeholder />}>
              <ReviewsCarousel reviews={reviews} />
            </Suspense>
          )}
          {reviews?.length === 0 && <p className="text-center text-base-content/70">{t.noReviewsYet}</p>}
        </div>
      </div>
    </section>
  );
}
