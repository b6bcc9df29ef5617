import { faMicrochip } from '@fortawesome/free-solid-svg-icons';
import { defineScreen } from '@/kit/screens/screen';

/** The Technologies screen as the registry lists it. */
export const technologiesScreen = defineScreen({
  path: 'technologies',
  label: 'Technologies',
  title: 'Technology Management',
  icon: faMicrochip,
  summary: 'Keep the list of technologies shown on projects, by category, with icons and colours.',
  load: () => import('./technologies-screen'),
  audit: [{ value: 'technologies', label: 'Technologies' }],
});
