import { type FaqList, getListFaqsQueryOptions } from '@atelier/api-client/api';
import { faCircleQuestion } from '@fortawesome/free-solid-svg-icons';
import { activitySource } from '@/kit/screens/activity';
import { defineScreen } from '@/kit/screens/screen';

/** The FAQ screen as the registry lists it. */
export const faqScreen = defineScreen({
  path: 'faq',
  aliases: ['faqs'],
  label: 'FAQ',
  title: 'FAQ Management',
  icon: faCircleQuestion,
  summary: 'Write, order and publish the frequently asked questions.',
  load: () => import('./faq-screen'),
  quickLinks: [
    {
      rank: 3,
      path: '/faqs',
      label: 'Manage FAQs',
      description: 'Answer common questions',
      tone: 'bg-green-50 text-green-600',
      requires: 'createFaq',
    },
  ],
  activity: activitySource({
    kind: 'faq',
    label: 'FAQ',
    count: 3,
    query: getListFaqsQueryOptions({ limit: 10 }),
    records: (data?: FaqList) => data?.data,
    title: (faq) => faq.question,
    link: (faq) => `/faq/edit/${faq._id}`,
  }),
  audit: [{ value: 'faqs', label: 'FAQ' }],
});
