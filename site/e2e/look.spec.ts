// Look and feel: every page type at the four widths the site is designed for fits without a
// sideways scroll, and full-page screenshots at 390 and 1280 px go to test-output/screenshots/
// (not committed) for a person to look at.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { dialog, expect, test } from './fixtures';
import { sideways } from './look-checks.mjs';
import { PAGE_TYPES } from './page-types.mjs';

const shots = resolve(import.meta.dirname, '../../test-output/screenshots');
mkdirSync(shots, { recursive: true });

const PAGES = PAGE_TYPES;

/** Scrolls to the end and back, so lazy images and visible-only islands are in place. */
async function settle(page: Page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 700) await page.evaluate((top) => window.scrollTo(0, top), y);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
}

for (const width of [360, 768, 1280, 1920]) {
  test(`every page type fits ${width} px without a sideways scroll`, async ({ page }) => {
    // Every page type, each scrolled through: the narrowest are the longest (a list of 24 homes
    // at 360 px is some 20 screens).
    test.setTimeout(PAGES.length * 8_000);
    await page.setViewportSize({ width, height: 900 });
    for (const [name, path] of PAGES) {
      await page.goto(path);
      await settle(page);
      const wide = await page.evaluate(sideways);
      expect(wide, `${name} at ${width} px`).toEqual({ scroll: 0, out: [] });
    }
  });
}

// A grid or flex item may not shrink below its content's min-content width (`min-width: auto`),
// and engines disagree on what that is for a map, a table or a scroller: WebKit made the
// developments map wider than a 390 px phone while Chromium shrank it. So, whatever this engine
// lays out, every grid or row-flex item holding such content must be allowed to shrink:
// `min-width` set (e.g. 0) or its overflow clipped/scrolling (which makes the automatic minimum 0).
for (const width of [360, 390, 768]) {
  test(`every grid and flex item holding wide content may shrink at ${width} px`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height: 900 });
    const stuck: string[] = [];
    for (const [name, path] of PAGES) {
      await page.goto(path);
      const items = await page.evaluate(() => {
        const wide = [...document.querySelectorAll<HTMLElement>('body *')].filter(
          (el) => el.matches('iframe, video, table, pre, canvas') || /auto|scroll/.test(getComputedStyle(el).overflowX),
        );
        const item = (el: Element) => {
          const parent = el.parentElement && getComputedStyle(el.parentElement);
          return !!parent && (/grid/.test(parent.display) || (/flex/.test(parent.display) && !parent.flexDirection.startsWith('column')));
        };
        const out = new Set<string>();
        for (const w of wide) {
          for (let el: HTMLElement | null = w; el && el !== document.body; el = el.parentElement) {
            const style = getComputedStyle(el);
            if (item(el) && style.minWidth === 'auto' && style.overflowX === 'visible') {
              out.add(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} holds ${w.tagName.toLowerCase()}.${[...w.classList].join('.')}`);
            }
          }
        }
        return [...out];
      });
      stuck.push(...items.map((item) => `${name}: ${item}`));
    }
    expect(stuck).toEqual([]);
  });
}

for (const width of [390, 1280]) {
  test(`full-page screenshots at ${width} px`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
    // The carousel holds still (it never rotates under reduced motion), so no picture catches a
    // slide mid-transition.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    for (const [name, path] of PAGES) {
      await page.goto(path);
      await settle(page);
      await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
    }
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
