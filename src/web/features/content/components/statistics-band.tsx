import { FaArrowTrendDown, FaArrowTrendUp } from 'react-icons/fa6';
import { STATISTICS } from '../../../../shared/constants.ts';
import { messages } from '../../../../shared/messages.ts';

/** The statistics band of spec section 2: static, hard-coded figures. */
export function StatisticsBand() {
  return (
    <section aria-labelledby="stats-title" className="bg-primary text-primary-content">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:py-16">
        <h2 id="stats-title" className="text-center text-2xl font-bold sm:text-3xl">
          {messages.statsHeading}
        </h2>
        <dl className="mt-8 grid gap-4 sm:grid-cols-3">
          {STATISTICS.map((stat) => {
            const trend = stat.note.startsWith('up') ? 'up' : stat.note.startsWith('down') ? 'down' : null;
            return (
              <div
                key={stat.title}
                className="rounded-box bg-primary-content/10 px-6 py-6 text-center ring-1 ring-primary-content/15"
              >
                <dt className="text-sm font-semibold uppercase tracking-wider opacity-85">{stat.title}</dt>
                <dd className="mt-2 text-4xl font-extrabold sm:text-5xl">
                  {stat.value}
                  {'unit' in stat && <span className="ml-2 text-lg font-semibold">{stat.unit}</span>}
                </dd>
                <dd className="mt-2 inline-flex items-center gap-2 text-sm">
                  {trend === 'up' && <FaArrowTrendUp aria-hidden="true" className="text-secondary" />}
                  {trend === 'down' && <FaArrowTrendDown aria-hidden="true" className="text-secondary" />}
                  {stat.note}
                </dd>
              </div>
            );
          })}
        </dl>
      </div>
    </section>
  );
}
