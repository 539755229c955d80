// The browser editor at /admin/ (issue 22), as make dev serves it: Decap CMS over the content
// files through decap-server on loopback (scripts/editor-files.sh), here on a copy of content/
// made for this run (EDITOR_ROOT, playwright.config.ts), so the repository's files stay as they are.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, listingIds, test } from './fixtures';
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
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByText('Publish now').first().click();
  await expect.poll(() => changedLines(`listings/${id}.md`).map((l) => l.after), { timeout: 10_000 }).toEqual([
    'price: "$1,234,000"',
  ]);
  expect(changedLines(`listings/${id}.md`)[0].before).toMatch(/^price: "\$[\d,]+"$/);
  // The schema line, the field order and every other byte stay.
  expect(readFileSync(resolve(EDITOR_ROOT, 'content/listings', `${id}.md`), 'utf8')).toMatch(
    /^---\n# yaml-language-server: \$schema=\.\.\/schemas\/listing\.schema\.json\n/,
  );
  expect(consoleErrors.filter((e) => !e.includes('404'))).toEqual([]);
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
  expect(policy).toContain('connect-src \'self\' http://127.0.0.1:8081');
  expect(await admin.text()).toContain('<meta name="robots" content="noindex, nofollow">');
  const home = await request.get('/');
  expect(home.headers()['content-security-policy']).not.toContain('unsafe-eval');
  expect(await home.text()).not.toMatch(/admin|decap/i);
  expect(await (await request.get('/sitemap.xml')).text()).not.toContain('/admin/');
  expect(await (await request.get('/robots.txt')).text()).toContain('Disallow: /admin/');
});
