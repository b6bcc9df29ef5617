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
          title: 'Innovative Software Solutions',
          description:
            'Custom software, mobile apps, websites, UI/UX design and SEO for businesses of all sizes.',
        }),
      },
      {
        path: 'about',
        ...page('about', 'AboutPage', {
          description:
            'Who we are: the mission, vision, values and team behind our custom software, apps and websites.',
        }),
      },
      {
        path: 'services',
        ...page('services', 'ServicesRoute', {
          description:
            'Mobile app development, web development, UI/UX design, SEO and custom software for your business.',
        }),
      },
      {
        path: 'portfolio',
        ...page('portfolio', 'PortfolioPage', {
          description:
            'Case studies of the websites, mobile apps and custom software we have designed, built and launched.',
        }),
      },
      {
        path: 'project/:slugOrId',
        ...page(
          'project',
          'ProjectPage',
          {
            title: 'Project',
            description: 'A project we designed, built and launched for a client.',
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
          description:
            'Articles on software development, design, mobile apps and digital growth from our team.',
        }),
      },
      {
        path: 'blog/:slug',
        ...page(
          'blog-post',
          'BlogPostPage',
          { title: 'Blog Post', description: 'An article from our blog.' },
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
          description:
            'Send us a message, call or visit us: tell us what you need and we answer within 24 hours.',
        }),
      },
      {
        path: 'discuss-project',
        ...page('discuss-project', 'DiscussProjectRoute', {
          description:
            'Tell us about your project, its budget and timeline, and get a proposal within 1-2 business days.',
        }),
      },
      {
        path: 'custom-service',
        ...page('custom-service', 'CustomServiceRoute', {
          description: 'Software shaped around your business when no ready-made service fits.',
        }),
      },
      {
        path: 'faq',
        ...page('faq', 'FaqPage', {
          description:
            'Answers to the questions we hear most about our services, process, pricing and support.',
        }),
      },
      {
        path: 'privacy-policy',
        ...page('policies', 'PrivacyPolicyRoute', {
          description: 'How we collect, use and protect your personal data.',
        }),
      },
      {
        path: 'terms-of-service',
        ...page('policies', 'TermsOfServiceRoute', {
          description: 'The terms that govern the use of our website and services.',
        }),
      },
      {
        path: 'cookie-policy',
        ...page('policies', 'CookiePolicyRoute', {
          description: 'Which cookies our website uses and how you can control them.',
        }),
      },
      {
        path: 'newsletter/confirm',
        ...page('newsletter', 'NewsletterConfirmRoute', {
          description: 'Confirm your subscription to our newsletter.',
          index: false,
        }),
      },
      {
        path: 'newsletter/unsubscribe',
        ...page('newsletter', 'NewsletterUnsubscribeRoute', {
          description: 'Take your address off our newsletter list.',
          index: false,
        }),
      },
      {
        path: 'newsletter/confirmed',
        ...page('newsletter', 'NewsletterConfirmedRoute', {
          description: 'Your newsletter subscription is confirmed.',
          index: false,
        }),
      },
      {
        path: 'newsletter/unsubscribed',
        ...page('newsletter', 'NewsletterUnsubscribedRoute', {
          description: 'Your address is no longer on our newsletter list.',
          index: false,
        }),
      },
      {
        path: 'newsletter/invalid-link',
        ...page('newsletter', 'NewsletterInvalidLinkRoute', {
          description: 'This newsletter link no longer works.',
          index: false,
        }),
      },
      {
        path: '*',
        ...page('not-found', 'NotFoundRoute', {
          description: 'The page you are looking for does not exist or has moved.',
        }),
      },
    ],
  },
];
