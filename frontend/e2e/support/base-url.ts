declare global {
  /** Set by support/server-per-file.ts before the spec file is loaded. */
  var atelierBaseUrl: string | undefined;
}

/** The address of this spec file's own server, e.g. http://127.0.0.1:41234 */
export const serverUrl = (): string => {
  const url = globalThis.atelierBaseUrl;
  if (!url) throw new Error('No server for this file: support/server-per-file.ts did not run');
  return url;
};
