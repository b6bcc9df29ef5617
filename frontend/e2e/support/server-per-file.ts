import { afterAll } from 'vitest';
import { startServer } from './server';

/**
 * Each spec file gets its own server with its own freshly seeded database, started before the
 * file's tests and stopped after them: files cannot see each other's records, sessions or rate
 * limits, so they run in parallel and in any order.
 */
const server = await startServer();
globalThis.atelierBaseUrl = server.baseUrl;
afterAll(server.stop);
