import {
  getListPortfolioProjectsQueryOptions,
  type PortfolioProjectList,
} from '@atelier/api-client/api';
import { faLayerGroup } from '@fortawesome/free-solid-svg-icons';
import { activitySource } from '@/kit/screens/activity';
import { defineScreen } from '@/kit/screens/screen';

/** The Portfolio screen as the registry lists it. */
export const portfolioScreen = defineScreen({
  path: 'portfolio',
  label: 'Portfolio',
  title: 'Portfolio Management',
  icon: faLayerGroup,
  summary: 'Search, sort and filter projects; publish, feature and archive them.',
  load: () => import('./portfolio-screen'),
  quickLinks: [
    {
      rank: 2,
      path: '/portfolio/new',
      label: 'Add Project',
      description: 'Show a new piece of work',
      tone: 'bg-purple-50 text-purple-600',
      requires: 'createPortfolioProject',
    },
  ],
  activity: activitySource({
    kind: 'portfolio',
    label: 'Portfolio project',
    count: 3,
    query: getListPortfolioProjectsQueryOptions({ limit: 10 }),
    records: (data?: PortfolioProjectList) => data?.projects,
    title: (project) => project.title,
    link: (project) => `/portfolio/edit/${project._id}`,
  }),
  audit: [{ value: 'portfolio', label: 'Portfolio' }],
});
