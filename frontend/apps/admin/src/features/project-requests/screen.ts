import {
  getListProjectRequestsQueryOptions,
  type ProjectRequestList,
} from '@atelier/api-client/api';
import { faClipboardList } from '@fortawesome/free-solid-svg-icons';
import { activitySource } from '@/kit/screens/activity';
import { defineScreen } from '@/kit/screens/screen';

/** The Project Requests screen as the registry lists it. */
export const projectRequestsScreen = defineScreen({
  path: 'project-requests',
  label: 'Project Requests',
  title: 'Project Requests',
  icon: faClipboardList,
  summary: 'Follow each quote request from first contact to a signed project.',
  load: () => import('./project-requests-screen'),
  requires: ['listProjectRequests'],
  activity: activitySource({
    kind: 'projectRequest',
    label: 'Project request',
    count: 3,
    query: getListProjectRequestsQueryOptions({ limit: 1000 }),
    records: (data?: ProjectRequestList) => data?.projectRequests,
    title: (row) => `${row.clientName}: ${row.projectType}`,
    link: (row) => `/project-requests/${row._id}`,
  }),
  audit: [{ value: 'project-requests', label: 'Project requests' }],
});
