import type { PageHead } from '@atelier/api-client/api';

/** The attribute the server marks each element of a page's head with (see crates/adapters-http/src/site). */
const MARK = 'data-head';

/**
 * Puts a page's head in place of the one shown: the title, and every element the server marked
 * (description, canonical and feed links, link previews, JSON-LD) replaced by the new page's.
 */
export const applyHead = (head: PageHead, target: Document = document) => {
  target.title = head.title;
  for (const element of target.head.querySelectorAll(`[${MARK}]`)) element.remove();
  const elements = head.elements.map(({ tag, attributes }) => {
    const element = target.createElement(tag === 'link' ? 'link' : 'meta');
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    element.setAttribute(MARK, '');
    return element;
  });
  const data = target.createElement('script');
  data.type = 'application/ld+json';
  data.setAttribute(MARK, '');
  // Text, never markup: the JSON cannot end the element whatever it holds.
  data.textContent = head.structuredData;
  target.head.append(...elements, data);
};
