// The e-mail retry queue under stress, in workerd against a fake EmailJS: e-mails EmailJS refuses
// for ever must not starve the others, are given up after a few attempts and reported to the
// agent once; scheduled runs (and a visitor's retry) that overlap send every e-mail exactly once.
// Run: node --test edge/tests/ (make test does).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { SUBMISSION_HEADER, newSubmission, startWebhook, startWithFakeEmailJs, tokenOf, waitUntil } from './workerd.mjs';

const AGENT = 'agent.queue@example.com';
let fake;
let worker;
let stop;
/** The agent's second channel, and what it received. */
let webhook;
let alerts;

before(async () => {
  webhook = await startWebhook();
  alerts = webhook.alerts;
  ({ fake, worker, stop } = await startWithFakeEmailJs('edge-queue-wrangler', {
    EMAILJS_TEMPLATE_ID_CONTACT: 'template_contact',
    AGENT_EMAIL: AGENT,
    EMAIL_RETRY_FIRST_SECONDS: '1',
    ALERT_WEBHOOK_URL: webhook.url,
  }));
});

after(async () => {
  await stop?.();
  webhook?.close();
});

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const until = (check, what, within = 30_000) => waitUntil(worker, check, what, within);

// Every client address may post 30 times a minute: spread the load over many.
let ip = 0;
const post = (path, body) =>
  fetch(`${worker.base}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': `203.0.113.${(ip++ % 250) + 1}` },
    body: JSON.stringify(body),
  });

const contact = (message, name = 'Queue Test') => post('/api/contact', { name, email: 'queue@example.com', phone: '(904) 555-0147', message });

/** Scheduled runs finished so far, by their log line. */
const runsDone = () => (worker.log().match(/retry: \d+ of \d+ due e-mails sent/g) ?? []).length;

/** Start `n` scheduled runs at once; resolves when all have logged their end. */
async function runs(n = 1) {
  const done = runsDone();
  await Promise.all(Array.from({ length: n }, () => fetch(`${worker.base}/__scheduled`).then((r) => r.text())));
  await until(() => runsDone() >= done + n, `${n} scheduled run(s) ended`);
}

const sendsOf = (marker, list = fake.attempts) => list.filter((s) => JSON.stringify(s.template_params).includes(marker));

test('120 e-mails EmailJS always refuses neither starve a good one nor stay for ever; the agent is told once', async () => {
  const poison = `poison-${randomUUID()}`;
  const good = `good-${randomUUID()}`;
  fake.fail(400, poison); // a template or an address EmailJS rejects, whatever happens
  fake.fail(503); // and an outage for everything else
  for (let i = 0; i < 120; i += 20) {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, j) => contact(`${poison} #${i + j}`)));
    for (const r of answers) assert.deepEqual([r.status, (await r.json()).delivered], [200, false]);
  }
  // The good one arrives last: its key sorts after every poisoned one.
  const r = await contact(good);
  assert.deepEqual([r.status, (await r.json()).delivered], [200, false]);

  fake.recover();
  await sleep(1_100);
  await runs();
  assert.equal(sendsOf(good, fake.delivered).length, 1, 'the first run after the outage delivers the good e-mail');
  assert.equal(sendsOf(poison).length, 240, 'and tried every poisoned one once more');

  // The third refusal parks each one: kept, no longer tried, and the agent told in one notice.
  await sleep(2_100);
  await runs();
  assert.equal(sendsOf(poison).length, 360);
  assert.match(worker.log(), /EmailJS answered 400 — given up, kept at submissions\/\S+\.json and dead\/\S+/);
  assert.match(worker.log(), /120 given up; the agent's notice notice-\d{4}-\d{2}-\d{2} written/);
  const notices = () => fake.delivered.filter((s) => /could not be delivered/.test(s.template_params.subject));
  await until(() => notices().length === 1, 'the notice is sent');
  const [notice] = notices();
  assert.equal(notice.template_params.subject, '120 e-mails from your website could not be delivered');
  assert.equal(notice.template_params.to_email, AGENT);
  assert.equal(notice.template_id, 'template_contact', 'the notice borrows the contact template');
  assert.equal(notice.template_params.message.match(/\n- /g).length, 50);
  assert.match(notice.template_params.message, /contact, “Queue Test <queue@example\.com>”: EmailJS answered 400 after 3 attempts\. Record: submissions\//);
  assert.match(notice.template_params.message, /…and 70 more\.\n\n\(Text in “quotation marks” is the visitor.s own words/);

  await sleep(4_100);
  await runs(2);
  assert.equal(sendsOf(poison).length, 360, 'parked e-mails are not tried again');
  assert.equal(notices().length, 1, 'the agent is told once');
  assert.equal(sendsOf(good, fake.delivered).length, 1);
});

test('overlapping scheduled runs and a visitor retrying send every e-mail exactly once', async () => {
  const marker = `race-${randomUUID()}`;
  fake.fail(503, marker);
  const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => contact(`${marker} #${i}`)));
  for (const r of answers) assert.equal(r.status, 200);
  // A concierge submission whose e-mail failed too: its visitor will press submit again.
  const submission = await newSubmission(worker.base);
  const documents = {};
  for (const field of ['photoId', 'creditReport', 'proofOfIncome', 'bankStatement1', 'bankStatement2', 'bankStatement3']) {
    const up = await fetch(`${worker.base}/api/concierge/documents?${new URLSearchParams({ submission, field, name: `${marker}.pdf` })}`, {
      method: 'POST', headers: { 'Content-Type': 'application/pdf', 'CF-Connecting-IP': '192.0.2.77', [SUBMISSION_HEADER]: tokenOf(submission) }, body: '%PDF-1.4 race',
    });
    documents[field] = (await up.json()).id;
  }
  const final = { submission, submission_token: tokenOf(submission), documents, name: 'Ana Ruiz', email: 'ana@example.com', phone: '(904) 555-0147', acknowledgment: true };
  assert.equal((await post('/api/concierge', final)).status, 502);
  assert.equal(sendsOf(marker).length, 31);

  fake.recover(marker);
  fake.slow(250); // each send takes a while, so the runs interleave
  try {
    await sleep(1_100);
    const [retried] = await Promise.all([sleep(400).then(() => post('/api/concierge', final)), runs(2)]);
    assert.ok([200, 502].includes(retried.status), `the visitor's retry is answered (${retried.status})`);
    await until(() => sendsOf(marker, fake.delivered).length >= 31, 'every e-mail is delivered');
    await runs();
  } finally {
    fake.slow(0);
  }
  const delivered = sendsOf(marker, fake.delivered).map((s) => s.template_params.message.match(/#\d+/)?.[0] ?? 'concierge');
  assert.equal(delivered.length, 31, `each once, none twice: ${delivered.sort().join(' ')}`);
  assert.equal(new Set(delivered).size, 31);
});

const DAY = 86_400_000;
const retentionRuns = () => (worker.log().match(/retention: \d+ due timer\(s\) done/g) ?? []).length;
/** One cron run as the runtime's trigger makes it at `time` (ms): the retries, the day's notice, retention. */
async function cronAt(time) {
  const done = retentionRuns();
  await (await fetch(`${worker.base}/cdn-cgi/handler/scheduled?time=${Math.round(time)}`)).text();
  await until(() => retentionRuns() > done, 'the cron run at the given time ended');
}

test("a refused notice is retried like an outage; its e-mails count as told only once it is delivered", async () => {
  const name = `Refused ${randomUUID().slice(0, 8)}`;
  fake.fail(400); // EmailJS refuses everything: the leads and the notice about them
  const ids = [];
  for (let i = 0; i < 3; i++) {
    const r = await contact(`refused #${i}`, name);
    assert.equal(r.status, 200);
    ids.push((await r.json()).id);
  }
  await sleep(1_100);
  await runs();
  await sleep(2_100);
  // Tomorrow's run: the three are given up on (their third refusal), and the day's notice is made.
  await cronAt(Date.now() + DAY);
  for (const id of ids) assert.equal(alerts.filter((a) => a.event === 'email-parked' && a.text.includes(`submissions/${id}.json`)).length, 1, 'each one alerted on the second channel, by its record');
  assert.ok(!alerts.some((a) => JSON.stringify(a).includes(name) || JSON.stringify(a).includes('@')), 'no client named to the webhook');
  const noticeSends = () => fake.attempts.filter((s) => /could not be delivered/.test(s.template_params.subject) && s.template_params.message.includes(name));
  await until(() => noticeSends().length >= 1, 'the notice is tried');
  assert.equal(noticeSends()[0].refusedWith, 400);
  assert.doesNotMatch(worker.log(), /notice-\S+ \(notice, attempt 1\): EmailJS answered 400 — given up/);

  // Still refused days on: the notice is retried at each run. (Untold at their retention's end,
  // the records are reported on the alert channel and deleted: edge/tests/uploads.test.mjs.)
  // Its retry is due a second after its attempt, by the clock (the queue's, not the cron's time).
  await sleep(2_100);
  await cronAt(Date.now() + 3 * DAY);
  assert.ok(noticeSends().length >= 2, 'the notice is retried');
  const deleted = (id) => new RegExp(`retention: timers/\\d{13}/record/${id}: \\d+ object\\(s\\) deleted`).test(worker.log());

  fake.recover();
  for (const deadline = Date.now() + 20_000; !noticeSends().some((s) => !s.refusedWith); await sleep(500)) {
    assert.ok(Date.now() < deadline, `the notice is delivered after the outage; log:\n${worker.log().slice(-3000)}`);
    await runs();
  }
  const [notice] = noticeSends().filter((s) => !s.refusedWith);
  assert.equal(notice.template_params.subject, '3 e-mails from your website could not be delivered');
  for (const id of ids) assert.match(notice.template_params.message, new RegExp(`Record: submissions/${id}\\.json`));
  // Told: the next day's retention deletes them.
  await cronAt(Date.now() + 33 * DAY);
  for (const id of ids) assert.equal(deleted(id), true, `${id} deleted once told`);
  assert.equal(noticeSends().filter((s) => !s.refusedWith).length, 1, 'told once');
});
