// A request that loses a race costs the visitor nothing, in workerd against a fake EmailJS: a
// concierge filing tapped eight times at once (a double tap, a retry) is filed, counted against
// the client's day and e-mailed once — no tap is refused as a filing too many — and each tap that
// lost gives back the e-mail slot it took, so the client's next filing is taken and its e-mail
// sent at once, not held for tomorrow's digest. The budgets here are small (the settings override
// content's).
// Run: node --test edge/tests/ (make test does).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { newSubmission, startWithFakeEmailJs, SUBMISSION_HEADER, tokenOf } from './workerd.mjs';

const FIELDS = ['photoId', 'creditReport', 'proofOfIncome', 'bankStatement1', 'bankStatement2', 'bankStatement3'];
let fake;
let worker;
let stop;

before(async () => {
  ({ fake, worker, stop } = await startWithFakeEmailJs('edge-races-wrangler', {
    EMAILS_PER_DAY: '2',
    CONCIERGE_PER_CLIENT_PER_DAY: '2',
  }));
});

after(() => stop?.());

const as = '198.51.100.7';
async function upload(submission, field) {
  const r = await fetch(`${worker.base}/api/concierge/documents?${new URLSearchParams({ submission, field, name: `${field}.pdf` })}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/pdf', 'CF-Connecting-IP': as, [SUBMISSION_HEADER]: tokenOf(submission) },
    body: Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(1015)]),
  });
  assert.equal(r.status, 201, await r.clone().text());
  return (await r.json()).id;
}
async function submission() {
  const id = await newSubmission(worker.base);
  const documents = {};
  for (const field of FIELDS) documents[field] = await upload(id, field);
  return { submission: id, submission_token: tokenOf(id), documents, name: 'Ana Ruiz', email: 'ana@example.com', phone: '(904) 555-0147', acknowledgment: true };
}
const file = (body) =>
  fetch(`${worker.base}/api/concierge`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': as }, body: JSON.stringify(body) });

test('a filing tapped eight times at once counts once and spends one e-mail; the next filing is taken and e-mailed at once', async () => {
  const first = await submission();
  const answers = await Promise.all(Array.from({ length: 8 }, () => file(first)));
  for (const a of answers) assert.ok([200, 202].includes(a.status), `the same filing each time (${a.status}: ${await a.clone().text()})`);
  const ids = new Set(await Promise.all(answers.map(async (a) => (await a.json()).id)));
  assert.equal(ids.size, 1, 'one filing');
  // The client's second filing of the day (of two) is taken, and the day's second e-mail (of two)
  // is its own: sent now, not held for the digest (429 were the taps counted as filings; 502
  // "stored, but the e-mail … could not be sent yet" were both e-mails spent on the taps).
  const second = await file(await submission());
  assert.equal(second.status, 200, await second.text());
  const filings = fake.delivered.filter((s) => s.template_params.subject === 'New Client Concierge Document Submission');
  assert.equal(filings.length, 2, 'one e-mail per filing');
});
