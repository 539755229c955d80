// The dialogs' behaviour in the browser, with the API stubbed at the network layer: what the
// browser sends, its sending state, focus handling and failures the real stack can't play (a
// lost network). requests.spec.ts follows the same forms through the real worker to the e-mail.
import { dialog, expect, fillDialog, test, type ApiStub, openContactWidget } from './fixtures';
import type { Page } from '@playwright/test';

const fillLead = (page: Page) =>
  fillDialog(page, {
    'First Name': 'Ana',
    'Last Name': 'Ruiz',
    Email: 'ana@example.com',
    Phone: '(904) 555-0199',
    Message: 'A riverfront condo, please.',
  });

const SUCCESS = 'Thank you, your message has been received by a concierge';

test.describe('lead dialogs', () => {
  test("the hero's 'Schedule Consultation' sends a consultation request", async ({ page, api }) => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/lead', async (route) => {
      await held;
      await route.fallback();
    });
    await page.goto('/');
    await page.locator('#hero').getByRole('button', { name: 'Schedule Consultation' }).click();
    const d = dialog(page);
    await expect(d).toHaveAccessibleName('Schedule a Private Consultation');
    await fillLead(page);
    await d.getByLabel('Interested In').selectOption('waterfront');
    await d.getByRole('button', { name: 'Request Consultation' }).click();
    await expect(d.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    release();
    await expect(page.getByRole('status')).toContainText(SUCCESS);
    await expect(page.getByRole('status')).toContainText(
      'We will contact you within 24 hours to assist with your request',
    );
    await expect(d).toHaveCount(0);
    expect(api.calls.map((c) => [c.path, c.json])).toEqual([
      [
        '/api/lead',
        {
          type: 'consultation',
          firstName: 'Ana',
          lastName: 'Ruiz',
          email: 'ana@example.com',
          phone: '(904) 555-0199',
          propertyAddress: '',
          interestedIn: 'waterfront',
          message: 'A riverfront condo, please.',
          website: '',
          // Made once for this submission: a retry of it repeats the key, so the worker sends it once.
          idempotency_key: expect.stringMatching(
            /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
          ),
        },
      ],
    ]);
    // Reopened, the form is empty again.
    await page.locator('#hero').getByRole('button', { name: 'Schedule Consultation' }).click();
    await expect(dialog(page).getByLabel('First Name', { exact: false })).toHaveValue('');
  });

  for (const [trigger, title, type] of [
    ["Get the Buyer's Guide", "Get the Buyer's Guide", 'buyer-guide'],
    ["What's My Home Worth?", "What's My Home Worth?", 'cma-request'],
  ]) {
    test(`'${trigger}' opens the lead dialog as ${type}`, async ({ page, api }) => {
      await page.goto('/neighborhoods/riverside/');
      await page.getByRole('button', { name: trigger }).first().click();
      const d = dialog(page);
      await expect(d).toHaveAccessibleName(title);
      await fillLead(page);
      await d.getByRole('button', { name: /Send My Guide|Request My Valuation/ }).click();
      if (type === 'cma-request') {
        await expect(d.getByText('Property Address is required.')).toBeVisible();
        expect(api.calls).toHaveLength(0);
        await d.getByLabel('Property Address', { exact: false }).fill('2950 Riverside Ave');
        await d.getByRole('button', { name: 'Request My Valuation' }).click();
      }
      await expect(page.getByRole('status')).toContainText(SUCCESS);
      expect(api.calls[0].json).toMatchObject({ type });
    });
  }

  test("the footer's 'Schedule Consultation' opens the consultation form", async ({ page }) => {
    await page.goto('/client-concierge/');
    await page.getByRole('contentinfo').getByRole('button', { name: 'Schedule Consultation' }).click();
    await expect(dialog(page)).toHaveAccessibleName('Schedule a Private Consultation');
  });

  test('focus stays inside, Escape closes, focus returns to the trigger', async ({ page }) => {
    await page.goto('/');
    const trigger = page.locator('#hero').getByRole('button', { name: 'Schedule Consultation' });
    await trigger.click();
    const d = dialog(page);
    await expect(d).toBeVisible();
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press('Tab');
      expect(await d.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(d).toHaveCount(0);
    await expect(trigger).toBeFocused();
  });

  test('a send that loses the network keeps the dialog open with its data', async ({ page, api }) => {
    api.answer = () => 'abort';
    await page.goto('/');
    await page.locator('#hero').getByRole('button', { name: 'Schedule Consultation' }).click();
    await fillLead(page);
    await dialog(page).getByRole('button', { name: 'Request Consultation' }).click();
    await expect(page.getByRole('alert')).toContainText('Error');
    await expect(page.getByRole('alert')).toContainText(
      'There was an issue submitting your request. Please try again.',
    );
    await expect(dialog(page).getByLabel('First Name', { exact: false })).toHaveValue('Ana');
  });
});

async function sendSimple(page: Page, api: ApiStub, fields: Record<string, string>, submit: string) {
  await fillDialog(page, fields);
  await dialog(page).getByRole('button', { name: submit }).click();
  return api;
}

test("'Join Our Luxury Portfolio' sends a listing request", async ({ page, api }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Join Our Luxury Portfolio' }).click();
  await expect(dialog(page)).toHaveAccessibleName('Join Our Luxury Portfolio');
  await sendSimple(
    page,
    api,
    { 'Full Name': 'Ana Ruiz', Email: 'ana@example.com', Phone: '904 555 0199', 'Property Address': '1 Ocean Blvd' },
    'Request Listing Consultation',
  );
  await expect(page.getByRole('status')).toContainText(
    'We will contact you within 24 hours to schedule your luxury home consultation',
  );
  expect(api.calls[0]).toMatchObject({
    path: '/api/listing-request',
    json: {
      name: 'Ana Ruiz',
      email: 'ana@example.com',
      phone: '904 555 0199',
      propertyAddress: '1 Ocean Blvd',
      notes: '',
    },
  });
});

test('the contact form: success and failure texts', async ({ page, api }) => {
  await page.goto('/');
  await openContactWidget(page);
  await page.getByRole('button', { name: 'Message', exact: true }).click();
  api.answer = () => 'abort';
  await sendSimple(
    page,
    api,
    { Name: 'Ana', Email: 'ana@example.com', Phone: '904 555 0199', Message: 'Hello' },
    'Send Message',
  );
  await expect(page.getByRole('alert')).toContainText('There was an issue submitting your message. Please try again.');
  api.answer = () => ({ status: 200, json: { ok: true } });
  await dialog(page).getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('status')).toContainText(
    'We will contact you within 24 hours to discuss your real estate needs',
  );
  expect(api.calls.at(-1)).toMatchObject({
    path: '/api/contact',
    json: { name: 'Ana', email: 'ana@example.com', phone: '904 555 0199', message: 'Hello' },
  });
});

test('the quiz: six questions, alerts, e-mail step, result, retake, close', async ({ page, api }) => {
  const alerts: string[] = [];
  page.on('dialog', (d) => {
    alerts.push(d.message());
    void d.accept();
  });
  api.answer = () => ({ status: 500 });
  await page.goto('/');
  await page.getByRole('button', { name: "What's Your Vibe Quiz" }).click();
  const d = dialog(page);
  await d.getByRole('button', { name: 'Next' }).click();
  await expect.poll(() => alerts).toEqual(['Please choose an option.']);
  for (let i = 1; i <= 6; i++) {
    const bar = d.locator('.quiz__progress-bar');
    const ratio = () =>
      bar.evaluate((el) => el.getBoundingClientRect().width / el.parentElement!.getBoundingClientRect().width);
    await expect.poll(ratio).toBeCloseTo(i / 6, 2);
    await expect(d.getByRole('radio')).toHaveCount(5);
    await d.locator('input[type="radio"][value="coastal"]').check();
    await d.getByRole('button', { name: i === 6 ? 'Get My Results!' : 'Next' }).click();
  }
  await d.getByRole('button', { name: /See My Match/ }).click();
  await expect.poll(() => alerts.at(-1)).toBe('Please enter your email address.');
  await d.getByLabel(/email/i).fill('ana@example.com');
  await d.getByRole('button', { name: /See My Match/ }).click();
  await expect(d.getByRole('heading', { name: 'Coastal Chill' })).toBeVisible();
  // The areas lead to their pages.
  await expect(d.getByRole('link', { name: 'Jacksonville Beach', exact: true })).toHaveAttribute(
    'href',
    '/neighborhoods/jacksonville-beach/',
  );
  await expect(d.getByRole('link', { name: 'Atlantic Beach', exact: true })).toHaveAttribute(
    'href',
    '/neighborhoods/atlantic-beach/',
  );
  expect(api.calls[0]).toMatchObject({
    path: '/api/quiz',
    json: { email: 'ana@example.com', answers: { q1: 'coastal', q6: 'coastal' } },
  });
  await d.getByRole('button', { name: 'Take Quiz Again' }).click();
  await expect(d.locator('input[type="radio"]:checked')).toHaveCount(0);
  for (let i = 1; i <= 6; i++) {
    await d.locator('input[type="radio"][value="suburban"]').check();
    await d.getByRole('button', { name: i === 6 ? 'Get My Results!' : 'Next' }).click();
  }
  await d.getByLabel(/email/i).fill('ana@example.com');
  await d.getByRole('button', { name: /See My Match/ }).click();
  await expect(d.getByRole('heading', { name: 'Family Focused' })).toBeVisible();
  // Every area of every result has its page (Julington Creek: Nocatee's).
  await expect(d.getByRole('link', { name: 'Julington Creek' })).toHaveAttribute('href', '/neighborhoods/nocatee/');
  await d.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog(page)).toHaveCount(0);
  // The result offers the consultation, which takes its place.
  await page.getByRole('button', { name: "What's Your Vibe Quiz" }).click();
  for (let i = 1; i <= 6; i++) {
    await d.locator('input[type="radio"][value="urban"]').check();
    await d.getByRole('button', { name: i === 6 ? 'Get My Results!' : 'Next' }).click();
  }
  await d.getByLabel(/email/i).fill('ana@example.com');
  await d.getByRole('button', { name: /See My Match/ }).click();
  await expect(d.getByRole('link', { name: 'Southbank' })).toHaveAttribute(
    'href',
    '/neighborhoods/downtown-jacksonville/',
  );
  await d.getByRole('button', { name: 'Schedule Consultation' }).click();
  await expect(dialog(page)).toHaveAccessibleName('Schedule a Private Consultation');
});
