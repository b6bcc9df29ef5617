import { json, type MockHandler, mockApi, never } from '@atelier/api-client/test/mock-api';
import { setMatchingMedia } from '@atelier/ui/test/browser-stubs';
import { LARGE_SCREEN_QUERY, MEDIUM_SCREEN_QUERY } from '@atelier/ui/use-media-query';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeTestimonial, testimonialList } from '@/test/fixtures';
import { renderRoute } from '@/test/render-route';

const FIVE = ['Ann', 'Ben', 'Cat', 'Dan', 'Eve'].map((name) => makeTestimonial({ name }));
const renderHome = (answer: MockHandler = () => json(200, testimonialList(FIVE))) => {
  const mocked = mockApi({ 'GET /api/testimonials': answer });
  renderRoute('/');
  return mocked;
};
const section = () => screen.getByRole('region', { name: 'What Our Clients Say' });
const shownNames = () =>
  within(section())
    .queryAllByTestId('testimonial-card')
    .map((card) => card.querySelector('figcaption .font-semibold')?.textContent);

describe('Testimonials section', () => {
  it('asks for up to 30 approved testimonials', async () => {
    const { requests } = renderHome();
    await within(section()).findAllByTestId('testimonial-card');

    const request = requests.find((r) => r.url.includes('/api/testimonials'));
    expect(Object.fromEntries(new URL(request?.url ?? '').searchParams)).toEqual({
      status: 'approved',
      limit: '30',
    });
  });

  it('holds the space while loading', () => {
    renderHome(never);
    expect(within(section()).getByRole('status', { name: 'Loading testimonials' })).toBeVisible();
  });

  it.each([
    [[MEDIUM_SCREEN_QUERY, LARGE_SCREEN_QUERY], 3],
    [[MEDIUM_SCREEN_QUERY], 2],
    [[], 1],
  ])('shows a window of testimonials sized to the screen (%j → %i)', async (queries, count) => {
    setMatchingMedia(...queries);
    renderHome();

    await within(section()).findAllByTestId('testimonial-card');
    expect(shownNames()).toHaveLength(count);
  });

  it('moves with previous and next, wrapping around, and with the dots', async () => {
    setMatchingMedia(MEDIUM_SCREEN_QUERY, LARGE_SCREEN_QUERY);
    renderHome();
    await within(section()).findAllByTestId('testimonial-card');
    expect(shownNames()).toEqual(['Ann', 'Ben', 'Cat']);

    fireEvent.click(screen.getByRole('button', { name: 'Previous testimonials' }));
    expect(shownNames()).toEqual(['Eve', 'Ann', 'Ben']);
    fireEvent.click(screen.getByRole('button', { name: 'Next testimonials' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next testimonials' }));
    expect(shownNames()).toEqual(['Ben', 'Cat', 'Dan']);
    fireEvent.click(screen.getByRole('button', { name: 'Go to testimonial 4' }));
    expect(shownNames()).toEqual(['Dan', 'Eve', 'Ann']);
  });

  it('moves one on a swipe of more than 50 px', async () => {
    setMatchingMedia();
    renderHome();
    const [card] = await within(section()).findAllByTestId('testimonial-card');
    const track = card?.parentElement as HTMLElement;

    fireEvent.pointerDown(track, { clientX: 200 });
    fireEvent.pointerUp(track, { clientX: 149 });
    expect(shownNames()).toEqual(['Ben']);
    fireEvent.pointerDown(track, { clientX: 200 });
    fireEvent.pointerUp(track, { clientX: 250 });
    expect(shownNames()).toEqual(['Ben']);
  });

  it('shows half stars, cycles avatar colours and explains an empty testimonial', async () => {
    setMatchingMedia(MEDIUM_SCREEN_QUERY, LARGE_SCREEN_QUERY);
    renderHome(() =>
      json(
        200,
        testimonialList([
          makeTestimonial({ rating: 4.5, content: '**Superb** team' }),
          makeTestimonial({ content: '  ' }),
          makeTestimonial(),
        ]),
      ),
    );
    const cards = await within(section()).findAllByTestId('testimonial-card');

    expect(within(cards[0] as HTMLElement).getByRole('img')).toHaveAccessibleName(
      'Rated 4.5 out of 5',
    );
    expect(cards[0]?.querySelector('[data-star="half"]')).not.toBeNull();
    expect(within(cards[0] as HTMLElement).getByText('Superb').tagName).toBe('STRONG');
    expect(cards[1]).toHaveTextContent('No testimonial content provided.');
    const avatars = within(section()).getAllByTestId('testimonial-avatar');
    expect(new Set(avatars.map((avatar) => avatar.className)).size).toBe(3);
  });

  it('says so when there are no testimonials, and shows no error state', async () => {
    renderHome(() => json(500, { message: 'Boom' }));

    expect(
      await within(section()).findByText('No testimonials available at the moment.'),
    ).toBeInTheDocument();
    expect(within(section()).queryByRole('alert')).toBeNull();
  });
});
