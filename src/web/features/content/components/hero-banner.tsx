import { COMPANY_NAME } from '../../../../shared/constants.ts';
import { t } from '../../../lib/i18n.ts';

/** Hero banner with the spec's tagline (section 1). The image is the page's LCP: fetched first. */
export function HeroBanner() {
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden bg-neutral">
      <img
        src="/images/hero.svg"
        alt={t.heroImageAlt}
        width={1600}
        height={600}
        fetchPriority="high"
        className="absolute inset-0 -z-20 h-full w-full object-cover"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-linear-to-r from-neutral/95 via-neutral/85 to-neutral/60 sm:via-neutral/75 sm:to-neutral/20"
      />
      <div className="mx-auto max-w-7xl px-4 py-16 text-neutral-content sm:px-6 sm:py-24 lg:py-32">
        <p className="badge badge-secondary badge-lg font-semibold">{t.heroBadge}</p>
        <h1 id="hero-title" className="mt-4 text-4xl font-extrabold tracking-tight sm:text-6xl">
          {COMPANY_NAME}
        </h1>
        <p className="mt-4 max-w-xl text-lg leading-relaxed first-letter:uppercase sm:text-2xl">
          {t.tagline}
        </p>
        {/* On a phone the buttons stand one above the other, whatever their words' width: a row
            that wraps or not by the width of the text moved the page when the Bengali font
            replaced the fallback (layout shift, docs/benchmarks.md). */}
        <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <a href="#products" className="btn btn-secondary btn-lg">
            {t.browseProducts}
          </a>
          <a
            href="#contact"
            className="btn btn-outline btn-lg border-neutral-content/70 text-neutral-content hover:bg-neutral-content hover:text-neutral"
          >
            {t.talkToUs}
          </a>
        </div>
      </div>
    </section>
  );
}
