import {
  getGetPortfolioProjectBySlugUrl,
  getGetPublishedBlogPostBySlugUrl,
  getListTagsUrl,
  getListTechnologiesUrl,
} from '@atelier/api-client/api';
import { POST_COVER_SIZES } from '@atelier/site/post-view';
import { PROJECT_IMAGE_SIZES } from '@atelier/site/project-view';
import type { ComponentType } from 'react';
import type { Params, RouteObject } from 'react-router';
import { SiteLayout } from '@/features/layout/components/site-layout';
import { RouteError } from './route-error';

type PageModule = Record<string, ComponentType | undefined>;

/**
 * Every page's module (one file per page in `routes/`), each its own chunk, loaded when the page is
 * first shown. Only the layout is in the entry chunk.
 */
const pageModules = import.meta.glob<PageModule>(['./routes/*.tsx', '!./routes/*.test.tsx']);

/** A GET a pre-rendered page sends before its scripts arrive. */
export interface EarlyRequest {
  /** The API path, without `/api`. */
  path: string;
  /**
   * Top-level fields of the answer naming images the page shows first, with the `sizes` the page
   * draws them at: fetched as the answer arrives (the WebP copy the page will pick, for a library
   * image the answer's `images` describe).
   */
  images?: { field: string; sizes: string }[];
}

/** What a page says about itself to search engines and link previews (see `prerender.tsx`). */
export interface PageHead {
  /**
   * The page's name in its title, when not its one heading (the home page's); the server adds
   * the site's name from the settings.
   */
  title?: string;
  /**
   * Its meta description. A post or project page gives its record's instead, and the home page
   * the settings' site description when there is one.
   */
  description: string;
  /** `false` for a page search engines are asked not to list (and the sitemap leaves out). */
  index?: false;
}

/** What a page's route carries in `handle`. */
export interface PageHandle {
  /** The page's module as the build manifest names it, e.g. `src/app/routes/blog.tsx`. */
  module: string;
  /**
   * The requests the page sends first, for its route's `params`: the pre-rendered page sends them
   * while its scripts load (see `prerender.tsx`).
   */
  early?: (params: Params) => EarlyRequest[];
  head: PageHead;
}

/** The `handle` of a route, when it is a page. */
export const pageHandle = (route: { handle?: unknown }): PageHandle | undefined => {
  const handle = route.handle as Partial<PageHandle> | undefined;
  if (typeof handle?.module !== 'string' || !handle.head) return undefined;
  return {
    module: handle.module,
    head: handle.head,
    ...(handle.early ? { early: handle.early } : {}),
  };
};

/** A route showing the component `component` of `routes/<file>.tsx`. */
const page = (
  file: string,
  component: string,
  head: PageHead,
  early?: PageHandle['early'],
): Pick<RouteObject, 'handle' | 'lazy'> => {
  const key = `./routes/${file}.tsx`;
  const load = pageModules[key];
  if (!load) throw new Error(`The routing table names ${key}, which does not exist`);
  const handle: PageHandle = {
    module: `src/app/routes/${file}.tsx`,
    head,
    ...(early ? { early } : {}),
  };
  return {
    handle,
    lazy: async () => {
      const Component = (await load())[component];
      if (!Component) throw new Error(`${key} exports no ${component}`);
      return { Component };
    },
  };
};

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
