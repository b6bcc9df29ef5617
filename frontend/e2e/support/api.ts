import type { paths } from '@atelier/api-client/schema';

type Get<Path extends keyof paths> = paths[Path] extends { get: infer Operation }
  ? Operation
  : never;

/** The JSON body of a 200 answer to GET `Path`, as the OpenAPI document declares it. */
export type GetResponse<Path extends keyof paths> =
  Get<Path> extends {
    responses: { 200: { content: { 'application/json': infer Body } } };
  }
    ? Body
    : never;

/** The query parameters GET `Path` accepts. */
export type GetQuery<Path extends keyof paths> =
  Get<Path> extends {
    parameters: { query?: infer Query };
  }
    ? NonNullable<Query>
    : never;

/** A typed GET of the API under test. */
export const apiGet = async <Path extends keyof paths>(
  baseUrl: string,
  path: Path,
  query?: GetQuery<Path>,
): Promise<GetResponse<Path>> => {
  const url = new URL(`/api${path}`, baseUrl);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  const response = await fetch(url, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return (await response.json()) as GetResponse<Path>;
};
