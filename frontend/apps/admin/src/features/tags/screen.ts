import { faTags } from '@fortawesome/free-solid-svg-icons';
import { defineScreen } from '@/kit/screens/screen';

/** The Tags screen as the registry lists it. */
export const tagsScreen = defineScreen({
  path: 'tags',
  label: 'Tags',
  title: 'Tag Management',
  icon: faTags,
  summary: 'Name, describe and colour the tags used by blog posts and portfolio projects.',
  load: () => import('./tags-screen'),
  audit: [{ value: 'tags', label: 'Tags' }],
});
