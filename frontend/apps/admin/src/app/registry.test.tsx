import { json, type MockHandler } from '@atelier/api-client/test/mock-api';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInApi } from '@/test/admin-api';
import {
  auditEntry,
  blogPost,
  category,
  contactDetailsRecord,
  contactMessage,
  faq,
  homePageRecord,
  insightsReport,
  newId,
  oneRequestStats,
  portfolioProject,
  projectRequest,
  redirect,
  service,
  settingsRecord,
  tag,
  teamMember,
  technology,
  testimonial,
  webhookRecord,
} from '@/test/records';
import { renderAdmin } from '@/test/render-app';
import { SCREENS } from './registry';

/** One screen's demo records: the calls it makes, a text they show, and the same calls empty. */
interface ScreenCase {
  /** The screen's level-1 heading, when it is not the screen's title. */
  heading?: string;
  records: Record<string, MockHandler>;
  shows: string;
  /** The calls answering nothing and what the screen says then; `null` for one-record screens. */
  empty: { handlers: Record<string, MockHandler>; text: string } | null;
}

const page = <T,>(key: string, rows: T[]) => ({
  [key]: rows,
  totalItems: rows.length,
  totalPages: rows.length ? 1 : 0,
  currentPage: 1,
});
const at = '2026-03-04T10:00:00Z';
const post = { _id: newId(), title: 'Shipping on Fridays', createdAt: at, updatedAt: at };
const dashboardCalls = (posts: unknown[]) => ({
  'GET /api/blog/posts': () => json(200, page('blogs', posts)),
  'GET /api/portfolio': () => json(200, page('projects', [])),
  'GET /api/testimonials': () => json(200, page('testimonials', [])),
  'GET /api/faqs': () =>
    json(200, { data: [], pagination: { page: 1, limit: 10, total: 0, totalPages: 0 } }),
  'GET /api/project-requests': () => json(200, page('projectRequests', [])),
  'GET /api/project-requests/stats': () => json(200, oneRequestStats()),
  'GET /api/contacts': () => json(200, { ...page('contacts', []), unreadCount: 0 }),
  'GET /api/content': () => json(200, []),
  'GET /api/blog/categories': () => json(200, []),
});
const media = {
  _id: newId(),
  title: 'Studio at night',
  alt: 'The studio lit at night',
  tags: [],
  kind: 'document',
  mimeType: 'application/pdf',
  fileName: 'studio.pdf',
  size: 48_000,
  width: null,
  height: null,
  url: `/media/${'cd'.repeat(32)}.pdf`,
  variants: [],
  createdAt: at,
  updatedAt: at,
};
const entry = auditEntry({ entityTitle: 'Web Development' });
const grace = {
  _id: newId(),
  name: 'Grace Hopper',
  email: 'grace@atelier.test',
  createdAt: at,
  isYou: false,
};
const about = {
  _id: newId(),
  type: 'about',
  title: 'About Atelier',
  subtitle: 'Who we are',
  description: 'We build websites.',
  vision: '',
  mission: '',
  values: [],
  content: '',
  sections: [],
  status: 'published',
  lastUpdated: null,
  createdAt: at,
  updatedAt: at,
};
const faqPage = (rows: unknown[]) =>
  json(200, { data: rows, pagination: { page: 1, limit: 100, total: rows.length, totalPages: 1 } });

/** Every registered screen's demo records (test fixtures), by path. */
const CASES: Record<string, ScreenCase> = {
  dashboard: {
    heading: 'Welcome back, Ada Lovelace!',
    records: dashboardCalls([post]),
    shows: 'Shipping on Fridays',
    empty: { handlers: dashboardCalls([]), text: 'No recent activity' },
  },
  insights: {
    records: { 'GET /api/insights': () => json(200, insightsReport()) },
    shows: 'Shipping on Fridays',
    empty: {
      handlers: {
        'GET /api/insights': () =>
          json(200, {
            ...insightsReport(),
            current: {
              ...insightsReport().current,
              totals: { visitors: 0, views: 0, leads: 0, conversionRate: null },
            },
            previous: {
              ...insightsReport().previous,
              totals: { visitors: 0, views: 0, leads: 0, conversionRate: null },
            },
          }),
      },
      text: 'No visits in this range yet.',
    },
  },
  blog: {
    records: {
      'GET /api/blog/posts': () => json(200, page('blogs', [blogPost()])),
    },
    shows: 'Shipping on Fridays',
    empty: {
      handlers: { 'GET /api/blog/posts': () => json(200, page('blogs', [])) },
      text: 'No posts yet. Write your first post!',
    },
  },
  categories: {
    records: { 'GET /api/blog/categories': () => json(200, [category()]) },
    shows: 'Web Development',
    empty: {
      handlers: { 'GET /api/blog/categories': () => json(200, []) },
      text: 'No categories found. Create your first category!',
    },
  },
  tags: {
    records: { 'GET /api/tags': () => json(200, [tag()]) },
    shows: 'React',
    empty: {
      handlers: { 'GET /api/tags': () => json(200, []) },
      text: 'No tags found. Create your first tag!',
    },
  },
  technologies: {
    records: { 'GET /api/technologies': () => json(200, { data: [technology()] }) },
    shows: 'React',
    empty: {
      handlers: { 'GET /api/technologies': () => json(200, { data: [] }) },
      text: 'No technologies found',
    },
  },
  services: {
    records: { 'GET /api/services': () => json(200, [service()]) },
    shows: service().title,
    empty: { handlers: { 'GET /api/services': () => json(200, []) }, text: 'No services found' },
  },
  portfolio: {
    records: { 'GET /api/portfolio': () => json(200, page('projects', [portfolioProject()])) },
    shows: 'Harbour App',
    empty: {
      handlers: { 'GET /api/portfolio': () => json(200, page('projects', [])) },
      text: 'No projects yet. Add your first project!',
    },
  },
  testimonials: {
    records: { 'GET /api/testimonials': () => json(200, page('testimonials', [testimonial()])) },
    shows: testimonial().name,
    empty: {
      handlers: { 'GET /api/testimonials': () => json(200, page('testimonials', [])) },
      text: 'No testimonials found. Add your first testimonial to get started!',
    },
  },
  redirects: {
    records: { 'GET /api/redirects': () => json(200, page('redirects', [redirect()])) },
    shows: redirect().from,
    empty: {
      handlers: { 'GET /api/redirects': () => json(200, page('redirects', [])) },
      text: 'No redirects yet. Add one for an old address.',
    },
  },
  team: {
    records: { 'GET /api/team': () => json(200, page('teamMembers', [teamMember()])) },
    shows: teamMember().name,
    empty: {
      handlers: { 'GET /api/team': () => json(200, page('teamMembers', [])) },
      text: 'No team members found. Add your first team member to get started!',
    },
  },
  media: {
    records: {
      'GET /api/media': () => json(200, page('media', [media])),
      'GET /api/media/tags': () => json(200, []),
    },
    shows: 'Studio at night',
    empty: {
      handlers: {
        'GET /api/media': () => json(200, page('media', [])),
        'GET /api/media/tags': () => json(200, []),
      },
      text: 'No media found',
    },
  },
  'project-requests': {
    records: {
      'GET /api/project-requests': () => json(200, page('projectRequests', [projectRequest()])),
      'GET /api/project-requests/stats': () => json(200, oneRequestStats()),
    },
    shows: projectRequest().clientName,
    empty: {
      handlers: {
        'GET /api/project-requests': () => json(200, page('projectRequests', [])),
        'GET /api/project-requests/stats': () => json(200, oneRequestStats()),
      },
      text: 'No project requests found',
    },
  },
  contacts: {
    records: {
      'GET /api/contacts': () =>
        json(200, { ...page('contacts', [contactMessage()]), unreadCount: 1 }),
    },
    shows: contactMessage().subject,
    empty: {
      handlers: {
        'GET /api/contacts': () => json(200, { ...page('contacts', []), unreadCount: 0 }),
      },
      text: 'No contacts found',
    },
  },
  newsletter: {
    records: {
      'GET /api/newsletter/subscribers': () =>
        json(
          200,
          page('subscribers', [
            {
              _id: newId(),
              email: 'ana@example.com',
              status: 'confirmed',
              createdAt: at,
              confirmedAt: at,
              unsubscribeUrl: 'https://studio.example/newsletter/unsubscribe?token=a',
            },
          ]),
        ),
    },
    shows: 'ana@example.com',
    empty: {
      handlers: { 'GET /api/newsletter/subscribers': () => json(200, page('subscribers', [])) },
      text: 'No subscribers yet. Sign-ups from the newsletter box appear here.',
    },
  },
  'contact-details': {
    records: { 'GET /api/contact-details': () => json(200, contactDetailsRecord()) },
    shows: 'Contact Information',
    empty: null,
  },
  faq: {
    records: { 'GET /api/faqs': () => faqPage([faq()]) },
    shows: faq().question,
    empty: { handlers: { 'GET /api/faqs': () => faqPage([]) }, text: 'No FAQs found' },
  },
  content: {
    records: {
      'GET /api/content/about': () => json(200, about),
      'GET /api/content/privacy': () => json(404, { message: 'Content page not found' }),
      'GET /api/content/terms': () => json(404, { message: 'Content page not found' }),
      'GET /api/content/cookies': () => json(404, { message: 'Content page not found' }),
    },
    shows: 'About Atelier',
    empty: null,
  },
  'home-page': {
    records: { 'GET /api/home-page': () => json(200, homePageRecord()) },
    shows: 'Software, made with care',
    empty: null,
  },
  settings: {
    records: { 'GET /api/settings': () => json(200, settingsRecord()) },
    shows: 'General Settings',
    empty: null,
  },
  audit: {
    records: {
      'GET /api/audit': () => json(200, page('entries', [entry])),
      'GET /api/audit/actors': () => json(200, { actors: [] }),
    },
    shows: 'Web Development',
    empty: {
      handlers: {
        'GET /api/audit': () => json(200, page('entries', [])),
        'GET /api/audit/actors': () => json(200, { actors: [] }),
      },
      text: 'No entries yet. Changes made in the back office appear here.',
    },
  },
  webhooks: {
    records: {
      'GET /api/webhooks': () =>
        json(200, { webhooks: [webhookRecord()], events: ['post.published', 'contact.received'] }),
    },
    shows: 'https://hooks.example.com/atelier',
    empty: {
      handlers: {
        'GET /api/webhooks': () => json(200, { webhooks: [], events: ['post.published'] }),
      },
      text: 'No endpoints yet. Add one below.',
    },
  },
  administrators: {
    records: {
      'GET /api/admins': () => json(200, { administrators: [grace] }),
      'GET /api/admins/invitations': () => json(200, { invitations: [] }),
    },
    shows: 'Grace Hopper',
    empty: null,
  },
  help: {
    records: { 'GET /api/settings': () => json(200, settingsRecord()) },
    shows: 'Writing and publishing',
    empty: null,
  },
  account: {
    records: { 'GET /api/auth/sessions': () => json(200, { sessions: [] }) },
    shows: 'Change Password',
    empty: null,
  },
};

describe('The registry', () => {
  it('has demo records for every registered screen', () => {
    expect(Object.keys(CASES).sort()).toEqual(SCREENS.map((entry) => entry.path).sort());
  });

  it.each(SCREENS.map((entry) => [entry.path, entry] as const))(
    '/admin/%s mounts and lists its demo records',
    async (path, entry) => {
      const demo = CASES[path] as ScreenCase;
      signedInApi(demo.records);
      renderAdmin(`/admin/${path}`);

      expect(
        await screen.findByRole('heading', { level: 1, name: demo.heading ?? entry.title }),
      ).toBeVisible();
      expect((await screen.findAllByText(demo.shows))[0]).toBeVisible();
      expect(document.title).toBe(`${entry.title} · Atelier admin`);
    },
  );

  it.each(
    SCREENS.filter((entry) => CASES[entry.path]?.empty).map((entry) => [entry.path] as const),
  )('/admin/%s shows its empty state', async (path) => {
    const empty = CASES[path]?.empty;
    if (!empty) throw new Error(`${path} has no empty state`);
    signedInApi(empty.handlers);
    renderAdmin(`/admin/${path}`);

    expect(await screen.findByText(empty.text)).toBeVisible();
  });
});
