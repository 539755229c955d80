// A listing's photos: the gallery (the first photo large, four beside it, "All N photos") opens
// the viewer on a phone by a tap, swiped from photo to photo, and at 1280 px by the keyboard; the
// photo shown is in the URL (a link opens it, Back closes it) and the focus returns to what opened
// it. The viewer's code is fetched only when it is about to open. Without JavaScript every photo
// is on the page.
import type { CDPSession, Locator, Page } from '@playwright/test';
import { contentField, expect, test } from './fixtures';
import { FOR_SALE } from './page-types.mjs';

/** A text of content/site.yaml's `mls.labels.gallery`. */
const label = (key: string) => contentField('site.yaml', 'mls', 'labels', 'gallery', key);
const counter = (n: number, total: number) =>
  label('counter').replace('{n}', String(n)).replace('{total}', String(total));
const VIEWER_CODE = /\/assets\/viewer-[^/]*\.js$/;

/** How many photos the page lists, and the caption of photo `n`. */
async function photos(page: Page) {
  const links = page.locator('[data-photo]');
  return { total: await links.count(), caption: (n: number) => links.nth(n - 1).getAttribute('data-caption') };
}

/** A finger's swipe from right to left across the middle of the screen (PhotoSwipe reads pointer events). */
async function swipeLeft(cdp: CDPSession, page: Page) {
  const { width, height } = page.viewportSize()!;
  const y = Math.round(height / 2);
  const [from, to] = [Math.round(width * 0.8), Math.round(width * 0.15)];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from, y }] });
  for (let i = 1; i <= 8; i++)
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: Math.round(from + ((to - from) * i) / 8), y }],
    });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/** Two taps in the middle of the screen, as a double tap. */
async function doubleTap(cdp: CDPSession, page: Page) {
  const { width, height } = page.viewportSize()!;
  const point = { x: Math.round(width / 2), y: Math.round(height / 2) };
  for (let i = 0; i < 2; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await page.waitForTimeout(80);
  }
}

/** Two fingers spread apart from the middle of the screen. */
async function pinchOut(cdp: CDPSession, page: Page) {
  const { width, height } = page.viewportSize()!;
  const [x, y] = [Math.round(width / 2), Math.round(height / 2)];
  const fingers = (d: number) => [
    { x: x - d, y, id: 0 },
    { x: x + d, y, id: 1 },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(20) });
  for (let d = 40; d <= 160; d += 20)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(d) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

async function expectFocusIn(locator: Locator) {
  await expect.poll(() => locator.evaluate((el) => el.contains(document.activeElement))).toBe(true);
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('tap "All N photos", swipe to the third photo, zoom it, Back closes the viewer and the focus returns', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto(FOR_SALE);
    const { total, caption } = await photos(page);
    expect(total, 'the sample gives the audited listing 30 photos').toBe(30);
    const all = page.getByRole('link', { name: label('all').replace('{count}', String(total)) });
    await expect(all).toBeVisible();
    // The gallery's strip: the first photo, then the next four, side by side.
    await expect(page.locator('.gallery__photo')).toHaveCount(5);
    await page.waitForLoadState('networkidle');
    await all.tap();
    const dialog = page.locator('.pswp');
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute(
      'aria-label',
      label('name').replace('{home}', await page.locator('h1').innerText()),
    );
    await expect(dialog.locator('.pswp__counter')).toHaveText(counter(1, total));
    await expect(page).toHaveURL(/#photo-1$/);

    const cdp = await page.context().newCDPSession(page);
    await swipeLeft(cdp, page);
    await expect(dialog.locator('.pswp__counter')).toHaveText(counter(2, total));
    await swipeLeft(cdp, page);
    await expect(dialog.locator('.pswp__counter')).toHaveText(counter(3, total));
    await expect(page).toHaveURL(/#photo-3$/);
    await expect(dialog.locator('.pswp__photo-caption')).toHaveText((await caption(3))!);

    // Double tap zooms in and out again; so does a pinch.
    await doubleTap(cdp, page);
    await expect(dialog).toHaveClass(/pswp--zoomed-in/);
    await page.waitForTimeout(400);
    await doubleTap(cdp, page);
    await expect(dialog).not.toHaveClass(/pswp--zoomed-in/);
    await page.waitForTimeout(400);
    await pinchOut(cdp, page);
    await expect(dialog).toHaveClass(/pswp--zoomed-in/);

    await page.goBack();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`${FOR_SALE}$`));
    await expect(all).toBeFocused();
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('by the keyboard: Enter opens, the arrows move, the focus stays inside, Escape closes', async ({
    page,
    consoleErrors,
  }) => {
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    await page.goto(FOR_SALE);
    const { total, caption } = await photos(page);
    // The first photo large, four beside it.
    const [first, beside] = [page.locator('.gallery__photo').nth(0), page.locator('.gallery__photo').nth(1)];
    const [a, b] = [(await first.boundingBox())!, (await beside.boundingBox())!];
    expect(b.x).toBeGreaterThan(a.x + a.width - 1);
    expect(a.height).toBeGreaterThan(b.height * 1.9);
    await page.waitForLoadState('networkidle');
    expect(
      requested.filter((u) => VIEWER_CODE.test(u)),
      'the viewer is not fetched with the page',
    ).toEqual([]);

    const all = page.getByRole('link', { name: label('all').replace('{count}', String(total)) });
    await all.focus();
    // Fetched ahead once the focus reaches the gallery.
    await expect.poll(() => requested.some((u) => VIEWER_CODE.test(u))).toBe(true);
    await page.keyboard.press('Enter');
    const dialog = page.locator('.pswp');
    await expect(dialog.locator('.pswp__counter')).toHaveText(counter(1, total));
    await expectFocusIn(dialog);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(dialog.locator('.pswp__counter')).toHaveText(counter(3, total));
    await expect(page).toHaveURL(/#photo-3$/);
    await expect(dialog.locator('.pswp__photo-caption')).toHaveText((await caption(3))!);
    await page.keyboard.press('ArrowLeft');
    await expect(dialog.locator('.pswp__counter')).toHaveText(counter(2, total));
    for (let i = 0; i < 8; i++) await page.keyboard.press('Tab');
    await expectFocusIn(dialog);
    await expect(dialog.getByRole('button', { name: label('close') })).toBeVisible();
    await expect(dialog.getByRole('button', { name: label('next') })).toBeVisible();
    await expect(dialog.getByRole('button', { name: label('previous') })).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(all).toBeFocused();
    // Closing went Back to the page's own entry.
    await expect(page).toHaveURL(new RegExp(`${FOR_SALE}$`));
    expect(consoleErrors).toEqual([]);
  });

  test('a link to #photo-3 opens the page on the third photo; a tap on a photo opens it', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto(`${FOR_SALE}#photo-3`);
    const { total } = await photos(page);
    const dialog = page.locator('.pswp');
    await expect(dialog.locator('.pswp__counter')).toHaveText(counter(3, total));
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`${FOR_SALE}$`));

    // The second photo beside the first.
    await page.locator('.gallery__photo').nth(1).click();
    await expect(dialog.locator('.pswp__counter')).toHaveText(counter(2, total));
    await dialog.getByRole('button', { name: label('close') }).click();
    await expect(dialog).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every photo is on the page, and no control that would need the viewer', async ({ page }) => {
    await page.goto(FOR_SALE);
    const links = page.locator('[data-photo]');
    const total = await links.count();
    for (let i = 0; i < total; i++) await expect(links.nth(i).locator('img')).toBeVisible();
    await expect(page.locator('.gallery__all')).toBeHidden();
    await expect(page.locator('.gallery__photo--beside').first()).toBeHidden();
  });
});
