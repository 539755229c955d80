// What a page view costs in worker invocations (the Workers Free plan allows 100,000 a day):
// every request a real browser makes for each page type, scrolled to its end so lazy images and
// islands load, sorted as Cloudflare answers it — a static asset (free, no invocation), or the
// worker (`/api/*` runs it first; a path no asset has falls through to it). docs/deploy.md's cost
// table takes its figures from what this prints.
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { PAGE_TYPES } from './page-types.mjs';
import { BASE } from './stack';

const dist = resolve(import.meta.dirname, '../../dist');

/** Whether Workers Static Assets answer `path` from dist/ (html_handling "auto-trailing-slash"). */
function isAsset(path: string): boolean {
  const file = resolve(dist, `.${decodeURIComponent(path)}`);
  if (!file.startsWith(dist)) return false;
  const is = (f: string) => existsSync(f) && statSync(f).isFile();
  return is(file) || is(resolve(file, 'index.html')) || is(`${file}.html`);
}

const costs: [string, number, number, string[]][] = [];

test.describe.configure({ mode: 'serial' });

for (const [name, path] of PAGE_TYPES) {
  test(`a view of the ${name} page costs what the cost table says`, async ({ page }) => {
    const seen: string[] = [];
    let inflight = 0;
    const own = (u: string) => u.startsWith(BASE);
    page.on('request', (r) => {
      seen.push(r.url());
      if (own(r.url())) inflight++;
    });
    const settled = (r: Request) => void (own(r.url()) && inflight--);
    page.on('requestfinished', settled);
    page.on('requestfailed', settled);
    /** Until no request to the site has been under way for 300 ms (other origins, such as a map's
     * tiles, may never settle here: they are refused off this machine's network). */
    const quiet = async () => {
      for (let still = 0; still < 6;) {
        await page.waitForTimeout(50);
        still = inflight === 0 ? still + 1 : 0;
      }
    };
    await page.goto(path);
    await quiet();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await quiet();
    const paths = seen.filter(own).map((u) => new URL(u).pathname);
    const worker = paths.filter((p) => p.startsWith('/api/') || !isAsset(p));
    const elsewhere = seen.filter((u) => !own(u) && !u.startsWith('data:'));
    // Other origins (the agent's map, the MLS's media host) are never the worker.
    costs.push([
      name,
      paths.length - worker.length,
      worker.length,
      [...worker, ...elsewhere.map((u) => `(elsewhere: ${new URL(u).origin})`)],
    ]);
    // A page is a static asset; only the page that does not exist runs the worker (it answers the
    // 404 and logs the path).
    if (name === 'not-found') expect(worker.length, worker.join(', ')).toBeLessThanOrEqual(2);
    else expect(worker, `${name} ran the worker`).toEqual([]);
  });
}

test.afterAll(() => {
  console.log('Worker invocations per page view (static assets cost none):');
  for (const [name, assets, worker, paths] of costs)
    console.log(
      `  ${name.padEnd(22)} ${String(assets).padStart(3)} static requests, ${worker} invocations ${paths.join(' ')}`,
    );
});
