// Lighthouse (mobile emulation, its default) on the three page types, against a running server:
//   LIGHTHOUSE_URL=http://127.0.0.1:8790 npm run lighthouse
// Prints the four category scores and CLS per page — the median of RUNS runs, as Lighthouse CI
// does, since one run on a busy 2-core machine is noisy — and exits 1 when a score is below the
// issue's budget (100 in every category) or CLS reaches 0.01.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM, CHROMIUM_FLAGS } from '../e2e/chromium.ts';

const base = process.env.LIGHTHOUSE_URL ?? 'http://127.0.0.1:8790';
const pages = ['/', '/neighborhoods/riverside/', '/client-concierge/'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const MIN_SCORE = 100;
const MAX_CLS = 0.01;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const profile = mkdtempSync(join(tmpdir(), 'lighthouse-'));
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: [...CHROMIUM_FLAGS, `--user-data-dir=${profile}`],
  userDataDir: false,
});
let failed = false;
try {
  for (const path of pages) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(`${base}${path}`, { port: chrome.port, output: 'json', logLevel: 'error' });
      if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
      runs.push(result.lhr);
    }
    const scoreOf = (lhr: (typeof runs)[number], c: string) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
    const scores = CATEGORIES.map((c) => [c, median(runs.map((r) => scoreOf(r, c)))] as const);
    const cls = median(runs.map((r) => Number(r.audits['cumulative-layout-shift']?.numericValue ?? 1)));
    const low = scores.filter(([, s]) => s < MIN_SCORE);
    const perf = runs.map((r) => scoreOf(r, 'performance')).join('/');
    console.log(`${path.padEnd(28)} ${scores.map(([c, s]) => `${c} ${s}`).join('  ')}  CLS ${cls.toFixed(4)}  (median of ${RUNS}; performance ${perf})`);
    for (const [c] of low) {
      const { categories, audits } = runs.find((r) => scoreOf(r, c) < MIN_SCORE)!;
      const missed = categories[c].auditRefs
        .map((r) => audits[r.id])
        .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable')
        .map((a) => `${a.id} (${a.displayValue ?? a.score})`);
      console.log(`  ${c} below ${MIN_SCORE}: ${missed.join(', ') || 'see the report'}`);
    }
    if (low.length || cls >= MAX_CLS) failed = true;
  }
} finally {
  await chrome.kill();
  rmSync(profile, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
