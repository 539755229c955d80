import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { LATEST_SNAPSHOT, ROUTES, contentValue, expect, listingIds, test } from './fixtures';

test.describe('pages without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page holds every listing, card and section', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('#featured-properties .slide')).toHaveCount(8);
    await expect(page.locator('#neighborhoods .card')).toHaveCount(12);
    for (const id of ['hero', 'featured-properties', 'neighborhoods', 'new-developments', 'contact'])
      await expect(page.locator(`#${id}`)).toBeAttached();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Discover Jacksonville');
  });

  for (const route of ROUTES) {
    test(`/neighborhoods/${route}/ shows its market snapshot`, async ({ page }) => {
      const response = await page.goto(`/neighborhoods/${route}/`);
      expect(response?.status()).toBe(200);
      for (const label of ['Median Condo Price', 'YoY Price Growth', 'Days on Market', 'ZIP Code'])
        await expect(page.getByText(label, { exact: true })).toBeVisible();
      const zip = contentValue(LATEST_SNAPSHOT, route).match(/zip: "?(\d{5})/)?.[1];
      expect(zip).toBeTruthy();
      await expect(page.locator('main')).toContainText(zip!);
    });
  }

  test('listing pages and the concierge page render', async ({ page }) => {
    for (const id of listingIds) {
      const file = `listings/${id}.md`;
      expect((await page.goto(`/listings/${id}/`))?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(contentValue(file, 'address'));
      await expect(page.locator('main')).toContainText(contentValue(file, 'price'));
      await expect(page.locator('main')).toContainText(contentValue(file, 'sqft'));
    }
    await page.goto('/client-concierge/');
    await expect(page.locator('input[type="file"]')).toHaveCount(6);
    await expect(page.getByText('E.g., pay stubs, W-2, or verification letter')).toBeVisible();
  });

  test('the contact widget shows without JavaScript', async ({ page }) => {
    await page.goto('/homes/');
    await expect(page.getByRole('button', { name: "Let's Connect" })).toBeVisible();
  });
});

test('every page in the sitemap, and the form result pages, answer 200 with their own title', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const base = contentValue('site.yaml', 'base_url');
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  expect(base).toMatch(/^https:/);
  // Home, twelve neighborhoods, every listing, the concierge portal, the two legal pages, the market
  // page, the list of reports and each report.
  const folder = resolve(import.meta.dirname, '../../content/reports');
  const reports = readdirSync(folder).filter(
    (f) => f.endsWith('.mdx') && !/^draft: true$/m.test(readFileSync(resolve(folder, f), 'utf8')),
  );
  // The MLS's listings (the sample `make build` imported): a page each, and their lists.
  const mls = paths.filter((p) => p.startsWith('/homes/'));
  const imported = readdirSync(resolve(import.meta.dirname, '../../.cache/mls/current/listings')).length;
  expect(mls.filter((p) => !/^\/homes\/((in\/[a-z-]+\/)?(page\/\d+\/)?|open-houses\/)$/.test(p))).toHaveLength(
    imported,
  );
  expect(mls).toContain('/homes/');
  expect(mls).toContain('/homes/open-houses/');
  // … and the sellers' page and the sales.
  expect(paths).toHaveLength(1 + ROUTES.length + listingIds.length + 1 + 2 + 1 + 1 + reports.length + mls.length + 2);
  for (const path of ['/sell/', '/sold/']) expect(paths).toContain(path);
  expect(paths).toContain('/market/');
  expect(paths).toContain('/reports/');
  for (const f of reports) expect(paths).toContain(`/reports/${f.replace(/\.mdx$/, '')}/`);
  for (const path of ['/privacy-policy/', '/terms-of-service/']) expect(paths).toContain(path);
  for (const route of ROUTES) expect(paths).toContain(`/neighborhoods/${route}/`);
  // Every page with the sample's listings, each asked for as the browser asks (the page types
  // themselves load in the browser in the tests beside this one; loading every page with its
  // images took most of the time this test had, and failed it on a busy machine).
  // The time allowed guards against a hang; it measures nothing.
  test.setTimeout(30_000 + paths.length * 500);
  const titles = new Set<string>();
  const results = ['/thank-you/', '/form-error/', '/client-concierge/thank-you/', '/client-concierge/form-error/'];
  for (const path of [...paths, ...results]) {
    const response = await request.get(path, { headers: { Accept: 'text/html' } });
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-type'], path).toContain('text/html');
    const title = /<title>([^<]*)<\/title>/.exec(await response.text())?.[1];
    expect(title, path).toBeTruthy();
    titles.add(title!);
  }
  expect(titles.size).toBe(paths.length + results.length);
});

test('an unknown path gets the 404 page with status 404, and the path is logged', async ({ page }) => {
  const logged: string[] = [];
  page.on('console', (m) => logged.push(m.text()));
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
  await expect.poll(() => logged.some((l) => l.includes('/no-such-page'))).toBe(true);
  // The worker logs it too (wrangler's output, .cache/wrangler-e2e.log).
  await expect
    .poll(() => readFileSync(resolve(import.meta.dirname, '../../.cache/wrangler-e2e.log'), 'utf8'))
    .toContain('404 GET /no-such-page');
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Discover Jacksonville');
});

test('the pages run without console errors', async ({ page, consoleErrors }) => {
  for (const path of ['/', '/neighborhoods/riverside/', '/client-concierge/', `/listings/${listingIds[0]}/`]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(consoleErrors).toEqual([]);
});
