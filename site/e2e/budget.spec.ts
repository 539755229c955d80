// The JavaScript budgets, measured in the browser: JS fetched by /, /market/ and /homes/ before any
// interaction.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page, Response } from '@playwright/test';
import { expect, firstPartyIdle, test } from './fixtures';

const JS_BUDGET = 80 * 1024;
/** At load: the early script only (no runtime, no framework, until an island wakes). */
const AT_LOAD_BUDGET = 1.5 * 1024;

/** What each built file is, from Vite's manifest: an island's entry or a shared chunk. */
const manifest = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../dist/.vite/manifest.json'), 'utf8'),
) as Record<string, { file: string; name?: string; isEntry?: boolean }>;
const roleOf = (path: string) => {
  if (path.startsWith('inline')) return 'early script (inline)';
  const chunk = Object.values(manifest).find((c) => path.endsWith(`/${c.file}`));
  if (!chunk) return path;
  if (chunk.name === 'main') return 'hydration runtime';
  return chunk.isEntry ? `island ${chunk.name}` : `shared chunk ${chunk.name ?? chunk.file}`;
};

/** Every script a page fetches (and writes inline) before any interaction, gzipped: at load, then
 * after scrolling to the end (which wakes the islands that wait to be visible; not an interaction)
 * and the page going idle. */
async function jsBeforeInteraction(page: Page, path: string) {
  const sizes = new Map<string, number>();
  const reads: Promise<void>[] = [];
  const onResponse = (r: Response) => {
    if (!/\.m?js(\?|$)/.test(r.url())) return;
    reads.push(r.body().then((body) => void sizes.set(new URL(r.url()).pathname, gzipSync(body, { level: 9 }).length)));
  };
  page.on('response', onResponse);
  const idle = firstPartyIdle(page);
  await page.goto(path);
  // Scripts written into the page count as well (the islands' early script).
  for (const [i, code] of (await page.locator('script:not([src]):not([type])').allTextContents()).entries())
    sizes.set(`inline <script> ${i + 1}`, gzipSync(code, { level: 9 }).length);
  await idle();
  await page.waitForTimeout(1500);
  await Promise.all(reads);
  const atLoad = [...sizes.values()].reduce((a, b) => a + b, 0);
  for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 600) {
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(150);
  }
  await idle();
  await page.waitForTimeout(1500);
  // Every read is awaited before the page closes.
  page.off('response', onResponse);
  await Promise.all(reads);
  const total = [...sizes.values()].reduce((a, b) => a + b, 0);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(
    `JS on ${path} before interaction: ${kb(atLoad)} gzip at load, ${kb(total)} scrolled to the end (budget ${kb(JS_BUDGET)})\n` +
      [...sizes].map(([p, n]) => `  ${roleOf(p).padEnd(28)} ${kb(n).padStart(8)}  ${p}`).join('\n'),
  );
  return { atLoad, total, paths: [...sizes.keys()] };
}

test('the home page loads at most 80 KB of gzipped JS before any interaction, even scrolled to the end', async ({
  page,
}) => {
  const { atLoad, total, paths } = await jsBeforeInteraction(page, '/');
  expect(atLoad).toBeLessThanOrEqual(AT_LOAD_BUDGET);
  expect(total).toBeLessThanOrEqual(JS_BUDGET);
  // The dialogs and the concierge form wait for a click.
  expect(paths.some((p) => p.includes('dialogs') || p.includes('concierge'))).toBe(false);
});

test('the market page loads at most 80 KB of gzipped JS before any interaction, its table island included', async ({
  page,
}) => {
  // The table wakes once the page has loaded (idle), so only the total has a budget here.
  const { total, paths } = await jsBeforeInteraction(page, '/market/');
  expect(total).toBeLessThanOrEqual(JS_BUDGET);
  // The island woke (it is what the budget is for) and the dialogs still wait for a click.
  expect(paths.some((p) => roleOf(p) === 'island market-table')).toBe(true);
  expect(paths.some((p) => p.includes('dialogs'))).toBe(false);
});

test('/homes/ loads at most 80 KB of gzipped JS before any interaction, its search island included', async ({
  page,
}) => {
  // The search wakes once the page has loaded (idle); it needs no framework.
  const { total, paths } = await jsBeforeInteraction(page, '/homes/');
  expect(total).toBeLessThanOrEqual(JS_BUDGET);
  expect(paths.some((p) => roleOf(p) === 'island homes-search')).toBe(true);
  expect(paths.some((p) => p.includes('dialogs'))).toBe(false);
});
