// The browser editor at /admin/ (issue 22), as make dev serves it: Decap CMS over the content
// files through decap-server on loopback (scripts/editor-files.sh), here on a copy of content/
// made for this run (EDITOR_ROOT, playwright.config.ts), so the repository's files stay as they are.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, LATEST_SNAPSHOT, listingIds, test } from './fixtures';
import { EDITOR_ROOT } from './stack';

const content = resolve(import.meta.dirname, '../../content');

/** The lines of a content file that differ between the repository and the editor's copy. */
function changedLines(file: string): { before: string; after: string }[] {
  const before = readFileSync(resolve(content, file), 'utf8').split('\n');
  const after = readFileSync(resolve(EDITOR_ROOT, 'content', file), 'utf8').split('\n');
  expect(after, `${file} keeps its number of lines`).toHaveLength(before.length);
  return before.flatMap((line, i) => (line === after[i] ? [] : [{ before: line, after: after[i] }]));
}

test("a listing's new price is saved into its file as one changed line", async ({ page, consoleErrors }) => {
  const id = listingIds[0];
  await page.goto(`/admin/#/collections/listings/entries/${id}`);
  // decap-server needs no account: its sign-in is one button.
  await page.getByRole('button', { name: 'Login' }).click();
  const price = page.getByLabel('Price', { exact: true });
  await expect(price).toHaveValue(/^\$[\d,]+$/);
  await price.fill('$1,234,000');
  await publish(page);
  // Saved (decap-server writes the file in place: wait for the whole of it).
  const saved = resolve(EDITOR_ROOT, 'content/listings', `${id}.md`);
  await expect.poll(() => readFileSync(saved, 'utf8'), { timeout: 10_000 }).toMatch(/\$1,234,000[^]*---\n[^]+/);
  const changed = changedLines(`listings/${id}.md`);
  expect(changed.map((l) => l.after)).toEqual(['price: "$1,234,000"']);
  expect(changed[0].before).toMatch(/^price: "\$[\d,]+"$/);
  // The schema line, the field order and every other byte stay.
  expect(readFileSync(saved, 'utf8')).toMatch(
    /^---\n# yaml-language-server: \$schema=\.\.\/schemas\/listing\.schema\.json\n/,
  );
  expect(consoleErrors.filter((e) => !e.includes('404'))).toEqual([]);
});

/** Publish what the form holds (Decap's own buttons). */
async function publish(page: import('@playwright/test').Page) {
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByText('Publish now').first().click();
}

test('a listing without a price is refused before anything is saved', async ({ page }) => {
  const id = listingIds[1];
  await page.goto(`/admin/#/collections/listings/entries/${id}`);
  await page.getByRole('button', { name: 'Login' }).click();
  const price = page.getByLabel('Price', { exact: true });
  await expect(price).toHaveValue(/^\$/);
  await price.fill('');
  await publish(page);
  await expect(page.getByText('Price is required.')).toBeVisible();
  expect(changedLines(`listings/${id}.md`)).toEqual([]);
});

test("a growth of 9.25 is refused in generator check's words before anything is saved", async ({ page, request }) => {
  // The words the configuration carries: the model's (generator/src/editor tests they are the check's).
  const config = JSON.stringify(await (await request.get('/admin/config.json')).json());
  const words = /"pattern":\["[^"]*","(expected a percentage[^"]*)"\]/.exec(config)?.[1];
  expect(words).toBeTruthy();
  const month = LATEST_SNAPSHOT.replace(/^market\/|\.ya?ml$/g, '');
  await page.goto(`/admin/#/collections/market/entries/${month}`);
  await page.getByRole('button', { name: 'Login' }).click();
  const growth = page.getByLabel('Growth over the year (%)').first();
  await expect(growth).toHaveValue(/^-?\d+(\.\d)?$/);
  await growth.fill('9.25');
  await publish(page);
  await expect(page.getByText(words!).first()).toBeVisible();
  expect(changedLines(LATEST_SNAPSHOT)).toEqual([]);
});

test('the editor lists every kind of her content and none of the MLS listings', async ({ page }) => {
  await page.goto('/admin/');
  await page.getByRole('button', { name: 'Login' }).click();
  const collections = page.getByRole('navigation').getByRole('link');
  await expect(collections.first()).toBeVisible();
  await expect(page.getByText('Featured listings', { exact: true })).toBeVisible();
  for (const name of ['Site and pages', 'Neighborhoods', 'Market snapshots', 'Market reports', 'Testimonials', 'Sold homes', 'Legal pages']) {
    await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(page.getByText(/MLS listings/)).toHaveCount(0);
});

test('the public site pays nothing for the editor', async ({ request }) => {
  const admin = await request.get('/admin/');
  expect(admin.status()).toBe(200);
  expect(admin.headers()['x-robots-tag']).toBe('noindex');
  const policy = admin.headers()['content-security-policy'];
  expect(policy).toContain("script-src 'self' 'unsafe-eval'");
  expect(policy).toContain("connect-src 'self' blob: http://127.0.0.1:8081 http://127.0.0.1:4040 ");
  expect(await admin.text()).toContain('<meta name="robots" content="noindex, nofollow">');
  const home = await request.get('/');
  expect(home.headers()['content-security-policy']).not.toContain('unsafe-eval');
  expect(await home.text()).not.toMatch(/admin|decap/i);
  expect(await (await request.get('/sitemap.xml')).text()).not.toContain('/admin/');
  expect(await (await request.get('/robots.txt')).text()).toContain('Disallow: /admin/');
});

test('the preview beside the form is the page the generator renders from the unsaved entry', async ({ page }) => {
  const id = listingIds[2];
  await page.goto(`/admin/#/collections/listings/entries/${id}`);
  await page.getByRole('button', { name: 'Login' }).click();
  const price = page.getByLabel('Price', { exact: true });
  await expect(price).toHaveValue(/^\$[\d,]+$/);
  const shown = page.frameLocator('#preview-pane').frameLocator('iframe[title="Preview of the page"]');
  // The listing's own page, from the site's templates.
  await expect(shown.locator('main h1')).toBeVisible();
  // Each change reaches the page as she types (printed: the latency from the change to the page).
  const times: number[] = [];
  for (let i = 0; i < 20; i++) {
    const value = `$1,7${String(i).padStart(2, '0')},000`;
    const start = Date.now();
    await price.fill(value);
    await expect(shown.getByText(value).first()).toBeVisible();
    times.push(Date.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(`keystroke → preview: median ${times[10]} ms of 20 (min ${times[0]}, max ${times[19]})`);
  // What only the generator judges is shown in its words, and the file is not touched.
  await price.fill('about a million');
  await expect(page.frameLocator('#preview-pane').getByRole('alert')).toContainText(
    'price: expected a price such as "$1,250,000", found "about a million"',
  );
  expect(changedLines(`listings/${id}.md`)).toEqual([]);
});
