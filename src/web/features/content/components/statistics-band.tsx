import { STATISTICS } from '../../../../shared/constants.ts';
import { digits, t } from '../../../lib/i18n.ts';
import { TrendDownIcon, TrendUpIcon } from '../../../components/ui/icons.tsx';

type Stat = (typeof STATISTICS)[number];
/** Each figure's words in the page's language (the spec's English is STATISTICS itself). */
const words: Record<Stat['title'], () => { title: string; note: string }> = {
  Revenue: () => ({ title: t.statRevenue, note: t.statRevenueNote }),
  Customers: () => ({ title: t.statCustomers, note: t.statCustomersNote }),
  Shipment: () => ({ title: t.statShipment, note: t.statShipmentNote }),
};

/** The statistics band of spec section 2: static, hard-coded figures. */
export function StatisticsBand() {
  return (
    <section aria-labelledby="stats-title" className="bg-primary text-primary-content">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:py-16">
        <h2 id="stats-title" className="text-center text-2xl font-bold sm:text-3xl">
          {t.statsHeading}
        </h2>
        <dl className="mt-8 grid gap-4 sm:grid-cols-3">
          {STATISTICS.map((stat) => {
            const said = words[stat.title]();
            const trend = stat.note.startsWith('up') ? 'up' : stat.note.startsWith('down') ? 'down' : null;
            return (
              <div
                key={stat.title}
                className="rounded-box bg-primary-content/10 px-6 py-6 text-center ring-1 ring-primary-content/15"
              >
                <dt className="text-sm font-semibold uppercase tracking-wider opacity-85">{said.title}</dt>
                <dd className="mt-2 text-4xl font-extrabold sm:text-5xl">
                  {digits(stat.value)}
                  {'unit' in stat && <span className="ml-2 text-lg font-semibold">{t.statDollars}</span>}
                </dd>
                <dd className="mt-2 inline-flex items-center gap-2 text-sm">
                  {trend === 'up' && <TrendUpIcon className="text-secondary" />}
                  {trend === 'down' && <TrendDownIcon className="text-secondary" />}
                  {said.note}
                </dd>
              </div>
            );
          })}
        </dl>
      </div>
    </section>
  );
}
