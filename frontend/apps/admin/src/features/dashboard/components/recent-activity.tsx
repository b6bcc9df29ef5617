//! The dashboard's Recent Activity: the newest records of every registered screen that declares
//! an activity source (`activity` in its `screen.ts`).
import { relativeTime } from '@atelier/ui/relative-time';
import { Skeleton } from '@atelier/ui/skeleton';
import { useQueries } from '@tanstack/react-query';
import { Link } from 'react-router';
import { recentActivities } from '@/kit/screens/activity';
import { useRegistry } from '@/kit/screens/registry';

/** `loading`: the feed waits for the dashboard's own lists as well. */
export function RecentActivity({ loading }: { loading: boolean }) {
  // Recent activity: every registered screen that declares a source, newest records first.
  const { activity } = useRegistry();
  const fetched = useQueries({ queries: activity.map((source) => source.query) });
  const activities = recentActivities(
    activity.map((source, index) => ({ ...source, records: source.records(fetched[index]?.data) })),
  );
  return (
    <section
      aria-labelledby="recent-activity-title"
      className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm"
    >
      <h2 id="recent-activity-title" className="text-lg font-semibold text-gray-900">
        Recent Activity
      </h2>
      {loading ? (
        <div role="status" aria-label="Loading recent activity" className="mt-4 space-y-3">
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} className="h-10 w-full" />
          ))}
        </div>
      ) : activities.length === 0 ? (
        <p className="mt-3 text-sm text-gray-500">No recent activity</p>
      ) : (
        <ol className="mt-4 divide-y divide-gray-100">
          {activities.map((activity) => (
            <li key={activity.id} className="flex items-center justify-between gap-4 py-3">
              <div className="min-w-0">
                <Link
                  to={activity.link}
                  className="block truncate font-medium text-gray-900 hover:text-blue-700"
                >
                  {activity.title}
                </Link>
                <p className="text-xs text-gray-500">
                  {activity.label} {activity.action}
                </p>
              </div>
              <time dateTime={activity.at} className="shrink-0 text-xs text-gray-500">
                {relativeTime(activity.at)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
