import {
  useGetProjectRequestStats,
  useListBlogPosts,
  useListContacts,
  useListPortfolioProjects,
  useListProjectRequests,
} from '@atelier/api-client/api';
import { Icon } from '@atelier/ui/icon';
import { relativeTime } from '@atelier/ui/relative-time';
import { Skeleton } from '@atelier/ui/skeleton';
import { useQueries } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useCan } from '@/kit/permissions';
import { recentActivities } from '@/kit/screens/activity';
import { useRegistry } from '@/kit/screens/registry';
import { useSession } from '@/lib/session/use-session';
import { changeText, dailyCounts, monthOverMonth } from '../lib/figures';
import { ActivityChart } from './activity-chart';
import { WaitingForReview } from './waiting-for-review';

/** back-office.md §2: the request statuses the dashboard names, in pipeline order. */
export const REQUEST_STATUSES = [
  ['new_request', 'New request'],
  ['contacted', 'Contacted'],
  ['proposal_sent', 'Proposal sent'],
  ['in_negotiation', 'In negotiation'],
  ['accepted', 'Accepted'],
  ['completed', 'Completed'],
  ['declined', 'Declined'],
] as const;
const OPEN_STATUSES = ['new_request', 'contacted', 'proposal_sent', 'in_negotiation'] as const;

/**
 * Dashboard lists ask for 10 records; the figures read every message and request (admin limit).
 * The same calls as the screens' activity sources (`screen.ts`), so each is made once.
 */
const LIST_LIMIT = 10;
const ALL = 1000;

function Figure({
  label,
  value,
  detail,
  loading,
  to,
}: {
  label: string;
  value: number | undefined;
  detail: string;
  loading: boolean;
  to: string;
}) {
  return (
    <Link
      to={to}
      className="block rounded-xl border border-gray-200 bg-white p-5 shadow-sm transition hover:shadow-md"
    >
      <p className="text-sm font-medium text-gray-600">{label}</p>
      {loading ? (
        <Skeleton className="mt-2 h-8 w-16" />
      ) : (
        <p className="mt-1 text-3xl font-bold text-gray-900">{value ?? 0}</p>
      )}
      <p className="mt-1 text-xs text-gray-500">{loading ? '\u00a0' : detail}</p>
    </Link>
  );
}

/**
 * /admin/dashboard: figures, the posts waiting for review, the 30-day chart, recent activity, quick
 * links, request statuses.
 */
export default function DashboardPage() {
  const { user } = useSession();
  const posts = useListBlogPosts({ limit: LIST_LIMIT });
  const publishedPosts = useListBlogPosts({ status: 'published', limit: 1 });
  const projects = useListPortfolioProjects({ limit: LIST_LIMIT });
  const publishedProjects = useListPortfolioProjects({ status: 'published', limit: 1 });
  // The inbox and the pipeline only for the roles that work them (Sales and higher).
  const can = useCan();
  const seesMessages = can('listContacts');
  const seesRequests = can('listProjectRequests') && can('getProjectRequestStats');
  // Posts waiting for review only for the roles that publish them or send them back.
  const reviews = can('reviewBlogPost');
  const requests = useListProjectRequests({ limit: ALL }, { query: { enabled: seesRequests } });
  const stats = useGetProjectRequestStats({ query: { enabled: seesRequests } });
  const contacts = useListContacts({ limit: ALL }, { query: { enabled: seesMessages } });
  const messagesLoading = seesMessages && contacts.isPending;
  const requestsLoading = seesRequests && (requests.isPending || stats.isPending);

  // Recent activity: every registered screen that declares a source, newest records first.
  const { activity, quickLinks } = useRegistry();
  const fetched = useQueries({ queries: activity.map((source) => source.query) });
  const activities = recentActivities(
    activity.map((source, index) => ({ ...source, records: source.records(fetched[index]?.data) })),
  );

  const messageTimes = (contacts.data?.contacts ?? []).map((row) => row.createdAt);
  const requestTimes = (requests.data?.projectRequests ?? []).map((row) => row.createdAt);
  const days = dailyCounts(messageTimes, requestTimes);
  const byStatus = stats.data?.byStatus;
  const open = byStatus ? OPEN_STATUSES.reduce((sum, status) => sum + byStatus[status], 0) : 0;
  const feedLoading = posts.isPending || projects.isPending || messagesLoading;

  return (
    <div className="mx-auto max-w-6xl space-y-8">
      <section className="rounded-2xl bg-gradient-to-r from-blue-600 to-indigo-600 p-6 text-white shadow sm:p-8">
        <h1 className="text-2xl font-bold sm:text-3xl">Welcome back, {user?.name ?? 'Admin'}!</h1>
        <p className="mt-2 text-blue-100">
          Here is your Atelier back office. Pick up where you left off.
        </p>
      </section>

      <section aria-labelledby="figures-title">
        <h2 id="figures-title" className="sr-only">
          Figures
        </h2>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {seesMessages && (
            <Figure
              label="Unread messages"
              value={contacts.data?.unreadCount}
              detail={`${changeText(monthOverMonth(messageTimes))} (messages)`}
              loading={messagesLoading}
              to="/contacts?status=new"
            />
          )}
          {seesRequests && (
            <Figure
              label="Open project requests"
              value={open}
              detail={`${changeText(monthOverMonth(requestTimes))} (requests)`}
              loading={requestsLoading}
              to="/project-requests"
            />
          )}
          <Figure
            label="Published posts"
            value={publishedPosts.data?.totalItems}
            detail={`${posts.data?.totalItems ?? 0} posts in all`}
            loading={publishedPosts.isPending}
            to="/blog"
          />
          <Figure
            label="Published projects"
            value={publishedProjects.data?.totalItems}
            detail={`${projects.data?.totalItems ?? 0} projects in all`}
            loading={publishedProjects.isPending}
            to="/portfolio"
          />
        </div>
      </section>

      {reviews && <WaitingForReview />}

      {(seesMessages || seesRequests) && (
        <div className="grid gap-6 lg:grid-cols-3">
          <section
            aria-labelledby="chart-title"
            className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm lg:col-span-2"
          >
            <h2 id="chart-title" className="mb-4 text-lg font-semibold text-gray-900">
              Last 30 days
            </h2>
            {messagesLoading || requestsLoading ? (
              <Skeleton className="h-40 w-full" />
            ) : (
              <ActivityChart days={days} />
            )}
          </section>

          {seesRequests && (
            <section
              aria-labelledby="statuses-title"
              className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm"
            >
              <h2 id="statuses-title" className="mb-4 text-lg font-semibold text-gray-900">
                Project Requests
              </h2>
              <ul className="space-y-2">
                {REQUEST_STATUSES.map(([status, label]) => (
                  <li key={status} className="flex items-center justify-between text-sm">
                    <Link
                      to={`/project-requests?status=${status}`}
                      className="text-gray-700 hover:text-blue-700"
                    >
                      {label}
                    </Link>
                    <span className="rounded-full bg-gray-100 px-2.5 py-0.5 font-semibold text-gray-800">
                      {byStatus ? byStatus[status] : '–'}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      )}

      {quickLinks.length > 0 && (
        <section aria-labelledby="quick-links-title">
          <h2 id="quick-links-title" className="text-lg font-semibold text-gray-900">
            Quick Links
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {quickLinks.map((link) => (
              <li key={link.path}>
                <Link
                  to={link.path}
                  className="flex h-full items-start gap-4 rounded-xl border border-gray-200 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md"
                >
                  <span
                    className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-lg ${link.tone}`}
                  >
                    <Icon icon={link.icon} className="h-5 w-5" />
                  </span>
                  <span>
                    <span className="block font-semibold text-gray-900">{link.label}</span>
                    <span className="mt-1 block text-sm text-gray-500">{link.description}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section
        aria-labelledby="recent-activity-title"
        className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm"
      >
        <h2 id="recent-activity-title" className="text-lg font-semibold text-gray-900">
          Recent Activity
        </h2>
        {feedLoading ? (
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
    </div>
  );
}
