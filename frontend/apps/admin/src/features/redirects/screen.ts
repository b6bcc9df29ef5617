import { faDiamondTurnRight } from '@fortawesome/free-solid-svg-icons';
import { defineScreen } from '@/kit/screens/screen';

/** The Redirects screen as the registry lists it. */
export const redirectsScreen = defineScreen({
  path: 'redirects',
  label: 'Redirects',
  title: 'Redirects',
  icon: faDiamondTurnRight,
  summary: 'Send visitors and search engines from old addresses of the site to their new ones.',
  load: () => import('./redirects-screen'),
  requires: ['listRedirects'],
  audit: [{ value: 'redirects', label: 'Redirects' }],
});
