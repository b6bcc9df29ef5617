import type { Faq } from '@atelier/api-client/api';

/** FAQs by `order`, then oldest first (public-site.md §2). */
export const sortFaqs = <T extends Pick<Faq, 'order' | 'createdAt'>>(faqs: readonly T[]): T[] =>
  [...faqs].sort((a, b) => a.order - b.order || Date.parse(a.createdAt) - Date.parse(b.createdAt));

/** Every topic (tag) used by the FAQs, once each, alphabetically. */
export const faqTopics = (faqs: readonly Pick<Faq, 'tags'>[]): string[] =>
  [...new Set(faqs.flatMap((faq) => faq.tags.map((tag) => tag.trim()).filter(Boolean)))].sort(
    (a, b) => a.localeCompare(b),
  );

/** Case-insensitive search of the question and answer, and the chosen topic (null for all). */
export const filterFaqs = <T extends Pick<Faq, 'question' | 'answer' | 'tags'>>(
  faqs: readonly T[],
  search: string,
  topic: string | null,
): T[] => {
  const needle = search.trim().toLowerCase();
  return faqs.filter(
    (faq) =>
      (!topic || faq.tags.some((tag) => tag.trim() === topic)) &&
      (!needle ||
        faq.question.toLowerCase().includes(needle) ||
        faq.answer.toLowerCase().includes(needle)),
  );
};
