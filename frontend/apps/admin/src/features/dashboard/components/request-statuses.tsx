//! The dashboard's count of project requests in each status, each linking to the pipeline.
import type { ProjectRequestStats } from '@atelier/api-client/api';
import { Link } from 'react-router';

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

/** `byStatus` is undefined until the figures arrive ('–' meanwhile). */
export function RequestStatuses({
  byStatus,
}: {
  byStatus: ProjectRequestStats['byStatus'] | undefined;
}) {
  return (
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
  );
}
