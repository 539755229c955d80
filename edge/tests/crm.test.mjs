// Every lead in her CRM, in workerd against fakes on loopback: a fake Follow Up Boss
// (its Events API) and a lead webhook that checks the signature (fake-crm.mjs), beside the fake
// EmailJS. Each lead is its own Follow Up Boss event type; the e-mail and each CRM are retried on
// their own (a 429's Retry-After honoured), exactly once each; a 204 is alerted once.
// Run: node --test edge/tests/ (make test does).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { SUBMISSION_HEADER, aListing, logged, newSubmission, startWebhook, startWithFakeEmailJs, tokenOf, waitUntil } from './workerd.mjs';
import { startFakeCrm } from './fake-crm.mjs';

const SECRET = randomBytes(32).toString('hex');
const KEY = 'fub-test-key';
let fake;
let worker;
let stop;
let crm;
let alerts;

before(async () => {
  crm = await startFakeCrm(SECRET);
  alerts = await startWebhook();
  ({ fake, worker, stop } = await startWithFakeEmailJs('edge-crm-wrangler', {
    EMAIL_RETRY_FIRST_SECONDS: '1',
    ALERT_WEBHOOK_URL: alerts.url,
    FOLLOW_UP_BOSS_API_KEY: KEY,
    FOLLOW_UP_BOSS_SYSTEM: 'MoveToJaxSite',
    FOLLOW_UP_BOSS_SYSTEM_KEY: 'system-key',
    FOLLOW_UP_BOSS_API_URL: crm.url,
    LEAD_WEBHOOK_URL: crm.hookUrl,
    LEAD_WEBHOOK_SECRET: SECRET,
  }));
});

after(async () => {
  await stop?.();
  await crm?.close();
  alerts?.close();
});

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const until = (check, what, within = 15_000) => waitUntil(worker, check, what, within);

let ip = 0;
/** A post from the page `page` of the site, as a browser sends it (its Referer). */
const post = (path, body, page = '/sell/') =>
  fetch(`${worker.base}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': `198.51.100.${(ip++ % 250) + 1}`, Referer: `${worker.base}${page}#form` },
    body: JSON.stringify(body),
  });

const ana = { email: 'ana@example.com', phone: '(904) 555-0147' };
const contact = (message, extra = {}, page = undefined) => post('/api/contact', { name: 'Ana Ruiz', ...ana, message, ...extra }, page);

const eventsOf = (marker) => crm.events.filter((e) => JSON.stringify(e.body).includes(marker));
const hooksOf = (marker) => crm.hooks.filter((h) => JSON.stringify(h.body).includes(marker));
const emailsOf = (marker, list = fake.delivered) => list.filter((s) => JSON.stringify(s.template_params).includes(marker));

const runsDone = () => (worker.log().match(/retry: \d+ of \d+ due e-mails sent/g) ?? []).length;
/** One scheduled run, to its end. */
async function run() {
  const done = runsDone();
  await (await fetch(`${worker.base}/__scheduled`)).text();
  await until(() => runsDone() > done, 'the scheduled run ended');
}

test('each lead reaches Follow Up Boss as its own event type, and the lead webhook, signed', async () => {
  const m = randomUUID();
  const { path: listing, number } = aListing();
  const leads = [
    ['Property Inquiry', () => contact(`showing ${m}`, { listing }, listing)],
    ['Seller Inquiry', () => post('/api/lead', { type: 'cma-request', firstName: 'Ana', lastName: 'Ruiz', ...ana, propertyAddress: '1 Ocean Blvd', message: `value ${m}` })],
    ['General Inquiry', () => post('/api/lead', { type: 'consultation', firstName: 'Ana', lastName: 'Ruiz', ...ana, message: `consult ${m}` })],
    ['Seller Inquiry', () => post('/api/listing-request', { name: 'Ana Ruiz', ...ana, propertyAddress: '9 Bay St', notes: `list ${m}` })],
    ['General Inquiry', () => contact(`hello ${m}`)],
  ];
  const ids = [];
  for (const [, send] of leads) {
    const r = await send();
    assert.equal(r.status, 200, await r.clone().text());
    ids.push((await r.json()).id);
  }
  // The quiz's e-mail is the visitor's own result: not a lead for her CRM.
  const answers = Object.fromEntries(['q1', 'q2', 'q3', 'q4', 'q5', 'q6'].map((q) => [q, 'urban']));
  assert.equal((await post('/api/quiz', { email: `quiz-${m}@example.com`, answers })).status, 200);

  await until(() => eventsOf(m).length === 5 && hooksOf(m).length === 5, 'five events and five webhook posts');
  const basic = `Basic ${Buffer.from(`${KEY}:`).toString('base64')}`;
  leads.forEach(([type], i) => {
    const [event] = crm.events.filter((e) => e.body.message.includes(['showing', 'value', 'consult', 'list', 'hello'][i] + ` ${m}`));
    assert.equal(event.body.type, type, `lead ${i}`);
    assert.equal(event.headers.authorization, basic);
    assert.equal(event.headers['x-system'], 'MoveToJaxSite');
    assert.equal(event.headers['x-system-key'], 'system-key');
    assert.equal(event.body.source, 'movetojax.com');
    assert.deepEqual(event.body.person.emails, [{ value: 'ana@example.com' }]);
    assert.deepEqual(event.body.person.phones, [{ value: '(904) 555-0147' }]);
    assert.equal(event.body.person.firstName, 'Ana');
    const [hook] = crm.hooks.filter((h) => h.body.id === ids[i]);
    assert.ok(hook?.signed, `lead ${i}: the webhook got it, signed`);
    assert.equal(hook.body.type, type);
    assert.equal(hook.body.email, 'ana@example.com');
  });
  const [showing] = eventsOf(`showing ${m}`);
  assert.equal(showing.body.property.mlsNumber, number);
  assert.equal(showing.body.property.url, `https://www.movetojax.com${listing}`);
  assert.equal(showing.body.pageUrl, `${worker.base}${listing}`, 'the page it was sent from, without its fragment');
  assert.equal(eventsOf(`value ${m}`)[0].body.message, `Property: 1 Ocean Blvd\nvalue ${m}`);
  assert.equal(eventsOf(`quiz-${m}`).length + hooksOf(`quiz-${m}`).length, 0, 'no quiz in the CRM');
  assert.equal(emailsOf(m).filter((s) => s.template_params.to_email === 'agent@example.com').length, 5, 'each lead e-mailed once');
});

test('a concierge filing reaches the CRM without its document links', async () => {
  const submission = await newSubmission(worker.base);
  const documents = {};
  for (const field of ['photoId', 'creditReport', 'proofOfIncome', 'bankStatement1', 'bankStatement2', 'bankStatement3']) {
    const up = await fetch(`${worker.base}/api/concierge/documents?${new URLSearchParams({ submission, field, name: 'doc.pdf' })}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/pdf', 'CF-Connecting-IP': '192.0.2.78', [SUBMISSION_HEADER]: tokenOf(submission) },
      body: '%PDF-1.4 crm',
    });
    assert.equal(up.status, 201, await up.clone().text());
    documents[field] = (await up.json()).id;
  }
  const tag = randomUUID().slice(0, 8);
  const name = `Filer ${tag}`;
  const final = { submission, submission_token: tokenOf(submission), documents, name, email: 'filer@example.com', phone: '(904) 555-0199', acknowledgment: true };
  const r = await post('/api/concierge', final, '/client-concierge/');
  assert.equal(r.status, 200, await r.clone().text());
  await until(() => eventsOf(tag).length === 1 && hooksOf(tag).length === 1, 'the filing in both CRMs');
  const [event] = eventsOf(tag);
  assert.deepEqual(event.body.person, { firstName: 'Filer', lastName: tag, emails: [{ value: 'filer@example.com' }], phones: [{ value: '(904) 555-0199' }] });
  assert.equal(event.body.type, 'General Inquiry');
  assert.equal(event.body.message, 'Filed their documents through the Client Concierge portal.');
  assert.equal(event.body.pageUrl, `${worker.base}/client-concierge/`);
  assert.doesNotMatch(JSON.stringify(event.body) + JSON.stringify(hooksOf(tag)[0].body), /api\/documents/);
});

test("the e-mail and each CRM are retried on their own, a 429's Retry-After honoured, each exactly once", async () => {
  const [limited, flaky, mailDown, refused] = ['limited', 'flaky', 'mail-down', 'refused'].map((w) => `${w}-${randomUUID()}`);
  // Six seconds, so that the run meant to come before them still does on a busy machine.
  crm.answer([[429, { 'Retry-After': '6' }]], limited);
  crm.answer([503, 502], flaky);
  crm.answer([422, 422, 422], refused);
  fake.fail(503, mailDown);
  for (const m of [limited, flaky, mailDown, refused]) assert.equal((await contact(m)).status, 200);
  await until(() => [limited, flaky, mailDown, refused].every((m) => eventsOf(m).length === 1), 'first attempts');
  await logged(worker, new RegExp(`Follow Up Boss hand-off \\S+-fub \\(contact, attempt 1\\): Follow Up Boss rate limit \\(429\\), again in 6 s — kept for retry`));

  fake.recover(mailDown);
  await sleep(1_100);
  await run();
  assert.equal(eventsOf(limited).length, 1, 'not before its Retry-After');
  assert.deepEqual(eventsOf(flaky).map((e) => e.status), [503, 502]);
  assert.equal(emailsOf(mailDown).length, 1, 'the e-mail, after its outage');
  assert.equal(emailsOf(mailDown, fake.attempts).length, 2);

  await sleep(5_100);
  await run();
  assert.deepEqual(eventsOf(limited).map((e) => e.status), [429, 200], 'after its Retry-After');
  assert.deepEqual(eventsOf(flaky).map((e) => e.status), [503, 502, 200]);
  assert.deepEqual(eventsOf(refused).map((e) => e.status), [422, 422, 422], 'refused three times: given up');
  await logged(worker, /Follow Up Boss refused the lead \(422\) — given up, kept at submissions\/\S+-fub\.json and dead\/\S+-fub/);
  assert.ok(alerts.alerts.some((a) => a.event === 'handoff-parked' && /^The contact hand-off to Follow Up Boss was given up/.test(a.text)));

  await sleep(4_100);
  await run();
  for (const m of [limited, flaky, mailDown, refused]) {
    assert.equal(emailsOf(m).length, 1, `${m}: one e-mail`);
    assert.equal(hooksOf(m).length, 1, `${m}: the webhook once, whatever Follow Up Boss answered`);
    assert.equal(eventsOf(m).filter((e) => e.status === 200).length, m === refused ? 0 : 1, `${m}: taken once`);
  }
  assert.equal(eventsOf(mailDown).length, 1, 'a failing e-mail never repeats the CRM');
  assert.equal(eventsOf(refused).length, 3, 'nor is a parked hand-off tried again');
});

test('a 204 (lead flow archived) is not retried and alerted once, until a lead is taken again', async () => {
  const [first, second, taken, again, hook204] = ['first', 'second', 'taken', 'again', 'hook'].map((w) => `archived-${w}-${randomUUID()}`);
  const archived = () => alerts.alerts.filter((a) => a.event === 'crm-archived');
  crm.answer([204], first);
  crm.answer([204], second);
  crm.answer([204], hook204, '/hook'); // a generic receiver's 204 is a plain success
  for (const m of [first, second, hook204]) assert.equal((await contact(m)).status, 200);
  await until(() => eventsOf(second).length === 1 && hooksOf(hook204).length === 1, 'both answered');
  await logged(worker, /Follow Up Boss hand-off \S+-fub \(contact, attempt 1\): Follow Up Boss answered 204: the lead flow of this source is archived/);
  await until(() => archived().length === 1, 'the alert');
  assert.match(archived()[0].text, /the lead flow for movetojax\.com is archived/);
  await sleep(1_100);
  await run();
  assert.equal(eventsOf(first).length + eventsOf(second).length, 2, 'not retried');
  assert.equal(hooksOf(hook204).length, 1, "the webhook's 204 is taken");
  assert.equal(archived().length, 1, 'told once');

  assert.equal((await contact(taken)).status, 200);
  await until(() => eventsOf(taken).length === 1, 'a lead taken');
  crm.answer([204], again);
  assert.equal((await contact(again)).status, 200);
  await until(() => archived().length === 2, 'archived again: told again');
});
