// The day's budget, in workerd against a fake EmailJS, tried as a flood would: past the day's
// e-mail budget no lead is lost (each is kept, the agent alerted once, and the next morning's
// digest lists them), EmailJS's own quota answers are an outage retried, one client files a few
// concierge submissions a day at most, and past the day's upload budget uploads pause (503) with
// the agent alerted. Budgets are small here (the settings override content's).
// Run: node --test edge/tests/ (make test does).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { SUBMISSION_HEADER, newSubmission, startWebhook, startWithFakeEmailJs, tokenOf, waitUntil } from './workerd.mjs';

const EMAILS = 3;
let fake;
let worker;
let stop;
let webhook;
let alerts;

before(async () => {
  webhook = await startWebhook();
  alerts = webhook.alerts;
  ({ fake, worker, stop } = await startWithFakeEmailJs('edge-budget-wrangler', {
    EMAILS_PER_DAY: String(EMAILS),
    CONCIERGE_PER_CLIENT_PER_DAY: '1',
    UPLOAD_BYTES_PER_DAY: '60000',
    EMAIL_RETRY_FIRST_SECONDS: '1',
    ALERT_WEBHOOK_URL: webhook.url,
  }));
});

after(async () => {
  await stop?.();
  webhook?.close();
});

let ip = 0;
const client = () => `203.0.113.${(ip++ % 250) + 1}`;
const post = (path, body, as = client()) =>
  fetch(`${worker.base}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': as }, body: JSON.stringify(body) });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const until = (check, what, within = 20_000) => waitUntil(worker, check, what, within);
const runsDone = () => (worker.log().match(/retention: \d+ due timer\(s\) done/g) ?? []).length;
/** One cron run as the runtime's trigger makes it at `time` (ms). */
async function cronAt(time) {
  const done = runsDone();
  await (await fetch(`${worker.base}/cdn-cgi/handler/scheduled?time=${Math.round(time)}`)).text();
  await until(() => runsDone() > done, 'the cron run ended');
}
const tomorrowAt = (hour) => {
  const d = new Date();
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1, hour);
};
const about = (marker) => fake.delivered.filter((s) => JSON.stringify(s.template_params).includes(marker));
const FIELDS = ['photoId', 'creditReport', 'proofOfIncome', 'bankStatement1', 'bankStatement2', 'bankStatement3'];
async function upload(submission, field, size, as) {
  const r = await fetch(`${worker.base}/api/concierge/documents?${new URLSearchParams({ submission, field, name: `${field}.pdf` })}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/pdf', 'CF-Connecting-IP': as, [SUBMISSION_HEADER]: tokenOf(submission) },
    body: Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(size - 9)]),
  });
  return { status: r.status, body: await r.json() };
}

test("EmailJS's own quota answer is an outage, retried, never given up on (it spends one of today's e-mails)", async () => {
  const marker = `quota-${randomUUID()}`;
  fake.fail(426, marker, 'The limit of the number of e-mails for this month has been reached');
  const r = await post('/api/listing-request', { name: 'Quota Test', email: 'quota@example.com', phone: '(904) 555-0147', propertyAddress: '1 Ocean Blvd', notes: marker });
  assert.deepEqual([r.status, (await r.json()).delivered], [200, false]);
  await until(() => /EmailJS says the account's limit is reached \(426\) — kept for retry/.test(worker.log()), 'logged as an outage');
  // Three answers like it would park a refusal; a quota answer is outlasted.
  for (let i = 0; i < 3; i++) {
    await sleep(1_100 * 2 ** i);
    await fetch(`${worker.base}/__scheduled`).then((x) => x.text());
  }
  await until(() => fake.attempts.filter((s) => s.refusedWith === 426 && s.template_params.notes === marker).length >= 3, 'three quota answers');
  assert.doesNotMatch(worker.log(), /limit is reached \(426\) — given up/);
  fake.recover(marker);
  for (const deadline = Date.now() + 20_000; !about(marker).length; await sleep(500)) {
    assert.ok(Date.now() < deadline, 'delivered once the quota is back');
    await fetch(`${worker.base}/__scheduled`).then((x) => x.text());
  }
  assert.equal(about(marker).length, 1);
});

test('past the day’s e-mail budget no lead is lost: each is kept, the agent alerted once, and the morning digest lists them', async () => {
  const tag = randomUUID().slice(0, 8);
  const answers = [];
  for (let i = 1; i <= 5; i++) {
    const r = await post('/api/contact', { name: `Flood ${tag} ${i}`, email: `lead${i}@example.com`, phone: '(904) 555-0147', message: `Lead ${i} of ${tag}` });
    assert.equal(r.status, 200);
    answers.push(await r.json());
  }
  // The quota test spent one of today's three.
  assert.deepEqual(answers.map((a) => a.delivered), [true, true, false, false, false]);
  assert.equal(about(tag).length, EMAILS - 1, 'the rest of the budget sent one by one');
  // A quiz result has its own caps (domain/quota.rs) and never spends the leads': it is still sent.
  const quiz = await post('/api/quiz', { email: `quiz.${tag}@example.com`, answers: { q1: 'urban', q2: 'urban', q3: 'urban', q4: 'urban', q5: 'urban', q6: 'urban' } });
  assert.deepEqual([quiz.status, (await quiz.json()).delivered], [200, true]);
  await until(() => alerts.some((a) => a.event === 'email-budget'), 'the agent is alerted');
  assert.equal(alerts.filter((a) => a.event === 'email-budget').length, 1, 'once a day');
  assert.match(alerts.find((a) => a.event === 'email-budget').text, /sent today's 3 e-mails\. Further requests are kept and listed in tomorrow morning's digest; none is lost\./);

  // Tomorrow before 13:00 UTC: no digest yet. From 13:00: one, listing both held leads.
  await cronAt(tomorrowAt(12));
  assert.equal(fake.delivered.filter((s) => /kept for this digest/.test(s.template_params.subject)).length, 0);
  await cronAt(tomorrowAt(13));
  const digests = () => fake.delivered.filter((s) => /kept for this digest/.test(s.template_params.subject));
  await until(() => digests().length === 1, 'the digest is sent');
  const [digest] = digests();
  assert.equal(digest.template_params.subject, '3 requests from your website kept for this digest');
  for (const i of [3, 4, 5]) {
    assert.match(digest.template_params.message, new RegExp(`New Contact Form Submission from Flood ${tag} ${i}\\n  E-mail: “lead${i}@example\\.com”\\n  Phone: “\\(904\\) 555-0147”\\n  “Lead ${i} of ${tag}”\\n  Record: submissions/${answers[i - 1].id}\\.json`));
  }
  // Delivered by the digest: a later run lists them no more.
  await cronAt(tomorrowAt(14));
  await cronAt(tomorrowAt(24 + 13));
  assert.equal(digests().length, 1);
});

test('one client files a concierge submission a day here (content: a few); another client may', async () => {
  const file = async (as) => {
    const submission = await newSubmission(worker.base);
    const documents = {};
    for (const field of FIELDS) documents[field] = (await upload(submission, field, 1024, as)).body.id;
    return post('/api/concierge', { submission, submission_token: tokenOf(submission), documents, name: 'Ana Ruiz', email: 'ana@example.com', phone: '(904) 555-0147', acknowledgment: true }, as);
  };
  const a = client();
  const first = await file(a);
  assert.ok([200, 202].includes(first.status), `filed (${first.status})`);
  const second = await file(a);
  assert.equal(second.status, 429);
  assert.deepEqual((await second.json()).errors, [{ field: 'request', message: 'The portal takes 1 submissions a day from one visitor; please call to send more.' }]);
  assert.ok([200, 202].includes((await file(client())).status));
});

test('past the day’s upload budget uploads pause with a 503 saying so, and the agent is alerted once', async () => {
  const as = client();
  let paused;
  for (let i = 0; i < 10 && !paused; i++) {
    const r = await upload(await newSubmission(worker.base), 'creditReport', 10_000, as);
    if (r.status === 503) paused = r;
    else assert.equal(r.status, 201);
  }
  assert.ok(paused, 'uploads pause within the budget');
  assert.deepEqual(paused.body.errors, [{ field: 'request', message: "The document portal's uploads are paused for today; please try again tomorrow." }]);
  assert.equal((await upload(await newSubmission(worker.base), 'creditReport', 10_000, as)).status, 503);
  await until(() => alerts.some((a) => a.event === 'uploads-paused'), 'the agent is alerted');
  assert.equal(alerts.filter((a) => a.event === 'uploads-paused').length, 1);
});
