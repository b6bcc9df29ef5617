// How long the public forms' proof of work takes in Chromium, as docs/spam.md reports it: the
// contact page of a running server (ATELIER_URL, default http://127.0.0.1:8080) is opened RUNS
// times at each CPU slowdown (CDP Emulation.setCPUThrottlingRate: 1 = this machine, 4 = a
// mid-range phone as Lighthouse emulates one), and the time from the form starting its search
// (`data-proof="solving"`) to the answer being ready (`"ready"`) is read in the page. Prints the
// median and the slowest per rate. Usage: node frontend/e2e/measure/proof-of-work.mjs
import { chromium } from 'playwright-core';

const base = process.env.ATELIER_URL ?? 'http://127.0.0.1:8080';
// At most 30 challenges per client within 10 minutes: keep rates × runs under that.
const runs = Number(process.env.RUNS ?? 12);
const rates = (process.env.RATES ?? '1,4').split(',').map(Number);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu'],
});

const observe = () => {
  const marks = {};
  window.__proofMarks = marks;
  new MutationObserver(() => {
    const form = document.querySelector('form[data-proof]');
    const state = form?.getAttribute('data-proof');
    if (state && !(state in marks)) marks[state] = performance.now();
  }).observe(document, {
    subtree: true,
    attributes: true,
    childList: true,
    attributeFilter: ['data-proof'],
  });
};

for (const rate of rates) {
  const took = [];
  for (let run = 0; run < runs; run += 1) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.addInitScript(observe);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await page.goto(`${base}/contact`);
    await page.waitForFunction(() => window.__proofMarks?.ready !== undefined, null, {
      timeout: 60_000,
    });
    const marks = await page.evaluate(() => window.__proofMarks);
    took.push(marks.ready - marks.solving);
    await context.close();
  }
  const sorted = took.sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  process.stdout.write(
    `rate ${rate}x: ${runs} runs, median ${median.toFixed(0)} ms, ` +
      `fastest ${sorted[0].toFixed(0)} ms, slowest ${sorted.at(-1).toFixed(0)} ms\n`,
  );
}
const page = await browser.newPage();
process.stdout.write(
  `cores seen by the page: ${await page.evaluate(() => navigator.hardwareConcurrency)}\n`,
);
await browser.close();
