// The specification's words, letter for letter, where a visitor reads them.
import { contentValue, dialog, expect, test } from './fixtures';

const ACKNOWLEDGMENT =
  'I understand that submitting these forms is a prerequisite for working with the realtor. I acknowledge that I must sign an Exclusive Broker Agreement in order to move forward with representation.';

test('the concierge portal: the six document labels, the acknowledgment and its field, the intro', async ({ page }) => {
  await page.goto('/client-concierge/');
  for (const label of [
    'Government-Issued Photo ID',
    'Recent Credit Report',
    'Proof of Income or Employment',
    'Bank Statement - Month 1 (Most Recent)',
    'Bank Statement - Month 2',
    'Bank Statement - Month 3 (Oldest)',
  ])
    await expect(page.getByLabel(label, { exact: true })).toHaveAttribute('type', 'file');
  await expect(page.getByText('E.g., pay stubs, W-2, or verification letter', { exact: true })).toBeVisible();
  const ack = page.getByRole('checkbox', { name: ACKNOWLEDGMENT, exact: true });
  await expect(ack).toHaveAttribute('name', 'acknowledgment');
  await expect(page.locator('main')).toContainText('Our team will review your documents and follow up');
  // The privacy bullets stay.
  for (const bullet of [
    'Your files are kept in private, access-controlled storage.',
    'Only your agent sees them, never the public or other clients.',
    'Download links are signed and expire automatically.',
  ])
    await expect(page.getByText(bullet, { exact: true })).toBeVisible();
});

test("the footer lists the agent's e-mail beside the phone, and 'Downtown Jacksonville' by that name", async ({
  page,
}) => {
  await page.goto('/');
  const email = contentValue('site.yaml', 'email');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: email, exact: true })).toHaveAttribute('href', `mailto:${email}`);
  await expect(footer.getByRole('link', { name: '(904) 555-0147', exact: true })).toBeVisible();
  await expect(page.locator('#neighborhoods .card').filter({ hasText: 'Downtown Jacksonville' })).toHaveCount(1);
});

test("'Contact Me for Details' in New Developments opens the contact form, whose name field is 'Full Name'", async ({
  page,
}) => {
  await page.goto('/');
  await page.locator('#new-developments').getByRole('button', { name: 'Contact Me for Details', exact: true }).click();
  await expect(dialog(page).getByRole('heading', { name: "Let's Connect" })).toBeVisible();
  await expect(dialog(page).getByLabel('Full Name')).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the controls that open a dialog are links to the contact form', async ({ page }) => {
    await page.goto('/');
    const controls = page.locator('[data-open]');
    expect(await controls.count()).toBeGreaterThan(10);
    for (const control of await controls.all()) {
      await expect(control).not.toHaveAttribute('role', /./);
      await expect(control).toHaveAttribute('href', /#contact$/);
    }
    await expect(
      page.locator('#new-developments').getByRole('link', { name: 'Contact Me for Details', exact: true }),
    ).toBeVisible();
    // The prerendered contact form says 'Full Name' too.
    await expect(page.locator('#contact').getByLabel('Full Name')).toBeVisible();
  });
});
