// The pictures in docs/editing.md, taken here so they show the editor and the site as they are:
// each run writes docs/images/*.jpg again (a changed look shows up in `git status` to commit
// with the change). Each picture is first checked to show what the guide says it does:
// the editor's form with its preview, or the words of a content file on the page it changes.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FrameLocator, Locator, Page } from '@playwright/test';
import { contentField, expect, LATEST_SNAPSHOT, test } from './fixtures';

const pictures = resolve(import.meta.dirname, '../../docs/images');
// One the editor tests leave as it is (they change the first few: admin.spec.ts).
const LISTING = 'southbank-riverfront-penthouse';

test.use({ viewport: { width: 1280, height: 800 } });

/** True once every island in sight that hydrates by itself (on load, when visible or idle; not
 * those waiting for a visitor's touch) has hydrated: a picture never catches one half there. */
function islandsSettled() {
  return [...document.querySelectorAll<HTMLElement>('[data-island][data-hydrate]')]
    .filter(
      (el) =>
        ['load', 'visible', 'idle'].includes(el.dataset.hydrate ?? '') && el.getBoundingClientRect().top < innerHeight,
    )
    .every((el) => el.dataset.hydrated === 'true');
}

/** The page as it looks once still: its islands in sight (and those of `frames`, e.g. the
 * editor's preview) hydrated, fonts in, the images in sight decoded, no caret or animation.
 * The editor's pictures leave out its top 3 px, where its loading bar comes and goes. */
async function picture(
  page: Page,
  name: string,
  shows: Locator,
  { editor = false, frames = [] as FrameLocator[] } = {},
) {
  await expect(shows).toBeInViewport();
  for (const body of [page.locator('body'), ...frames.map((f) => f.locator('body'))]) {
    await expect.poll(() => body.evaluate(islandsSettled)).toBe(true);
  }
  await page.evaluate(async () => {
    await document.fonts.ready;
    // A lazy image out of sight never loads: only those in the first screen are waited for.
    const inSight = [...document.images].filter((i) => i.getBoundingClientRect().top < innerHeight);
    await Promise.all(inSight.map((i) => i.decode().catch(() => undefined)));
  });
  mkdirSync(pictures, { recursive: true });
  const clip = editor ? { x: 0, y: 3, width: 1280, height: 797 } : undefined;
  await page.screenshot({
    path: resolve(pictures, `${name}.jpg`),
    type: 'jpeg',
    quality: 70,
    animations: 'disabled',
    caret: 'hide',
    clip,
  });
}

test.describe('the editor', () => {
  test('its collections, with the entries of one', async ({ page }) => {
    await page.goto('/admin/#/collections/neighborhoods');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('link', { name: /Featured listings/ })).toBeVisible();
    await picture(
      page,
      'editor-collections',
      page.getByText(new RegExp(contentField('neighborhoods/ortega.md', 'name'), 'i')).first(),
      { editor: true },
    );
  });

  test("a listing's form with the page it makes beside it", async ({ page }) => {
    await page.goto(`/admin/#/collections/listings/entries/${LISTING}`);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByLabel('Price', { exact: true })).toHaveValue(
      contentField(`listings/${LISTING}.md`, 'price'),
    );
    const shown = page.frameLocator('#preview-pane').frameLocator('iframe[title="Preview of the page"]');
    await expect(shown.locator('main h1')).toBeVisible();
    await picture(page, 'editor-listing', page.getByLabel('Price', { exact: true }), { editor: true, frames: [shown] });
  });

  test("a month's market figures", async ({ page }) => {
    const month = LATEST_SNAPSHOT.replace(/^market\/|\.ya?ml$/g, '');
    await page.goto(`/admin/#/collections/market/entries/${month}`);
    await page.getByRole('button', { name: 'Login' }).click();
    const shown = page.frameLocator('#preview-pane').frameLocator('iframe[title="Preview of the page"]');
    await expect(shown.getByText(contentField(LATEST_SNAPSHOT, 'source')).first()).toBeVisible();
    await expect(shown.locator('table tbody tr').first()).toBeAttached();
    await picture(page, 'editor-market', page.getByLabel('Source', { exact: true }), { editor: true, frames: [shown] });
  });
});

// What each file changes: its page, in a picture that shows some of the file's words.
const PAGES: { name: string; path: string; file: string; keys: string[] }[] = [
  { name: 'site-home', path: '/', file: 'home.yaml', keys: ['hero', 'title'] },
  { name: 'site-neighborhood', path: '/neighborhoods/ortega/', file: 'neighborhoods/ortega.md', keys: ['hero'] },
  { name: 'site-listing', path: `/listings/${LISTING}/`, file: `listings/${LISTING}.md`, keys: ['price'] },
  { name: 'site-market', path: '/market/', file: LATEST_SNAPSHOT, keys: ['source'] },
  { name: 'site-sell', path: '/sell/', file: 'sell.yaml', keys: ['hero', 'title'] },
  { name: 'site-concierge', path: '/client-concierge/', file: 'concierge.yaml', keys: ['heading'] },
];

test.describe('what each file changes', () => {
  for (const { name, path, file, keys } of PAGES) {
    test(`content/${file} on ${path}`, async ({ page }) => {
      await page.goto(path);
      await picture(page, name, page.getByText(contentField(file, ...keys), { exact: false }).first());
    });
  }
});
