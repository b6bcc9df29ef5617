import { faUsers } from '@fortawesome/free-solid-svg-icons';
import { defineScreen } from '@/kit/screens/screen';

/** The Team screen as the registry lists it. */
export const teamScreen = defineScreen({
  path: 'team',
  label: 'Team',
  title: 'Team Management',
  icon: faUsers,
  summary: 'Introduce the team: profiles, skills, social links and their order on the site.',
  load: () => import('./team-screen'),
  audit: [{ value: 'team', label: 'Team' }],
});
