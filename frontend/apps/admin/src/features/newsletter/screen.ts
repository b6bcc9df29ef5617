import { faPaperPlane } from '@fortawesome/free-solid-svg-icons';
import { defineScreen } from '@/kit/screens/screen';

/** The Newsletter screen as the registry lists it. */
export const newsletterScreen = defineScreen({
  path: 'newsletter',
  label: 'Newsletter',
  title: 'Newsletter Subscribers',
  icon: faPaperPlane,
  summary: 'The addresses left in the newsletter box: search, export and remove them.',
  load: () => import('./newsletter-screen'),
  requires: ['listNewsletterSubscribers'],
  audit: [{ value: 'newsletter/subscribers', label: 'Newsletter' }],
});
