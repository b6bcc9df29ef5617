import { faTowerBroadcast } from '@fortawesome/free-solid-svg-icons';
import { defineScreen } from '@/kit/screens/screen';

/** The Webhooks screen as the registry lists it. */
export const webhooksScreen = defineScreen({
  path: 'webhooks',
  label: 'Webhooks',
  title: 'Webhooks',
  icon: faTowerBroadcast,
  summary:
    'Tell other systems (a CRM, a chat) the moment something happens: signed messages to the endpoints you register.',
  load: () => import('./webhooks-screen'),
  requires: ['listWebhooks'],
  placement: { topBar: 'Webhooks' },
  audit: [{ value: 'webhooks', label: 'Webhooks' }],
});
