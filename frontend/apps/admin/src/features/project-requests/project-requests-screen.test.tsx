import type { ProjectRequest } from '@atelier/api-client/api';
import { json, type MockHandler } from '@atelier/api-client/test/mock-api';
import { setMatchingMedia } from '@atelier/ui/test/browser-stubs';
import { LARGE_SCREEN_QUERY, MEDIUM_SCREEN_QUERY } from '@atelier/ui/use-media-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { bodyOf, callsTo, signedInApi } from '@/test/admin-api';
import { projectRequest } from '@/test/records';
import { renderAdmin } from '@/test/render-app';

const GRACE = projectRequest({
  clientName: 'Grace Hopper',
  companyName: 'Navy Labs',
  phone: '+1 555 0100',
  priority: 'urgent',
  notes: 'Budget approved',
  createdAt: '2026-03-05T14:30:00Z',
});
const LINUS = projectRequest({
  clientName: 'Linus Torvalds',
  companyName: 'Kernel Co',
  email: 'linus@example.test',
  projectType: 'Custom Software',
  budget: 'About $40k',
  timeline: 'Next quarter',
  status: 'proposal_sent',
  source: 'referral',
  createdAt: '2026-03-04T09:00:00Z',
});

const STATS = {
  total: 2,
  byStatus: {
    new_request: 1,
    contacted: 0,
    proposal_sent: 1,
    in_negotiation: 0,
    accepted: 0,
    completed: 0,
    declined: 0,
  },
  byPriority: { low: 0, medium: 1, high: 0, urgent: 1 },
};

const pipeline = (initial: ProjectRequest[] = [GRACE, LINUS]) => {
  let rows = [...initial];
  const handlers: Record<string, MockHandler> = {
    'GET /api/project-requests': (request) => {
      const params = new URL(request.url).searchParams;
      const status = params.get('status');
      const search = params.get('search')?.toLowerCase() ?? '';
      const matching = rows.filter(
        (row) =>
          (!status || row.status === status) &&
          `${row.clientName} ${row.companyName} ${row.email}`.toLowerCase().includes(search),
      );
      return json(200, {
        projectRequests: matching,
        totalItems: matching.length,
        totalPages: 1,
        currentPage: 1,
      });
    },
    'GET /api/project-requests/stats': () => json(200, STATS),
  };
  for (const row of initial) {
    const find = () => rows.find((candidate) => candidate._id === row._id);
    const patch = (changes: Partial<ProjectRequest>) => {
      rows = rows.map((candidate) =>
        candidate._id === row._id ? { ...candidate, ...changes } : candidate,
      );
      return json(200, find());
    };
    handlers[`GET /api/project-requests/${row._id}`] = () => json(200, find());
    handlers[`PATCH /api/project-requests/${row._id}/status`] = async (request) =>
      patch((await request.clone().json()) as Partial<ProjectRequest>);
    handlers[`PUT /api/project-requests/${row._id}`] = async (request) =>
      patch((await request.clone().json()) as Partial<ProjectRequest>);
    handlers[`DELETE /api/project-requests/${row._id}`] = () => {
      rows = rows.filter((candidate) => candidate._id !== row._id);
      return new Response(null, { status: 204 });
    };
  }
  return handlers;
};

const list = () => screen.getByRole('list', { name: 'Project Requests' });

describe('Project Requests', () => {
  beforeEach(() => setMatchingMedia(MEDIUM_SCREEN_QUERY, LARGE_SCREEN_QUERY));

  it('shows the pipeline, the list and the prompt', async () => {
    signedInApi(pipeline());
    renderAdmin('/admin/project-requests');

    expect(await screen.findByText('2 requests')).toBeVisible();
    const steps = within(screen.getByRole('navigation', { name: 'Pipeline' })).getAllByRole(
      'button',
    );
    await waitFor(() =>
      expect(steps.map((step) => step.textContent)).toEqual([
        '1New Request',
        '0Contacted',
        '1Proposal Sent',
        '0In Negotiation',
        '0Accepted',
        '0Completed',
        '0Declined',
      ]),
    );
    const grace = within(list()).getByRole('link', { name: /^Grace Hopper/ });
    expect(grace).toHaveTextContent('Navy Labs · Web Application');
    expect(grace).toHaveTextContent('New Request');
    expect(grace).toHaveTextContent('Urgent priority');
    expect(grace).toHaveTextContent('Mar 5, 2026');
    expect(screen.getByText('Select a project request')).toBeVisible();
    const chips = screen.getByRole('group', { name: 'Status' });
    expect(within(chips).getAllByRole('button')).toHaveLength(8);
  });

  it('filters by a pipeline step and by the chips, kept in the address', async () => {
    const { requests } = signedInApi(pipeline());
    const { router } = renderAdmin('/admin/project-requests');
    const user = userEvent.setup();

    await screen.findByText('2 requests');
    await user.click(
      within(screen.getByRole('navigation', { name: 'Pipeline' })).getByRole('button', {
        name: /Proposal Sent/,
      }),
    );
    await waitFor(() => expect(screen.getByText('1 request')).toBeVisible());
    expect(within(list()).getByRole('link', { name: /^Linus Torvalds/ })).toBeVisible();
    expect(router.state.location.search).toBe('?status=proposal_sent');
    expect(
      within(screen.getByRole('group', { name: 'Status' })).getByRole('button', {
        name: 'Proposal Sent',
      }),
    ).toHaveAttribute('aria-pressed', 'true');
    const last = callsTo(requests, 'GET', '/api/project-requests').at(-1) as Request;
    expect(new URL(last.url).searchParams.get('status')).toBe('proposal_sent');

    await user.click(
      within(screen.getByRole('group', { name: 'Status' })).getByRole('button', {
        name: 'Accepted',
      }),
    );
    expect(await screen.findByText('No project requests found')).toBeVisible();
  });

  it('shows a request with every field, the seven status buttons and en-US dates', async () => {
    signedInApi(pipeline());
    renderAdmin(`/admin/project-requests/${LINUS._id}`);

    const pane = await screen.findByRole('article');
    expect(within(pane).getByText('Linus Torvalds')).toBeVisible();
    expect(pane).toHaveTextContent('Kernel Co');
    expect(pane).toHaveTextContent('Project TypeCustom Software');
    expect(pane).toHaveTextContent('BudgetAbout $40k');
    expect(pane).toHaveTextContent('TimelineNext quarter');
    expect(pane).toHaveTextContent(/ReceivedMar 4, 2026, \d{1,2}:00 [AP]M/);
    const buttons = within(within(pane).getByRole('group', { name: 'Update Status' })).getAllByRole(
      'button',
    );
    expect(buttons.map((button) => button.textContent)).toEqual([
      'New Request',
      'Contacted',
      'Proposal Sent',
      'In Negotiation',
      'Accepted',
      'Completed',
      'Declined',
    ]);
    expect(within(pane).getByRole('button', { name: 'Proposal Sent' })).toBeDisabled();
    expect(within(pane).getByLabelText('Priority')).toHaveValue('medium');
    expect(within(pane).getByLabelText('Source')).toHaveValue('referral');
    expect(within(pane).queryByRole('link', { name: 'Call' })).toBeNull();
  });

  it('labels the public form’s stored values in words', async () => {
    signedInApi(pipeline());
    renderAdmin(`/admin/project-requests/${GRACE._id}`);
    const pane = await screen.findByRole('article');
    expect(within(pane).getByText('Grace Hopper')).toBeVisible();
    expect(pane).toHaveTextContent('Project TypeWeb Application');
    expect(pane).toHaveTextContent('Budget$10,000 - $25,000');
    expect(pane).toHaveTextContent('Timeline1-3 months');
    expect(within(pane).getByRole('link', { name: 'Call' })).toHaveAttribute(
      'href',
      'tel:+1 555 0100',
    );
  });

  it('moves a request through the pipeline and changes its priority and source', async () => {
    const { requests } = signedInApi(pipeline());
    renderAdmin(`/admin/project-requests/${GRACE._id}`);
    const user = userEvent.setup();

    const pane = await screen.findByRole('article');
    await user.click(within(pane).getByRole('button', { name: 'Contacted' }));
    expect(await screen.findByText('Status updated successfully!')).toBeVisible();
    expect(
      await bodyOf(callsTo(requests, 'PATCH', `/api/project-requests/${GRACE._id}/status`)[0]),
    ).toEqual({ version: 1, status: 'contacted' });
    await waitFor(() =>
      expect(
        within(screen.getByRole('article')).getByRole('button', { name: 'Contacted' }),
      ).toBeDisabled(),
    );

    await user.selectOptions(within(screen.getByRole('article')).getByLabelText('Priority'), 'low');
    expect(await screen.findByText('Project request updated successfully!')).toBeVisible();
    expect(await bodyOf(callsTo(requests, 'PUT', `/api/project-requests/${GRACE._id}`)[0])).toEqual(
      { priority: 'low', version: 1 },
    );
    await user.selectOptions(
      within(screen.getByRole('article')).getByLabelText('Source'),
      'social_media',
    );
    await waitFor(() =>
      expect(callsTo(requests, 'PUT', `/api/project-requests/${GRACE._id}`)).toHaveLength(2),
    );
    expect(await bodyOf(callsTo(requests, 'PUT', `/api/project-requests/${GRACE._id}`)[1])).toEqual(
      { source: 'social_media', version: 1 },
    );
  });

  it('saves notes on leaving the field', async () => {
    const { requests } = signedInApi(pipeline());
    renderAdmin(`/admin/project-requests/${GRACE._id}`);
    const user = userEvent.setup();
    const notes = within(await screen.findByRole('article')).getByLabelText('Notes');
    expect(notes).toHaveValue('Budget approved');
    await user.type(notes, '; kickoff in May');
    await user.tab();
    expect(await screen.findByText('Notes saved')).toBeVisible();
    expect(await bodyOf(callsTo(requests, 'PUT', `/api/project-requests/${GRACE._id}`)[0])).toEqual(
      { notes: 'Budget approved; kickoff in May', version: 1 },
    );
  });

  it('checks the create form with the spec’s messages', async () => {
    const { requests } = signedInApi(pipeline());
    renderAdmin('/admin/project-requests');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('link', { name: 'New Request' }));
    const form = await screen.findByRole('region', { name: 'New Project Request' });
    await user.type(within(form).getByLabelText(/^Email/), 'not-an-email');
    await user.click(within(form).getByRole('button', { name: 'Create Request' }));
    for (const message of [
      'Name is required',
      'Company name is required',
      'Email is invalid',
      'Please select a project type',
      'Please select a budget range',
      'Please select a timeline',
      'Please provide a brief description',
    ]) {
      expect(await within(form).findByText(message)).toBeVisible();
    }
    expect(callsTo(requests, 'POST', '/api/project-requests')).toHaveLength(0);
    expect(
      within(within(form).getByLabelText(/^Project Type/))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Select a project type',
      'Web Application',
      'Mobile App',
      'E-commerce Website',
      'Custom Software',
      'API Development',
      'Database Design',
      'UI/UX Design',
      'Maintenance & Support',
      'Other',
    ]);
  });

  it('creates a request and opens it', async () => {
    const created = projectRequest({ clientName: 'Ken Thompson', companyName: 'Bell' });
    const { requests } = signedInApi({
      ...pipeline(),
      'POST /api/project-requests': () => json(201, created),
      [`GET /api/project-requests/${created._id}`]: () => json(200, created),
    });
    const { router } = renderAdmin('/admin/project-requests/new');
    const user = userEvent.setup();

    const form = await screen.findByRole('region', { name: 'New Project Request' });
    await user.type(within(form).getByLabelText(/^Client Name/), 'Ken Thompson');
    await user.type(within(form).getByLabelText(/^Company Name/), 'Bell');
    await user.type(within(form).getByLabelText(/^Email/), 'ken@example.test');
    await user.selectOptions(within(form).getByLabelText(/^Project Type/), 'API Development');
    await user.type(within(form).getByLabelText(/^Budget/), '$5,000 - $10,000');
    await user.type(within(form).getByLabelText(/^Timeline/), 'Flexible');
    await user.type(within(form).getByLabelText(/^Description/), 'An API for Unix tools.');
    await user.selectOptions(within(form).getByLabelText('Priority'), 'high');
    await user.selectOptions(within(form).getByLabelText('Source'), 'referral');
    await user.click(within(form).getByRole('button', { name: 'Create Request' }));

    expect(await screen.findByText('Project request created successfully!')).toBeVisible();
    expect(await bodyOf(callsTo(requests, 'POST', '/api/project-requests')[0])).toEqual({
      clientName: 'Ken Thompson',
      companyName: 'Bell',
      email: 'ken@example.test',
      phone: null,
      projectType: 'API Development',
      budget: '$5,000 - $10,000',
      timeline: 'Flexible',
      description: 'An API for Unix tools.',
      priority: 'high',
      source: 'referral',
      // An administrator's entry needs no proof of work.
      proofOfWork: null,
    });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/admin/project-requests/${created._id}`),
    );
    expect(
      await within(await screen.findByRole('article')).findByText('Ken Thompson'),
    ).toBeVisible();
  });

  it('says who else has the request open, and leaves when another one opens', async () => {
    const { requests } = signedInApi({
      ...pipeline(),
      [`PUT /api/presence/project-request/${LINUS._id}`]: () =>
        json(200, [
          {
            account: { id: '65f1c2a9b4e8d700000000a1', name: 'Ana Ruiz' },
            since: '2026-03-05T15:04:00Z',
          },
        ]),
      [`DELETE /api/presence/project-request/${LINUS._id}`]: () =>
        new Response(null, { status: 204 }),
    });
    const { router } = renderAdmin(`/admin/project-requests/${LINUS._id}`);
    const pane = await screen.findByRole('article');
    await waitFor(() =>
      expect(
        within(pane)
          .getAllByRole('status')
          .some((node) => /^Ana Ruiz is editing this since /.test(node.textContent ?? '')),
      ).toBe(true),
    );
    await router.navigate(`/project-requests/${GRACE._id}`);
    await waitFor(() =>
      expect(
        callsTo(requests, 'DELETE', `/api/presence/project-request/${LINUS._id}`),
      ).toHaveLength(1),
    );
  });
});
