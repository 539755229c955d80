// A pull request's preview as wrangler.toml's [env.preview] runs it (the worker each preview deploys,
// scripts/preview.sh): even given every production setting — EmailJS's keys, the GitHub app's — it
// sends no e-mail (a lead is kept in its outbox) and has no editor sign-in. And what it would deploy
// binds nothing of production: its own bucket, its own limits.
// Run: node --test edge/tests/ (make test does).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { logged, root, startWithFakeEmailJs } from './workerd.mjs';
import { CLIENT_ID, CLIENT_SECRET } from './fake-github.mjs';

let preview;

before(async () => {
  preview = await startWithFakeEmailJs(
    'edge-preview-wrangler',
    (fake) => ({ GITHUB_CLIENT_ID: CLIENT_ID, GITHUB_CLIENT_SECRET: CLIENT_SECRET, GITHUB_URL: fake.githubUrl, GITHUB_API_URL: `${fake.githubUrl}/api` }),
    ['--env', 'preview'],
  );
});

after(async () => {
  await preview?.stop();
});

test('a preview keeps a lead in its outbox, sends nothing through EmailJS and lets no one sign in', async () => {
  const { worker, fake } = preview;
  const sent = await fetch(`${worker.base}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '192.0.2.91' },
    body: JSON.stringify({ name: 'Ana Ruiz', email: 'ana@example.com', phone: '(904) 555-0147', message: `a preview ${randomUUID()}`, idempotency_key: randomUUID() }),
  });
  assert.equal(sent.status, 200, await sent.text());
  await logged(worker, /outbox: /);
  assert.doesNotMatch(worker.log(), /Ana Ruiz|ana@example\.com/, "a visitor's name and address stay out of the logs");
  assert.equal(fake.attempts.length, 0, 'nothing reached EmailJS');
  assert.deepEqual(await (await fetch(`${worker.base}/api/auth/status`)).json(), { sign_in: false });
  const begin = await fetch(`${worker.base}/api/auth/github?provider=github&scope=repo`, { redirect: 'manual' });
  assert.equal(begin.status, 503);
  assert.equal(fake.github.exchanges.length, 0, 'GitHub was asked nothing');
});

test('a preview deploys as a worker of its own, bound to its own bucket and limits', () => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'preview-dry-run-'));
  try {
    const printed = execFileSync(
      path.join(root, 'node_modules/.bin/wrangler'),
      ['deploy', '--dry-run', '--env', 'preview', '--name', 'move-to-jax-pr-7', '--outdir', out],
      { cwd: root, encoding: 'utf8', env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', NO_COLOR: '1' } },
    );
    assert.match(printed, /env\.DOCUMENTS \(client-documents-preview\)/);
    assert.doesNotMatch(printed, /\(client-documents\)/, 'never the production bucket');
    assert.match(printed, /env\.PREVIEW \("true"\)/);
    assert.match(printed, /env\.RATE_LIMITER \(30 requests\/60s\)/);
    assert.match(printed, /env\.READ_LIMITER \(60 requests\/60s\)/);
    assert.doesNotMatch(printed, /WARNING/, 'every binding and var named for the preview');
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
});
