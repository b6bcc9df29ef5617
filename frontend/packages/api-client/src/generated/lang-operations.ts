/**
 * Generated from openapi/openapi.json by @atelier/api-codegen (lang-operations.mjs). Do not edit.
 *
 * The path templates of the GET operations that take a `lang` query parameter.
 */
export const LANG_OPERATIONS: readonly string[] = [
  '/blog/categories',
  '/blog/public/posts',
  '/blog/public/posts/featured',
  '/blog/public/posts/slug/{slug}',
  '/blog/tags',
  '/contact-details',
  '/content/{type}',
  '/faqs',
  '/faqs/{id}',
  '/home-page',
  '/portfolio',
  '/portfolio/slug/{slug}',
  '/portfolio/{id}',
  '/services',
  '/services/featured',
  '/services/{id}',
  '/settings',
  '/tags',
  '/tags/popular',
  '/team',
  '/team/{id}',
  '/testimonials',
  '/testimonials/{id}',
];
