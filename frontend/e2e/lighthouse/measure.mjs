// Runs Lighthouse against a running Atelier (its demo content) and prints, per page and preset, the
// median of each figure over the runs: the four category scores, TBT, LCP, CLS and the JavaScript the
// page loaded (bytes as transferred). `scripts/lighthouse.sh` builds and starts the server first.
//
//   node frontend/e2e/lighthouse/measure.mjs http://127.0.0.1:8080
//
// LIGHTHOUSE_RUNS (default 3), LIGHTHOUSE_PRESETS (default "mobile desktop"), LIGHTHOUSE_PAGES
// (space-separated paths; default one page of each public kind: home, /services, /portfolio, a project,
// /blog, a post, /faq, /about and a policy page, the post and project the newest seeded) and CHROME_PATH
// (default /usr/bin/chromium) change what is measured. LIGHTHOUSE_JSON names a file for the figures.
import { writeFile } from 'node:fs/promises';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const base = (process.argv[2] ?? process.env.ATELIER_URL ?? '').replace(/\/$/, '');
if (!base) {
  process.stderr.write('usage: measure.mjs <base url of a running atelier>\n');
  process.exit(2);
}
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const presets = (process.env.LIGHTHOUSE_PRESETS ?? 'mobile desktop').split(/\s+/).filter(Boolean);
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const firstOf = async (path, field) => {
  const response = await fetch(`${base}/api${path}`, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET /api${path} answered ${response.status}`);
  const body = await response.json();
  const item = body[field]?.[0];
  if (!item) throw new Error(`GET /api${path} listed nothing in ${field}`);
  return item.slug || item._id;
};

const pages = process.env.LIGHTHOUSE_PAGES
  ? process.env.LIGHTHOUSE_PAGES.split(/\s+/).filter(Boolean)
  : [
      '/',
      '/services',
      '/portfolio',
      `/project/${await firstOf('/portfolio?limit=1', 'projects')}`,
      '/blog',
      `/blog/${await firstOf('/blog/public/posts?limit=1&status=published', 'blogs')}`,
      '/faq',
      '/about',
      '/privacy-policy',
    ];

const median = (values) => {
  const sorted = values.filter((value) => typeof value === 'number').sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** One Lighthouse run in a fresh browser (empty cache), reduced to the figures we track. */
const measure = async (url, preset) => {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error' },
      preset === 'desktop' ? desktopConfig : undefined,
    );
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    const score = (id) => Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100);
    const audit = (id) => lhr.audits[id]?.numericValue;
    const requests = lhr.audits['network-requests']?.details?.items ?? [];
    const scriptBytes = requests
      .filter((request) => request.resourceType === 'Script')
      .reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
    // The largest paint's element and its parts as the trace recorded them (not simulated).
    const lcpParts = lhr.audits['lcp-breakdown-insight']?.details?.items ?? [];
    const lcpNode = lcpParts.find((part) => part.type === 'node');
    const lcpPhases = (lcpParts.find((part) => part.type === 'table')?.items ?? [])
      .map((phase) => `${phase.subpart} ${Math.round(phase.duration)} ms`)
      .join(', ');
    return {
      lcpElement: lcpNode
        ? `${lcpNode.selector ?? lcpNode.nodeLabel}${lcpPhases ? ` (${lcpPhases})` : ''}`
        : '',
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      tbt: audit('total-blocking-time'),
      lcp: audit('largest-contentful-paint'),
      cls: audit('cumulative-layout-shift'),
      js: scriptBytes,
      failed: Object.values(lhr.audits)
        .filter(
          (entry) =>
            entry.score !== null &&
            entry.score < 0.9 &&
            entry.scoreDisplayMode !== 'informative' &&
            entry.scoreDisplayMode !== 'manual' &&
            entry.scoreDisplayMode !== 'notApplicable',
        )
        .map((entry) => entry.id),
    };
  } finally {
    await chrome.kill();
  }
};

/** A run Lighthouse could not record (e.g. NO_NAVSTART under load) is tried again, twice at most. */
const measureWithRetries = async (url, preset) => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await measure(url, preset);
    } catch (error) {
      if (attempt >= 3) throw error;
      process.stderr.write(`retrying ${preset} ${url}: ${error.message}\n`);
    }
  }
};

const FIGURES = ['performance', 'accessibility', 'bestPractices', 'seo', 'tbt', 'lcp', 'cls', 'js'];
const results = [];
for (const preset of presets) {
  for (const path of pages) {
    const samples = [];
    for (let run = 0; run < runs; run += 1)
      samples.push(await measureWithRetries(`${base}${path}`, preset));
    const row = { preset, path, runs: samples.length };
    for (const figure of FIGURES) row[figure] = median(samples.map((sample) => sample[figure]));
    row.performanceRuns = samples.map((sample) => sample.performance);
    row.failedAudits = [...new Set(samples.flatMap((sample) => sample.failed))];
    row.lcpElements = [...new Set(samples.map((sample) => sample.lcpElement).filter(Boolean))];
    results.push(row);
    process.stderr.write(`measured ${preset} ${path}: ${row.performanceRuns.join(', ')}\n`);
  }
}

const columns = [
  ['preset', 8, (row) => row.preset],
  ['page', 34, (row) => (row.path.length > 33 ? `${row.path.slice(0, 32)}…` : row.path)],
  ['perf', 5, (row) => row.performance],
  ['a11y', 5, (row) => row.accessibility],
  ['bp', 4, (row) => row.bestPractices],
  ['seo', 4, (row) => row.seo],
  ['TBT ms', 7, (row) => Math.round(row.tbt)],
  ['LCP s', 6, (row) => (row.lcp / 1000).toFixed(2)],
  ['CLS', 6, (row) => row.cls.toFixed(3)],
  ['JS KiB', 7, (row) => (row.js / 1024).toFixed(1)],
  ['perf runs', 0, (row) => row.performanceRuns.join(' ')],
];
const line = (cells) =>
  cells
    .map((cell, index) => String(cell).padEnd(columns[index][1]))
    .join(' ')
    .trimEnd();
process.stdout.write(`Lighthouse ${runs} runs each, medians (${base})\n`);
process.stdout.write(`${line(columns.map(([name]) => name))}\n`);
for (const row of results)
  process.stdout.write(`${line(columns.map(([, , cell]) => cell(row)))}\n`);
for (const row of results) {
  for (const element of row.lcpElements)
    process.stdout.write(`${row.preset} ${row.path}: largest paint ${element}\n`);
  if (row.failedAudits.length > 0) {
    process.stdout.write(`${row.preset} ${row.path}: below 90 in ${row.failedAudits.join(', ')}\n`);
  }
}
if (process.env.LIGHTHOUSE_JSON) {
  await writeFile(process.env.LIGHTHOUSE_JSON, `${JSON.stringify(results, null, 2)}\n`);
}
