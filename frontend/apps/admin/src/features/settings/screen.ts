import { faGear } from '@fortawesome/free-solid-svg-icons';
import { defineScreen } from '@/kit/screens/screen';

/** The Settings screen as the registry lists it. */
export const settingsScreen = defineScreen({
  path: 'settings',
  label: 'Settings',
  title: 'Site Settings',
  icon: faGear,
  summary: 'Site name and description, contact emails, social links and how prices show.',
  load: () => import('./settings-screen'),
  requires: ['updateSettings'],
  audit: [
    { value: 'settings', label: 'Settings' },
    { value: 'settings/services', label: 'Service settings' },
    { value: 'import', label: 'Site import' },
  ],
});
