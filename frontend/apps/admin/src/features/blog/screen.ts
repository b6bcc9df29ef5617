import { type BlogPostList, getListBlogPostsQueryOptions } from '@atelier/api-client/api';
import { faNewspaper } from '@fortawesome/free-solid-svg-icons';
import { activitySource } from '@/kit/screens/activity';
import { defineScreen } from '@/kit/screens/screen';

/** The Blog Posts screen as the registry lists it. */
export const blogScreen = defineScreen({
  path: 'blog',
  label: 'Blog Posts',
  title: 'Blog Posts Management',
  icon: faNewspaper,
  summary: 'Search, filter by status and page through posts; write them in the markdown editor.',
  load: () => import('./blog-screen'),
  quickLinks: [
    {
      rank: 1,
      path: '/blog/new',
      label: 'New Blog Post',
      description: 'Write a new article',
      tone: 'bg-blue-50 text-blue-600',
      requires: 'createBlogPost',
    },
  ],
  activity: activitySource({
    kind: 'blog',
    label: 'Blog post',
    count: 5,
    query: getListBlogPostsQueryOptions({ limit: 10 }),
    records: (data?: BlogPostList) => data?.blogs,
    title: (post) => post.title,
    link: (post) => `/blog/edit/${post._id}`,
  }),
  audit: [{ value: 'blog/posts', label: 'Blog posts' }],
});
