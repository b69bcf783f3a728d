import { useState, type ComponentType } from 'react';
import CarouselModule, { type ButtonGroupProps, type CarouselProps } from 'react-multi-carousel';
import 'react-multi-carousel/lib/styles.css';
import { CAROUSEL_RESPONSIVE, CAROUSEL_SETTINGS } from '../../../../shared/constants.ts';
import type { Review } from '../../../../shared/schemas/review.schema.ts';
import { ReviewCard } from './review-card.tsx';
import { t } from '../../../lib/i18n.ts';
import {
  ChevronLeftIcon,
  ChevronRightIcon,
  PauseIcon,
  PlayIcon,
} from '../../../components/ui/page-icons.tsx';

// react-multi-carousel is CommonJS. In a Vite production build the default import is the
// module namespace, not the component, and rendering it blanks the page (React error #130,
// https://react.dev/errors/130). Take `.default` when it is there.
const Carousel: ComponentType<CarouselProps> =
  (CarouselModule as unknown as { default?: ComponentType<CarouselProps> }).default ??
  (CarouselModule as unknown as ComponentType<CarouselProps>);

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

interface ControlsProps extends ButtonGroupProps {
  paused: boolean;
  onTogglePause: () => void;
}

/** Previous, pause and next below the slides: large targets, and a way to stop the motion. */
function Controls({ previous, next, paused, onTogglePause }: ControlsProps) {
  return (
    <div className="mt-6 flex items-center justify-center gap-3">
      <button
        type="button"
        className="btn btn-circle btn-outline btn-primary"
        aria-label={t.previousReviews}
        onClick={() => previous?.()}
      >
        <ChevronLeftIcon />
      </button>
      <button
        type="button"
        className="btn btn-circle btn-ghost"
        aria-label={paused ? t.playReviews : t.pauseReviews}
        aria-pressed={paused}
        onClick={onTogglePause}
      >
        {paused ? <PlayIcon /> : <PauseIcon />}
      </button>
      <button
        type="button"
        className="btn btn-circle btn-outline btn-primary"
        aria-label={t.nextReviews}
        onClick={() => next?.()}
      >
        <ChevronRightIcon />
      </button>
    </div>
  );
}

/**
 * The Customer Reviews carousel with the spec's breakpoints and timings (section 9):
 * infinite, autoplay every 3000 ms, 400 ms transitions, 80 px minimum drag.
 * Loaded on its own after the reviews arrive, so it stays off the home page's first load.
 */
export default function ReviewsCarousel({ reviews }: { reviews: Review[] }) {
  const [paused, setPaused] = useState(prefersReducedMotion);
  return (
    <Carousel
      responsive={CAROUSEL_RESPONSIVE}
      infinite={CAROUSEL_SETTINGS.infinite}
      autoPlay={CAROUSEL_SETTINGS.autoPlay && !paused}
      autoPlaySpeed={CAROUSEL_SETTINGS.autoPlaySpeed}
      transitionDuration={CAROUSEL_SETTINGS.transitionDuration}
      minimumTouchDrag={CAROUSEL_SETTINGS.minimumTouchDrag}
      customTransition={`transform ${CAROUSEL_SETTINGS.transitionDuration}ms ease-in-out`}
      arrows={false}
      renderButtonGroupOutside
      customButtonGroup={<Controls paused={paused} onTogglePause={() => setPaused((p) => !p)} />}
      containerClass="-mx-2 sm:-mx-3"
      itemClass="px-2 sm:px-3"
      keyBoardControl
    >
      {reviews.map((review) => (
        <ReviewCard key={review._id} review={review} />
      ))}
    </Carousel>
  );
}
