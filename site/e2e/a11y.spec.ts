import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { dialog, expect, listingIds, test, openContactWidget } from './fixtures';
import { FOR_SALE, REPORT } from './page-types.mjs';

// Every rule axe runs by default: WCAG 2.0, 2.1 and 2.2 at A and AA, and its best practices.
async function expectNoViolations(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

// Every page type: home, neighborhood, market, listing, concierge portal, 404, the form result pages, the legal pages, the reports, the MLS's lists and listings, its open houses, the sellers' page and the sales.
for (const path of [
  '/',
  '/neighborhoods/ortega/',
  '/market/',
  `/listings/${listingIds[0]}/`,
  '/client-concierge/',
  '/privacy-policy/',
  '/terms-of-service/',
  '/no-such-page',
  '/thank-you/?form=contact',
  '/form-error/?form=contact',
  '/client-concierge/thank-you/?form=concierge',
  '/client-concierge/form-error/?form=concierge',
  '/reports/',
  REPORT,
  '/homes/',
  FOR_SALE,
  '/homes/open-houses/',
  '/sell/',
  '/sold/',
]) {
  test(`axe: ${path}`, async ({ page }) => {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expectNoViolations(page, path);
  });
}

for (const [path, name] of [
  ['/', 'Schedule Consultation'],
  ['/neighborhoods/riverside/', "Get the Buyer's Guide"],
  ['/neighborhoods/riverside/', "What's My Home Worth?"],
  ['/', 'Join Our Luxury Portfolio'],
  ['/', "What's Your Vibe Quiz"],
  ['/client-concierge/', 'Message'],
  [REPORT, 'Talk through your move with Alexandra'],
]) {
  test(`axe with the '${name}' dialog open`, async ({ page }) => {
    await page.goto(path);
    if (name === 'Message') await openContactWidget(page);
    await page.getByRole('button', { name }).first().click();
    await expect(dialog(page)).toBeVisible();
    // Also with the validation errors showing.
    const submit = dialog(page).locator('button[type="submit"]');
    await submit.click();
    await expectNoViolations(page, name);
  });
}

test('axe on the concierge portal showing its validation messages', async ({ page }) => {
  await page.goto('/client-concierge/');
  await expect(page.locator('.concierge__card[data-hydrated="true"]')).toBeAttached({ timeout: 10_000 });
  await page.getByRole('button', { name: 'Submit Documents' }).click();
  await expect(page.getByText('Government-issued photo ID is required', { exact: true })).toBeVisible();
  await expectNoViolations(page, 'concierge errors');
});

test('axe with the mobile menu open', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('button', { name: /menu/i }).click();
  await expectNoViolations(page, 'menu');
});

test('axe with a listing photo viewer open', async ({ page }) => {
  await page.goto(`${FOR_SALE}#photo-2`);
  await expect(page.locator('.pswp .pswp__counter')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectNoViolations(page, 'photo viewer');
});
