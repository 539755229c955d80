// Look and feel, every page type at each width the site is designed for, in one visit per page
// and width for all the checks below:
// - no fixed element (the contact widget, 'Explore More') over a control or a figure in the first
//   screen or at the end of the page, and the widget never hidden (it once covered a card's
//   'View Details');
// - no sideways scroll;
// - at phone and tablet widths, every grid or flex item holding wide content may shrink;
// - at phone widths, no e-mail address or number broken across lines and no select or button
//   whose text is cut (the footer's e-mail once split mid-word, "Riverside & O");
// - at 390 and 1280 px, full-page screenshots in test-output/screenshots/ (not committed) for a
//   person to look at.
// The same checks run in WebKit and Firefox (engines/suite.mjs).
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { dialog, expect, firstPartyIdle, test } from './fixtures';
import { coveredByPills, cutText, settled, sideways, widgetShows } from './look-checks.mjs';
import { PAGE_TYPES } from './page-types.mjs';

const shots = resolve(import.meta.dirname, '../../test-output/screenshots');
mkdirSync(shots, { recursive: true });

/** Scrolls to the end and back, so lazy images and visible-only islands are in place, then waits
 * for the site's own requests (`idle`: not `networkidle`, which the home page's map, a frame that
 * cannot load offline, once kept from ever coming: fixtures.ts). */
async function settle(page: Page, idle: () => Promise<void>) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 700) await page.evaluate((top) => window.scrollTo(0, top), y);
  await page.evaluate(() => window.scrollTo(0, 0));
  await idle();
  await page.evaluate(() => document.fonts.ready);
}

/** What covers a control or a figure, in the first screen and at the end, as a visitor who just
 * arrived sees it; leaves the page at its top. */
async function covered(page: Page) {
  const found: string[] = [];
  await page.evaluate(settled);
  for (const c of await page.evaluate(coveredByPills)) found.push(`(first screen) ${c}`);
  if (!(await page.evaluate(widgetShows))) found.push('(first screen) the contact widget is hidden');
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
  await page.evaluate(settled);
  for (const c of await page.evaluate(coveredByPills)) found.push(`(end) ${c}`);
  if (!(await page.evaluate(widgetShows))) found.push('(end) the contact widget is hidden');
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  return found;
}

// A grid or flex item may not shrink below its content's min-content width (`min-width: auto`),
// and engines disagree on what that is for a map, a table or a scroller: WebKit made the
// developments map wider than a 390 px phone while Chromium shrank it. So, whatever this engine
// lays out, every grid or row-flex item holding such content must be allowed to shrink:
// `min-width` set (e.g. 0) or its overflow clipped/scrolling (which makes the automatic minimum 0).
function stuckItems() {
  const wide = [...document.querySelectorAll<HTMLElement>('body *')].filter(
    (el) => el.matches('iframe, video, table, pre, canvas') || /auto|scroll/.test(getComputedStyle(el).overflowX),
  );
  const item = (el: Element) => {
    const parent = el.parentElement && getComputedStyle(el.parentElement);
    return (
      !!parent &&
      (/grid/.test(parent.display) || (/flex/.test(parent.display) && !parent.flexDirection.startsWith('column')))
    );
  };
  const out = new Set<string>();
  for (const w of wide) {
    for (let el: HTMLElement | null = w; el && el !== document.body; el = el.parentElement) {
      const style = getComputedStyle(el);
      if (item(el) && style.minWidth === 'auto' && style.overflowX === 'visible') {
        out.add(
          `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} holds ${w.tagName.toLowerCase()}.${[...w.classList].join('.')}`,
        );
      }
    }
  }
  return [...out];
}

for (const width of [360, 390, 768, 1280, 1920]) {
  const phone = width < 768;
  const screenshots = width === 390 || width === 1280;
  const checks = [
    'nothing covered',
    'no sideways scroll',
    ...(width <= 768 ? ['grid items shrink'] : []),
    ...(phone ? ['no text broken or cut'] : []),
    ...(screenshots ? ['full-page screenshots'] : []),
  ];
  test(`every page type at ${width} px: ${checks.join(', ')}`, async ({ page }) => {
    // Every page type, each scrolled through: the narrowest are the longest (a list of homes
    // is many screens long on a phone).
    test.setTimeout(PAGE_TYPES.length * 12_000);
    await page.setViewportSize({ width, height: width === 360 ? 800 : phone ? 844 : 900 });
    // The carousel holds still (it never rotates under reduced motion), so no picture catches a
    // slide mid-transition.
    if (screenshots) await page.emulateMedia({ reducedMotion: 'reduce' });
    const found: string[] = [];
    const idle = firstPartyIdle(page);
    for (const [name, path] of PAGE_TYPES) {
      await page.goto(path);
      await page.waitForLoadState('load');
      for (const c of await covered(page)) found.push(`${name} ${c}`);
      await settle(page, idle);
      const wide = await page.evaluate(sideways);
      if (wide.scroll > 0 || wide.out.length)
        found.push(`${name}: scrolls ${wide.scroll} px sideways (${wide.out.join(', ')})`);
      if (width <= 768)
        for (const item of await page.evaluate(stuckItems)) found.push(`${name}: ${item} and cannot shrink`);
      if (phone) for (const f of await page.evaluate(cutText)) found.push(`${name}: ${f}`);
      if (screenshots) await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
    }
    expect(found).toEqual([]);
    if (!screenshots) return;
    // A dialog and the quiz, as the visitor meets them.
    await page.goto('/');
    await page.locator('#hero').getByRole('button', { name: 'Schedule Consultation' }).click();
    await expect(dialog(page)).toBeVisible();
    await page.screenshot({ path: `${shots}/dialog-consultation-${width}.png` });
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: "What's Your Vibe Quiz" }).click();
    await expect(dialog(page).getByRole('radio')).toHaveCount(5);
    await page.screenshot({ path: `${shots}/dialog-quiz-${width}.png` });
  });
}
