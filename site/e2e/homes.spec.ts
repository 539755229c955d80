// The MLS's listings (the sample `make build` imported): /homes/ and its pages without
// JavaScript, a neighborhood's list, a listing's page with the listing office and the MLS's notice,
// and 'Request a Showing' reaching the agent's e-mail with the home and its MLS number.
import { randomUUID } from 'node:crypto';
import { dialog, expect, fillDialog, test } from './fixtures';
import { FOR_SALE } from './page-types.mjs';
import { emailjs } from './stack';

const cards = (page: import('@playwright/test').Page) => page.locator('article.home-card');

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/homes/ pages through every listing, 24 at a time, and each neighborhood has its list', async ({ page }) => {
    await page.goto('/homes/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Homes for Sale');
    const total = Number((await page.locator('.homes__count').innerText()).split(' ')[0]);
    expect(total).toBeGreaterThan(48);
    await expect(cards(page)).toHaveCount(24);
    const seen = new Set<string>();
    for (let n = 1; ; n++) {
      for (const href of await cards(page).locator('h2 a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))) seen.add(href!);
      const next = page.getByRole('link', { name: 'Next page' });
      if (!(await next.count())) break;
      await next.click();
      await expect(page).toHaveURL(new RegExp(`/homes/page/${n + 1}/$`));
    }
    expect(seen.size).toBe(total);
    await page.getByRole('link', { name: 'Previous page' }).click();
    await expect(page.locator('.paging')).toContainText(`Page ${Math.ceil(total / 24) - 1} of ${Math.ceil(total / 24)}`);

    await page.locator('.homes__areas').getByRole('link', { name: /^Riverside \d+$/ }).click();
    await expect(page).toHaveURL(/\/homes\/in\/riverside\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Homes for Sale in Riverside');
    const here = Number((await page.locator('.homes__count').innerText()).split(' ')[0]);
    await expect(cards(page)).toHaveCount(Math.min(here, 24));
    for (const place of await cards(page).locator('.home-card__place').allInnerTexts()) expect(place).toMatch(/, FL \d{5}$/);
  });

  test("a listing's page names its office, says it is a sample, and carries the MLS's notice", async ({ page }) => {
    await page.goto(FOR_SALE);
    await expect(page.locator('.for-sale__office')).toContainText(/^Listed by .+/);
    await expect(page.getByText('Sample listing', { exact: true })).toBeVisible();
    const notice = page.getByRole('complementary', { name: 'Northeast Florida Multiple Listing Service' });
    await expect(notice).toContainText('comes in part from the Internet Data Exchange (IDX)');
    await expect(notice).toContainText(/Listing data last updated \w+ \d+, \d{4}, \d+:\d\d [AP]M E[SD]T/);
    // Without JavaScript, 'Request a Showing' leads to the contact form.
    await expect(page.getByRole('link', { name: 'Request a Showing' })).toHaveAttribute('href', '/#contact');
  });
});

test("'Request a Showing' sends the agent the home and its MLS number", async ({ page }) => {
  const tag = randomUUID().slice(0, 8);
  const email = `ana.${tag}@example.com`;
  await page.goto(FOR_SALE);
  const street = await page.getByRole('heading', { level: 1 }).innerText();
  const number = (await page.locator('.for-sale__facts').innerText()).match(/MLS #\s+(\S+)/)![1];
  await page.getByRole('button', { name: 'Request a Showing' }).click();
  const message = dialog(page).getByLabel('Message', { exact: false });
  await expect(message).toHaveValue(new RegExp(`^I would like to see ${street}, .+ \\(MLS # ${number}\\)\\.`));
  await fillDialog(page, { 'Full Name': 'Ana Ruiz', Email: email, Phone: '904 555 0199' });
  await dialog(page).getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('status')).toContainText('We will contact you within 24 hours');
  const [sent] = await emailjs.waitFor(email);
  expect(sent.template_params.message).toContain(`${street}, `);
  expect(sent.template_params.message).toContain(`(MLS # ${number})`);
});
