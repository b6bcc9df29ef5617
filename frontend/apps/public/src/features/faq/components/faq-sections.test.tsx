import { json, type MockHandler, mockApi, never } from '@atelier/api-client/test/mock-api';
import { setMatchingMedia } from '@atelier/ui/test/browser-stubs';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { faqList, makeFaq } from '@/test/fixtures';
import { renderRoute } from '@/test/render-route';

const EIGHT = Array.from({ length: 8 }, (_, index) =>
  makeFaq({ question: `Q${8 - index}?`, order: 8 - index }),
);
const mockFaqs = (answer: MockHandler) => mockApi({ 'GET /api/faqs': answer });
const questions = (scope: HTMLElement) =>
  within(scope)
    .queryAllByTestId('faq-item')
    .map((item) => within(item).getByRole('button').textContent?.replace(/[+−]$/, ''));

describe('FAQ preview on the home page', () => {
  const preview = () => screen.getByRole('region', { name: 'Frequently Asked Questions' });

  it('asks for 50 active FAQs and shows the first 6 by order on a desktop, with View All FAQs', async () => {
    const { requests } = mockFaqs(() => json(200, faqList(EIGHT)));
    renderRoute('/');

    await screen.findAllByTestId('faq-item');
    expect(questions(preview())).toEqual(['Q1?', 'Q2?', 'Q3?', 'Q4?', 'Q5?', 'Q6?']);
    expect(within(preview()).getByRole('link', { name: 'View All FAQs' })).toHaveAttribute(
      'href',
      '/faq',
    );
    const request = requests.find((r) => r.url.includes('/api/faqs'));
    expect(Object.fromEntries(new URL(request?.url ?? '').searchParams)).toEqual({
      status: 'active',
      limit: '50',
    });
  });

  it('shows 4 below 768 px', async () => {
    setMatchingMedia();
    mockFaqs(() => json(200, faqList(EIGHT)));
    renderRoute('/');

    await screen.findAllByTestId('faq-item');
    expect(questions(preview())).toHaveLength(4);
  });

  it('has no View All FAQs link when every FAQ is shown', async () => {
    mockFaqs(() => json(200, faqList(EIGHT.slice(0, 3))));
    renderRoute('/');

    await screen.findAllByTestId('faq-item');
    expect(within(preview()).queryByRole('link', { name: 'View All FAQs' })).toBeNull();
  });

  it('holds the space while loading', () => {
    mockFaqs(never);
    renderRoute('/');
    expect(within(preview()).getByRole('status', { name: 'Loading questions' })).toBeVisible();
  });
});

describe('FAQ page', () => {
  const page = () => screen.getByRole('main');

  it('opens one answer at a time; clicking the open one closes it', async () => {
    mockFaqs(() =>
      json(200, faqList([makeFaq({ question: 'A?', answer: 'Yes **indeed**' }), makeFaq()])),
    );
    renderRoute('/faq');
    const [first, second] = await screen.findAllByTestId('faq-item');
    const firstButton = within(first as HTMLElement).getByRole('button');
    const secondButton = within(second as HTMLElement).getByRole('button');

    fireEvent.click(firstButton);
    expect(firstButton).toHaveAttribute('aria-expanded', 'true');
    expect(within(first as HTMLElement).getByText('indeed')).toBeVisible();
    fireEvent.click(secondButton);
    expect(firstButton).toHaveAttribute('aria-expanded', 'false');
    expect(secondButton).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(secondButton);
    expect(secondButton).toHaveAttribute('aria-expanded', 'false');
  });

  it('asks for 100 active FAQs, searches and filters by topic', async () => {
    const { requests } = mockFaqs(() =>
      json(
        200,
        faqList([
          makeFaq({ question: 'How much does it cost?', tags: ['pricing'] }),
          makeFaq({ question: 'How long does it take?', tags: ['process'] }),
          makeFaq({ question: 'Do you sign NDAs?', answer: 'Yes, and we cost nothing extra' }),
        ]),
      ),
    );
    renderRoute('/faq');
    await screen.findAllByTestId('faq-item');
    const request = requests.find((r) => r.url.includes('/api/faqs'));
    expect(new URL(request?.url ?? '').searchParams.get('limit')).toBe('100');

    fireEvent.change(screen.getByLabelText('Search questions'), { target: { value: 'cost' } });
    expect(questions(page())).toEqual(['How much does it cost?', 'Do you sign NDAs?']);

    fireEvent.click(screen.getByRole('button', { name: 'pricing' }));
    expect(questions(page())).toEqual(['How much does it cost?']);

    fireEvent.click(screen.getByRole('button', { name: 'process' }));
    expect(screen.getByRole('heading', { name: 'No FAQs Found' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(questions(page())).toHaveLength(3);
  });

  it('explains that there are no FAQs yet', async () => {
    mockFaqs(() => json(200, faqList([])));
    renderRoute('/faq');

    expect(await screen.findByRole('heading', { name: 'No FAQs Available' })).toBeInTheDocument();
    expect(
      screen.getByText("We're working on adding helpful questions and answers."),
    ).toBeInTheDocument();
    expect(screen.getByText('Please check back later for updates.')).toBeInTheDocument();
  });
});
