// Saved searches (issue 36): "Save this search" on the lists of homes for sale, with and without
// JavaScript, sends the buyer a confirmation (the fake EmailJS's outbox) and nothing else; its
// link confirms the search and tells the agent ("a new saved search"); the manage page its
// e-mail links to changes the search and deletes everything the site keeps about the address.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { contentField, contentValue, expect, test } from './fixtures';
import { emailjs } from './stack';

const AGENT = contentValue('site.yaml', 'email');
/** A text of content/forms.yaml's `saved_search`. */
const text = (...keys: string[]) => contentField('forms.yaml', 'saved_search', ...keys);
const buyer = () => `buyer-${randomUUID().slice(0, 8)}@example.com`;

/** Opens "Save this search" on the page and saves it for `email`. */
async function saveSearch(page: Page, email: string, frequency: string) {
  await page.locator('summary', { hasText: text('title') }).click();
  const form = page.locator('#save-search');
  await form.getByLabel(text('email')).fill(email);
  await form.getByLabel(text('name')).fill('Ana Ruiz');
  await form.getByLabel(text('frequency')).selectOption(frequency);
  await form.getByRole('button', { name: text('submit') }).click();
  await expect(page).toHaveURL(/\/homes\/alerts\/sent\/$/);
  await expect(page.locator('h1')).toHaveText(text('pages', 'sent', 'title'));
}

/** The confirmation the fake EmailJS got for `email`: its params. */
async function confirmation(email: string) {
  const [sent] = await emailjs.waitFor(email);
  expect(sent.template_params.to_email).toBe(email);
  return sent.template_params;
}

test('a search saved with JavaScript is the one on screen; its link confirms it, and the agent hears of it', async ({ page, consoleErrors }) => {
  const email = buyer();
  await page.goto('/homes/?area=ortega&beds=3&sort=price-asc');
  await expect(page.locator('.homes__count')).not.toHaveText(/^$/);
  await saveSearch(page, email, 'instant');
  const params = await confirmation(email);
  expect(params.subject).toBe('Confirm your saved search: Homes for sale in Ortega, 3+ beds');
  expect((await emailjs.about(email)).length, 'only the confirmation before it is opened').toBe(1);

  await page.goto(params.confirm_url);
  await expect(page).toHaveURL(/\/homes\/alerts\/confirmed\/$/);
  await expect(page.locator('h1')).toHaveText(text('pages', 'confirmed', 'title'));
  const [, lead] = await emailjs.waitFor(email, { count: 2 });
  expect(lead.template_params.to_email).toBe(AGENT);
  expect(lead.template_params.subject).toBe('A new saved search from Ana Ruiz: Homes for sale in Ortega, 3+ beds');
  expect(lead.template_params.message).toContain('a new saved search');

  // The manage page: the search in words, linked to its page, at the frequency chosen.
  await page.goto(params.manage_url);
  const item = page.locator('.alerts__list li');
  await expect(item).toHaveCount(1);
  await expect(item.getByRole('link')).toHaveText('Homes for sale in Ortega, 3+ beds');
  await expect(item.getByRole('link')).toHaveAttribute('href', '/homes/?area=ortega&beds=3');
  await expect(item.getByRole('combobox')).toHaveValue('instant');
  await item.getByRole('combobox').selectOption('weekly');
  await item.getByRole('button', { name: text('manage', 'pause') }).click();
  await expect(item.getByText(text('manage', 'paused'), { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.locator('.alerts__list li').getByRole('combobox')).toHaveValue('weekly');
  await page.getByRole('button', { name: text('manage', 'delete_all') }).click();
  await expect(page.locator('[data-status]')).toHaveText(text('manage', 'deleted_all'));
  await expect(page.locator('.alerts__list li')).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test('the manage page opened without its key says the link is not valid', async ({ page }) => {
  await page.goto('/homes/alerts/');
  await expect(page.locator('[data-status]')).toHaveText(text('manage', 'invalid'));
  await page.goto('/homes/alerts/#0000.0000');
  await expect(page.locator('[data-status]')).toHaveText(text('manage', 'invalid'));
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("a neighborhood's list saves its own search, and the confirmation confirms it", async ({ page }) => {
    const email = buyer();
    await page.goto('/homes/in/ortega/');
    await saveSearch(page, email, 'daily');
    const params = await confirmation(email);
    expect(params.subject).toBe('Confirm your saved search: Homes for sale in Ortega');
    await page.goto(params.confirm_url);
    await expect(page.locator('h1')).toHaveText(text('pages', 'confirmed', 'title'));
    // The manage page needs JavaScript, and says what to do instead.
    await page.goto(params.manage_url);
    await expect(page.locator('[data-status]')).toHaveText(text('manage', 'no_script'));
  });

  test('a save with a bad address lands on the page that says so', async ({ page }) => {
    await page.goto('/homes/');
    await page.locator('summary', { hasText: text('title') }).click();
    const form = page.locator('#save-search');
    // The browser takes "ana@example"; the worker wants a dotted domain.
    await form.getByLabel(text('email')).fill('ana@example');
    await form.getByLabel(text('frequency')).selectOption('weekly');
    await form.getByRole('button', { name: text('submit') }).click();
    await expect(page).toHaveURL(/\/homes\/alerts\/error\/$/);
    await expect(page.locator('h1')).toHaveText(text('pages', 'error', 'title'));
  });
});
