import { faUser } from '@fortawesome/free-solid-svg-icons';
import { defineScreen } from '@/kit/screens/screen';

/** The Account screen as the registry lists it. */
export const accountScreen = defineScreen({
  path: 'account',
  label: 'Account',
  title: 'Your Account',
  icon: faUser,
  summary: 'Your name, email and password.',
  load: () => import('./account-screen'),
  placement: 'address',
  audit: [
    { value: 'auth/login', label: 'Sign-ins' },
    { value: 'auth/login/two-factor', label: 'Sign-in codes' },
    { value: 'auth/logout', label: 'Sign-outs' },
    { value: 'auth/sessions', label: 'Sessions' },
    { value: 'auth/profile', label: 'Profiles' },
    { value: 'auth/change-password', label: 'Passwords' },
    { value: 'auth/two-factor', label: 'Two-factor sign-in' },
    { value: 'auth/register', label: 'Registrations' },
    { value: 'auth/invitations/accept', label: 'Accepted invitations' },
  ],
});
