import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './admin-account';
import { repoRoot } from './paths';

const READY_TIMEOUT_MS = 60_000;

/** The server binary under test: `ATELIER_BIN`, else the debug build of this checkout. */
export const serverBinary = () => process.env.ATELIER_BIN ?? join(repoRoot, 'target/debug/atelier');

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

const exited = (server: ChildProcess) => server.exitCode !== null || server.signalCode !== null;

const waitUntilReady = async (baseUrl: string, server: ChildProcess, output: () => string) => {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited(server)) {
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
    await sleep(100);
  }
  throw new Error(`atelier was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${output()}`);
};

export interface RunningServer {
  /** Where the server listens, e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  stop: () => Promise<void>;
}

/**
 * Starts `atelier serve` on a free port with a fresh data folder, so it migrates and seeds the demo
 * content into an empty database. A port another process took between the probe and the bind is
 * retried on a new one.
 */
export const startServer = async (): Promise<RunningServer> => {
  const binary = serverBinary();
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnce(binary);
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('in use')) throw error;
    }
  }
};

const startOnce = async (binary: string): Promise<RunningServer> => {
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
      // The webhook spec's receiver listens on loopback, which webhooks otherwise may not reach.
      ATELIER_WEBHOOK_ALLOW_NETWORKS: '127.0.0.1/32',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);

  const stop = async () => {
    if (!exited(server)) {
      const gone = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      const forced = setTimeout(() => server.kill('SIGKILL'), 5_000);
      await gone;
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
  return { baseUrl, stop };
};

/** Checks once, before any file starts, that there is something to test. */
export const assertBuilt = () => {
  const binary = serverBinary();
  if (!existsSync(binary)) {
    throw new Error(`No server binary at ${binary}: build it (cargo build) or set ATELIER_BIN.`);
  }
  for (const app of ['public', 'admin']) {
    if (!existsSync(join(repoRoot, `frontend/apps/${app}/dist/index.html`))) {
      throw new Error(`frontend/apps/${app}/dist is missing: run \`pnpm build\` first.`);
    }
  }
};
