/**
 * Stands in for `@codemirror/language-data` in the build (vite.config.ts): its list names a lazy
 * chunk for each of 100+ languages, and the editor loads none of them (`autoLoadLanguageSupport`
 * is off), so the list is empty and no such chunk is emitted.
 */
export const languages: never[] = [];
