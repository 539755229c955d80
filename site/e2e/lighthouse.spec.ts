// The Lighthouse gate (the `lighthouse` project: after every other test, alone): mobile
// emulation, its default, on nine page types (home, neighborhood, market, concierge portal, a
// report, /homes/, an MLS listing, the sellers' page, the sales). Accessibility, best practices and
// SEO do not depend on timing: they must be 100 in the first run, which audits every category.
// Performance is timed on a noisy 2-core machine, so its gate is a median of 95 while the target
// stays 100: a median of five runs (three let one busy moment of the machine decide the home page's
// median), taken as a majority: runs (after the first, of performance alone) stop once three agree,
// which decides what the fourth and fifth could not change, so a page that passes three times
// takes three runs, not five. The first run's performance counts only when it passes: auditing
// every category, it can trace some of Lighthouse's own gathering (a long task of its
// `_lighthouse-eval.js` cost the concierge page its 100 in the runs after it), so it is a
// lower bound of the page's score, and when it fails a run of performance alone stands in for it.
// Prints the medians of the runs counted with LCP, TBT and CLS.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM, CHROMIUM_FLAGS } from './chromium';
import { FOR_SALE, REPORT } from './page-types.mjs';
import { BASE } from './stack';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
// Where to keep each run's whole report (JSON), to read why a score moved; unset keeps none.
const REPORTS = process.env.LIGHTHOUSE_REPORTS;
const STRICT = ['accessibility', 'best-practices', 'seo'] as const;
const PERFORMANCE_GATE = 95;
// A run without a figure (no score: see `unscored`) has NaN for its timings: left out of theirs.
const median = (xs: number[]) => {
  const known = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  return known[Math.floor(known.length / 2)] ?? NaN;
};
// Runs that decide a median of RUNS: once this many agree, the rest cannot move it across a gate.
const MAJORITY = Math.floor(RUNS / 2) + 1;

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];
const score = (lhr: Lhr, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
const audit = (lhr: Lhr, id: string) => Number(lhr.audits[id]?.numericValue ?? NaN);

/** The audits that cost a category points, to say why a gate failed. */
const missed = (lhr: Lhr, category: string) =>
  lhr.categories[category].auditRefs
    .map((r) => lhr.audits[r.id])
    .filter(
      (a) =>
        a &&
        a.score !== null &&
        a.score < 1 &&
        !['informative', 'notApplicable', 'manual'].includes(a.scoreDisplayMode),
    )
    .map((a) => `${a.id} (${a.displayValue ?? a.score})`)
    .join(', ');

/** Why a run has no performance score: Lighthouse's own error, or the weighted audits that failed to run. */
const unscored = (lhr: Lhr) =>
  [
    lhr.runtimeError && `${lhr.runtimeError.code} ${lhr.runtimeError.message}`,
    ...lhr.categories.performance.auditRefs
      .filter((r) => r.weight > 0 && lhr.audits[r.id]?.scoreDisplayMode === 'error')
      .map((r) => `${r.id}: ${lhr.audits[r.id].errorMessage}`),
  ]
    .filter(Boolean)
    .join('; ') || 'no error given';

/** One Lighthouse run in a Chromium of its own, with a fresh profile: runs that shared one browser
 * now and then lost the trace's navigation start (NO_NAVSTART), a run without a score. Every
 * category unless `only` names some. */
async function auditOnce(url: string, only?: string[]): Promise<Lhr> {
  const profile = mkdtempSync(join(tmpdir(), 'lighthouse-'));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [...CHROMIUM_FLAGS, `--user-data-dir=${profile}`],
    userDataDir: false,
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: only,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    return result.lhr;
  } finally {
    chrome.kill();
    rmSync(profile, { recursive: true, force: true });
  }
}

for (const path of [
  '/',
  '/neighborhoods/ortega/',
  '/market/',
  '/client-concierge/',
  REPORT,
  '/homes/',
  FOR_SALE,
  '/sell/',
  '/sold/',
]) {
  test(`Lighthouse ${path}`, async () => {
    test.setTimeout((RUNS + 1) * 90_000);
    const decided = (runs: Lhr[]) => {
      const passed = runs.filter((r) => score(r, 'performance') >= PERFORMANCE_GATE).length;
      return passed >= MAJORITY || runs.length - passed >= MAJORITY;
    };
    const first = await auditOnce(`${BASE}${path}`);
    const runs: Lhr[] = score(first, 'performance') >= PERFORMANCE_GATE ? [first] : [];
    while (runs.length < RUNS && !decided(runs)) runs.push(await auditOnce(`${BASE}${path}`, ['performance']));
    if (REPORTS) {
      mkdirSync(REPORTS, { recursive: true });
      const name = path.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home';
      [first, ...runs.filter((r) => r !== first)].forEach((r, i) =>
        writeFileSync(join(REPORTS, `${name}-${i + 1}.json`), JSON.stringify(r)),
      );
    }
    const perf = median(runs.map((r) => score(r, 'performance')));
    const strict = STRICT.map((c) => [c, score(first, c)] as const);
    const lcp = median(runs.map((r) => audit(r, 'largest-contentful-paint')));
    const tbt = median(runs.map((r) => audit(r, 'total-blocking-time')));
    const cls = median(runs.map((r) => audit(r, 'cumulative-layout-shift')));
    console.log(
      `Lighthouse ${path}: performance ${perf} (runs ${runs.map((r) => score(r, 'performance')).join('/')}` +
        (runs.includes(first) ? '' : `; the first run's ${score(first, 'performance')} not counted`) +
        '), ' +
        strict.map(([c, s]) => `${c} ${s}`).join(', ') +
        ' (first run)' +
        ` — LCP ${(lcp / 1000).toFixed(2)} s, TBT ${Math.round(tbt)} ms, CLS ${cls.toFixed(3)} (medians of ${runs.length} runs)` +
        // A run without a score counts as 0: say why Lighthouse gave none.
        runs
          .map((r, i) => (score(r, 'performance') ? '' : `; run ${i + 1} has no performance score: ${unscored(r)}`))
          .join(''),
    );
    for (const [c, s] of strict) expect(s, `${c} on ${path}: ${missed(first, c)}`).toBe(100);
    expect(
      perf,
      `performance on ${path} (median; target 100): ${missed(runs.find((r) => score(r, 'performance') < 100) ?? first, 'performance')}`,
    ).toBeGreaterThanOrEqual(PERFORMANCE_GATE);
  });
}
