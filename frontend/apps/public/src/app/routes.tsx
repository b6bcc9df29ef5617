import type { RouteObject } from 'react-router';
import { SiteLayout } from '../features/layout/components/site-layout';
import { HomeRoute } from './routes/home';
import { RouteError } from './routes/route-error';

/**
 * The public site's routing table (public-site.md §2). The home page is in the entry chunk; every
 * other page is its own chunk, loaded when it is first visited.
 */
export const routes: RouteObject[] = [
  {
    element: <SiteLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomeRoute /> },
      {
        path: 'about',
        lazy: async () => ({
          Component: (await import('../features/about/components/about-page')).AboutPage,
        }),
      },
      {
        path: 'services',
        lazy: async () => ({ Component: (await import('./routes/services')).ServicesRoute }),
      },
      {
        path: 'portfolio',
        lazy: async () => ({
          Component: (await import('../features/portfolio/components/portfolio-page'))
            .PortfolioPage,
        }),
      },
      {
        path: 'project/:slugOrId',
        lazy: async () => ({
          Component: (await import('../features/portfolio/components/project-page')).ProjectPage,
        }),
      },
      {
        path: 'blog',
        lazy: async () => ({
          Component: (await import('../features/blog/components/blog-list-page')).BlogListPage,
        }),
      },
      {
        path: 'blog/:slug',
        lazy: async () => ({
          Component: (await import('../features/blog/components/blog-post-page')).BlogPostPage,
        }),
      },
      {
        path: 'contact',
        lazy: async () => ({ Component: (await import('./routes/contact')).ContactRoute }),
      },
      {
        path: 'discuss-project',
        lazy: async () => ({
          Component: (await import('./routes/discuss-project')).DiscussProjectRoute,
        }),
      },
      {
        path: 'custom-service',
        lazy: async () => ({
          Component: (await import('./routes/custom-service')).CustomServiceRoute,
        }),
      },
      {
        path: 'faq',
        lazy: async () => ({
          Component: (await import('../features/faq/components/faq-page')).FaqPage,
        }),
      },
      {
        path: 'privacy-policy',
        lazy: async () => ({ Component: (await import('./routes/policies')).PrivacyPolicyRoute }),
      },
      {
        path: 'terms-of-service',
        lazy: async () => ({ Component: (await import('./routes/policies')).TermsOfServiceRoute }),
      },
      {
        path: 'cookie-policy',
        lazy: async () => ({ Component: (await import('./routes/policies')).CookiePolicyRoute }),
      },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute }),
      },
    ],
  },
];
