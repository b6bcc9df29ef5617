export { AboutPage } from '@/features/about/components/about-page';
