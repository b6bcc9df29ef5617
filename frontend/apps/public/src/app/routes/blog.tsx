export { BlogListPage } from '@/features/blog/components/blog-list-page';
