// The budgets, measured in the browser: JS fetched by / before any interaction, no
// render-blocking script, layout stability.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Response } from '@playwright/test';
import { expect, test } from './fixtures';

const JS_BUDGET = 80 * 1024;
/** At load: the early script only (no runtime, no framework, until an island wakes). */
const AT_LOAD_BUDGET = 1.5 * 1024;

/** What each built file is, from Vite's manifest: an island's entry or a shared chunk. */
const manifest = JSON.parse(readFileSync(resolve(import.meta.dirname, '../dist/.vite/manifest.json'), 'utf8')) as Record<string, { file: string; name?: string; isEntry?: boolean }>;
const roleOf = (path: string) => {
  if (path.startsWith('inline')) return 'early script (inline)';
  const chunk = Object.values(manifest).find((c) => path.endsWith(`/${c.file}`));
  if (!chunk) return path;
  if (chunk.name === 'main') return 'hydration runtime';
  return chunk.isEntry ? `island ${chunk.name}` : `shared chunk ${chunk.name ?? chunk.file}`;
};

test('the home page loads at most 80 KB of gzipped JS before any interaction, even scrolled to the end', async ({ page }) => {
  const sizes = new Map<string, number>();
  const reads: Promise<void>[] = [];
  const onResponse = (r: Response) => {
    if (!/\.m?js(\?|$)/.test(r.url())) return;
    reads.push(r.body().then((body) => void sizes.set(new URL(r.url()).pathname, gzipSync(body, { level: 9 }).length)));
  };
  page.on('response', onResponse);
  await page.goto('/');
  // Scripts written into the page count as well (the islands' early script).
  for (const [i, code] of (await page.locator('script:not([src]):not([type])').allTextContents()).entries())
    sizes.set(`inline <script> ${i + 1}`, gzipSync(code, { level: 9 }).length);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500);
  await Promise.all(reads);
  const atLoad = [...sizes.values()].reduce((a, b) => a + b, 0);
  // Scrolling wakes the islands that wait to be visible; it is not an interaction.
  for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 600) {
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(150);
  }
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500);
  // Every read is awaited before the page closes.
  page.off('response', onResponse);
  await Promise.all(reads);
  const total = [...sizes.values()].reduce((a, b) => a + b, 0);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(
    `JS on / before interaction: ${kb(atLoad)} gzip at load (budget ${kb(AT_LOAD_BUDGET)}), ${kb(total)} scrolled to the end (budget ${kb(JS_BUDGET)})\n` +
      [...sizes].map(([path, n]) => `  ${roleOf(path).padEnd(28)} ${kb(n).padStart(8)}  ${path}`).join('\n'),
  );
  expect(atLoad).toBeLessThanOrEqual(AT_LOAD_BUDGET);
  expect(total).toBeLessThanOrEqual(JS_BUDGET);
  // The dialogs and the concierge form wait for a click.
  expect([...sizes.keys()].some((p) => p.includes('dialogs') || p.includes('concierge'))).toBe(false);
});

