import { useGetPostInsights, useListPostViews } from '@atelier/api-client/api';
import { useAllowed } from '@/kit/permissions';
import { changeLabel, isoDay, lastDays } from '@/lib/day-range';

/** The range of a post's own figures: the last 30 days. */
const DAYS = 30;

const useLastMonth = () => lastDays(DAYS, isoDay(new Date()));

/**
 * A post's views in the last 30 days, for the post list: one request for the whole list (every
 * row asks the same query), nothing for a role that may not read the statistics.
 */
export function PostViewsFigure({ slug }: { slug: string }) {
  const allowed = useAllowed('listPostViews');
  const { data } = useListPostViews(useLastMonth(), {
    query: { enabled: allowed, staleTime: 60_000 },
  });
  if (!allowed) return null;
  const views = data?.posts.find((post) => post.slug === slug)?.views;
  if (data === undefined) return <span className="text-gray-400">…</span>;
  return (
    <span className="tabular-nums" title={`Views in the last ${DAYS} days`}>
      {(views ?? 0).toLocaleString('en-US')}
    </span>
  );
}

/** A post's own numbers on its edit screen: the last 30 days beside the 30 before. */
export function PostInsightsPanel({ postId }: { postId: string }) {
  const allowed = useAllowed('getPostInsights');
  const { data, isError } = useGetPostInsights(postId, useLastMonth(), {
    query: { enabled: allowed && postId !== '', retry: false },
  });
  if (!allowed || isError) return null;
  const figures = data
    ? [
        { label: 'Views', value: data.current.totals.views, change: data.change.views },
        { label: 'Visitors', value: data.current.totals.visitors, change: data.change.visitors },
        { label: 'Leads', value: data.current.totals.leads, change: data.change.leads },
      ]
    : [];
  return (
    <section
      aria-label={`This post, last ${DAYS} days`}
      className="rounded-lg border border-gray-200 bg-white px-4 py-3"
    >
      <h2 className="text-sm font-semibold text-gray-900">This post, last {DAYS} days</h2>
      {data ? (
        <dl className="mt-2 grid grid-cols-3 gap-3">
          {figures.map((figure) => (
            <div key={figure.label}>
              <dt className="text-xs text-gray-600">{figure.label}</dt>
              <dd className="text-lg font-bold tabular-nums text-gray-900">
                {figure.value.toLocaleString('en-US')}
              </dd>
              <dd className="text-xs text-gray-600">{changeLabel(figure.change)} vs previous</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="mt-2 text-sm text-gray-500">Loading…</p>
      )}
    </section>
  );
}
