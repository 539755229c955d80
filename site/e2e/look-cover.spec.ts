// What a visitor sees at every width: no fixed element (the contact widget, 'Explore More') over
// a control or a figure at the end of the page; no e-mail address or number broken across lines;
// no select or button whose text is cut. Each would have caught a fault seen on the site (issue
// 21: the footer's e-mail split mid-word, "Riverside & O").
// (The first screen is not checked yet: on /homes/, an MLS listing and /sold/ at 360–390 px the
// widget still sits over a control there; see the README's open points.)
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { PAGE_TYPES } from './page-types.mjs';

/** The fixed pills, and what they may not cover: controls, and figures (prices, stats). */
const FIXED = '.contact-widget__toggle, .explore-more__link';
const TARGETS =
  'a[href], button, input:not([type=hidden]), select, textarea, [tabindex]:not([tabindex="-1"]), .price, .stat__value, .snapshot__value, dd';

async function covered(page: Page) {
  return page.evaluate(
    ({ fixed, targets }) => {
      const pills = [...document.querySelectorAll<HTMLElement>(fixed)].filter((el) => el.getClientRects().length > 0);
      const boxes = pills.map((el) => el.getBoundingClientRect());
      const seen = (el: HTMLElement) => {
        const r = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        return r.width > 1 && r.height > 1 && r.bottom > 0 && r.top < innerHeight && style.visibility !== 'hidden' && !el.closest('.visually-hidden, [inert], [aria-hidden="true"], dialog:not([open]), [popover]:not(:popover-open)');
      };
      const out: string[] = [];
      for (const el of document.querySelectorAll<HTMLElement>(targets)) {
        if (!seen(el) || pills.some((p) => p.contains(el) || el.contains(p)) || el.closest('.contact-widget, .explore-more')) continue;
        const r = el.getBoundingClientRect();
        const hit = boxes.find((b) => Math.min(r.right, b.right) - Math.max(r.left, b.left) > 1 && Math.min(r.bottom, b.bottom) - Math.max(r.top, b.top) > 1);
        if (hit) out.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${(el.textContent ?? '').trim().slice(0, 30)}"`);
      }
      return out;
    },
    { fixed: FIXED, targets: TARGETS },
  );
}

for (const width of [360, 390, 768, 1280, 1920]) {
  test(`no fixed element covers a control or a figure at ${width} px at the end of the page`, async ({ page }) => {
    test.setTimeout(PAGE_TYPES.length * 6_000);
    await page.setViewportSize({ width, height: width < 768 ? 800 : 900 });
    const found: string[] = [];
    for (const [name, path] of PAGE_TYPES) {
      await page.goto(path);
      await page.waitForLoadState('load');
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForTimeout(100);
      for (const c of await covered(page)) found.push(`${name}: ${c}`);
    }
    expect(found).toEqual([]);
  });
}

for (const width of [360, 390]) {
  test(`no e-mail address or number breaks across lines, and no select or button text is cut, at ${width} px`, async ({ page }) => {
    test.setTimeout(PAGE_TYPES.length * 6_000);
    await page.setViewportSize({ width, height: 800 });
    const found: string[] = [];
    for (const [name, path] of PAGE_TYPES) {
      await page.goto(path);
      await page.waitForLoadState('load');
      const faults = await page.evaluate(() => {
        const out: string[] = [];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        const pattern = /[\w.+-]+@[\w-]+(\.[\w-]+)+|\(\d{3}\) \d{3}-\d{4}|\$?\d[\d,.]*\d[%KMB]?/g;
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const host = n.parentElement!;
          if (host.closest('.visually-hidden, script, style, svg, [hidden], .words') || host.getClientRects().length === 0) continue;
          for (const m of (n.textContent ?? '').matchAll(pattern)) {
            const range = document.createRange();
            range.setStart(n, m.index);
            range.setEnd(n, m.index + m[0].length);
            const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
            if (tops.size > 1) out.push(`"${m[0]}" breaks in ${host.tagName.toLowerCase()}.${[...host.classList].join('.')}`);
          }
        }
        const canvas = document.createElement('canvas').getContext('2d')!;
        for (const s of document.querySelectorAll<HTMLSelectElement>('select')) {
          if (s.getClientRects().length === 0) continue;
          const style = getComputedStyle(s);
          canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
          // The widest option, as any may be chosen; the arrow takes about 1.5em.
          const widest = Math.max(...[...s.options].map((o) => canvas.measureText(o.text).width));
          const room = s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 1.5 * parseFloat(style.fontSize);
          if (widest > room + 1) out.push(`select#${s.id} cuts its text (${Math.round(widest)} px in ${Math.round(room)} px)`);
        }
        for (const b of document.querySelectorAll<HTMLElement>('button, .btn')) {
          if (b.getClientRects().length === 0 || b.closest('.visually-hidden, .words')) continue;
          if (b.scrollWidth > b.clientWidth + 1) out.push(`${b.tagName.toLowerCase()} "${b.textContent?.trim()}" cuts its text`);
        }
        return out;
      });
      for (const f of faults) found.push(`${name}: ${f}`);
    }
    expect(found).toEqual([]);
  });
}
