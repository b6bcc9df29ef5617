// Measures the markdown editor (issue 10, deliverable 5) against a running server:
//   ATELIER_URL=http://127.0.0.1:8080 ATELIER_ADMIN_EMAIL=… ATELIER_ADMIN_PASSWORD=… \
//     node frontend/scripts/measure-editor.mjs
// Prints the editor chunk's size on disk (brotli twins of the admin build), whether the blog list
// downloads it (it must not), and the time from clicking 'Edit' to an editor that takes typing.
import { readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(join(dirname(fileURLToPath(import.meta.url)), '../e2e/package.json'));
const { chromium } = require('playwright-core');

const say = (line) => process.stdout.write(`${line}\n`);
const base = process.env.ATELIER_URL ?? 'http://127.0.0.1:8080';
const email = process.env.ATELIER_ADMIN_EMAIL ?? 'admin@atelier.local';
const password = process.env.ATELIER_ADMIN_PASSWORD ?? '';
const assets = join(dirname(fileURLToPath(import.meta.url)), '../apps/admin/dist/assets');

for (const name of readdirSync(assets).filter((file) =>
  /^markdown(-editor)?-[\w]{8}\.(js|css)\.br$/.test(file),
)) {
  say(`${name}: ${(statSync(join(assets, name)).size / 1024).toFixed(1)} KiB brotli`);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
const requests = [];
page.on('request', (request) => requests.push(request.url()));
await page.goto(`${base}/admin/login`);
await page.fill('input[type=email]', email);
await page.fill('input[type=password]', password);
await page.click('button[type=submit]');
await page.waitForURL('**/admin/dashboard');

requests.length = 0;
await page.goto(`${base}/admin/blog`);
await page.waitForSelector('text=/Showing 1/');
const loaded = requests
  .filter((url) => /\/markdown(-editor)?-\w{8}\.(js|css)$/.test(url))
  .map((url) => url.split('/').pop());
say(`blog list loads the editor's chunks: ${loaded.length > 0 ? loaded.join(', ') : 'none'}`);

const times = [];
for (let i = 0; i < 5; i++) {
  const started = Date.now();
  await page
    .getByRole('button', { name: /^Edit / })
    .nth(i)
    .click();
  await page.waitForFunction(() => {
    const surface = document.querySelector('.atelier-mdx-content[contenteditable]');
    return surface?.getAttribute('contenteditable') === 'true' && !surface.closest('.invisible');
  });
  times.push(Date.now() - started);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.waitForSelector('[role=dialog]', { state: 'detached' });
}
say(
  `Edit → usable editor: first ${times[0]} ms (chunk downloaded), then ${times.slice(1).join(', ')} ms`,
);
await browser.close();
