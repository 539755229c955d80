// The budgets, measured in the browser: JS fetched by / before any interaction, no
// render-blocking script, layout stability.
import { gzipSync } from 'node:zlib';
import { expect, test } from './fixtures';

const JS_BUDGET = 80 * 1024;

test('the home page fetches at most 80 KB of gzipped JS before any interaction', async ({ page }) => {
  const sizes = new Map<string, number>();
  page.on('response', async (r) => {
    if (!/\.m?js(\?|$)/.test(r.url())) return;
    const body = await r.body().catch(() => Buffer.alloc(0));
    sizes.set(new URL(r.url()).pathname, gzipSync(body, { level: 9 }).length);
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(2000);
  const total = [...sizes.values()].reduce((a, b) => a + b, 0);
  console.log(`JS before interaction on /: ${(total / 1024).toFixed(1)} KB gzip in ${sizes.size} files`, Object.fromEntries(sizes));
  expect(total).toBeLessThanOrEqual(JS_BUDGET);
  expect([...sizes.keys()].some((p) => p.includes('dialogs') || p.includes('concierge'))).toBe(false);
});

for (const path of ['/', '/neighborhoods/riverside/', '/client-concierge/']) {
  test(`${path}: no render-blocking script, CLS < 0.01`, async ({ page }) => {
    await page.addInitScript(() => {
      (window as unknown as { __cls: number }).__cls = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!e.hadRecentInput) (window as unknown as { __cls: number }).__cls += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(path);
    const blocking = await page.locator('head script[src]').evaluateAll((ss) =>
      ss.filter((s) => (s as HTMLScriptElement).type !== 'module' && !(s as HTMLScriptElement).async && !(s as HTMLScriptElement).defer).length,
    );
    expect(blocking).toBe(0);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(3000);
    const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
    console.log(`${path}: CLS ${cls.toFixed(4)}`);
    expect(cls).toBeLessThan(0.01);
  });
}
