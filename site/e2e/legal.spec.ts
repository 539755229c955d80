// The footer's legal links lead to real pages written in content/legal/, and the privacy policy
// states the retention period the content sets (forms.yaml `document_retention_days`).
import { contentValue, expect, test } from './fixtures';

const LINKS = [
  { label: 'Privacy Policy', path: '/privacy-policy/', file: 'legal/privacy-policy.md' },
  { label: 'Terms of Service', path: '/terms-of-service/', file: 'legal/terms-of-service.md' },
];

for (const { label, path, file } of LINKS) {
  test(`the footer's '${label}' link leads from the home page to ${path}`, async ({ page, consoleErrors }) => {
    await page.goto('/');
    const link = page.getByRole('contentinfo').getByRole('link', { name: label, exact: true });
    await expect(link).toHaveAttribute('href', path);
    const answer = page.waitForResponse((r) => r.request().isNavigationRequest() && new URL(r.url()).pathname === path);
    await link.click();
    expect((await answer).status()).toBe(200);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(contentValue(file, 'title'));
    await expect(page).toHaveTitle(`${contentValue(file, 'title')} | ${contentValue('site.yaml', 'brand')}`);
    // The shared chrome: the header's navigation, and the footer with the same two links.
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo').getByRole('link', { name: label, exact: true })).toHaveAttribute(
      'href',
      path,
    );
    await page.waitForLoadState('networkidle');
    expect(consoleErrors).toEqual([]);
  });
}

test('the privacy policy states the retention period and the address from content/', async ({ page }) => {
  const days = contentValue('forms.yaml', 'document_retention_days');
  const email = contentValue('site.yaml', 'email');
  expect(days).toMatch(/^\d+$/);
  await page.goto('/privacy-policy/');
  const main = page.locator('main');
  await expect(main).toContainText(`are deleted ${days} days after you submit them`);
  await expect(main).toContainText(`kept in the site's storage for the same ${days} days`);
  await expect(main).toContainText('deleted within 24 hours');
  await expect(main).toContainText('expires 14 days after it is sent');
  await expect(main.getByRole('link', { name: email, exact: true }).first()).toHaveAttribute('href', `mailto:${email}`);
  await expect(main).not.toContainText('{');
});

test('the terms say the information is deemed reliable but not guaranteed', async ({ page }) => {
  await page.goto('/terms-of-service/');
  await expect(page.locator('main')).toContainText('deemed reliable but not guaranteed');
  await expect(page.locator('main')).toContainText('Exclusive Broker Agreement');
  await expect(page.locator('main').getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
    'href',
    '/privacy-policy/',
  );
});
