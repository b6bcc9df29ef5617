import { json, type MockHandler } from '@atelier/api-client/test/mock-api';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { installLayoutStubs } from '@/editor/test/engine-harness';
import { signedInApi } from '@/test/admin-api';
import { ADMIN } from '@/test/fixtures';
import { expectFormShows, type FieldRow } from '@/test/form-shows';
import {
  contactDetailsRecord,
  contactMessage,
  projectRequest,
  settingsRecord,
} from '@/test/records';
import { renderAdmin } from '@/test/render-app';

/**
 * The one-record screens that are always a form (settings, contact details, the account's
 * profile) show every stored field, each set to a value other than the form's default.
 */
interface RecordCase {
  form: string;
  path: string;
  /** A field that is on screen once the record arrived. */
  ready: string;
  api: Record<string, MockHandler>;
  table: FieldRow[];
  /** Opens the form when the screen first shows the record as visitors read it. */
  edit?: string;
  /** The markdown field's stored text, read in the editor's source view. */
  markdown?: string;
}

beforeEach(() => {
  installLayoutStubs();
  localStorage.setItem('atelier.editor.quickReference', 'dismissed');
});

const contentPage = (type: string, overrides: Record<string, unknown>) => ({
  _id: '65a1b2c3d4e5f6cccccccc01',
  type,
  title: 'About Atelier',
  subtitle: 'Who we are',
  description: 'We build websites.\n\nAnd back offices.',
  vision: 'A web that loads fast.',
  mission: 'Ship useful software.',
  values: ['Quality - no shortcuts', 'Honesty - plain words'],
  content: '',
  sections: [],
  status: 'published',
  lastUpdated: null,
  createdAt: '2026-01-05T09:00:00Z',
  updatedAt: '2026-03-04T09:00:00Z',
  ...overrides,
});
const ABOUT = contentPage('about', {});
const PRIVACY = contentPage('privacy', {
  title: 'Privacy Policy',
  subtitle: 'Your data',
  description: 'What we keep.',
  content: '## Information we collect\n\nOnly **what we need**.\n',
  lastUpdated: '2026-01-15T00:00:00Z',
});
const REQUEST = projectRequest({
  priority: 'urgent',
  source: 'social_media',
  notes: 'Call back on Monday.',
});
const MESSAGE = contactMessage({ notes: 'Sent the price list.' });
const PHOTO = {
  _id: '65a1b2c3d4e5f6dddddddd01',
  title: 'Studio at night',
  alt: 'The studio lit at night',
  tags: ['office', 'evening'],
  kind: 'image',
  mimeType: 'image/jpeg',
  fileName: 'studio.jpg',
  size: 2000,
  width: 2400,
  height: 1600,
  url: `/media/${'ab'.repeat(32)}.jpg`,
  variants: [],
  createdAt: '2026-03-04T10:00:00Z',
  updatedAt: '2026-03-04T10:00:00Z',
};
const missingPage = () => json(404, { message: 'Content page not found' });

const SETTINGS = settingsRecord({
  siteName: 'Studio North',
  siteDescription: 'Apps for northern businesses',
  contactEmail: 'hi@north.test',
  supportEmail: 'help@north.test',
  socialMedia: {
    facebook: 'https://facebook.com/north',
    twitter: 'https://twitter.com/north',
    linkedin: 'https://linkedin.com/company/north',
    instagram: 'https://instagram.com/north',
    github: 'https://github.com/north',
  },
  services: { showPrices: false, defaultPriceDisplay: 'Ask us', maxServicesDisplay: 9 },
  languages: [
    { tag: 'he', name: 'עברית', direction: 'rtl' },
    { tag: 'de', name: 'Deutsch', direction: 'ltr' },
  ],
  untranslatedContent: 'hide',
});
const DETAILS = contactDetailsRecord({
  email: 'office@north.test',
  phone: '+47 555 0199',
  address: 'Storgata 1, Tromsø',
  googleMapsUrl: 'https://www.google.com/maps/embed?pb=north',
  socialMedia: { github: 'https://github.com/north', mastodon: 'https://mastodon.social/@north' },
});

const CASES: RecordCase[] = [
  {
    form: 'settings',
    path: 'settings',
    ready: 'Site Name',
    api: { 'GET /api/settings': () => json(200, SETTINGS) },
    table: [
      ['Show Service Prices', false],
      ['Default Price Display', 'Ask us'],
      ['Max Services to Display', '9'],
      ['Site Name', SETTINGS.siteName],
      ['Site Description', SETTINGS.siteDescription],
      ['Contact Email', SETTINGS.contactEmail],
      ['Support Email', SETTINGS.supportEmail],
      // The default language's row comes first (the others are rows of their own, alike).
      ['Tag', 'he'],
      ['Name', 'עברית'],
      ['Direction', 'Right to left'],
      ['Untranslated content', 'Leave out of lists'],
      // The social links are edited (and shown) in Contact Details, below.
    ],
  },
  {
    form: 'contact details',
    path: 'contact-details',
    ready: 'Email Address',
    api: { 'GET /api/contact-details': () => json(200, DETAILS) },
    table: [
      ['Email Address', DETAILS.email],
      ['Phone Number', DETAILS.phone],
      ['Address', DETAILS.address],
      ['Google Maps Embed URL', DETAILS.googleMapsUrl],
      ['GitHub', 'https://github.com/north'],
      ['Mastodon', 'https://mastodon.social/@north'],
    ],
  },
  {
    form: 'profile',
    path: 'account',
    ready: 'Name',
    api: {
      'GET /api/auth/verify': () =>
        json(200, { user: { ...ADMIN, name: 'Ada King', email: 'ada.king@atelier.test' } }),
    },
    table: [
      ['Name', 'Ada King'],
      ['Email', 'ada.king@atelier.test'],
    ],
  },
  {
    form: 'About page',
    path: 'content',
    ready: 'Edit Content',
    edit: 'Edit Content',
    api: {
      'GET /api/content/about': () => json(200, ABOUT),
      'GET /api/content/privacy': missingPage,
      'GET /api/content/terms': missingPage,
      'GET /api/content/cookies': missingPage,
    },
    table: [
      ['Title', ABOUT.title],
      ['Subtitle', ABOUT.subtitle],
      ['Description', ABOUT.description],
      ['Vision', ABOUT.vision],
      ['Mission', ABOUT.mission],
      ['Value 1', 'Quality - no shortcuts'],
      ['Value 2', 'Honesty - plain words'],
    ],
  },
  {
    form: 'privacy policy',
    path: 'content?tab=privacy',
    ready: 'Edit Content',
    edit: 'Edit Content',
    api: {
      'GET /api/content/about': () => json(200, ABOUT),
      'GET /api/content/privacy': () => json(200, PRIVACY),
      'GET /api/content/terms': missingPage,
      'GET /api/content/cookies': missingPage,
    },
    table: [
      ['Title', PRIVACY.title],
      ['Subtitle', PRIVACY.subtitle],
      ['Description', PRIVACY.description],
      ['Last Updated', '2026-01-15'],
    ],
    markdown: PRIVACY.content as string,
  },
  {
    form: 'project request',
    path: `project-requests/${REQUEST._id}`,
    ready: 'Priority',
    api: {
      'GET /api/project-requests': () =>
        json(200, { projectRequests: [REQUEST], totalItems: 1, totalPages: 1, currentPage: 1 }),
      [`GET /api/project-requests/${REQUEST._id}`]: () => json(200, REQUEST),
    },
    table: [
      ['Priority', 'Urgent'],
      ['Source', 'Social Media'],
      ['Notes', REQUEST.notes],
    ],
  },
  {
    form: 'contact message',
    path: `contacts/${MESSAGE._id}`,
    ready: 'Notes',
    api: {
      'GET /api/contacts': () =>
        json(200, {
          contacts: [MESSAGE],
          totalItems: 1,
          totalPages: 1,
          currentPage: 1,
          unreadCount: 0,
        }),
      [`GET /api/contacts/${MESSAGE._id}`]: () => json(200, MESSAGE),
    },
    table: [['Notes', MESSAGE.notes]],
  },
  {
    form: 'media item',
    path: `media/${PHOTO._id}`,
    ready: 'Alt text',
    api: {
      'GET /api/media': () =>
        json(200, { media: [PHOTO], totalItems: 1, totalPages: 1, currentPage: 1 }),
      'GET /api/media/tags': () => json(200, []),
      [`GET /api/media/${PHOTO._id}`]: () => json(200, PHOTO),
    },
    table: [
      ['URL', PHOTO.url],
      ['Title', PHOTO.title],
      ['Alt text', PHOTO.alt],
      ['Tags', ['office', 'evening']],
    ],
  },
];

describe('every one-record form shows each stored field when it opens', () => {
  it.each(CASES)(
    'the $form form',
    async ({ path, ready, api, table, edit, markdown }) => {
      signedInApi(api);
      renderAdmin(`/admin/${path}`);
      const user = userEvent.setup();
      if (edit) await user.click(await screen.findByRole('button', { name: edit }));
      else await screen.findAllByLabelText(new RegExp(`^${ready}`));
      await waitFor(() => expectFormShows(document.body, table));
      if (markdown !== undefined) {
        await user.click(await screen.findByRole('button', { name: 'Markdown' }));
        expect(screen.getByRole('textbox', { name: /markdown source/ })).toHaveValue(markdown);
      }
    },
    30_000,
  );
});
