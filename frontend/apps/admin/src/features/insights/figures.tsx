import type { InsightsChange, InsightsTotals } from '@atelier/api-client/api';
import { changeLabel, rateLabel } from '@/lib/day-range';

const tone = (change: number | null | undefined) =>
  change === null || change === undefined || change === 0
    ? 'text-gray-500'
    : change > 0
      ? 'text-emerald-700'
      : 'text-red-700';

/** The range's sums beside the previous range's, with the change between them. */
export function Figures({
  current,
  previous,
  change,
}: {
  current: InsightsTotals;
  previous: InsightsTotals;
  change: InsightsChange;
}) {
  const figures = [
    {
      label: 'Visitors',
      value: current.visitors,
      before: previous.visitors,
      change: change.visitors,
    },
    { label: 'Page views', value: current.views, before: previous.views, change: change.views },
    { label: 'Leads', value: current.leads, before: previous.leads, change: change.leads },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {figures.map((figure) => (
        <div
          key={figure.label}
          className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm"
        >
          <dt className="text-sm text-gray-600">{figure.label}</dt>
          <dd className="mt-1 text-2xl font-bold tabular-nums text-gray-900">
            {figure.value.toLocaleString('en-US')}
          </dd>
          <dd className="text-xs text-gray-600">
            <span className={`font-semibold ${tone(figure.change)}`}>
              {changeLabel(figure.change)}
            </span>{' '}
            vs {figure.before.toLocaleString('en-US')} before
          </dd>
        </div>
      ))}
      <div className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
        <dt className="text-sm text-gray-600">
          <abbr title="Leads per 100 visitors">Conversion</abbr>
        </dt>
        <dd className="mt-1 text-2xl font-bold tabular-nums text-gray-900">
          {rateLabel(current.conversionRate)}
        </dd>
        <dd className="text-xs text-gray-600">{rateLabel(previous.conversionRate)} before</dd>
      </div>
    </dl>
  );
}
