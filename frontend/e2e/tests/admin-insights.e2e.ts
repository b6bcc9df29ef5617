import { describe, expect, it } from 'vitest';
import { adminCall, signedInSuite } from '../support/admin-session';
import { seriousViolations } from '../support/axe';
import { serverUrl } from '../support/base-url';

const baseUrl = serverUrl();

/** Where to write screenshots of the screen when asked (`INSIGHTS_SCREENSHOTS=/some/folder`). */
const SCREENSHOTS = process.env.INSIGHTS_SCREENSHOTS;

interface Insights {
  current: { totals: { views: number; visitors: number } };
  pages: { value: string; views: number }[];
}

describe('Back office: Insights', () => {
  const { browser, session } = signedInSuite(baseUrl);

  it('counts the public pages a visitor opens and shows them on the Insights screen', async () => {
    const { page } = browser();
    const before = await adminCall<Insights>(baseUrl, session(), 'GET', '/insights');
    for (const path of ['/', '/services', '/services', '/blog']) {
      // The page sends its beacon once its script has started, which on a loaded machine can be
      // after the server-rendered heading shows: leaving sooner would lose the view.
      const beacon = page.waitForRequest(
        (request) =>
          request.method() === 'POST' && new URL(request.url()).pathname === '/api/views',
      );
      await page.goto(`${baseUrl}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await beacon;
    }
    // The beacons are held in memory and stored within a second.
    await expect
      .poll(
        async () =>
          (await adminCall<Insights>(baseUrl, session(), 'GET', '/insights')).current.totals.views,
        { timeout: 5_000, interval: 200 },
      )
      .toBeGreaterThanOrEqual(before.current.totals.views + 4);
    const after = await adminCall<Insights>(baseUrl, session(), 'GET', '/insights');
    const services = after.pages.find((row) => row.value === '/services');
    expect(services?.views).toBeGreaterThanOrEqual(2);

    await page.goto(`${baseUrl}/admin/dashboard`);
    await page.getByRole('link', { name: 'Insights' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Insights' }).waitFor();
    const pages = page.getByRole('region', { name: 'Top pages' });
    const row = pages.getByRole('row').filter({ hasText: '/services' });
    await row.first().waitFor();
    await expect(row.first().textContent()).resolves.toMatch(/\/services\s*1\s*2/);
    const views = page.getByText('Page views', { exact: true }).locator('..');
    await expect(views.textContent()).resolves.toContain(String(after.current.totals.views));
    await page.getByRole('button', { name: 'Last 7 days' }).click();
    await page.waitForURL(/days=7/);
    await row.first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    if (SCREENSHOTS) {
      await page.screenshot({ path: `${SCREENSHOTS}/insights-1280.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await row.first().waitFor();
      await page.screenshot({ path: `${SCREENSHOTS}/insights-390.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });
});
