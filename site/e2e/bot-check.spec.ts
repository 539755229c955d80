// The bot check (Cloudflare Turnstile) in the browser, against the real worker with the check on
// (stack.env) and a fake widget standing in for Turnstile's script (fixtures.ts): nothing of it
// loads before a form is about to be used; then every form's post carries a token the worker
// verifies with the fake siteverify, and the agent's e-mail is the specification's, unmarked.
import { randomUUID } from 'node:crypto';
import type { Page, Request } from '@playwright/test';
import { dialog, expect, fillDialog, test, TURNSTILE_SCRIPT, openContactWidget } from './fixtures';
import { FAKE_EMAILJS, emailjs } from './stack';

type Verification = { response: string; remoteip?: string; idempotency_key?: string };
const verifications = async (): Promise<Verification[]> =>
  (await fetch(`${FAKE_EMAILJS}/__siteverify`)).json() as Promise<Verification[]>;

/** 'Let's Connect' → 'Message': the contact dialog. */
async function openContactDialog(page: Page) {
  await openContactWidget(page);
  await page.getByRole('button', { name: 'Message', exact: true }).click();
  await expect(dialog(page)).toBeVisible();
}

test('nothing of the check loads until a dialog opens; then the post carries a token the worker verified', async ({
  page,
  turnstile,
}) => {
  const asked: string[] = [];
  page.on('request', (r: Request) => asked.push(new URL(r.url()).pathname));
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(turnstile).toEqual([]);
  expect(asked).not.toContain('/api/bot-check');

  const email = `ana.${randomUUID().slice(0, 8)}@example.com`;
  await openContactDialog(page);
  await expect.poll(() => turnstile).toEqual([TURNSTILE_SCRIPT]);
  expect(asked).toContain('/api/bot-check');
  // The widget rendered inside the dialog, with the worker's site key.
  await expect(dialog(page).locator('[data-fake-turnstile]')).toHaveAttribute(
    'data-fake-turnstile',
    'e2e-turnstile-site-key',
  );
  await fillDialog(page, { Name: 'Ana Ruiz', Email: email, Phone: '904 555 0199', Message: 'Checked by the widget.' });
  const posted = page.waitForRequest((r) => r.url().endsWith('/api/contact'));
  await dialog(page).getByRole('button', { name: 'Send Message' }).click();
  const token = ((await posted).postDataJSON() as Record<string, string>)['cf-turnstile-response'];
  expect(token).toMatch(/^pass-/);
  const [sent] = await emailjs.waitFor(email);
  expect(sent.template_params.bot_check).toBeUndefined();
  expect((await verifications()).find((v) => v.response === token)).toBeTruthy();
});

test("the home page's contact form, which posts as is, carries a token too", async ({ page }) => {
  const email = `ana.${randomUUID().slice(0, 8)}@example.com`;
  await page.goto('/#contact');
  const form = page.locator('#contact-form');
  await form.getByLabel('Name').click();
  await form.getByLabel('Name').fill('Ana Ruiz');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Phone').fill('904 555 0199');
  await form.getByLabel('Message').fill('From the home page form.');
  const posted = page.waitForRequest((r) => r.url().endsWith('/api/contact'));
  await form.getByRole('button', { name: 'Send Message' }).click();
  expect((await posted).postData()).toMatch(/cf-turnstile-response=pass-/);
  await expect(page).toHaveURL(/\/thank-you\/\?form=contact$/);
  const [sent] = await emailjs.waitFor(email);
  expect(sent.template_params.bot_check).toBeUndefined();
});

test('a dialog whose check cannot load says what to do, and nothing is sent', async ({ page }) => {
  await page.unroute('https://challenges.cloudflare.com/**');
  await page.route('https://challenges.cloudflare.com/**', (route) => route.abort('blockedbyclient'));
  const email = `ana.${randomUUID().slice(0, 8)}@example.com`;
  await page.goto('/');
  await openContactDialog(page);
  await fillDialog(page, { Name: 'Ana Ruiz', Email: email, Phone: '904 555 0199', Message: 'Blocked widget.' });
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/contact'));
  await dialog(page).getByRole('button', { name: 'Send Message' }).click();
  expect((await answered).status()).toBe(403);
  await expect(
    page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: 'The spam check has not finished yet' }),
  ).toBeVisible();
  await expect(dialog(page)).toBeVisible();
  await new Promise((r) => setTimeout(r, 500));
  expect(await emailjs.about(email)).toEqual([]);
});
