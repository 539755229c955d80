import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { dialog, expect, listingIds, test } from './fixtures';

async function expectNoViolations(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

for (const path of ['/', '/neighborhoods/riverside/', `/listings/${listingIds[0]}/`, '/client-concierge/', '/no-such-page']) {
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
]) {
  test(`axe with the '${name}' dialog open`, async ({ page }) => {
    await page.goto(path);
    if (name === 'Message') await page.getByRole('button', { name: "Let's Connect" }).click();
    await page.getByRole('link', { name }).first().click();
    await expect(dialog(page)).toBeVisible();
    // Also with the validation errors showing.
    const submit = dialog(page).locator('button[type="submit"]');
    await submit.click();
    await expectNoViolations(page, name);
  });
}

test('axe with the mobile menu open', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('button', { name: /menu/i }).click();
  await expectNoViolations(page, 'menu');
});
