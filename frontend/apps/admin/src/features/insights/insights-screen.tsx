import { exportInsights, useGetInsights } from '@atelier/api-client/api';
import { Skeleton } from '@atelier/ui/skeleton';
import { useSearchParams } from 'react-router';
import { serverMessageOr } from '@/kit/errors';
import { ExportButton } from '@/kit/export/export-button';
import { LoadError } from '@/kit/feedback/load-error';
import { ScreenHeader } from '@/kit/screen-header';
import { type Choice, choiceOf, isoDay, rangeOf } from '@/lib/day-range';
import { InsightsReport } from './insights-report';
import { RangePicker } from './range-picker';
import { insightsScreen } from './screen';

function InsightsSkeleton() {
  return (
    <div role="status" aria-label="Loading the statistics" className="space-y-4">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {[0, 1, 2, 3].map((figure) => (
          <Skeleton key={figure} className="h-24 w-full" />
        ))}
      </div>
      <Skeleton className="h-72 w-full" />
      <div className="grid gap-4 lg:grid-cols-2">
        <Skeleton className="h-56 w-full" />
        <Skeleton className="h-56 w-full" />
      </div>
    </div>
  );
}

/**
 * /admin/insights: visitors, views and leads for a range beside the range before it, where the
 * visitors came from, what they read, and which pages and sources brought leads.
 */
export default function InsightsScreen() {
  const [search, setSearch] = useSearchParams();
  const today = isoDay(new Date());
  const choice = choiceOf(search, today);
  const range = rangeOf(choice, today);
  const insights = useGetInsights(range);
  const choose = (next: Choice) =>
    setSearch(
      next.kind === 'preset'
        ? { days: String(next.days) }
        : { from: next.range.from, to: next.range.to },
      { replace: true },
    );
  const data = insights.data;
  const empty =
    data &&
    data.current.totals.views === 0 &&
    data.previous.totals.views === 0 &&
    data.current.totals.leads === 0;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <ScreenHeader
        headingId="insights-title"
        title={insightsScreen.title}
        description="Counted without cookies: a visitor is known for one day only. Days are UTC days."
      >
        <ExportButton
          operation="exportInsights"
          plural="rows"
          filename={`insights-${range.from}-${range.to}`}
          fetchCsv={() => exportInsights(range, { headers: { Accept: 'text/csv' } })}
        />
      </ScreenHeader>
      <RangePicker
        key={`${range.from}${range.to}`}
        choice={choice}
        range={range}
        today={today}
        onChoose={choose}
      />
      {insights.isPending ? (
        <InsightsSkeleton />
      ) : insights.isError || !data ? (
        <LoadError
          message={serverMessageOr(insights.error, 'The statistics could not be read.')}
          onRetry={() => insights.refetch()}
        />
      ) : empty ? (
        <div className="rounded-xl border border-dashed border-gray-300 bg-white p-8 text-center">
          <p className="font-medium text-gray-900">No visits in this range yet.</p>
          <p className="mt-1 text-sm text-gray-600">
            Views appear here within a second of a visitor opening a page of the public site.
          </p>
        </div>
      ) : (
        <InsightsReport insights={data} />
      )}
    </div>
  );
}
