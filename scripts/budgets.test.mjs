// The built site's page budgets: the bytes of a listing page and of the home page as the site ships
// them, raw and gzipped. Unlike a page's time they do not depend on the machine, so a page that
// grows past its budget fails the day it lands. Reads dist/ as the test build left it (`make test`
// builds it with the sample MLS feed before this runs; alone: `make build PROFILE=test` first).
// The build's peak memory and files per listing: generator/tests/at_scale.rs; the worker's
// compile: edge/tests/cold-start.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from './wrangler-dev.mjs';

const KIB = 1024;
/** Each page's budget in KiB. Raise one only with the reason in the commit (docs/benchmarks.md
 * has the figures they were set from). */
const BUDGETS = {
  listing: { raw: 69, gzip: 15.5 },
  home: { raw: 107, gzip: 23.5 },
};

const dist = path.join(root, 'dist');
const homes = path.join(dist, 'homes');

/** A page's bytes, raw and gzipped (level 9, as the JS budgets in site/e2e/budget.spec.ts). */
function sizes(file) {
  const bytes = fs.readFileSync(file);
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

/** Every listing's page: `homes/<address>-<MLS number>/index.html`. */
function listingPages() {
  assert.ok(fs.existsSync(homes), `${homes} is missing: build the site first (make build PROFILE=test)`);
  return fs
    .readdirSync(homes)
    .filter((d) => /-\d+$/.test(d))
    .map((d) => path.join(homes, d, 'index.html'))
    .filter((f) => fs.existsSync(f));
}

function within(name, file, measured) {
  const budget = BUDGETS[name];
  const kib = (n) => `${(n / KIB).toFixed(1)} KiB`;
  console.log(`${name} page ${path.relative(root, file)}: ${kib(measured.raw)} raw, ${kib(measured.gzip)} gzip (budget ${budget.raw} and ${budget.gzip} KiB)`);
  assert.ok(measured.raw <= budget.raw * KIB, `the ${name} page is ${kib(measured.raw)}, over its budget of ${budget.raw} KiB`);
  assert.ok(measured.gzip <= budget.gzip * KIB, `the ${name} page is ${kib(measured.gzip)} gzipped, over its budget of ${budget.gzip} KiB`);
}

test('the largest listing page stays within its budget', () => {
  const pages = listingPages().map((file) => ({ file, ...sizes(file) }));
  assert.ok(pages.length > 0, 'the build has no listing pages');
  // Each measure's largest page (the same one, unless a page compresses unusually).
  const largest = (key) => pages.reduce((a, b) => (b[key] > a[key] ? b : a));
  within('listing', largest('raw').file, { raw: largest('raw').raw, gzip: largest('gzip').gzip });
});

test('the home page stays within its budget', () => {
  const file = path.join(dist, 'index.html');
  within('home', file, sizes(file));
});
