import { faChartLine } from '@fortawesome/free-solid-svg-icons';
import { defineScreen } from '@/kit/screens/screen';

/** The Insights screen as the registry lists it: the site's own visitor statistics. */
export const insightsScreen = defineScreen({
  path: 'insights',
  label: 'Insights',
  title: 'Insights',
  icon: faChartLine,
  summary: 'How many people came, from where, what they read, and which pages brought leads.',
  load: () => import('./insights-screen'),
  requires: ['getInsights'],
  audit: [{ value: 'insights', label: 'Insights' }],
});
