import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  page: Page;
  /** Every URL the page requested, to prove no external host is contacted. */
  requestedUrls: string[];
  close: () => Promise<void>;
}

const VISITOR_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

/** Debian's Chromium with a fresh profile; never a downloaded browser. */
export const launchBrowser = async (viewport = { width: 1280, height: 900 }): Promise<Browser> => {
  const profile = await mkdtemp(join(tmpdir(), 'atelier-e2e-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    viewport,
    // As a visitor's Chromium names itself: the page-view beacon counts no headless browser.
    userAgent: VISITOR_USER_AGENT,
  });
  const requestedUrls: string[] = [];
  context.on('request', (request) => requestedUrls.push(request.url()));
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    requestedUrls,
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
};

/**
 * A browser for the enclosing `describe`: launched before its tests and closed after them.
 * Returns a getter, since the browser exists only once the suite has started.
 */
export const browserForSuite = (viewport?: { width: number; height: number }) => {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser(viewport);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return (): Browser => {
    if (!browser) throw new Error('The suite has not started its browser yet');
    return browser;
  };
};

/**
 * Clicks `trigger` until `shown` is visible. A pre-rendered page shows its buttons before React has
 * adopted them, and a click in that moment does nothing: the click is repeated once the first one
 * is seen to have had no effect, never while the target is already shown.
 */
export const clickUntilShown = async (trigger: Locator, shown: Locator, timeout = 15_000) => {
  const deadline = Date.now() + timeout;
  while (!(await shown.isVisible())) {
    if (Date.now() > deadline) throw new Error(`Clicking ${trigger} never showed ${shown}`);
    await trigger.click();
    await shown.waitFor({ timeout: 1_000 }).catch(() => undefined);
  }
};
