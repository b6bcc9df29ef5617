import { type ContentPage, getListContentPagesQueryOptions } from '@atelier/api-client/api';
import { faFileLines } from '@fortawesome/free-solid-svg-icons';
import { activitySource } from '@/kit/screens/activity';
import { defineScreen } from '@/kit/screens/screen';

/** The Content screen as the registry lists it. */
export const contentScreen = defineScreen({
  path: 'content',
  label: 'Content',
  title: 'Content Management',
  icon: faFileLines,
  summary: 'Edit the About Us page and the privacy, terms and cookie policies.',
  load: () => import('./content-screen'),
  requires: ['saveContentPage'],
  activity: activitySource({
    kind: 'content',
    label: 'Content page',
    count: 2,
    query: getListContentPagesQueryOptions(),
    records: (data?: ContentPage[]) => data,
    title: (page) => page.title,
    link: (page) => `/content?tab=${page.type}`,
  }),
  audit: [{ value: 'content', label: 'Content' }],
});
