export { PortfolioPage } from '@/features/portfolio/components/portfolio-page';
