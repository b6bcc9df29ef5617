import { ApiError } from '@atelier/api-client/http';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answer, instantProof } from '@/test/proof-of-work';
import { renderWithRouter } from '@/test/render-with-router';
import { ProjectRequestForm } from './project-request-form';

const form = () => screen.getByRole('form', { name: 'Project request' });
const submitButton = () => within(form()).getByRole('button', { name: /Submit/ });

const fillValid = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.type(screen.getByLabelText(/Your Name/), '  Ada Lovelace ');
  await user.type(screen.getByLabelText(/Company Name/), ' Analytical Ltd ');
  await user.type(screen.getByLabelText(/Email Address/), ' Ada@Example.COM ');
  await user.type(screen.getByLabelText(/Phone Number/), ' +44 20 1234 ');
  await user.selectOptions(screen.getByLabelText(/Project Type/), 'web-app');
  await user.selectOptions(screen.getByLabelText(/Budget Range/), '10k-25k');
  await user.selectOptions(screen.getByLabelText(/Timeline/), '3-6-months');
  await user.type(screen.getByLabelText(/Project Description/), ' A booking system. ');
  await user.click(screen.getByRole('checkbox'));
};

describe('Project request form', () => {
  it('shows every required-field message word for word and sends nothing', async () => {
    const submit = vi.fn();
    renderWithRouter(<ProjectRequestForm submit={submit} proof={instantProof()} />);

    fireEvent.click(submitButton());

    const messages = await screen.findAllByRole('alert');
    expect(messages.map((message) => message.textContent)).toEqual([
      'Name is required',
      'Company name is required',
      'Email is required',
      'Please select a project type',
      'Please select a budget range',
      'Please select a timeline',
      'Please provide a brief description',
      'You must accept the terms',
    ]);
    expect(screen.getByLabelText(/Your Name/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/Your Name/)).toHaveAccessibleDescription('Name is required');
    expect(submit).not.toHaveBeenCalled();
  });

  it('says "Email is invalid" for a malformed email', async () => {
    const user = userEvent.setup();
    renderWithRouter(<ProjectRequestForm submit={vi.fn()} proof={instantProof()} />);

    await user.type(screen.getByLabelText(/Email Address/), 'not-an-email');
    await user.click(submitButton());

    expect(await screen.findByText('Email is invalid')).toBeInTheDocument();
  });

  it('clears a field error as soon as the field is edited', async () => {
    const user = userEvent.setup();
    renderWithRouter(<ProjectRequestForm submit={vi.fn()} proof={instantProof()} />);
    await user.click(submitButton());
    await screen.findByText('Name is required');

    await user.type(screen.getByLabelText(/Your Name/), 'A');

    expect(screen.queryByText('Name is required')).toBeNull();
    expect(screen.getByText('Company name is required')).toBeInTheDocument();
  });

  it('asks for the project type text when the type is custom, and sends that text', async () => {
    const user = userEvent.setup();
    const submit = vi.fn().mockResolvedValue({});
    renderWithRouter(<ProjectRequestForm submit={submit} proof={instantProof()} />);
    await fillValid(user);
    await user.selectOptions(screen.getByLabelText(/Project Type/), 'custom');

    await user.click(submitButton());
    expect(await screen.findByText('Please specify your project type')).toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText(/Specify Project Type/), '  Kiosk software ');
    await user.click(submitButton());

    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(submit.mock.calls[0]?.[0]).toMatchObject({ projectType: 'Kiosk software' });
  });

  it('sends trimmed values, a lowercased email, the fixed status and an empty honeypot', async () => {
    const user = userEvent.setup();
    const submit = vi.fn().mockResolvedValue({});
    renderWithRouter(<ProjectRequestForm submit={submit} proof={instantProof()} />);
    await fillValid(user);

    await user.click(submitButton());

    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(submit).toHaveBeenCalledWith({
      clientName: 'Ada Lovelace',
      companyName: 'Analytical Ltd',
      email: 'ada@example.com',
      phone: '+44 20 1234',
      projectType: 'web-app',
      budget: '10k-25k',
      timeline: '3-6-months',
      description: 'A booking system.',
      status: 'new_request',
      priority: 'medium',
      source: 'website',
      website: '',
      proofOfWork: answer(),
    });
  });

  it('offers the option lists of the specification', () => {
    renderWithRouter(<ProjectRequestForm submit={vi.fn()} proof={instantProof()} />);
    const values = (label: RegExp) =>
      within(screen.getByLabelText(label))
        .getAllByRole('option')
        .map((option) => option.getAttribute('value'))
        .filter(Boolean);

    expect(values(/Project Type/)).toEqual([
      'website',
      'mobile-app',
      'web-app',
      'ecommerce',
      'ui-ux',
      'seo',
      'custom',
    ]);
    expect(values(/Budget Range/)).toEqual([
      'under-5k',
      '5k-10k',
      '10k-25k',
      '25k-50k',
      'over-50k',
      'not-sure',
    ]);
    expect(values(/Timeline/)).toEqual([
      'asap',
      '1-3-months',
      '3-6-months',
      '6-plus-months',
      'flexible',
    ]);
  });

  it('hides a honeypot input named website from people and assistive technology', () => {
    renderWithRouter(<ProjectRequestForm submit={vi.fn()} proof={instantProof()} />);

    const honeypot = form().querySelector('input[name="website"]');
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot).toHaveAttribute('autocomplete', 'off');
    expect(honeypot?.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('disables the button with "Submitting..." while sending, then thanks the visitor', async () => {
    const user = userEvent.setup();
    let finish: (value: unknown) => void = () => {};
    const submit = vi.fn(() => new Promise((resolve) => (finish = resolve)));
    renderWithRouter(<ProjectRequestForm submit={submit} proof={instantProof()} />);
    await fillValid(user);

    await user.click(submitButton());
    const busy = await screen.findByRole('button', { name: 'Submitting...' });
    expect(busy).toBeDisabled();
    await user.click(busy);
    expect(submit).toHaveBeenCalledTimes(1);

    await act(async () => finish({}));
    expect(await screen.findByRole('heading', { name: 'Thank You!' })).toBeInTheDocument();
    expect(screen.getByText(/1-2 business days/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('returns to an empty form from "Submit Another Project"', async () => {
    const user = userEvent.setup();
    renderWithRouter(
      <ProjectRequestForm submit={vi.fn().mockResolvedValue({})} proof={instantProof()} />,
    );
    await fillValid(user);
    await user.click(submitButton());

    await user.click(await screen.findByRole('button', { name: 'Submit Another Project' }));

    expect(screen.getByLabelText(/Your Name/)).toHaveValue('');
    expect(screen.getByRole('checkbox')).not.toBeChecked();
  });

  it("shows the server's message on failure and keeps the form", async () => {
    const user = userEvent.setup();
    const submit = vi
      .fn()
      .mockRejectedValue(
        new ApiError(429, 'Too many requests', { body: { message: 'Too many requests' } }),
      );
    renderWithRouter(<ProjectRequestForm submit={submit} proof={instantProof()} />);
    await fillValid(user);

    await user.click(submitButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests');
    expect(screen.getByLabelText(/Your Name/)).toHaveValue('  Ada Lovelace ');
  });

  it('shows the generic failure message without a server message, and clears it after 5 s', async () => {
    const user = userEvent.setup();
    const submit = vi.fn().mockRejectedValue(new ApiError(0, 'offline', { kind: 'network' }));
    renderWithRouter(<ProjectRequestForm submit={submit} proof={instantProof()} />);
    await fillValid(user);
    vi.useFakeTimers({ shouldAdvanceTime: true });

    fireEvent.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There was an error submitting your request. Please try again.',
    );

    await act(async () => {});
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByRole('alert')).toBeNull();
    vi.useRealTimers();
  });
});
