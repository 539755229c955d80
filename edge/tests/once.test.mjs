// Exactly once, in workerd against a fake EmailJS, tried as a double tap, a retry after a timeout
// and a script would: a form post repeated (with its key, or without JavaScript as the same post
// from the same client) is answered like the first and sends nothing again, however many arrive
// at once; parallel filings of one concierge submission all get the same 200.
// Run: node --test edge/tests/ (make test does).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { logged, newSubmission, startWithFakeEmailJs, SUBMISSION_HEADER, tokenOf } from './workerd.mjs';

let fake;
let worker;
let stop;

before(async () => {
  ({ fake, worker, stop } = await startWithFakeEmailJs('edge-once-wrangler'));
});

after(() => stop?.());

let ip = 0;
const client = () => `198.51.100.${(ip++ % 250) + 1}`;
const post = (path, body, { as = client(), type = 'application/json' } = {}) =>
  fetch(`${worker.base}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': type, 'CF-Connecting-IP': as },
    body: type === 'application/json' ? JSON.stringify(body) : new URLSearchParams(body).toString(),
    redirect: 'manual',
  });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const sendsAbout = (marker) => fake.attempts.filter((s) => JSON.stringify(s.template_params).includes(marker));
/** Waits a moment for any late send, then counts the accepted ones about `marker`. */
async function delivered(marker) {
  await sleep(500);
  return sendsAbout(marker).filter((s) => !s.refusedWith).length;
}
const contact = (message, extra = {}) => ({ name: 'Ana Ruiz', email: 'ana@example.com', phone: '(904) 555-0147', message, ...extra });

test('a post repeated with its key, one after another or ten at once, is answered alike and sent once', async () => {
  const marker = `double-tap-${randomUUID()}`;
  const key = randomUUID();
  const first = await post('/api/contact', contact(marker, { idempotency_key: key }));
  assert.equal(first.status, 200);
  const { id } = await first.json();
  // The retry after a timeout comes from elsewhere (a new connection, even a new address).
  const again = await post('/api/contact', contact(marker, { idempotency_key: key }));
  assert.deepEqual([again.status, await again.json()], [200, { ok: true, id, delivered: true }]);
  assert.equal(await delivered(marker), 1);

  const burst = `burst-${randomUUID()}`;
  const burstKey = randomUUID();
  const answers = await Promise.all(Array.from({ length: 10 }, () => post('/api/contact', contact(burst, { idempotency_key: burstKey }))));
  const ids = new Set();
  for (const r of answers) {
    assert.equal(r.status, 200);
    ids.add((await r.json()).id);
  }
  assert.equal(ids.size, 1, 'every repeat names the first post');
  assert.equal(await delivered(burst), 1);

  // A new key is a new submission, even with the same words.
  assert.equal((await post('/api/contact', contact(marker, { idempotency_key: randomUUID() }))).status, 200);
  assert.equal(await delivered(marker), 2);
});

test('without JavaScript the same post from the same client is the same submission; another client is not', async () => {
  const marker = `no-script-${randomUUID()}`;
  const as = client();
  for (let i = 0; i < 2; i++) {
    const r = await post('/api/contact', contact(marker, { website: '' }), { as, type: 'application/x-www-form-urlencoded' });
    assert.equal(r.status, 303);
    assert.equal(new URL(r.headers.get('location')).pathname, '/thank-you/');
  }
  assert.equal(await delivered(marker), 1, 'a double tap sends once');
  await post('/api/contact', contact(marker, { website: '' }), { type: 'application/x-www-form-urlencoded' });
  assert.equal(await delivered(marker), 2, 'another visitor saying the same is another submission');
});

test('a key that is not one is refused, naming the field', async () => {
  const r = await post('/api/contact', contact('bad key', { idempotency_key: '../../x' }));
  assert.equal(r.status, 400);
  assert.deepEqual((await r.json()).errors, [{ field: 'idempotency_key', message: "Expected the submission's key: 8 to 64 letters, digits, dashes or underscores." }]);
});

test('four parallel filings of one concierge submission: one e-mail, and every caller gets the same 200', async () => {
  const submission = await newSubmission(worker.base);
  const documents = {};
  for (const field of ['photoId', 'creditReport', 'proofOfIncome', 'bankStatement1', 'bankStatement2', 'bankStatement3']) {
    const r = await fetch(`${worker.base}/api/concierge/documents?${new URLSearchParams({ submission, field, name: `${field}.pdf` })}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/pdf', 'CF-Connecting-IP': client(), [SUBMISSION_HEADER]: tokenOf(submission) },
      body: Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(1024)]),
    });
    documents[field] = (await r.json()).id;
  }
  fake.slow(1_000); // the first filing's e-mail takes a while, so the others find it being sent
  try {
    const answers = await Promise.all(Array.from({ length: 4 }, () => post('/api/concierge', { submission, submission_token: tokenOf(submission), documents, name: 'Ana Ruiz', email: 'ana@example.com', phone: '(904) 555-0147', acknowledgment: true })));
    const bodies = await Promise.all(answers.map((r) => r.json()));
    assert.deepEqual(answers.map((r) => r.status), [200, 200, 200, 200], JSON.stringify(bodies));
    assert.equal(new Set(bodies.map((b) => b.id)).size, 1);
  } finally {
    fake.slow(0);
  }
  assert.equal(await delivered(submission), 1);
});

test('without the bot check\'s keys the check is off, said once in the log, and the islands are told so', async () => {
  const r = await fetch(`${worker.base}/api/bot-check`);
  assert.deepEqual([r.status, await r.json()], [200, { site_key: null }]);
  // This file's posts, many of them, all went through unchecked.
  assert.ok(fake.delivered.length > 3);
  assert.equal(worker.log().match(/bot check: off \(no TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY\); posts are not checked/g)?.length, 1);
});

test('the concierge form posted twice without JavaScript (a double tap) is filed once; both posts are thanked', async () => {
  const as = client();
  const marker = randomUUID().slice(0, 8);
  const form = () => {
    const f = new FormData();
    for (const field of ['photoId', 'creditReport', 'proofOfIncome', 'bankStatement1', 'bankStatement2', 'bankStatement3']) {
      f.append(field, new Blob([`%PDF-1.7\n${marker} ${field}`], { type: 'application/pdf' }), `${marker}-${field}.pdf`);
    }
    f.append('name', 'Ana Ruiz');
    f.append('email', 'ana@example.com');
    f.append('phone', '(904) 555-0147');
    f.append('acknowledgment', 'on');
    return f;
  };
  const send = () => fetch(`${worker.base}/api/concierge`, { method: 'POST', body: form(), redirect: 'manual', headers: { 'CF-Connecting-IP': as } });
  const answers = [await send(), ...(await Promise.all([send(), send()]))];
  for (const r of answers) assert.equal(new URL(r.headers.get('location')).pathname, '/client-concierge/thank-you/');
  assert.equal(await delivered(`${marker}-photoId.pdf`), 1);
  await logged(worker, /concierge without JavaScript: a repeat of [0-9a-f-]{36}; nothing filed again/);
  // Another client sending the same files is another submission.
  const other = await fetch(`${worker.base}/api/concierge`, { method: 'POST', body: form(), redirect: 'manual', headers: { 'CF-Connecting-IP': client() } });
  assert.equal(new URL(other.headers.get('location')).pathname, '/client-concierge/thank-you/');
  assert.equal(await delivered(`${marker}-photoId.pdf`), 2);
});

