// The seller's path and the agent's record: /sell/ (its valuation form, with and without
// JavaScript, reaching the agent as the same lead e-mail), /sold/ (its figures counted from
// content/sold/), clients' words, and the links that lead sellers there.
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { contentValue, dialog, expect, fillDialog, test } from './fixtures';
import { BASE, emailjs } from './stack';

const SOLD = resolve(import.meta.dirname, '../../content/sold');
/** Every sale's price, read from content/sold/ as the agent typed it. */
const prices = readdirSync(SOLD)
  .filter((f) => f.endsWith('.md'))
  .map((f) => Number(/^price: "\$([\d,]+)"/m.exec(readFileSync(resolve(SOLD, f), 'utf8'))![1].replaceAll(',', '')));

const email = () => `ana.${randomUUID().slice(0, 8)}@example.com`;

test('/sold/ lists every sale and counts them and their volume from the files', async ({ page }) => {
  await page.goto('/sold/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Recently Sold');
  await expect(page.locator('article.sale')).toHaveCount(prices.length);
  const millions = (prices.reduce((a, b) => a + b, 0) / 1e6).toFixed(1).replace(/\.0$/, '');
  await expect(page.locator('.record__summary')).toHaveText(`${prices.length} homes sold · $${millions}M in sales`);
  // Newest first.
  const dates = await page.locator('.sale__meta').allInnerTexts();
  const times = dates.map((d) => Date.parse(/Sold (\w+ \d+, \d{4})/.exec(d)![1]));
  expect(times).toEqual([...times].sort((a, b) => b - a));
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("/sell/'s valuation form sends the agent the valuation lead, then thanks the visitor", async ({ page }) => {
    const from = email();
    await page.goto('/sell/');
    await page.getByRole('link', { name: "What's My Home Worth?" }).click();
    await expect(page).toHaveURL(`${BASE}/sell/#valuation`);
    const form = page.locator('#valuation-form');
    await form.getByLabel('First Name').fill('Ana');
    await form.getByLabel('Last Name').fill('Ruiz');
    await form.getByLabel('Email').fill(from);
    await form.getByLabel('Phone').fill('904 555 0199');
    await form.getByLabel('Property Address').fill('1847 River Road');
    await form.getByLabel('Message').fill('Thinking of selling in spring.');
    await form.getByRole('button', { name: 'Request My Valuation' }).click();
    await expect(page).toHaveURL(`${BASE}/thank-you/?form=lead`);
    const [sent] = await emailjs.waitFor(from);
    expect(sent.template_params).toMatchObject({
      subject: 'Home Valuation Request from Ana Ruiz',
      property_address: '1847 River Road',
      to_email: contentValue('site.yaml', 'email'),
    });
  });

  test("the valuation form asks for the property's address, as the dialog does", async ({ page }) => {
    await page.goto('/sell/');
    await expect(page.locator('#valuation-form').getByLabel('Property Address')).toHaveAttribute('required', '');
  });
});

test("/sell/'s form with JavaScript: the bot check's island takes it over, and it still delivers", async ({ page }) => {
  const from = email();
  await page.goto('/sell/#valuation');
  const form = page.locator('#valuation-form');
  await form.getByLabel('First Name').fill('Ana');
  await form.getByLabel('Last Name').fill('Ruiz');
  await form.getByLabel('Email').fill(from);
  await form.getByLabel('Phone').fill('904 555 0199');
  await form.getByLabel('Property Address').fill('12 Oak Street');
  await form.getByLabel('Message').fill('Value it, please.');
  await form.getByRole('button', { name: 'Request My Valuation' }).click();
  await expect(page).toHaveURL(`${BASE}/thank-you/?form=lead`);
  const [sent] = await emailjs.waitFor(from);
  expect(sent.template_params.subject).toBe('Home Valuation Request from Ana Ruiz');
});

test("sellers find /sell/: the nav's own item, the hero, the footer, and a sent valuation's message", async ({
  page,
}) => {
  await page.goto('/');
  const nav = page.getByRole('navigation').first();
  await expect(nav.getByRole('link')).toHaveText([
    'Properties',
    'Neighborhoods',
    'New Developments',
    'Client Concierge',
    'Sell',
  ]);
  await expect(page.locator('.hero').getByRole('link', { name: 'Sell Your Home' })).toHaveAttribute('href', '/sell/');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Sell Your Home' })).toHaveAttribute(
    'href',
    '/sell/',
  );
  await page.getByRole('button', { name: "What's My Home Worth?" }).first().click();
  await fillDialog(page, {
    'First Name': 'Ana',
    'Last Name': 'Ruiz',
    Email: email(),
    Phone: '904 555 0199',
    'Property Address': '9 Oak St',
    Message: 'Hi',
  });
  await dialog(page).getByRole('button', { name: 'Request My Valuation' }).click();
  const status = page.getByRole('status');
  await status.getByRole('link', { name: 'Sell Your Home' }).click();
  await expect(page).toHaveURL(`${BASE}/sell/`);
});

test("clients' words: on the home page, and on the page of their neighborhood only", async ({ page }) => {
  await page.goto('/');
  const words = page.getByRole('region', { name: 'In Their Words' });
  await expect(words.locator('figure.quote')).toHaveCount(
    readdirSync(resolve(import.meta.dirname, '../../content/testimonials')).length,
  );
  await page.goto('/neighborhoods/ortega/');
  await expect(page.getByRole('region', { name: 'In Their Words' }).locator('figcaption')).toHaveText([
    /Ortega, 2023$/,
  ]);
  await page.goto('/neighborhoods/springfield/');
  await expect(page.getByRole('region', { name: 'In Their Words' })).toHaveCount(0);
});
