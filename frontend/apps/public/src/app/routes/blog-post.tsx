export { BlogPostPage } from '@/features/blog/components/blog-post-page';
