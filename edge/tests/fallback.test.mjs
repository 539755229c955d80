// The worker's own error page, in workerd with its failures forced: when the 404 page cannot be
// read (no assets) or reading the assets fails outright (no assets binding), a page request gets
// 'Unexpected Application Error!' with the status and its text, the site's header and a way home
// — never a bare 500 or a blank page — while the API keeps answering JSON.
// Run: node --test edge/tests/ (make test does).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { logged, root, startWorker } from './workerd.mjs';

const vars = {
  LOCAL_DEVELOPMENT: 'true',
  DOCUMENT_LINK_SECRET: randomBytes(32).toString('hex'),
  COUNTING_SECRET: randomBytes(32).toString('hex'),
  SAVED_SEARCH_SECRET: randomBytes(32).toString('hex'),
};
let noPages;
let noBinding;
const dir = fs.mkdtempSync(path.join(root, '.cache', 'fallback-test-'));

before(async () => {
  // No 404 page to read: an empty assets folder.
  fs.mkdirSync(path.join(dir, 'empty'));
  // No assets binding at all: wrangler.toml without its [assets] (and without its build step:
  // the worker is built already).
  let skipping = false;
  const config = fs
    .readFileSync(path.join(root, 'wrangler.toml'), 'utf8')
    .split('\n')
    .filter((line) => {
      if (/^\[/.test(line)) skipping = line === '[build]' || line === '[assets]';
      return !skipping;
    })
    .join('\n')
    .replace('main = "edge/build/worker/shim.mjs"', `main = "${path.join(root, 'edge/build/worker/shim.mjs')}"`);
  assert.doesNotMatch(config, /\[assets\]|\[build\]/);
  fs.writeFileSync(path.join(dir, 'wrangler.toml'), config);
  // One after the other: two wrangler dev starting at once contend for a socket of their own.
  noPages = await startWorker('edge-fallback-no-pages', vars, ['--assets', path.join(dir, 'empty')]);
  noBinding = await startWorker('edge-fallback-no-binding', vars, ['--config', path.join(dir, 'wrangler.toml')]);
});

after(async () => {
  await Promise.all([noPages?.stop(), noBinding?.stop()]);
  fs.rmSync(dir, { recursive: true, force: true });
});

async function expectFallback(url, status, text) {
  const r = await fetch(url);
  assert.equal(r.status, status);
  assert.match(r.headers.get('content-type'), /^text\/html/);
  assert.match(r.headers.get('content-security-policy'), /default-src 'self'/);
  const html = await r.text();
  assert.match(html, /<title>Unexpected Application Error!<\/title>/);
  assert.match(html, new RegExp(`<h1>Unexpected Application Error!</h1><p class="status">${status} ${text}</p>`));
  assert.match(html, /<span>Move to JAX<\/span><small>Jacksonville Real Estate<\/small>/, "the site's header");
  assert.match(html, /<a href="\/client-concierge\/">Client Concierge<\/a>/);
  assert.match(html, /<a class="home" href="\/">Return to Home<\/a>/);
}

test('a missing page whose 404 page cannot be read gets the fallback with 404 Not Found', async () => {
  await expectFallback(`${noPages.base}/no-such-page`, 404, 'Not Found');
  await logged(noPages, /\/no-such-page: the 404 page could not be read/);
});

test('a page request the worker fails on gets the fallback with 500, and the API still answers JSON', async () => {
  await expectFallback(`${noBinding.base}/neighborhoods/ortega/`, 500, 'Internal Server Error');
  const api = await fetch(`${noBinding.base}/api/nothing-here`);
  assert.equal(api.status, 404);
  assert.deepEqual(await api.json(), { errors: [{ field: 'request', message: 'Not found.' }] });
});
