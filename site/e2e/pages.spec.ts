import { ROUTES, contentValue, expect, listingIds, test } from './fixtures';

test.describe('pages without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page holds every listing, card and section', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('#featured-properties .slide')).toHaveCount(8);
    await expect(page.locator('#neighborhoods .card')).toHaveCount(12);
    for (const id of ['hero', 'featured-properties', 'neighborhoods', 'new-developments', 'contact']) await expect(page.locator(`#${id}`)).toBeAttached();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Discover Jacksonville');
  });

  for (const route of ROUTES) {
    test(`/neighborhoods/${route}/ shows its market snapshot`, async ({ page }) => {
      const response = await page.goto(`/neighborhoods/${route}/`);
      expect(response?.status()).toBe(200);
      for (const label of ['Median Condo Price', 'YoY Price Growth', 'Days on Market', 'ZIP Code']) await expect(page.getByText(label, { exact: true })).toBeVisible();
      const zip = contentValue(`neighborhoods/${route}.md`, 'snapshot').match(/zip: "?(\d{5})/)?.[1];
      expect(zip).toBeTruthy();
      await expect(page.locator('main')).toContainText(zip!);
    });
  }

  test('listing pages and the concierge page render', async ({ page }) => {
    for (const id of listingIds) expect((await page.goto(`/listings/${id}/`))?.status()).toBe(200);
    await page.goto('/client-concierge/');
    await expect(page.locator('input[type="file"]')).toHaveCount(6);
    await expect(page.getByText('E.g., pay stubs, W-2, or verification letter')).toBeVisible();
  });
});

test('an unknown path gets the 404 page with status 404, and the path is logged', async ({ page }) => {
  const logged: string[] = [];
  page.on('console', (m) => logged.push(m.text()));
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
  await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  await expect.poll(() => logged.some((l) => l.includes('/no-such-page'))).toBe(true);
});

test('the pages run without console errors', async ({ page, consoleErrors }) => {
  for (const path of ['/', '/neighborhoods/riverside/', '/client-concierge/', `/listings/${listingIds[0]}/`]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(consoleErrors).toEqual([]);
});
