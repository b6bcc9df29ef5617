import { defineConfig } from 'orval';

/**
 * React Query hooks for every operation of openapi/openapi.json, written to
 * @atelier/api-client. All requests go through the hand-written `customFetch`
 * (base /api, timeout, bearer token, 401 handling, errors thrown as ApiError).
 */
export default defineConfig({
  atelier: {
    input: { target: '../../../openapi/openapi.json' },
    output: {
      mode: 'single',
      target: '../api-client/src/generated/api.ts',
      client: 'react-query',
      httpClient: 'fetch',
      clean: true,
      packageJson: '../api-client/package.json',
      override: {
        mutator: { path: '../api-client/src/http.ts', name: 'customFetch' },
        fetch: { includeHttpResponseReturnType: false },
      },
    },
  },
});
