// Saved homes: the heart on a card or a listing page keeps the home on this device,
// /homes/saved/ lists them from the search's files (current price and status; a home that left
// the market says so), and a shared link opens the same list elsewhere. Without JavaScript the
// hearts are not shown.
import { randomUUID } from 'node:crypto';
import { contentField, contentValue, dialog, expect, fillDialog, test } from './fixtures';
import { emailjs } from './stack';
import { FOR_SALE } from './page-types.mjs';

/** A text of content/site.yaml's `mls.labels.saved`. */
const saved = (key: string) => contentField('site.yaml', 'mls', 'labels', 'saved', key);
const heart = (page: import('@playwright/test').Page, within = page.locator('main')) =>
  within.locator('button[data-save-home]');

test('hearts keep homes across a reload; /homes/saved/ lists them; a shared link opens the same list elsewhere', async ({
  page,
  browser,
  consoleErrors,
}) => {
  await page.goto('/homes/');
  const cards = page.locator('article.home-card');
  const first = heart(page, cards.nth(0));
  // The hearts wake as their cards come into view.
  await cards.nth(0).scrollIntoViewIfNeeded();
  await expect(first).toBeVisible();
  await expect(first).toHaveAttribute('aria-pressed', 'false');
  const titles = await cards.locator('.home-card__title').allInnerTexts();
  await expect(first).toHaveAccessibleName(saved('save').replace('{home}', titles[0]));
  await first.click();
  await heart(page, cards.nth(2)).click();
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  // The heart is not a link: the page stays.
  await expect(page).toHaveURL(/\/homes\/$/);
  const numbers = [
    await first.getAttribute('data-save-home'),
    await heart(page, cards.nth(2)).getAttribute('data-save-home'),
  ];

  await page.reload();
  await page.locator('article.home-card').nth(0).scrollIntoViewIfNeeded();
  await expect(heart(page, page.locator('article.home-card').nth(0))).toHaveAttribute('aria-pressed', 'true');
  await expect(heart(page, page.locator('article.home-card').nth(1))).toHaveAttribute('aria-pressed', 'false');

  await page.getByRole('link', { name: saved('link') }).click();
  await expect(page).toHaveURL(/\/homes\/saved\/$/);
  const listed = page.locator('[data-list] article.home-card');
  await expect(listed).toHaveCount(2);
  // Newest saved first: the third card, then the first; each with its heart pressed.
  await expect(listed.locator('.home-card__title')).toHaveText([titles[2], titles[0]]);
  await expect(heart(page, listed.nth(0))).toHaveAttribute('aria-pressed', 'true');
  await expect(listed.nth(0).locator('.home-card__office')).not.toBeEmpty();

  // The share link carries the list; another browser (no saved homes) opens the same homes.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: saved('share') }).click();
  await expect(page.getByRole('button', { name: saved('copied') })).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(new URL(link).searchParams.get('homes')).toBe([numbers[1], numbers[0]].join(','));

  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  try {
    await other.goto(link);
    await expect(other.getByRole('heading', { level: 1 })).toHaveText(saved('shared'));
    await expect(other.locator('[data-list] .home-card__title')).toHaveText([titles[2], titles[0]]);
    await other.getByRole('button', { name: saved('keep') }).click();
    await other.goto('/homes/saved/');
    await expect(other.locator('[data-list] .home-card__title')).toHaveText([titles[2], titles[0]]);
  } finally {
    await elsewhere.close();
  }

  // A heart taken off here takes its card away, and out of "Ask about these homes"; the last one
  // leaves the page's words that nothing is saved.
  await heart(page, listed.nth(0)).click();
  await expect(listed.locator('.home-card__title')).toHaveText([titles[0]]);
  // (The dialogs island makes the link a button.)
  const ask = page.getByRole('button', { name: saved('ask') });
  const message = await ask.getAttribute('data-message');
  expect(message).toContain(titles[0]);
  expect(message).not.toContain(titles[2]);
  await heart(page, listed.nth(0)).click();
  await expect(listed).toHaveCount(0);
  await expect(page.locator('[data-status]')).toHaveText(saved('empty'));
  await expect(ask).toBeHidden();
  await expect(page.getByRole('button', { name: saved('share') })).toBeHidden();
  expect(consoleErrors).toEqual([]);
});

test('a listing page has its heart; a saved home that left the market says so', async ({ page }) => {
  await page.goto(FOR_SALE);
  const mine = heart(page);
  await expect(mine).toHaveCount(1);
  await mine.click();
  await expect(mine).toHaveAttribute('aria-pressed', 'true');
  const title = await page.locator('.listing__title').innerText();
  // A home no listing has any more (its MLS number gone from the index), saved before it left.
  await page.evaluate(() => {
    const list = JSON.parse(localStorage.getItem('saved-homes') ?? '[]') as object[];
    list.push({ n: 'GONE999', t: '12 Sold Lane', u: '/homes/12-sold-lane-GONE999/', p: '$1,000,000' });
    localStorage.setItem('saved-homes', JSON.stringify(list));
  });
  await page.goto('/homes/saved/');
  await expect(page.locator('[data-list] > li')).toHaveCount(2);
  await expect(page.locator('[data-list] .home-card__title').first()).toHaveText(title);
  const gone = page.locator('[data-list] .home-card--gone');
  await expect(gone.locator('.home-card__title')).toHaveText('12 Sold Lane');
  await expect(gone).toContainText(saved('gone'));
});

test("a shared link shows only MLS numbers of the feed's format, and an unknown one as no longer listed, never its text", async ({
  page,
}) => {
  await page.goto('/homes/');
  const known = await heart(page, page.locator('article.home-card').nth(0)).getAttribute('data-save-home');
  const title = await page.locator('article.home-card .home-card__title').nth(0).innerText();
  // An unknown number of the right shape, and words a stranger put in the link.
  await page.goto(`/homes/saved/?homes=${known},9999999,Call-555-0100-now,-1`);
  const items = page.locator('[data-list] > li');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0).locator('.home-card__title')).toHaveText(title);
  await expect(items.nth(1).locator('.home-card__title')).toHaveText(saved('gone'));
  await expect(page.locator('[data-list]')).not.toContainText('9999999');
  await expect(page.locator('[data-list]')).not.toContainText('Call');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('no heart is shown, and the saved page says there is nothing to list', async ({ page }) => {
    await page.goto('/homes/');
    await expect(heart(page).first()).toBeHidden();
    await page.goto('/homes/saved/');
    await expect(page.locator('[data-status]')).toHaveText(saved('empty'));
  });
});

test('"Ask about these homes" opens the contact form about the list, and the agent\'s e-mail links each home', async ({
  page,
}) => {
  await page.goto('/homes/');
  const cards = page.locator('article.home-card');
  await cards.nth(0).scrollIntoViewIfNeeded();
  await heart(page, cards.nth(0)).click();
  await heart(page, cards.nth(1)).click();
  await expect(heart(page, cards.nth(1))).toHaveAttribute('aria-pressed', 'true');
  const paths = await Promise.all([1, 0].map((i) => cards.nth(i).locator('.home-card__title a').getAttribute('href')));
  const titles = await Promise.all([1, 0].map((i) => cards.nth(i).locator('.home-card__title').innerText()));
  await page.goto('/homes/saved/');
  await expect(page.locator('[data-list] article.home-card')).toHaveCount(2);
  await page.getByRole('button', { name: saved('ask') }).click();
  await expect(dialog(page)).toHaveAccessibleName(new RegExp(saved('ask_about').replace('{count}', '2')));
  const message = dialog(page).getByLabel('Message', { exact: false });
  await expect(message).toHaveValue(new RegExp(`^${saved('ask_message')}\n${titles[0]} — \\$[\\d,]+\n${titles[1]} — `));
  const email = `ana.${randomUUID().slice(0, 8)}@example.com`;
  await fillDialog(page, { 'Full Name': 'Ana Ruiz', Email: email, Phone: '904 555 0199' });
  await dialog(page).getByRole('button', { name: 'Send Message' }).click();
  const [sent] = await emailjs.waitFor(email);
  const site = contentValue('site.yaml', 'base_url');
  expect(sent.template_params.listing).toBe(paths.map((p) => `${site}${p}`).join('\n'));
  expect(sent.template_params.message).toContain(titles[1]);
});

test('saving a home on its page offers a search for homes like it, the save form open', async ({ page }) => {
  await page.goto(FOR_SALE);
  const like = page.getByRole('link', { name: saved('like') });
  await expect(like).toBeHidden();
  await heart(page).click();
  await expect(like).toBeVisible();
  await like.click();
  await expect(page).toHaveURL(/\/homes\/\?.*beds=\d.*#save-search$/);
  const form = page.locator('#save-search');
  await expect(form.getByRole('button', { name: contentField('forms.yaml', 'saved_search', 'submit') })).toBeVisible();
  await expect(form.locator('input[name="search"]')).toHaveValue(new URL(page.url()).search.slice(1));
});
