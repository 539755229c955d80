// The forms must not be turned against the agent, in workerd against a fake EmailJS: the quiz
// (which e-mails whatever address it is given) sends at most one e-mail per address a day and no
// more than the daily cap; the rate limit counts an IPv6 client by its /64, and a request without
// a client address is refused. Run: node --test edge/tests/ (make test does).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { freshMinute, logged, startWithFakeEmailJs } from './workerd.mjs';

const CAP = 3;
let fake;
let worker;
let stop;

before(async () => {
  ({ fake, worker, stop } = await startWithFakeEmailJs('edge-relay-wrangler', { QUIZ_EMAILS_PER_DAY: String(CAP) }));
});

after(() => stop?.());

const answers = { q1: 'urban', q2: 'coastal', q3: 'urban', q4: 'coastal', q5: 'historic', q6: 'suburban' };
let ip = 0;
const post = (path, body, as = `198.18.0.${++ip}`) =>
  fetch(`${worker.base}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': as },
    body: JSON.stringify(body),
  });
const quiz = async (email) => {
  const r = await post('/api/quiz', { email, answers });
  assert.equal(r.status, 200, 'the visitor always gets the result');
  return r.json();
};
const mailedTo = (address) => fake.attempts.filter((s) => s.template_params.to_email.toLowerCase() === address.toLowerCase()).length;

test('the quiz e-mails an address once a day and no more than the daily cap; beyond, the result is shown and the submission kept', async () => {
  const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((n) => `${n}-${randomUUID()}@example.com`);
  // Twenty posts at once for one address: one e-mail.
  const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => quiz(i % 2 ? a.toUpperCase() : a)));
  assert.equal(burst.filter((r) => r.delivered).length, 1);
  assert.equal(mailedTo(a), 1);
  const withheld = burst.find((r) => !r.delivered);
  assert.match(withheld.id, /^\d{13}-quiz-[0-9a-f]{16}$/, 'the submission is recorded');
  await logged(worker, new RegExp(`quiz e-mail ${withheld.id}: withheld: this address was sent a quiz e-mail in the last 24 hours`));

  assert.equal((await quiz(b)).delivered, true);
  assert.equal((await quiz(c)).delivered, true);
  const capped = await quiz(d);
  assert.equal(capped.delivered, false, `the cap (${CAP} a day) holds`);
  await logged(worker, new RegExp(`quiz e-mail ${capped.id}: withheld: today's cap on quiz e-mails is reached`));
  assert.equal(mailedTo(d), 0);
  assert.equal(fake.attempts.filter((s) => s.template_params.subject === 'Jacksonville Neighborhood Quiz Results').length, CAP);

  // A day later (the cron run a day ahead deletes the quota records) the address may hear again.
  await (await fetch(`${worker.base}/cdn-cgi/handler/scheduled?time=${Date.now() + 25 * 60 * 60 * 1000}`)).text();
  await logged(worker, /retention: \d+ due timer\(s\) done, [1-9]\d* object/);
  assert.equal((await quiz(a)).delivered, true, 'its quota records ended with their day');
  assert.equal(mailedTo(a), 2);

  // Leads are never capped.
  const lead = await post('/api/contact', { name: 'Ana Ruiz', email: 'ana@example.com', phone: '(904) 555-0147', message: 'Still heard' });
  assert.equal((await lead.json()).delivered, true);
});

test('the rate limit counts an IPv6 client by its /64; a request without a client address is refused', async () => {
  await freshMinute(); // the 31 posts must be counted in one minute
  const statuses = [];
  for (let i = 1; i <= 31; i++) statuses.push((await post('/api/contact', {}, `2001:db8:7:7:${i.toString(16)}::${i}`)).status);
  assert.deepEqual(statuses.slice(0, 30), Array(30).fill(400), 'counted as one client…');
  assert.equal(statuses[30], 429, '…across its /64');
  assert.equal((await post('/api/contact', {}, '2001:db8:7:8::1')).status, 400, 'the next /64 is another client');

  for (const as of ['unknown', '203.0.113.1, 10.0.0.1', '2001:db8::/64']) {
    const r = await post('/api/contact', {}, as);
    assert.equal(r.status, 403, as);
    assert.deepEqual((await r.json()).errors, [{ field: 'request', message: 'This request has no client address.' }]);
  }
});
