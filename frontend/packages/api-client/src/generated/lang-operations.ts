/**
 * Generated from openapi/openapi.json by @atelier/api-codegen (lang-operations.mjs). Do not edit.
 *
 * The path templates of the GET operations that take a `lang` query parameter.
 */
export const LANG_OPERATIONS: readonly string[] = [
  '/blog/public/posts',
  '/blog/public/posts/featured',
  '/blog/public/posts/slug/{slug}',
];
