import { describe, expect, it } from 'vitest';
import { faqTopics, filterFaqs, sortFaqs } from './faq-order';

const faq = (question: string, order: number, createdAt: string, tags: string[] = []) => ({
  question,
  answer: `Answer to ${question}`,
  order,
  createdAt,
  tags,
});

describe('FAQ rules', () => {
  it('sorts by order, then by creation time', () => {
    const sorted = sortFaqs([
      faq('c', 2, '2024-01-01T00:00:00Z'),
      faq('b', 1, '2024-02-01T00:00:00Z'),
      faq('a', 1, '2024-01-01T00:00:00Z'),
    ]);
    expect(sorted.map((item) => item.question)).toEqual(['a', 'b', 'c']);
  });

  it('lists each topic once', () => {
    expect(faqTopics([{ tags: ['pricing', 'process'] }, { tags: ['pricing', ' '] }])).toEqual([
      'pricing',
      'process',
    ]);
  });

  it('filters by topic and by text in the question or answer', () => {
    const faqs = [
      faq('How much?', 1, '2024-01-01T00:00:00Z', ['pricing']),
      faq('How long?', 2, '2024-01-01T00:00:00Z', ['process']),
    ];
    expect(filterFaqs(faqs, '', 'pricing').map((item) => item.question)).toEqual(['How much?']);
    expect(filterFaqs(faqs, 'LONG', null).map((item) => item.question)).toEqual(['How long?']);
    expect(filterFaqs(faqs, 'answer to how', 'process').map((item) => item.question)).toEqual([
      'How long?',
    ]);
  });
});
