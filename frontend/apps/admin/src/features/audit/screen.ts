import { faClockRotateLeft } from '@fortawesome/free-solid-svg-icons';
import { defineScreen } from '@/kit/screens/screen';

/** The Audit Log screen as the registry lists it. */
export const auditScreen = defineScreen({
  path: 'audit',
  label: 'Audit Log',
  title: 'Audit Log',
  icon: faClockRotateLeft,
  summary:
    'Who changed what and when: every change and sign-in, filtered by person, record and date.',
  load: () => import('./audit-screen'),
  requires: ['listAuditEntries'],
  placement: { topBar: 'Audit log' },
});
