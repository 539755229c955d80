// What the cross-engine suite checks, the same in every engine (webkit.test.mjs, firefox.test.mjs):
// every page type at four widths (no sideways scroll, no error recorded, the look checks, a
// full-page screenshot),
// then the interactive parts through the real worker and the fake EmailJS.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { coveredByPills, cutText, settled, sideways, widgetShows } from '../e2e/look-checks.mjs';
import { PAGE_TYPES as PAGES } from '../e2e/page-types.mjs';
import { BASE } from './stack.mjs';

const root = resolve(import.meta.dirname, '../..');
export const SHOTS = resolve(root, 'test-output/screenshots');
export const WIDTHS = [360, 390, 768, 1280];

export { PAGES };

/** Polls `fn(...args)` in the page until it returns something truthy; returns that. */
export async function until(b, what, fn, ...args) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await b.eval(fn, ...args);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${b.name}: timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The first visible element matching `css` whose text contains `text` (all when omitted), marked so
 * the driver can act on it natively; returns the selector that names it.
 */
let picks = 0;
export async function pick(b, css, text = '') {
  const id = String(++picks);
  const found = await b.eval(
    (css, text, id) => {
      const el = [...document.querySelectorAll(css)].find(
        (e) => e.getClientRects().length > 0 && e.textContent.replace(/\s+/g, ' ').includes(text),
      );
      if (!el) return false;
      el.scrollIntoView({ block: 'center', behavior: 'instant' });
      el.setAttribute('data-engines-pick', id);
      return true;
    },
    css,
    text,
    id,
  );
  assert.ok(found, `${b.name}: no visible ${css} with "${text}"`);
  return `[data-engines-pick="${id}"]`;
}

export const tap = async (b, css, text) => b.click(await pick(b, css, text));

/** The errors the page recorded (recorder.mjs). */
export const errors = (b) => b.eval(() => window.__engineErrors ?? ['the error recorder is missing']);

/** Scrolls to the end and back (at once: the page scrolls smoothly), so lazy images and visible-only islands are in place. */
export async function settle(b) {
  await b.eval(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += 600) {
      scrollTo({ top: y, behavior: 'instant' });
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 30)));
    }
    scrollTo({ top: 0, behavior: 'instant' });
    await document.fonts.ready;
    await Promise.all(
      [...document.images]
        .filter((i) => !i.complete)
        .map((i) => new Promise((r) => i.addEventListener('loadend', r, { once: true }) || setTimeout(r, 2000))),
    );
  });
}

/** How far the page scrolls sideways, and what reaches past its right edge (../e2e/look-checks.mjs). */
export const overflow = (b) => b.eval(sideways);

/**
 * The look checks (../e2e/look-checks.mjs), as in Chromium: no fixed pill over a control or a
 * figure in the first screen or at the end of the page; at phone widths, no broken number or
 * cut text. Leaves the page at its top.
 */
async function look(b, width) {
  const found = [];
  await b.eval(() => scrollTo({ top: 0, behavior: 'instant' }));
  await b.eval(settled);
  for (const c of await b.eval(coveredByPills)) found.push(`(first screen) ${c}`);
  if (!(await b.eval(widgetShows))) found.push('(first screen) the contact widget is hidden');
  await b.eval(() => scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
  await b.eval(settled);
  for (const c of await b.eval(coveredByPills)) found.push(`(end) ${c}`);
  if (!(await b.eval(widgetShows))) found.push('(end) the contact widget is hidden');
  if (width < 768) found.push(...(await b.eval(cutText)));
  await b.eval(() => scrollTo({ top: 0, behavior: 'instant' }));
  return found;
}

/** The browser `launch()`ed once for a file of tests, closed after them. */
export function engine(launch) {
  const b = {};
  before(async () => Object.assign(b, await launch()), { timeout: 60_000 });
  after(() => b.close?.());
  return b;
}

export function pageTypes(b) {
  mkdirSync(SHOTS, { recursive: true });
  describe('every page type', () => {
    for (const width of WIDTHS) {
      test(
        `at ${width} px: no sideways scroll, no error, nothing covered or cut, a full-page screenshot`,
        { timeout: 120_000 },
        async () => {
          await b.size(width, width < 768 ? 800 : 900);
          const problems = [];
          for (const [name, path] of PAGES) {
            await b.goto(BASE + path);
            await settle(b);
            const wide = await overflow(b);
            if (wide.scroll > 0 || wide.out.length)
              problems.push(`${name}: scrolls ${wide.scroll} px sideways (${wide.out.join(', ')})`);
            // The 404 page reports the path it was asked for, on purpose.
            const own = name === 'not-found' ? /404 Error: User attempted to access non-existent route/ : null;
            for (const e of await errors(b)) if (!own?.test(e)) problems.push(`${name}: ${e}`);
            for (const f of await look(b, width)) problems.push(`${name}: ${f}`);
            await b.screenshot(`${SHOTS}/${b.name}-${name}-${width}.png`);
          }
          assert.deepEqual(problems, [], `${b.name} at ${width} px`);
        },
      );
    }
  });
}
