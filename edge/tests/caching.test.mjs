// How long browsers may keep what the site serves, as workerd answers it (wrangler dev applies
// dist/_headers like production): files whose names carry their content's hash (Vite's /assets/,
// the generator's /images/) for a year without asking again; pages, whose URLs stay, revalidate
// on every visit. Run: node --test edge/tests/ (make test does).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { root, startWorker } from './workerd.mjs';

const IMMUTABLE = 'public, max-age=31536000, immutable';
let worker;

before(async () => {
  worker = await startWorker('edge-caching-wrangler', {});
});

after(() => worker?.stop());

/** The first file of dist/<dir> whose name matches `pattern`. */
const first = (dir, pattern) => {
  const name = fs.readdirSync(path.join(root, 'dist', dir)).find((f) => pattern.test(f));
  assert.ok(name, `dist/${dir} has a file like ${pattern}`);
  return `/${dir}/${name}`;
};

test('hashed files are kept for a year, pages revalidate', async () => {
  for (const url of [first('assets', /\.js$/), first('images', /-[0-9a-f]{8}(-\d+)?\.(webp|svg)$/)]) {
    const r = await fetch(`${worker.base}${url}`);
    assert.equal(r.status, 200, url);
    assert.equal(r.headers.get('cache-control'), IMMUTABLE, url);
    // The security headers still apply to them.
    assert.equal(r.headers.get('x-content-type-options'), 'nosniff', url);
  }
  for (const url of ['/', '/privacy-policy/', '/data/listings.json']) {
    const r = await fetch(`${worker.base}${url}`);
    assert.equal(r.status, 200, url);
    assert.doesNotMatch(r.headers.get('cache-control') ?? '', /immutable|max-age=[1-9]/, url);
  }
});
