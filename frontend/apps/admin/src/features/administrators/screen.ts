import { faUserShield } from '@fortawesome/free-solid-svg-icons';
import { defineScreen } from '@/kit/screens/screen';

/** The Administrators screen as the registry lists it. */
export const administratorsScreen = defineScreen({
  path: 'administrators',
  label: 'Administrators',
  title: 'Administrators',
  icon: faUserShield,
  summary:
    'Who may sign in to the back office and with which role: invite people, change roles, hand ownership over, remove accounts.',
  load: () => import('./administrators-screen'),
  requires: ['listAdministrators'],
  placement: { topBar: 'Administrators' },
  audit: [
    { value: 'admins', label: 'Administrators' },
    { value: 'admins/invitations', label: 'Invitations' },
  ],
});
