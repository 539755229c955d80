// The bot check (Cloudflare Turnstile), in workerd against a fake EmailJS that also plays
// siteverify (fake-turnstile.mjs), tried as a script would: a form from the page without a token,
// or with a forged or spent one, is a 403 and nothing is recorded; a good token passes, and so
// does its repeat under the same key; without JavaScript a post is taken as unverified — a few an
// hour per client, marked in its e-mail, a smaller share of the day's e-mails, listed last in the
// digest; siteverify's outage turns no visitor away. Uploads and filings carry tokens too.
// Run: node --test edge/tests/ (make test does).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { logged, newSubmission, startWithFakeEmailJs, SUBMISSION_HEADER, tokenOf } from './workerd.mjs';
import { passToken, SECRET } from './fake-turnstile.mjs';

const SITE_KEY = 'fake-turnstile-site-key';
/** Content's line on an unverified request (content/forms.yaml bot_check.unverified). */
const UNVERIFIED = /^Note: this request was sent without the website's spam check \(from a browser without JavaScript, or by a script\)\. Read it with care\.\n\n/;
const keys = (fake) => ({ TURNSTILE_SITE_KEY: SITE_KEY, TURNSTILE_SECRET_KEY: SECRET, TURNSTILE_VERIFY_URL: fake.siteverifyUrl });
let main;
let share;

before(async () => {
  // One after another: two wranglers starting at once can pick the same port.
  main = await startWithFakeEmailJs('edge-bot-check-wrangler', (fake) => ({ ...keys(fake), UNVERIFIED_PER_CLIENT_PER_HOUR: '3' }));
  // A day of 4 e-mails, 2 of them for unverified requests.
  share = await startWithFakeEmailJs('edge-bot-check-share-wrangler', (fake) => ({ ...keys(fake), EMAILS_PER_DAY: '4', UNVERIFIED_EMAILS_PER_DAY: '2' }));
});

after(async () => {
  await main?.stop();
  await share?.stop();
});

let ip = 0;
const client = () => `192.0.2.${(ip++ % 250) + 1}`;
const post = (w, path, body, { as = client(), type = 'application/json', headers = {} } = {}) =>
  fetch(`${w.worker.base}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': type, 'CF-Connecting-IP': as, ...headers },
    body: type === 'application/json' ? JSON.stringify(body) : new URLSearchParams(body).toString(),
    redirect: 'manual',
  });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const sent = (w, marker) => w.fake.delivered.filter((s) => JSON.stringify(s.template_params).includes(marker));
const contact = (message, extra = {}) => ({ name: 'Ana Ruiz', email: 'ana@example.com', phone: '(904) 555-0147', message, ...extra });
const FIELD = 'cf-turnstile-response';
const FIELDS = ['photoId', 'creditReport', 'proofOfIncome', 'bankStatement1', 'bankStatement2', 'bankStatement3'];

test('the islands learn the site key from the worker', async () => {
  const r = await fetch(`${main.worker.base}/api/bot-check`);
  assert.deepEqual([r.status, await r.json()], [200, { site_key: SITE_KEY }]);
  assert.equal(r.headers.get('cache-control'), 'no-store');
});

test('a form from the page without a token, or with a forged or spent one, is a 403 and nothing is recorded', async () => {
  const marker = `no-token-${randomUUID()}`;
  const missing = await post(main, '/api/contact', contact(marker, { idempotency_key: randomUUID() }));
  assert.equal(missing.status, 403);
  assert.deepEqual((await missing.json()).errors, [{ field: FIELD, message: 'The spam check has not finished yet. Please wait a moment, then send again.' }]);
  const forged = await post(main, '/api/contact', contact(marker, { idempotency_key: randomUUID(), [FIELD]: 'XXXX.DUMMY.TOKEN.XXXX' }));
  assert.equal(forged.status, 403);
  assert.deepEqual((await forged.json()).errors, [{ field: FIELD, message: 'The spam check did not pass. Please reload the page and send again.' }]);
  // Siteverify was asked with the visitor's address.
  assert.equal(main.fake.turnstile.calls.at(-1).remoteip, '192.0.2.' + ip);
  // A good token, spent by one submission, is refused to another.
  const token = passToken('contact');
  const first = await post(main, '/api/contact', contact(`${marker}-a`, { idempotency_key: randomUUID(), [FIELD]: token }));
  assert.equal(first.status, 200);
  const replay = await post(main, '/api/contact', contact(`${marker}-b`, { idempotency_key: randomUUID(), [FIELD]: token }));
  assert.equal(replay.status, 403);
  // A good token made for another form, or on another site sharing the key, is refused.
  for (const other of [passToken('quiz'), passToken('contact', 'evil.example')]) {
    const r = await post(main, '/api/contact', contact(`${marker}-c`, { idempotency_key: randomUUID(), [FIELD]: other }));
    assert.equal(r.status, 403, other);
    assert.deepEqual((await r.json()).errors, [{ field: FIELD, message: 'The spam check did not pass. Please reload the page and send again.' }]);
  }
  await sleep(300);
  assert.equal(sent(main, marker).length, 1, 'only the verified post was sent');
  // A token too long or with spaces is not worth asking about.
  const junk = await post(main, '/api/contact', contact(marker, { [FIELD]: 'a b' }));
  assert.equal(junk.status, 403);
});

test('a verified post is sent unmarked; its repeat (same key, same token) gets the first answer, sent once', async () => {
  const marker = `verified-${randomUUID()}`;
  const body = contact(marker, { idempotency_key: randomUUID(), [FIELD]: passToken('contact') });
  const answers = await Promise.all([1, 2, 3].map(() => post(main, '/api/contact', body)));
  const ids = new Set();
  for (const r of answers) {
    assert.equal(r.status, 200);
    ids.add((await r.json()).id);
  }
  assert.equal(ids.size, 1);
  await sleep(300);
  const [e] = sent(main, marker);
  assert.equal(sent(main, marker).length, 1);
  assert.deepEqual(Object.keys(e.template_params).sort(), ['from_email', 'from_name', 'message', 'phone', 'subject', 'to_email'], "the specification's params, no note");
});

test('without JavaScript a post is taken as unverified: marked in its e-mail, three an hour per client here', async () => {
  const as = client();
  const marker = `no-js-${randomUUID()}`;
  for (let i = 1; i <= 3; i++) {
    const r = await post(main, '/api/contact', contact(`${marker} ${i}`), { as, type: 'application/x-www-form-urlencoded' });
    assert.equal(r.status, 303);
    assert.match(r.headers.get('location'), /\/thank-you\/\?form=contact$/);
  }
  const fourth = await post(main, '/api/contact', contact(`${marker} 4`), { as, type: 'application/x-www-form-urlencoded' });
  assert.equal(fourth.status, 303);
  assert.match(fourth.headers.get('location'), /\/form-error\/\?form=contact$/);
  // A double submit is a repeat, not one more: answered as done, nothing counted or sent.
  const again = await post(main, '/api/contact', contact(`${marker} 1`), { as, type: 'application/x-www-form-urlencoded' });
  assert.match(again.headers.get('location'), /\/thank-you\//);
  // Another client is counted apart.
  const other = await post(main, '/api/contact', contact(`${marker} 5`), { type: 'application/x-www-form-urlencoded' });
  assert.match(other.headers.get('location'), /\/thank-you\//);
  await sleep(300);
  const sends = sent(main, marker);
  assert.deepEqual(sends.map((s) => s.template_params.message).sort(), [1, 2, 3, 5].map((i) => `${marker} ${i}`));
  for (const s of sends) {
    // The note in a param of its own; the visitor's message and the subject as they were.
    assert.match(`${s.template_params.bot_check}\n\n`, UNVERIFIED);
    assert.equal(s.template_params.subject, 'New Contact Form Submission from Ana Ruiz');
  }
});

test("siteverify's outage turns no visitor away: the post is taken as unverified, and marked", async () => {
  const marker = `outage-${randomUUID()}`;
  main.fake.turnstile.down(true);
  try {
    const lead = { type: 'consultation', firstName: 'Ana', lastName: 'Ruiz', email: 'ana@example.com', phone: '(904) 555-0147', message: marker };
    const r = await post(main, '/api/lead', { ...lead, idempotency_key: randomUUID(), [FIELD]: passToken('lead') });
    assert.equal(r.status, 200);
  } finally {
    main.fake.turnstile.down(false);
  }
  await sleep(300);
  // The lead's body, which the worker writes, starts with the note; the message stays as typed.
  const [e] = sent(main, marker);
  assert.match(e.template_params.email_body, UNVERIFIED);
  assert.equal(e.template_params.message, marker);
  await logged(main.worker, /bot check: siteverify could not judge \(internal-error\); taken as unverified/);
});

test("during siteverify's outage a client's uploads are taken, up to a submission's worth per unverified post allowed (3 × 6 here)", async () => {
  const as = client();
  const upload = async (i) => {
    const submission = await newSubmission(main.worker.base);
    return fetch(`${main.worker.base}/api/concierge/documents?${new URLSearchParams({ submission, field: 'creditReport', name: `c${i}.pdf` })}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/pdf', 'CF-Connecting-IP': as, 'CF-Turnstile-Response': `XXXX.DUMMY.${i}`, [SUBMISSION_HEADER]: tokenOf(submission) },
      body: Buffer.from(`%PDF-1.7\n${i}`),
    });
  };
  main.fake.turnstile.down(true);
  try {
    const statuses = [];
    for (let i = 0; i < 18; i++) statuses.push((await upload(i)).status);
    assert.deepEqual([...new Set(statuses)], [201]);
    const refused = await upload(18);
    assert.equal(refused.status, 429);
    assert.deepEqual((await refused.json()).errors, [{ field: 'request', message: 'The spam check is unavailable and this browser has sent many documents in the last hour; please try again later.' }]);
  } finally {
    main.fake.turnstile.down(false);
  }
  // With siteverify back, a forged token is refused as ever.
  assert.equal((await upload(19)).status, 403);
});

test('concierge uploads and the filing carry tokens; without JavaScript the filing is marked unverified', async () => {
  const submission = await newSubmission(main.worker.base);
  const upload = (field, headers) =>
    fetch(`${main.worker.base}/api/concierge/documents?${new URLSearchParams({ submission, field, name: `${field}.pdf` })}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/pdf', 'CF-Connecting-IP': client(), [SUBMISSION_HEADER]: tokenOf(submission), ...headers },
      body: Buffer.from(`%PDF-1.7\n${field}`),
    });
  const bare = await upload('photoId', {});
  assert.equal(bare.status, 403);
  assert.equal((await bare.json()).errors[0].field, FIELD);
  // One token for the whole submission, six uploads at once: Turnstile takes it again under the
  // submission's UUID.
  const token = passToken('concierge');
  const answers = await Promise.all(FIELDS.map((field) => upload(field, { 'CF-Turnstile-Response': token })));
  const documents = {};
  for (const [i, r] of answers.entries()) {
    assert.equal(r.status, 201, FIELDS[i]);
    documents[FIELDS[i]] = (await r.json()).id;
  }
  assert.equal(main.fake.turnstile.calls.filter((c) => c.idempotency_key === submission).length, 6);
  const unfiled = await post(main, '/api/concierge', { submission, submission_token: tokenOf(submission), documents, name: 'Ana Ruiz', email: 'ana@example.com', phone: '(904) 555-0147', acknowledgment: true });
  assert.equal(unfiled.status, 403);
  const filed = await post(main, '/api/concierge', { submission, submission_token: tokenOf(submission), documents, name: 'Ana Ruiz', email: 'ana@example.com', phone: '(904) 555-0147', acknowledgment: true, [FIELD]: token });
  assert.equal(filed.status, 200, await filed.clone().text());
  await sleep(300);
  assert.equal(sent(main, submission)[0].template_params.bot_check, undefined);
  assert.doesNotMatch(sent(main, submission)[0].template_params.message, /spam check/);

  // The portal without JavaScript: one multipart post, no token to be had.
  const form = new FormData();
  for (const field of FIELDS) form.append(field, new Blob([`%PDF-1.7\nno-js ${field}`], { type: 'application/pdf' }), `${field}.pdf`);
  form.append('name', 'Ana Ruiz');
  form.append('email', 'ana@example.com');
  form.append('phone', '(904) 555-0147');
  form.append('acknowledgment', 'on');
  const before = main.fake.delivered.length;
  const noJs = await fetch(`${main.worker.base}/api/concierge`, { method: 'POST', body: form, redirect: 'manual', headers: { 'CF-Connecting-IP': client() } });
  assert.equal(new URL(noJs.headers.get('location')).pathname, '/client-concierge/thank-you/');
  for (const deadline = Date.now() + 10_000; main.fake.delivered.length === before; await sleep(50)) assert.ok(Date.now() < deadline);
  const e = main.fake.delivered.at(-1).template_params;
  assert.equal(e.subject, 'New Client Concierge Document Submission');
  assert.match(e.message, UNVERIFIED);
});

test("unverified requests spend only their share of the day's e-mails; the rest wait for the digest, listed after the verified", async () => {
  const tag = randomUUID();
  const noJs = (i) => post(share, '/api/contact', contact(`unverified ${i} ${tag}`), { type: 'application/x-www-form-urlencoded' });
  const checked = (i) => post(share, '/api/contact', contact(`verified ${i} ${tag}`, { idempotency_key: randomUUID(), [FIELD]: passToken('contact') }));
  for (let i = 1; i <= 3; i++) assert.equal((await noJs(i)).status, 303);
  const verified = [];
  for (let i = 1; i <= 3; i++) verified.push(await (await checked(i)).json());
  await sleep(300);
  // Two unverified sent singly, the third held; two verified sent in the slots kept for them, the
  // third held past the whole budget.
  assert.deepEqual(sent(share, tag).map((s) => s.template_params.message).sort(), [`unverified 1 ${tag}`, `unverified 2 ${tag}`, `verified 1 ${tag}`, `verified 2 ${tag}`]);
  assert.deepEqual(verified.map((v) => v.delivered), [true, true, false]);
  const d = new Date();
  const tomorrow = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1, 13);
  await (await fetch(`${share.worker.base}/cdn-cgi/handler/scheduled?time=${tomorrow}`)).text();
  for (const deadline = Date.now() + 20_000; !share.fake.delivered.some((s) => /kept for this digest/.test(s.template_params.subject)); await sleep(100)) {
    assert.ok(Date.now() < deadline, 'the digest is sent');
  }
  const digest = share.fake.delivered.find((s) => /kept for this digest/.test(s.template_params.subject)).template_params.message;
  const [v, u] = [digest.indexOf(`verified 3 ${tag}`), digest.indexOf(`unverified 3 ${tag}`)];
  assert.ok(v > 0 && u > v, `the verified request comes first:\n${digest}`);
  assert.match(digest, /New Contact Form Submission from Ana Ruiz \(sent without the spam check\)\n(.*\n){2}  “[^\n]*unverified 3/);
});
