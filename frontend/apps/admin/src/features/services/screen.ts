import { faBriefcase } from '@fortawesome/free-solid-svg-icons';
import { defineScreen } from '@/kit/screens/screen';

/** The Services screen as the registry lists it. */
export const servicesScreen = defineScreen({
  path: 'services',
  label: 'Services',
  title: 'Services Management',
  icon: faBriefcase,
  summary: 'Edit the services the website offers: features, prices, icons, order and status.',
  load: () => import('./services-screen'),
  audit: [{ value: 'services', label: 'Services' }],
});
