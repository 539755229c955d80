// The market page (/market/): the table complete without JavaScript, then sorted and filtered by
// its island from /data/market.json; the figures come from the agent's latest snapshot file.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { LATEST_SNAPSHOT, ROUTES, expect, test } from './fixtures';

type Figures = { slug: string; median: number; yoy: number; days: number; zip: string };
/** The snapshot file's one-line entries: `  slug: {median_price: …, yoy_growth: …, days_on_market: …, zip: "…"}`. */
const SNAPSHOT: Figures[] = [
  ...readFileSync(resolve(import.meta.dirname, '../../content', LATEST_SNAPSHOT), 'utf8').matchAll(
    /^ {2}([a-z-]+): \{median_price: (\d+), yoy_growth: (-?[\d.]+), days_on_market: (\d+), zip: "(\d{5})"\}$/gm,
  ),
].map(([, slug, median, yoy, days, zip]) => ({
  slug,
  median: Number(median),
  yoy: Number(yoy),
  days: Number(days),
  zip,
}));

const rows = (page: Page) => page.locator('tbody tr[data-slug]');
const slugs = async (page: Page) =>
  rows(page).evaluateAll((trs) =>
    trs.filter((tr) => !(tr as HTMLElement).hidden).map((tr) => (tr as HTMLElement).dataset.slug),
  );
const median = (slug: string | undefined) => SNAPSHOT.find((f) => f.slug === slug)?.median ?? NaN;
/** `order` sorted by the snapshot's median price, ties kept in `order`'s order. */
const byMedian = (dir: 1 | -1, order: (string | undefined)[]) =>
  [...order].sort((a, b) => dir * (median(a) - median(b)));

test('the snapshot file holds every neighborhood', () => {
  expect(SNAPSHOT.map((f) => f.slug).sort()).toEqual([...ROUTES].sort());
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the table is complete: every neighborhood, every figure in the specification format', async ({ page }) => {
    await page.goto('/market/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jacksonville Market Snapshot');
    await expect(rows(page)).toHaveCount(12);
    for (const f of SNAPSHOT) {
      const cells = rows(page)
        .and(page.locator(`[data-slug="${f.slug}"]`))
        .locator('td');
      await expect(cells).toContainText([
        `$${f.median / 1000}K`,
        `${f.yoy >= 0 ? '+' : ''}${f.yoy.toFixed(1)}%`,
        String(f.days),
        f.zip,
      ]);
    }
    // Nothing that needs the island: no filters, no sort buttons; the chart is there.
    await expect(page.locator('select')).toHaveCount(0);
    await expect(page.locator('thead button')).toHaveCount(0);
    await expect(page.getByRole('img', { name: 'Median condo price by neighborhood' })).toBeVisible();
    await expect(page.locator('.bars__bar')).toHaveCount(12);
  });

  test('a neighborhood page and the footer lead to it', async ({ page }) => {
    await page.goto('/neighborhoods/ortega/');
    await expect(page.getByText('Figures as of December 2024')).toBeVisible();
    await page.getByRole('link', { name: 'Compare all neighborhoods' }).click();
    await expect(page).toHaveURL(/\/market\/$/);
    await page.goto('/client-concierge/');
    await page.locator('footer').getByRole('link', { name: 'Jacksonville Market Snapshot' }).click();
    await expect(page).toHaveURL(/\/market\/$/);
  });
});

test.describe('with JavaScript', () => {
  test('the figures are the generator JSON, served as JSON', async ({ request }) => {
    const r = await request.get('/data/market.json');
    expect(r.status()).toBe(200);
    expect(r.headers()['content-type']).toContain('application/json');
    const data = (await r.json()) as { month: string; neighborhoods: { slug: string; median_price: number }[] };
    expect(data.month).toBe(LATEST_SNAPSHOT.slice('market/'.length, 'market/YYYY-MM'.length));
    expect(data.neighborhoods.map((n) => [n.slug, n.median_price])).toEqual(
      expect.arrayContaining(SNAPSHOT.map((f) => [f.slug, f.median])),
    );
  });

  test('sorts by any column, both ways, with the mouse and the keyboard', async ({ page }) => {
    await page.goto('/market/');
    await expect(page.getByRole('status')).toHaveText('Showing 12 of 12 neighborhoods');
    // Ties keep the site's order: the order the page was prerendered in.
    const siteOrder = await slugs(page);
    const median = page.getByRole('button', { name: 'Median Condo Price' });
    await median.click();
    expect(await slugs(page)).toEqual(byMedian(1, siteOrder));
    await expect(page.locator('th[data-sort="median_price"]')).toHaveAttribute('aria-sort', 'ascending');
    await median.press('Enter');
    await expect(page.locator('th[data-sort="median_price"]')).toHaveAttribute('aria-sort', 'descending');
    expect(await slugs(page)).toEqual(byMedian(-1, siteOrder));
    await page.getByRole('button', { name: 'Neighborhood', exact: true }).focus();
    await page.keyboard.press('Space');
    await expect(page.locator('th[data-sort="name"]')).toHaveAttribute('aria-sort', 'ascending');
    await expect(page.locator('th[data-sort="median_price"]')).not.toHaveAttribute('aria-sort');
    const names = await rows(page).locator('th a').allTextContents();
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  test('filters by area and by price band, and says what is left', async ({ page }) => {
    await page.goto('/market/');
    await expect(page.getByRole('status')).toHaveText('Showing 12 of 12 neighborhoods');
    await page.getByLabel('Area', { exact: true }).selectOption('The Beaches');
    expect(await slugs(page)).toEqual(['jacksonville-beach', 'atlantic-beach', 'ponte-vedra-beach']);
    await expect(page.getByRole('status')).toHaveText('Showing 3 of 12 neighborhoods');
    await page.getByLabel('Median price').selectOption('$600K and above');
    expect(await slugs(page)).toEqual(['jacksonville-beach', 'ponte-vedra-beach']);
    await page.getByLabel('Area', { exact: true }).selectOption('Urban Core');
    expect(await slugs(page)).toEqual([]);
    await expect(page.getByRole('status')).toHaveText('No neighborhood matches these filters.');
    await page.getByLabel('Area', { exact: true }).selectOption('All areas');
    await page.getByLabel('Median price').selectOption('Under $400K');
    expect((await slugs(page)).sort()).toEqual(
      SNAPSHOT.filter((f) => f.median < 400000)
        .map((f) => f.slug)
        .sort(),
    );
  });

  test('without its island (its bundle fails) the table stays complete, in the site order, with plain heads', async ({
    page,
  }) => {
    await page.route('**/assets/market-table*.js', (r) => r.abort());
    await page.goto('/market/');
    await page.waitForLoadState('networkidle');
    await expect(page.locator('thead button')).toHaveCount(0);
    await expect(rows(page)).toHaveCount(12);
    expect(await slugs(page)).toHaveLength(12);
  });
});
