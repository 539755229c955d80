// Starts the built edge worker in workerd (`wrangler dev`) with the given settings, on a free
// loopback port, with local R2 in a folder of its own; for the integration tests.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { startFakeEmailJs } from './fake-emailjs.mjs';
import { freePort, root, wranglerWithVars } from '../../scripts/wrangler-dev.mjs';

export { root };

/** `vars`: the worker's settings (or `vars(port)`); `args`: more of wrangler dev's (another config, other assets).
 * Returns its base URL, its log so far, its settings, and a stop function that keeps the log in
 * `.cache/<name>.log` for whoever reads a failure. */
export async function startWorker(name, vars, args = []) {
  const port = await freePort();
  const state = fs.mkdtempSync(path.join(root, '.cache', 'edge-test-'));
  let wrangler;
  try {
    if (typeof vars === 'function') vars = vars(port);
    wrangler = await wranglerWithVars(port, vars, path.join(state, 'worker.env'), ['--test-scheduled', '--persist-to', path.join(state, 'state'), ...args]);
  } catch (e) {
    fs.writeFileSync(path.join(root, '.cache', `${name}.log`), String(e.message));
    fs.rmSync(state, { recursive: true, force: true });
    throw e;
  }
  const stop = async () => {
    fs.writeFileSync(path.join(root, '.cache', `${name}.log`), wrangler.log());
    await wrangler.stop();
    fs.rmSync(state, { recursive: true, force: true });
  };
  return { base: `http://127.0.0.1:${port}`, log: wrangler.log, stop, state, vars };
}

/** A worker with settings like a deployment's (every EmailJS setting, pointed at a fake EmailJS of
 * its own, and a random link secret), `vars` over them (or `vars(fake)`, for settings that name the
 * fake), and `args` for wrangler dev (e.g. another environment). Returns the fake, the worker, and a stop. */
export async function startWithFakeEmailJs(name, vars = {}, args = []) {
  const fake = await startFakeEmailJs();
  if (typeof vars === 'function') vars = vars(fake);
  try {
    const worker = await startWorker(name, (port) => ({
      // Every link an e-mail carries leads to SITE_URL: by default the worker's own address.
      SITE_URL: `http://127.0.0.1:${port}`,
      EMAILJS_API_URL: fake.url,
      EMAILJS_PUBLIC_KEY: `${name}-public`,
      EMAILJS_PRIVATE_KEY: `${name}-private`,
      EMAILJS_SERVICE_ID: 'service_test',
      EMAILJS_TEMPLATE_ID: 'template_test',
      DOCUMENT_LINK_SECRET: randomBytes(32).toString('hex'),
      COUNTING_SECRET: randomBytes(32).toString('hex'),
      SAVED_SEARCH_SECRET: randomBytes(32).toString('hex'),
      AGENT_EMAIL: 'agent@example.com',
      // Tests send more e-mails in minutes than a day's budget allows one by one, and more saves
      // and CRM hand-offs from one client (budget.test.mjs and strangers.test.mjs set their own).
      EMAILS_PER_DAY: '100000',
      CONFIRMATION_EMAILS_PER_DAY: '100000',
      CONFIRMATIONS_PER_CLIENT_PER_DAY: '100000',
      CRM_LEADS_PER_DAY: '100000',
      ...vars,
    }), args);
    return { fake, worker, stop: async () => (await worker.stop(), await fake.close()) };
  } catch (e) {
    await fake.close();
    throw e;
  }
}

/** An MLS listing's page of the built site (dist/homes/<slug ending in its number>/), and its number. */
export function aListing() {
  const slug = fs.readdirSync(path.join(root, 'dist', 'homes')).find((d) => /-\d{7}$/.test(d));
  assert.ok(slug, 'the site is built with MLS listings (make build)');
  return { path: `/homes/${slug}/`, number: slug.split('-').at(-1) };
}

/** Waits (`within` ms at most) until `check()` holds; else fails with the end of `worker`'s log. */
export async function waitUntil(worker, check, what, within = 15_000) {
  for (const deadline = Date.now() + within; !check(); await new Promise((r) => setTimeout(r, 50))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}; worker log:\n${worker.log().slice(-4000)}`);
  }
}

/** Waits (10 s at most) for a line matching `pattern` in `worker`'s log, then asserts it:
 * wrangler prints the worker's log a moment after the answer, later still on a busy machine. */
export async function logged(worker, pattern) {
  for (const deadline = Date.now() + 10_000; !pattern.test(worker.log()) && Date.now() < deadline; ) {
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.match(worker.log(), pattern);
}

/** workerd's rate limiter counts per minute of the wall clock: a burst that must fall in one
 * minute calls this first, which waits out a minute with less than 15 s left. */
export async function freshMinute() {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 15_000) await new Promise((r) => setTimeout(r, left + 100));
}

/** A stand-in for the agent's alert webhook (ALERT_WEBHOOK_URL) on 127.0.0.1: every JSON body it is
 * posted, in `alerts`. */
export async function startWebhook() {
  const alerts = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      alerts.push(JSON.parse(body));
      res.writeHead(200).end('ok');
    });
  });
  server.keepAliveTimeout = 120_000; // as the fake EmailJS's (fake-emailjs.mjs)
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/alerts`, alerts, close: () => server.close() };
}

/** Each minted submission's token, by its id. */
const tokens = new Map();

/** A concierge submission minted by the worker at `base`, as the portal asks for one (from an
 * address of its own each time, so minting never spends a test client's rate limit); its token is
 * kept for `tokenOf`. */
export async function newSubmission(base) {
  const r = await fetch(`${base}/api/concierge/submissions`, {
    method: 'POST',
    headers: { 'CF-Connecting-IP': `2001:db8:ffff:${Math.floor(Math.random() * 0xffff).toString(16)}::1` },
  });
  if (r.status !== 201) throw new Error(`minting a submission: ${r.status} ${await r.text()}`);
  const { submission, token } = await r.json();
  tokens.set(submission, token);
  return submission;
}

/** The token of a submission `newSubmission` minted (what its uploads and filing carry). */
export const tokenOf = (submission) => tokens.get(submission) ?? 'no-token';

/** The header an upload's submission token travels in (jax_model::api::SUBMISSION_TOKEN_HEADER). */
export const SUBMISSION_HEADER = 'X-Submission-Token';

/** Every key in the worker's bucket now, read from its local R2 (miniflare's SQLite store). */
export async function bucketKeys(worker) {
  return withBucketDb(worker, (db) => db.prepare('SELECT key FROM _mf_objects ORDER BY key').all().map((r) => r.key));
}

/** `read` given local R2's database of the worker's bucket, opened read-only. */
async function withBucketDb(worker, read) {
  const { DatabaseSync } = await import('node:sqlite');
  const dir = path.join(worker.state, 'state', 'v3', 'r2', 'miniflare-R2BucketObject');
  const file = fs.readdirSync(dir).find((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite');
  const db = new DatabaseSync(path.join(dir, file), { readOnly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

/** The bucket's multipart uploads (R2's, as local R2 keeps them), by state: `open` (begun, neither
 * completed nor aborted: parts with no end but the bucket's lifecycle rule), `aborted`, `completed`. */
export async function multipartUploads(worker) {
  const rows = await withBucketDb(worker, (db) => db.prepare('SELECT key, state FROM _mf_multipart_uploads ORDER BY key').all());
  const named = ['open', 'completed', 'aborted'];
  return Object.fromEntries(named.map((n, state) => [n, rows.filter((r) => r.state === state).map((r) => r.key)]));
}

/** The keys among `keys` no timer covers (edge/domain/src/retention.rs): a submission's documents
 * and count by its `unfiled` or `documents` timer; a record's files and markers by its `record`
 * timer; a count or a once-key by its own `quota` timer; a saved search by its `search` timer.
 * The alerts' sweep state needs none. */
export function withoutEnd(keys) {
  const timers = new Set(keys.filter((k) => k.startsWith('timers/')).map((k) => k.split('/').slice(2).join('/')));
  const has = (...wanted) => wanted.some((t) => timers.has(t));
  return keys.filter((key) => {
    if (key.startsWith('timers/')) return false;
    const sub = /^([0-9a-f-]{36})\//.exec(key)?.[1] ?? /^uploads\/([0-9a-f-]{36})\.json$/.exec(key)?.[1];
    if (sub) return !has(`unfiled/${sub}`, `documents/${sub}`);
    const record = /^(?:submissions\/(.+)\.json|dead\/(.+)|outbox\/(.+)\.json|pending\/\d+\/(.+)|held\/\d\/(.+))$/.exec(key);
    if (record) return !has(`record/${record.slice(1).find(Boolean)}`);
    if (key.startsWith('quota/') || key.startsWith('once/')) return !has(`quota/${key}`);
    // An unconfirmed saved search (a confirmed one ends when its address unsubscribes).
    if (key.startsWith('searches/')) return !has(`search/${key}`);
    // The alerts' sweep (domain/searches/alerts.rs SWEEP): one object, rewritten by each cron
    // run, that holds no one's data. A cron run from 12:00 UTC starts the day's sweep and writes it.
    if (key === 'alerts/sweep.json') return false;
    return true;
  });
}
