export { FaqPage } from '@/features/faq/components/faq-page';
