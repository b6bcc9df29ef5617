import { faLifeRing } from '@fortawesome/free-solid-svg-icons';
import { defineScreen } from '@/kit/screens/screen';

/** The Help Center screen as the registry lists it. */
export const helpScreen = defineScreen({
  path: 'help',
  label: 'Help Center',
  title: 'Help Center',
  icon: faLifeRing,
  summary: 'Guides to every back-office screen and a way to reach support.',
  load: () => import('./help-screen'),
});
