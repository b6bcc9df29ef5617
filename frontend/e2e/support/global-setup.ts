import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './admin-account';
import { repoRoot } from './paths';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the server under test listens, e.g. http://127.0.0.1:41234 */
    baseUrl: string;
  }
}

const READY_TIMEOUT_MS = 60_000;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const waitUntilReady = async (baseUrl: string, server: ChildProcess, output: () => string) => {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(
        `atelier exited (${server.exitCode ?? server.signalCode}) before it was ready:\n${output()}`,
      );
    }
    try {
      const response = await fetch(`${baseUrl}/api/ready`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  throw new Error(`atelier was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${output()}`);
};

/** Starts `atelier serve` on a free port with a fresh data folder; stops it afterwards. */
export default async function setup(project: TestProject) {
  const binary = process.env.ATELIER_BIN ?? join(repoRoot, 'target/debug/atelier');
  if (!existsSync(binary)) {
    throw new Error(`No server binary at ${binary}: build it (cargo build) or set ATELIER_BIN.`);
  }
  for (const app of ['public', 'admin']) {
    if (!existsSync(join(repoRoot, `frontend/apps/${app}/dist/index.html`))) {
      throw new Error(`frontend/apps/${app}/dist is missing: run \`pnpm build\` first.`);
    }
  }

  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'atelier-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const server = spawn(binary, ['serve'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ATELIER_PORT: String(port),
      ATELIER_HOST: '127.0.0.1',
      ATELIER_DATA_DIR: dataDir,
      ATELIER_LOG: 'warn',
      ATELIER_ADMIN_EMAIL: ADMIN_EMAIL,
      ATELIER_ADMIN_PASSWORD: ADMIN_PASSWORD,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);

  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      const forced = setTimeout(() => server.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(forced);
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilReady(baseUrl, server, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  project.provide('baseUrl', baseUrl);
  return stop;
}
