export { ProjectPage } from '@/features/portfolio/components/project-page';
