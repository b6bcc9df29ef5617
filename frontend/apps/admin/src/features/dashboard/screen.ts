import { faGauge } from '@fortawesome/free-solid-svg-icons';
import { defineScreen } from '@/kit/screens/screen';

/** The Dashboard screen as the registry lists it. */
export const dashboardScreen = defineScreen({
  path: 'dashboard',
  label: 'Dashboard',
  title: 'Dashboard',
  icon: faGauge,
  summary: 'Recent activity, figures and quick links.',
  load: () => import('./components/dashboard-page'),
});
