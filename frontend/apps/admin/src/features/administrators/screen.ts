import { faUserShield } from '@fortawesome/free-solid-svg-icons';
import { defineScreen } from '@/kit/screens/screen';

/** The Administrators screen as the registry lists it. */
export const administratorsScreen = defineScreen({
  path: 'administrators',
  label: 'Administrators',
  title: 'Administrators',
  icon: faUserShield,
  summary: 'Who may sign in to the back office: invite administrators and remove them.',
  load: () => import('./administrators-screen'),
  placement: { topBar: 'Administrators' },
  audit: [
    { value: 'admins', label: 'Administrators' },
    { value: 'admins/invitations', label: 'Invitations' },
  ],
});
