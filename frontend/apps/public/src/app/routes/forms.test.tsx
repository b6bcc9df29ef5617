import { json, mockApi } from '@atelier/api-client/test/mock-api';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer, challenge } from '@/test/proof-of-work';
import { renderRoute } from '@/test/render-route';

describe('The public forms reach the server', () => {
  it('posts a contact message to /api/contacts', async () => {
    const user = userEvent.setup();
    const { requests } = mockApi({
      'GET /api/challenge': () => json(200, challenge()),
      'POST /api/contacts': () => json(201, { _id: '1' }),
    });
    renderRoute('/contact');

    await user.type(await screen.findByLabelText(/Your Name/), 'Grace');
    await user.type(screen.getByLabelText(/Email Address/), 'grace@example.com');
    await user.type(screen.getByLabelText(/Subject/), 'Hello');
    await user.type(screen.getByLabelText(/^Message/), 'Hi there');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Thank you for your message!');
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.headers.get('content-type')).toContain('application/json');
    expect(await post?.json()).toEqual({
      name: 'Grace',
      email: 'grace@example.com',
      phone: '',
      subject: 'Hello',
      message: 'Hi there',
      status: 'new',
      priority: 'medium',
      source: 'website',
      tags: [],
      website: '',
      proofOfWork: answer(),
    });
  });

  it('posts a project request to /api/project-requests and shows the server message on failure', async () => {
    const user = userEvent.setup();
    let reply = json(429, { message: 'Too many submissions. Please try again later.' });
    const { requests } = mockApi({
      'GET /api/challenge': () => json(200, challenge()),
      'POST /api/project-requests': () => reply,
    });
    renderRoute('/discuss-project');

    await user.type(await screen.findByLabelText(/Your Name/), 'Ada');
    await user.type(screen.getByLabelText(/Company Name/), 'Analytical');
    await user.type(screen.getByLabelText(/Email Address/), 'ada@example.com');
    await user.selectOptions(screen.getByLabelText(/Project Type/), 'website');
    await user.selectOptions(screen.getByLabelText(/Budget Range/), 'not-sure');
    await user.selectOptions(screen.getByLabelText(/Timeline/), 'flexible');
    await user.type(screen.getByLabelText(/Project Description/), 'A site');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Submit Project Request' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many submissions. Please try again later.',
    );
    reply = json(201, { _id: '1' });
    await user.click(screen.getByRole('button', { name: 'Submit Project Request' }));
    expect(await screen.findByRole('heading', { name: 'Thank You!' })).toBeInTheDocument();
    const posts = requests.filter((request) => request.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(await posts[1]?.json()).toMatchObject({
      clientName: 'Ada',
      projectType: 'website',
      status: 'new_request',
      priority: 'medium',
      source: 'website',
      website: '',
      proofOfWork: answer(),
    });
    expect(requests.filter((request) => request.url.endsWith('/api/challenge'))).toHaveLength(2);
  });
});
