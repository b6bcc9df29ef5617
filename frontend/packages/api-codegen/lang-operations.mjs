// Writes @atelier/api-client's list of the reads that take a page's language: every GET of
// openapi/openapi.json declaring a `lang` query parameter, as its path template. The HTTP wrapper
// and the public site's query client consult it (`@atelier/api-client/lang`), so declaring `lang`
// on another read in the API document is all it takes for the site to send it.
import { readFile, writeFile } from 'node:fs/promises';

const spec = JSON.parse(
  await readFile(new URL('../../../openapi/openapi.json', import.meta.url), 'utf8'),
);

/** A parameter object, following a `$ref` into the document's components. */
const resolve = (parameter) => {
  const ref = parameter?.$ref;
  if (typeof ref !== 'string') return parameter;
  return ref
    .replace(/^#\//, '')
    .split('/')
    .reduce((node, part) => node?.[part.replaceAll('~1', '/').replaceAll('~0', '~')], spec);
};

const takesLang = (parameters = []) =>
  parameters
    .map(resolve)
    .some((parameter) => parameter?.in === 'query' && parameter.name === 'lang');

const templates = Object.entries(spec.paths ?? {})
  .filter(([, item]) => takesLang([...(item.parameters ?? []), ...(item.get?.parameters ?? [])]))
  .filter(([, item]) => item.get)
  .map(([path]) => path)
  .sort();

await writeFile(
  new URL('../api-client/src/generated/lang-operations.ts', import.meta.url),
  `/**
 * Generated from openapi/openapi.json by @atelier/api-codegen (lang-operations.mjs). Do not edit.
 *
 * The path templates of the GET operations that take a \`lang\` query parameter.
 */
export const LANG_OPERATIONS: readonly string[] = ${JSON.stringify(templates)};
`,
);
