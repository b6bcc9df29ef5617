/**
 * Previews the server fills in: a post's or a project's page arrives with its title and cover in
 * its HTML, and a list's page (`/blog`, `/portfolio`) with its first cards, so they paint before any
 * script has run (crates/adapters-http/src/site/preview.rs).
 *
 * The build draws each preview once with placeholders and lists it with the page (`pages.json`);
 * the server puts the record in (for a list, into its `card` once per record, the cards going where
 * the list's `preview` has {@link CARDS}):
 *
 * - `{{name}}`, in text or an attribute value, becomes the record's field `name` (as the API names
 *   it), escaped;
 * - `{{html:name}}` becomes HTML the server writes (a post's text and tags), sanitised there;
 * - the `<img>` carrying {@link COVER_ATTRIBUTE} (its value: the picture shown when the record has
 *   none) gets the record's cover: `src`, and for a library image its WebP copies (`srcset`,
 *   `sizes`) and size (`width`, `height`), exactly as the page's `<img>` will offer them.
 */

/** Where the server writes the record's field `name`. */
export const field = (name: string) => `{{${name}}}`;

/**
 * Stands for HTML the server writes there itself (a post's text and tags), already safe: unlike a
 * field, it is not escaped.
 */
export const htmlField = (name: string) => field(`html:${name}`);

/** The attribute of the `<img>` the server gives the record's cover; its value is the fallback. */
export const COVER_ATTRIBUTE = 'data-cover';

/** Where a list's preview takes its first cards, each the list's card filled from one record. */
export const CARDS = field('cards');
