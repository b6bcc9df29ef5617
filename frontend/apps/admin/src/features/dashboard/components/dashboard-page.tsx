import {
  useGetProjectRequestStats,
  useListBlogPosts,
  useListContacts,
  useListPortfolioProjects,
  useListProjectRequests,
} from '@atelier/api-client/api';
import { Skeleton } from '@atelier/ui/skeleton';
import { useCan } from '@/kit/permissions';
import { useRegistry } from '@/kit/screens/registry';
import { useSession } from '@/lib/session/use-session';
import { changeText, dailyCounts, monthOverMonth } from '../lib/figures';
import { ActivityChart } from './activity-chart';
import { Figure } from './figure';
import { QuickLinks } from './quick-links';
import { RecentActivity } from './recent-activity';
import { RequestStatuses } from './request-statuses';
import { WaitingForReview } from './waiting-for-review';

export { REQUEST_STATUSES } from './request-statuses';

const OPEN_STATUSES = ['new_request', 'contacted', 'proposal_sent', 'in_negotiation'] as const;

/**
 * Dashboard lists ask for 10 records; the figures read every message and request (admin limit).
 * The same calls as the screens' activity sources (`screen.ts`), so each is made once.
 */
const LIST_LIMIT = 10;
const ALL = 1000;

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

  const { quickLinks } = useRegistry();

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

          {seesRequests && <RequestStatuses byStatus={byStatus} />}
        </div>
      )}

      {quickLinks.length > 0 && <QuickLinks links={quickLinks} />}

      <RecentActivity loading={feedLoading} />
    </div>
  );
}
