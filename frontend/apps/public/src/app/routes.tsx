import {
  getGetPortfolioProjectBySlugUrl,
  getGetPublishedBlogPostBySlugUrl,
  getListTagsUrl,
  getListTechnologiesUrl,
} from '@atelier/api-client/api';
import { POST_COVER_SIZES } from '@atelier/site/post-view';
import { PROJECT_IMAGE_SIZES } from '@atelier/site/project-view';
import type { RouteObject } from 'react-router';
import { SiteLayout } from '@/features/layout/components/site-layout';
import { page } from './page-route';
import { RouteError } from './route-error';

export {
  type EarlyRequest,
  type PageHandle,
  type PageHead,
  pageHandle,
} from './page-route';

/** The public site's routing table (public-site.md §2). */
export const routes: RouteObject[] = [
  {
    element: <SiteLayout />,
    errorElement: <RouteError />,
    children: [
      {
        index: true,
        ...page('home', 'HomeRoute', {
          title: 'head.home.title',
          description: 'head.home.description',
        }),
      },
      {
        path: 'about',
        ...page('about', 'AboutPage', {
          description: 'head.about.description',
        }),
      },
      {
        path: 'services',
        ...page('services', 'ServicesRoute', {
          description: 'head.services.description',
        }),
      },
      {
        path: 'portfolio',
        ...page('portfolio', 'PortfolioPage', {
          description: 'head.portfolio.description',
        }),
      },
      {
        path: 'project/:slugOrId',
        ...page(
          'project',
          'ProjectPage',
          {
            title: 'head.project.title',
            description: 'head.project.description',
          },
          ({ slugOrId = '' }) => [
            {
              path: getGetPortfolioProjectBySlugUrl(slugOrId),
              images: [{ field: 'image', sizes: PROJECT_IMAGE_SIZES }],
            },
            { path: getListTechnologiesUrl({ limit: 100 }) },
            { path: getListTagsUrl() },
          ],
        ),
      },
      {
        path: 'blog',
        ...page('blog', 'BlogListPage', {
          description: 'head.blogList.description',
        }),
      },
      {
        path: 'blog/:slug',
        ...page(
          'blog-post',
          'BlogPostPage',
          { title: 'head.blogPost.title', description: 'head.blogPost.description' },
          ({ slug = '' }) => [
            {
              path: getGetPublishedBlogPostBySlugUrl(slug),
              images: [{ field: 'featuredImage', sizes: POST_COVER_SIZES }],
            },
          ],
        ),
      },
      {
        path: 'contact',
        ...page('contact', 'ContactRoute', {
          description: 'head.contact.description',
        }),
      },
      {
        path: 'discuss-project',
        ...page('discuss-project', 'DiscussProjectRoute', {
          description: 'head.discussProject.description',
        }),
      },
      {
        path: 'custom-service',
        ...page('custom-service', 'CustomServiceRoute', {
          description: 'head.customService.description',
        }),
      },
      {
        path: 'faq',
        ...page('faq', 'FaqPage', {
          description: 'head.faq.description',
        }),
      },
      {
        path: 'privacy-policy',
        ...page('policies', 'PrivacyPolicyRoute', {
          description: 'head.privacyPolicy.description',
        }),
      },
      {
        path: 'terms-of-service',
        ...page('policies', 'TermsOfServiceRoute', {
          description: 'head.termsOfService.description',
        }),
      },
      {
        path: 'cookie-policy',
        ...page('policies', 'CookiePolicyRoute', {
          description: 'head.cookiePolicy.description',
        }),
      },
      {
        path: 'newsletter/confirm',
        ...page('newsletter', 'NewsletterConfirmRoute', {
          description: 'head.newsletterConfirm.description',
          index: false,
        }),
      },
      {
        path: 'newsletter/unsubscribe',
        ...page('newsletter', 'NewsletterUnsubscribeRoute', {
          description: 'head.newsletterUnsubscribe.description',
          index: false,
        }),
      },
      {
        path: 'newsletter/confirmed',
        ...page('newsletter', 'NewsletterConfirmedRoute', {
          description: 'head.newsletterConfirmed.description',
          index: false,
        }),
      },
      {
        path: 'newsletter/unsubscribed',
        ...page('newsletter', 'NewsletterUnsubscribedRoute', {
          description: 'head.newsletterUnsubscribed.description',
          index: false,
        }),
      },
      {
        path: 'newsletter/invalid-link',
        ...page('newsletter', 'NewsletterInvalidLinkRoute', {
          description: 'head.newsletterInvalidLink.description',
          index: false,
        }),
      },
      {
        path: '*',
        ...page('not-found', 'NotFoundRoute', {
          description: 'head.notFound.description',
        }),
      },
    ],
  },
];
