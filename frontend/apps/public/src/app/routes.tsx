import type { RouteObject } from 'react-router';
import { SiteLayout } from '../features/layout/components/site-layout';
import { HomeRoute } from './routes/home';
import { NotFoundRoute } from './routes/not-found';
import {
  AboutRoute,
  BlogPostRoute,
  BlogRoute,
  ContactRoute,
  CookiePolicyRoute,
  CustomServiceRoute,
  DiscussProjectRoute,
  FaqRoute,
  PortfolioRoute,
  PrivacyPolicyRoute,
  ProjectRoute,
  TermsOfServiceRoute,
} from './routes/placeholders';
import { ServicesRoute } from './routes/services';

/** The public site's routing table (public-site.md §2). */
export const routes: RouteObject[] = [
  {
    element: <SiteLayout />,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: 'about', element: <AboutRoute /> },
      { path: 'services', element: <ServicesRoute /> },
      { path: 'portfolio', element: <PortfolioRoute /> },
      { path: 'project/:slugOrId', element: <ProjectRoute /> },
      { path: 'blog', element: <BlogRoute /> },
      { path: 'blog/:slug', element: <BlogPostRoute /> },
      { path: 'contact', element: <ContactRoute /> },
      { path: 'discuss-project', element: <DiscussProjectRoute /> },
      { path: 'custom-service', element: <CustomServiceRoute /> },
      { path: 'faq', element: <FaqRoute /> },
      { path: 'privacy-policy', element: <PrivacyPolicyRoute /> },
      { path: 'terms-of-service', element: <TermsOfServiceRoute /> },
      { path: 'cookie-policy', element: <CookiePolicyRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];
