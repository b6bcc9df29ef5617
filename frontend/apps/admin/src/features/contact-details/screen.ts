import { faAddressCard } from '@fortawesome/free-solid-svg-icons';
import { defineScreen } from '@/kit/screens/screen';

/** The Contact Details screen as the registry lists it. */
export const contactDetailsScreen = defineScreen({
  path: 'contact-details',
  label: 'Contact Details',
  title: 'Contact Details Management',
  icon: faAddressCard,
  summary: 'Set the email, phone, address, map and social links shown on the website.',
  load: () => import('./contact-details-screen'),
  requires: ['updateContactDetails'],
  audit: [{ value: 'contact-details', label: 'Contact details' }],
});
