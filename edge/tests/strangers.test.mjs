// No stranger can make her site write to anyone, in workerd against fakes on loopback:
// a stranger's name and search words are inert in every e-mail and CRM record a save causes
// (spec/cases/hostile-text.json); confirmations are capped per mailbox however it is spelled and
// per client, and every refusal reads the same; an address that unsubscribed cannot be signed up
// again but by its owner; links come from SITE_URL, never the Host; confirmations never spend the
// leads' e-mails, and CRM hand-offs have a day's cap of their own.
// Run: node --test edge/tests/ (make test does).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { root, startWebhook, startWithFakeEmailJs, waitUntil } from './workerd.mjs';
import { startFakeCrm } from './fake-crm.mjs';

const { cases: HOSTILE } = JSON.parse(readFileSync(`${root}/spec/cases/hostile-text.json`, 'utf8'));
const REFUSED = /No confirmation can be sent to this address now\./;
const SECRET = randomBytes(32).toString('hex');
const CRM_VARS = (crm) => ({
  FOLLOW_UP_BOSS_API_KEY: 'fub-test-key',
  FOLLOW_UP_BOSS_SYSTEM: 'MoveToJaxSite',
  FOLLOW_UP_BOSS_SYSTEM_KEY: 'system-key',
  FOLLOW_UP_BOSS_API_URL: crm.url,
  LEAD_WEBHOOK_URL: crm.hookUrl,
  LEAD_WEBHOOK_SECRET: SECRET,
});

// One worker as deployed but for its caps per client (each test picks its clients); one whose
// day's allowances are small, for the budgets.
let open;
let small;
let crm;
let smallCrm;
let webhook;

before(async () => {
  [crm, smallCrm, webhook] = await Promise.all([startFakeCrm(SECRET), startFakeCrm(SECRET), startWebhook()]);
  [open, small] = await Promise.all([
    startWithFakeEmailJs('edge-strangers-wrangler', { ...CRM_VARS(crm), CONFIRMATIONS_PER_CLIENT_PER_DAY: '3' }),
    startWithFakeEmailJs('edge-strangers-budget-wrangler', {
      ...CRM_VARS(smallCrm),
      EMAILS_PER_DAY: '5',
      CONFIRMATION_EMAILS_PER_DAY: '4',
      CRM_LEADS_PER_DAY: '3',
      ALERT_WEBHOOK_URL: webhook.url,
    }),
  ]);
});

after(async () => {
  await Promise.all([open?.stop(), small?.stop()]);
  await Promise.all([crm?.close(), smallCrm?.close()]);
  webhook?.close();
});

let ip = 0;
const client = () => `198.18.${Math.floor(ip / 250) % 250}.${(ip++ % 250) + 1}`;
const post = (w, path, body, as = client()) =>
  fetch(`${w.worker.base}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': as },
    body: JSON.stringify(body),
  });
const save = (w, body, as) => post(w, '/api/searches', { frequency: 'daily', search: '', ...body }, as);
const to = (w, pred) => w.fake.delivered.filter((s) => pred(s.template_params.to_email ?? ''));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** `text` with the site's own links and the template's `<{email}>` (the checked address) taken
 * out: what is left must link nothing. */
const stranger = (w, text, email = '') => text.replaceAll(w.worker.base, '').replaceAll(`<${email}>`, '');

test("a stranger's name and search words link nothing and carry no markup, in every e-mail and CRM record", async () => {
  for (const c of HOSTILE) {
    const email = `ana-${randomUUID().slice(0, 8)}@example.com`;
    const r = await save(open, { email, name: c.text, search: new URLSearchParams({ q: c.text }).toString() });
    assert.equal(r.status, 200, `${c.why}: ${await r.clone().text()}`);
    await waitUntil(open.worker, () => to(open, (a) => a === email).length === 1, `the confirmation (${c.why})`);
    const [{ template_params: p }] = to(open, (a) => a === email);
    assert.ok(p.subject.includes(`“${c.inert}”`), `${c.why}: ${p.subject}`);
    for (const field of ['subject', 'message', 'from_name']) {
      assert.doesNotMatch(stranger(open, p[field]), /:\/\/|[<>]/, `${c.why}: the confirmation's ${field}`);
    }
    // Confirmed: the agent's e-mail and her CRM's person.
    assert.equal((await fetch(p.confirm_url, { method: 'POST', redirect: 'manual' })).status, 303);
    const mine = () => open.fake.delivered.filter((s) => s.template_params.from_email === email);
    await waitUntil(open.worker, () => mine().length === 1, `the agent's e-mail (${c.why})`);
    const lead = mine()[0].template_params;
    assert.equal(lead.from_name, c.inert, c.why);
    for (const field of ['subject', 'message', 'from_name']) {
      assert.doesNotMatch(stranger(open, lead[field], email), /:\/\/|[<>]/, `${c.why}: the agent's ${field}`);
    }
    const events = () => crm.events.filter((e) => JSON.stringify(e.body).includes(email));
    await waitUntil(open.worker, () => events().length === 1, `the CRM event (${c.why})`);
    const { person, message } = events()[0].body;
    assert.doesNotMatch(stranger(open, JSON.stringify({ person, message }), email), /:\/\/|[<>]/, `${c.why}: the CRM person`);
  }
});

test("one mailbox gets three confirmations a day however its address is spelled, and every refusal reads the same", async () => {
  const erin = `erin${randomUUID().slice(0, 6)}`;
  const spellings = [`${erin}@gmail.com`, `${erin}+1@gmail.com`, `${erin.slice(0, 2)}.${erin.slice(2)}+2@gmail.com`, `${erin.toUpperCase()}@GMAIL.COM`, `${erin}@googlemail.com`, `${erin}+x@googlemail.com`, `${erin[0]}.${erin.slice(1)}@gmail.com`, `${erin}+spam@gmail.com`];
  const answers = [];
  for (const email of spellings) answers.push(await save(open, { email }));
  assert.deepEqual(answers.map((r) => r.status), [200, 200, 200, 429, 429, 429, 429, 429]);
  for (const r of answers.slice(3)) assert.match((await r.json()).errors[0].message, REFUSED);
  await sleep(500);
  assert.equal(to(open, (a) => a.toLowerCase().replaceAll('.', '').startsWith(erin.toLowerCase())).length, 3);
});

test('one client causes three confirmations a day, to however many addresses', async () => {
  const as = client();
  const tag = randomUUID().slice(0, 8);
  const statuses = [];
  for (let i = 0; i < 12; i++) statuses.push((await save(open, { email: `c${i}.${tag}@example.com` }, as)).status);
  assert.deepEqual(statuses, [200, 200, 200, ...Array(9).fill(429)]);
  await sleep(500);
  assert.equal(to(open, (a) => a.endsWith(`.${tag}@example.com`)).length, 3);
});

test('an address that unsubscribed cannot be signed up again by anyone but its owner, who is told it stopped', async () => {
  const email = `gone-${randomUUID().slice(0, 8)}@example.com`;
  assert.equal((await save(open, { email })).status, 200);
  await waitUntil(open.worker, () => to(open, (a) => a === email).length === 1, 'the confirmation');
  const [{ template_params: p }] = to(open, (a) => a === email);
  const token = decodeURIComponent(new URL(p.manage_url).hash.slice(1));
  const unsubscribe = `${open.worker.base}/api/searches/unsubscribe?t=${encodeURIComponent(token)}`;
  assert.equal((await fetch(unsubscribe, { method: 'POST', redirect: 'manual' })).status, 303);
  // A stranger, by any spelling, is refused as any refusal reads.
  const again = await save(open, { email: email.replace('@', '+back@') });
  assert.equal(again.status, 429);
  assert.match((await again.json()).errors[0].message, REFUSED);
  const manage = (change = {}) => post(open, '/api/searches/manage', { token, ...change });
  assert.deepEqual(await (await manage()).json(), { searches: [], stopped: true });
  // Its owner, from the link in an e-mail they have, allows it again.
  assert.deepEqual(await (await manage({ action: 'allow' })).json(), { searches: [], stopped: false });
  // That link did its one thing: links of the new epoch come with the next e-mail.
  const spent = await manage();
  assert.equal(spent.status, 404);
  assert.match((await spent.json()).errors[0].message, /the address unsubscribed or deleted everything since it was sent/);
  assert.equal((await save(open, { email })).status, 200);
});

test("the e-mails' links lead to SITE_URL, whatever Host the save names", async () => {
  const email = `host-${randomUUID().slice(0, 8)}@example.com`;
  const { port } = new URL(open.worker.base);
  const body = JSON.stringify({ email, frequency: 'daily', search: 'beds=3' });
  const status = await new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: '/api/searches', method: 'POST', headers: { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example', 'Content-Type': 'application/json', 'CF-Connecting-IP': client(), 'Content-Length': Buffer.byteLength(body) } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', reject);
    req.end(body);
  });
  assert.equal(status, 200);
  await waitUntil(open.worker, () => to(open, (a) => a === email).length === 1, 'the confirmation');
  const [{ template_params: p }] = to(open, (a) => a === email);
  for (const link of [p.confirm_url, p.manage_url]) assert.ok(link.startsWith(`${open.worker.base}/`), link);
  assert.doesNotMatch(JSON.stringify(p), /evil\.example/);
});

test("a flood of saves spends the saved searches' e-mails, never the leads'; CRM hand-offs stop at their day's cap", async () => {
  const tag = randomUUID().slice(0, 8);
  const saves = [];
  for (let i = 0; i < 10; i++) saves.push((await save(small, { email: `s${i}.${tag}@example.com` })).status);
  assert.deepEqual(saves, [200, 200, 200, 200, ...Array(6).fill(429)], 'four of the day');
  // Every lead of the day's five is sent at once.
  const delivered = [];
  for (let i = 0; i < 5; i++) {
    const r = await post(small, '/api/contact', { name: `Lead ${i}`, email: `lead${i}.${tag}@example.com`, phone: '(904) 555-0147', message: `Real lead ${i} ${tag}` });
    assert.equal(r.status, 200);
    delivered.push((await r.json()).delivered);
  }
  assert.deepEqual(delivered, [true, true, true, true, true]);
  // Three leads reached each CRM (one count a lead, for both); the rest her e-mail only.
  const events = () => smallCrm.events.filter((e) => JSON.stringify(e.body).includes(tag));
  const hooks = () => smallCrm.hooks.filter((h) => JSON.stringify(h.body).includes(tag));
  await waitUntil(small.worker, () => events().length === 3 && hooks().length === 3, 'three leads in each CRM');
  await waitUntil(small.worker, () => webhook.alerts.some((a) => a.event === 'crm-budget'), 'the agent is alerted');
  await sleep(500);
  assert.deepEqual([events().length, hooks().length], [3, 3]);
  assert.equal(webhook.alerts.filter((a) => a.event === 'crm-budget').length, 1);
});
