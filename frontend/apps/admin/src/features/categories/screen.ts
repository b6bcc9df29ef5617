import { type Category, getListBlogCategoriesQueryOptions } from '@atelier/api-client/api';
import { faFolderOpen } from '@fortawesome/free-solid-svg-icons';
import { activitySource } from '@/kit/screens/activity';
import { defineScreen } from '@/kit/screens/screen';

/** The Categories screen as the registry lists it. */
export const categoriesScreen = defineScreen({
  path: 'categories',
  label: 'Categories',
  title: 'Category Management',
  icon: faFolderOpen,
  summary: 'Create, feature, order and retire blog categories and see how many posts each holds.',
  load: () => import('./categories-screen'),
  quickLinks: [
    {
      rank: 4,
      path: '/categories',
      label: 'Categories',
      description: 'Organise blog posts',
      tone: 'bg-amber-50 text-amber-600',
      requires: 'createBlogCategory',
    },
  ],
  activity: activitySource({
    kind: 'category',
    label: 'Category',
    count: 3,
    query: getListBlogCategoriesQueryOptions({ type: 'blog' }),
    records: (data?: Category[]) => data,
    title: (category) => category.displayName,
    link: (category) => `/categories/view/${category._id}`,
  }),
  audit: [{ value: 'blog/categories', label: 'Categories' }],
});
