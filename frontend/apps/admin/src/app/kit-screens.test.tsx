import type { Subscriber } from '@atelier/api-client/api';
import { json, type MockHandler } from '@atelier/api-client/test/mock-api';
import { setMatchingMedia } from '@atelier/ui/test/browser-stubs';
import { LARGE_SCREEN_QUERY, MEDIUM_SCREEN_QUERY } from '@atelier/ui/use-media-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installLayoutStubs } from '@/editor/test/engine-harness';
import type { InboxDefinition } from '@/kit/inbox/inbox-definition';
import type { Identified, ResourceDefinition } from '@/kit/resource';
import { callsTo, signedInApi } from '@/test/admin-api';
import {
  blogPost,
  category,
  contactMessage,
  faq,
  newId,
  oneRequestStats,
  portfolioProject,
  projectRequest,
  redirect,
  service,
  tag,
  teamMember,
  technology,
  testimonial,
} from '@/test/records';
import { renderAdmin } from '@/test/render-app';
import { SCREENS } from './registry';

/*
 * The kit's delete and failed save, proved once for every registered screen built on the kit
 * (`defineResource`, `defineInbox`): each screen's tests keep only what it adds. The screens and
 * what they offer are read from the registry's modules; the table holds each screen's records and
 * back-office.md's exact words.
 */

type AnyResource = ResourceDefinition<Identified, never, never>;
type AnyInbox = InboxDefinition<Identified>;
type KitDefinition =
  | { kind: 'resource'; definition: AnyResource }
  | { kind: 'inbox'; definition: AnyInbox };

interface DeleteRow {
  /** The confirm dialog's exact question for the row's record. */
  question: string;
  /** The inbox's dialog title (back-office.md §2), when it has one. */
  title?: string;
  success: string;
  /** What a failed delete without a reason says inside the dialog. */
  failed: string;
}

interface SaveRow {
  /** The fields a creation needs, by label, and what is typed (or chosen) in each. */
  typed: readonly (readonly [label: RegExp, value: string])[];
  /** The API name of the first typed field: the server's 422 marks it. */
  field: string;
  /** What a failed save shows for the server's message 'Validation failed'. */
  shows: string;
  /** What a failed creation without a reason shows. */
  createFallback: string;
  /** What a failed update of the record without a reason shows (screens with an edit form). */
  updateFallback?: string;
  /** Where the inbox's create form is, when the definition renders it itself. */
  form?: { title: string; submit: string };
}

interface KitRow {
  /** The list's API path: GET answers the rows, `DELETE {api}/{id}` removes one. */
  api: string;
  /** The list's answer for these rows. */
  page: (rows: readonly Identified[]) => unknown;
  /** The record deleted and edited; shown in the list. */
  record: Identified;
  /** The calls the screen makes besides its list (pickers, counts). */
  lookups?: Record<string, MockHandler>;
  /** Anything the screen needs before it renders (the editor's layout, a wide window). */
  setup?: () => void;
  delete?: DeleteRow;
  save?: SaveRow;
}

const pageOf = (key: string) => (rows: readonly Identified[]) => ({
  [key]: rows,
  totalItems: rows.length,
  totalPages: 1,
  currentPage: 1,
});
const bothPanes = () => setMatchingMedia(MEDIUM_SCREEN_QUERY, LARGE_SCREEN_QUERY);
const subscriber: Subscriber = {
  _id: newId(),
  email: 'ben@example.com',
  status: 'pending',
  createdAt: '2026-03-05T10:00:00Z',
  confirmedAt: null,
  unsubscribeUrl: `https://studio.example/newsletter/unsubscribe?token=${'a'.repeat(64)}`,
};

/** Every kit screen's row, by its registry path. */
const ROWS: Record<string, KitRow> = {
  blog: {
    api: '/api/blog/posts',
    page: pageOf('blogs'),
    record: blogPost(),
    lookups: {
      'GET /api/blog/categories': () => json(200, [category()]),
      'GET /api/tags': () => json(200, []),
    },
    setup: () => {
      installLayoutStubs();
      localStorage.setItem('atelier.editor.quickReference', 'dismissed');
    },
    delete: {
      question: 'Are you sure you want to delete this post?',
      success: 'Post deleted successfully!',
      failed: 'Failed to delete posts',
    },
    save: {
      typed: [[/^Title/, 'Release notes']],
      field: 'title',
      shows: 'Validation failed',
      createFallback: 'Failed to create posts',
      updateFallback: 'Failed to update posts',
    },
  },
  categories: {
    api: '/api/blog/categories',
    page: (rows) => rows,
    record: category({ displayName: 'Design', name: 'design', slug: 'design' }),
    delete: {
      question: 'Are you sure you want to delete this category?',
      success: 'Category deleted successfully!',
      failed: 'Failed to delete categories',
    },
    save: {
      typed: [
        [/Display Name/, 'Cloud'],
        [/Slug/, 'cloud-ops'],
      ],
      field: 'displayName',
      // back-office.md §8: "Error: " and the server's message, else the error's own message.
      shows: 'Error: Validation failed',
      createFallback: 'Error: Request failed with status 500',
      updateFallback: 'Error: Request failed with status 500',
    },
  },
  tags: {
    api: '/api/tags',
    page: (rows) => rows,
    record: tag({ name: 'Rust', slug: 'rust' }),
    delete: {
      question: 'Are you sure you want to delete this tag?',
      success: 'Tag deleted successfully!',
      failed: 'Failed to delete tags',
    },
    save: {
      typed: [[/^Name/, 'Svelte']],
      field: 'name',
      shows: 'Validation failed',
      createFallback: 'Failed to create tags',
      updateFallback: 'Failed to update tags',
    },
  },
  technologies: {
    api: '/api/technologies',
    page: (rows) => ({ data: rows }),
    record: technology({ name: 'PostgreSQL', category: 'database' }),
    delete: {
      question: 'Are you sure you want to delete this technology?',
      success: 'Technology deleted successfully!',
      failed: 'Failed to delete technologies',
    },
    save: {
      typed: [
        [/^Name/, 'react'],
        [/^Description/, 'Again'],
      ],
      field: 'name',
      shows: 'Validation failed',
      createFallback: 'Failed to create technologies',
      updateFallback: 'Failed to update technologies',
    },
  },
  services: {
    api: '/api/services',
    page: (rows) => rows,
    record: service(),
    delete: {
      question: 'Are you sure you want to delete this service?',
      success: 'Service deleted successfully!',
      failed: 'Failed to delete services',
    },
    save: {
      typed: [[/^Title/, 'Audits']],
      field: 'title',
      shows: 'Validation failed',
      createFallback: 'Failed to create services',
      updateFallback: 'Failed to update services',
    },
  },
  portfolio: {
    api: '/api/portfolio',
    page: pageOf('projects'),
    record: portfolioProject({ title: 'Ledger API' }),
    lookups: {
      'GET /api/technologies': () => json(200, { data: [] }),
      'GET /api/tags': () => json(200, []),
    },
    delete: {
      question: 'Are you sure you want to delete this portfolio item?',
      success: 'Project deleted successfully!',
      failed: 'Failed to delete projects',
    },
    save: {
      typed: [
        [/^Title/, 'Kiosk'],
        [/^Client/, 'Metro'],
        [/^Completion Date/, '2026-05-04'],
      ],
      field: 'title',
      shows: 'Validation failed',
      createFallback: 'Failed to create projects',
      updateFallback: 'Failed to update projects',
    },
  },
  testimonials: {
    api: '/api/testimonials',
    page: pageOf('testimonials'),
    record: testimonial({ name: 'Ray Smith', company: 'Globex' }),
    delete: {
      question: 'Are you sure you want to delete this testimonial?',
      success: 'Testimonial deleted successfully!',
      failed: 'Failed to delete testimonials',
    },
    save: {
      typed: [
        [/^Name/, 'Linus'],
        [/^Company/, 'Kernel Co'],
      ],
      field: 'company',
      shows: 'Validation failed',
      createFallback: 'Failed to create testimonials',
      updateFallback: 'Failed to update testimonials',
    },
  },
  redirects: {
    api: '/api/redirects',
    page: pageOf('redirects'),
    record: redirect({ from: '/old-services', to: '/services' }),
    delete: {
      question: 'Are you sure you want to delete this redirect?',
      success: 'Redirect deleted successfully!',
      failed: 'Failed to delete redirects',
    },
    save: {
      typed: [
        [/^From/, '/2018/old-post'],
        [/^To/, '/blog/new-post'],
      ],
      field: 'from',
      shows: 'Validation failed',
      createFallback: 'Failed to create redirects',
      updateFallback: 'Failed to update redirects',
    },
  },
  team: {
    api: '/api/team',
    page: pageOf('teamMembers'),
    record: teamMember({ name: 'Cy', order: 1 }),
    delete: {
      question: 'Are you sure you want to delete this team member?',
      success: 'Team member deleted successfully!',
      failed: 'Failed to delete team members',
    },
    save: {
      typed: [
        [/^Name/, 'Dee'],
        [/^Position/, 'Designer'],
        [/^Email/, 'dee@atelier.test'],
      ],
      field: 'email',
      shows: 'Validation failed',
      createFallback: 'Failed to create team members',
      updateFallback: 'Failed to update team members',
    },
  },
  faq: {
    api: '/api/faqs',
    page: (rows) => ({
      data: rows,
      pagination: { page: 1, limit: 100, total: rows.length, totalPages: 1 },
    }),
    record: faq({ question: 'How long?' }),
    delete: {
      question: 'Are you sure you want to delete this FAQ item?',
      success: 'FAQ deleted successfully!',
      failed: 'Failed to delete FAQs',
    },
    save: {
      typed: [
        [/^Question/, 'Too long?'],
        [/^Answer/, 'Maybe.'],
      ],
      field: 'question',
      shows: 'Validation failed',
      createFallback: 'Failed to create FAQs',
      updateFallback: 'Failed to update FAQs',
    },
  },
  'project-requests': {
    api: '/api/project-requests',
    page: pageOf('projectRequests'),
    record: projectRequest({ clientName: 'Grace Hopper' }),
    lookups: { 'GET /api/project-requests/stats': () => json(200, oneRequestStats()) },
    setup: bothPanes,
    delete: {
      title: 'Delete Project Request',
      question:
        'Are you sure you want to delete the project request for Grace Hopper? This action cannot be undone.',
      success: 'Project request deleted successfully!',
      failed: 'Failed to delete project requests',
    },
    save: {
      form: { title: 'New Project Request', submit: 'Create Request' },
      typed: [
        [/^Email/, 'ken@example.test'],
        [/^Client Name/, 'Ken'],
        [/^Company Name/, 'Bell'],
        [/^Project Type/, 'Other'],
        [/^Budget/, 'Small'],
        [/^Timeline/, 'Soon'],
        [/^Description/, 'Something.'],
      ],
      field: 'email',
      shows: 'Validation failed',
      createFallback: 'Failed to create project requests',
    },
  },
  contacts: {
    api: '/api/contacts',
    page: (rows) => ({ ...pageOf('contacts')(rows), unreadCount: 0 }),
    record: contactMessage({ name: 'Ada Lovelace' }),
    setup: bothPanes,
    delete: {
      title: 'Delete Contact Message',
      question:
        'Are you sure you want to delete the message from Ada Lovelace? This action cannot be undone.',
      success: 'Contact deleted successfully!',
      failed: 'Failed to delete contacts',
    },
  },
  newsletter: {
    api: '/api/newsletter/subscribers',
    page: pageOf('subscribers'),
    record: subscriber,
    delete: {
      question:
        'Are you sure you want to delete this subscriber? The address will receive no more newsletters.',
      success: 'Subscriber deleted successfully!',
      failed: 'Failed to delete subscribers',
    },
  },
};

/**
 * Registered screens that build no kit list (their module exports no `defineResource` or
 * `defineInbox`): what they write is proved by their own tests, named here.
 */
const OWN_SCREENS: Record<string, string> = {
  dashboard: 'reads only',
  insights: 'features/insights/insights-screen.test.tsx (reads only: charts and tables)',
  media: 'features/media/media-screen.test.tsx (a library of uploads)',
  'contact-details': 'features/contact-details/contact-details-screen.test.tsx (one record)',
  content: 'features/content/content-screen.test.tsx (one record per tab)',
  'home-page': 'features/home-page/home-page-screen.test.tsx (one record)',
  settings: 'features/settings/settings-screen.test.tsx (one record, two saves)',
  audit: 'reads only',
  administrators:
    'features/administrators/administrators-screen.test.tsx (accounts and invitations)',
  webhooks: 'features/webhooks/webhooks-screen.test.tsx (endpoints, secrets and deliveries)',
  help: 'reads only',
  account: 'features/account/account-screen.test.tsx (one account)',
};

const asKitDefinition = (value: unknown): KitDefinition | undefined => {
  if (typeof value !== 'object' || value === null) return undefined;
  if ('list' in value && 'api' in value && 'messages' in value) {
    return { kind: 'resource', definition: value as AnyResource };
  }
  if ('remove' in value && 'useRows' in value)
    return { kind: 'inbox', definition: value as AnyInbox };
  return undefined;
};

/** Each registered screen's kit definition, read from its module. */
const KIT = new Map<string, KitDefinition>();
for (const entry of SCREENS) {
  const module = entry.load ? await entry.load() : {};
  const found = Object.values(module).flatMap((value) => asKitDefinition(value) ?? []);
  if (found.length > 1) throw new Error(`${entry.path} exports more than one kit definition`);
  if (found[0]) KIT.set(entry.path, found[0]);
}

const deletes = (kit: KitDefinition) =>
  kit.kind === 'inbox' ||
  (kit.definition.api.useDelete !== undefined && kit.definition.list.actions.includes('delete'));
const saves = (kit: KitDefinition) =>
  kit.kind === 'inbox'
    ? kit.definition.create !== undefined
    : kit.definition.form !== undefined &&
      (kit.definition.api.useCreate !== undefined || kit.definition.api.useUpdate !== undefined);

const kitOf = (path: string) => {
  const kit = KIT.get(path);
  if (!kit) throw new Error(`${path} exports no kit definition`);
  return kit;
};
const rowOf = (path: string) => {
  const row = ROWS[path];
  if (!row) throw new Error(`${path} has no row`);
  return row;
};

/** The API as the kit's tests answer it: the row's record, removed by a delete that succeeds. */
const serve = (row: KitRow, extra: Record<string, MockHandler> = {}) => {
  let rows = [row.record];
  const one = `${row.api}/${row.record._id}`;
  return signedInApi({
    [`GET ${row.api}`]: () => json(200, row.page(rows)),
    [`GET ${one}`]: () =>
      rows.length ? json(200, row.record) : json(404, { message: 'Not found' }),
    [`DELETE ${one}`]: () => {
      rows = [];
      return new Response(null, { status: 204 });
    },
    ...row.lookups,
    ...extra,
  });
};

/** Opens the screen on the record and asks to delete it: the confirm dialog. */
const askDelete = async (path: string, kit: KitDefinition, row: KitRow, user: UserEvent) => {
  if (kit.kind === 'inbox') {
    // A search in the address, which the list keeps when the deleted record closes.
    const { router } = renderAdmin(`/admin/${path}/${row.record._id}?q=a`);
    await user.click(
      within(await screen.findByRole('article')).getByRole('button', { name: 'Delete' }),
    );
    return { router, dialog: await screen.findByRole('alertdialog', { name: row.delete?.title }) };
  }
  const { router } = renderAdmin(`/admin/${path}`);
  await user.click(
    await screen.findByRole('button', {
      name: `Delete ${kit.definition.list.rowLabel(row.record)}`,
    }),
  );
  return { router, dialog: await screen.findByRole('alertdialog') };
};

/** Whether the screen still shows the record (its list entry, or its row's delete button). */
const listed = (kit: KitDefinition, row: KitRow) => {
  if (kit.kind === 'inbox') {
    const list = screen.queryByRole('list', { name: kit.definition.title });
    return (
      list !== null &&
      within(list)
        .queryAllByRole('link')
        .some((link) => link.getAttribute('href')?.includes(`/${row.record._id}`))
    );
  }
  return (
    screen.queryByRole('button', { name: `Delete ${kit.definition.list.rowLabel(row.record)}` }) !==
    null
  );
};

/** Opens the create (or, with `edit`, the record's edit) form: its container and submit label. */
const openForm = async (path: string, kit: KitDefinition, row: KitRow, edit: boolean) => {
  if (kit.kind === 'inbox') {
    const form = row.save?.form;
    if (!form) throw new Error(`${path}'s row names no create form`);
    renderAdmin(`/admin/${path}/new`);
    return {
      container: await screen.findByRole('region', { name: form.title }),
      submit: form.submit,
    };
  }
  const form = kit.definition.form;
  if (!form) throw new Error(`${path} declares no form`);
  renderAdmin(edit ? `/admin/${path}/edit/${row.record._id}` : `/admin/${path}/new`);
  const container = await screen.findByRole(form.variant === 'modal' ? 'dialog' : 'region', {
    name: edit ? form.titles.edit : form.titles.create,
  });
  const labels = form.submitLabels ?? { create: 'Create', edit: 'Update' };
  return { container, submit: edit ? labels.edit : labels.create };
};

const fill = async (container: HTMLElement, typed: SaveRow['typed'], user: UserEvent) => {
  for (const [label, value] of typed) {
    const field = within(container).getByLabelText(label);
    if (field instanceof HTMLSelectElement) await user.selectOptions(field, value);
    else {
      // A field may already hold what another one gives it (the slug from the name).
      await user.clear(field);
      await user.type(field, value);
    }
  }
};

const createPath = (row: KitRow) => `POST ${row.api}`;
const updatePath = (row: KitRow) => `PUT ${row.api}/${row.record._id}`;

const paths = (filter: (kit: KitDefinition, row: KitRow) => boolean) =>
  [...KIT.keys()].filter((path) => filter(kitOf(path), ROWS[path] as KitRow));

describe('The kit screens', () => {
  it('has a row for every registered screen built on the kit, and names every other one', () => {
    for (const entry of SCREENS) {
      const kit = KIT.get(entry.path);
      if (!kit) {
        expect(
          OWN_SCREENS[entry.path],
          `${entry.path}: a kit screen or one named in OWN_SCREENS`,
        ).toBeDefined();
        continue;
      }
      expect(OWN_SCREENS[entry.path], `${entry.path} is built on the kit`).toBeUndefined();
      if (!deletes(kit) && !saves(kit)) continue;
      const row = ROWS[entry.path];
      expect(
        row,
        `${entry.path} deletes or saves through the kit: add its row to ROWS`,
      ).toBeDefined();
      expect(Boolean(row?.delete), `${entry.path}: its row's delete`).toBe(deletes(kit));
      expect(Boolean(row?.save), `${entry.path}: its row's save`).toBe(saves(kit));
      const updates = kit.kind === 'resource' && kit.definition.api.useUpdate !== undefined;
      expect(Boolean(row?.save?.updateFallback), `${entry.path}: its update's fallback`).toBe(
        saves(kit) && updates,
      );
    }
    expect(Object.keys(ROWS).filter((path) => !KIT.has(path))).toEqual([]);
  });

  describe.each(paths((kit) => deletes(kit)))('/admin/%s', (path) => {
    it('asks its exact question before deleting: cancel keeps the record, confirm removes it', async () => {
      const kit = kitOf(path);
      const row = rowOf(path);
      const question = row.delete as DeleteRow;
      row.setup?.();
      const { requests } = serve(row);
      const user = userEvent.setup();
      const one = `${row.api}/${row.record._id}`;

      const { router, dialog } = await askDelete(path, kit, row, user);
      expect(dialog).toHaveTextContent(question.question);
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      expect(callsTo(requests, 'DELETE', one)).toHaveLength(0);
      expect(listed(kit, row)).toBe(true);

      const again = await (async () => {
        if (kit.kind === 'inbox') {
          await user.click(
            within(screen.getByRole('article')).getByRole('button', { name: 'Delete' }),
          );
        } else {
          await user.click(
            screen.getByRole('button', {
              name: `Delete ${kit.definition.list.rowLabel(row.record)}`,
            }),
          );
        }
        return screen.findByRole('alertdialog');
      })();
      await user.click(within(again).getByRole('button', { name: 'Delete' }));

      expect(await screen.findByText(question.success)).toBeVisible();
      expect(callsTo(requests, 'DELETE', one)).toHaveLength(1);
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      await waitFor(() => expect(listed(kit, row)).toBe(false));
      if (kit.kind === 'inbox') {
        // The deleted record closes: the list as it was, its search kept.
        expect(router.state.location.pathname).toBe(`/admin/${path}`);
        expect(router.state.location.search).toBe('?q=a');
      }
    });

    it('keeps the delete dialog open with the reason when a delete fails', async () => {
      const kit = kitOf(path);
      const row = rowOf(path);
      row.setup?.();
      serve(row, { [`DELETE ${row.api}/${row.record._id}`]: () => json(500, {}) });
      const user = userEvent.setup();

      const { dialog } = await askDelete(path, kit, row, user);
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

      expect(await within(dialog).findByText(row.delete?.failed as string)).toBeVisible();
      expect(screen.getByRole('alertdialog')).toBe(dialog);
      expect(screen.queryByText(row.delete?.success as string)).toBeNull();
    });
  });

  describe.each(paths((kit) => saves(kit)))('/admin/%s', (path) => {
    it('keeps every typed value and shows the server message when a save fails', async () => {
      const kit = kitOf(path);
      const row = rowOf(path);
      const save = row.save as SaveRow;
      row.setup?.();
      serve(row, {
        [createPath(row)]: () =>
          json(422, { message: 'Validation failed', errors: { [save.field]: 'Refused here' } }),
      });
      const user = userEvent.setup();

      const { container, submit } = await openForm(path, kit, row, false);
      await fill(container, save.typed, user);
      await user.click(within(container).getByRole('button', { name: submit }));

      expect(await within(container).findByText(save.shows)).toBeVisible();
      expect(within(container).getByText('Refused here')).toBeVisible();
      expect(container).toBeInTheDocument();
      expect(screen.queryByText(/created successfully!$/)).toBeNull();
      for (const [label, value] of save.typed) {
        expect(within(container).getByLabelText(label)).toHaveValue(value);
      }
    });

    it('shows its fallback text when a failed creation gives no reason', async () => {
      const kit = kitOf(path);
      const row = rowOf(path);
      const save = row.save as SaveRow;
      row.setup?.();
      serve(row, {
        [createPath(row)]: () => json(500, {}),
      });
      const user = userEvent.setup();

      const created = await openForm(path, kit, row, false);
      await fill(created.container, save.typed, user);
      await user.click(within(created.container).getByRole('button', { name: created.submit }));
      expect(await within(created.container).findByText(save.createFallback)).toBeVisible();
    });

    it.runIf(ROWS[path]?.save?.updateFallback !== undefined)(
      'shows its fallback text when a failed update gives no reason',
      async () => {
        const kit = kitOf(path);
        const row = rowOf(path);
        row.setup?.();
        serve(row, { [updatePath(row)]: () => json(500, {}) });
        const user = userEvent.setup();

        const edited = await openForm(path, kit, row, true);
        await user.click(within(edited.container).getByRole('button', { name: edited.submit }));
        expect(
          await within(edited.container).findByText(row.save?.updateFallback as string),
        ).toBeVisible();
      },
    );
  });
});
