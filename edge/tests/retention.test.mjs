// Nothing kept without bound, nothing kept for ever, in workerd against a fake EmailJS: a filed
// submission keeps only the documents its filing names; a submission holds at most 6 × 10 MB;
// the cron deletes uploads never filed after 24 hours, and documents and records after the
// retention period (the cron is run days ahead with `/__scheduled?time=`).
// Run: node --test edge/tests/ (make test does).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac, randomBytes } from 'node:crypto';
import { newSubmission, startWithFakeEmailJs, SUBMISSION_HEADER, tokenOf } from './workerd.mjs';

const SECRET = 'retention-test-link-secret-0123456789abcdef';
const DAY = 86_400_000;
const FIELDS = ['photoId', 'creditReport', 'proofOfIncome', 'bankStatement1', 'bankStatement2', 'bankStatement3'];
let fake;
let worker;
let stop;

before(async () => {
  ({ fake, worker, stop } = await startWithFakeEmailJs('edge-retention-wrangler', { DOCUMENT_LINK_SECRET: SECRET }));
});

after(() => stop?.());

let ip = 0;
const post = (path, body, type = 'application/json', headers = {}) =>
  fetch(`${worker.base}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': type, 'CF-Connecting-IP': `192.0.2.${(ip++ % 250) + 1}`, ...headers },
    body: type === 'application/json' ? JSON.stringify(body) : body,
  });
const pdf = (size = 2048) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(size)]);
const png = (size = 2048) => Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), randomBytes(size)]);
const upload = async (submission, field, name, bytes) => {
  const r = await post(`/api/concierge/documents?${new URLSearchParams({ submission, field, name })}`, new Uint8Array(bytes), 'application/octet-stream', { [SUBMISSION_HEADER]: tokenOf(submission) });
  return { status: r.status, body: await r.json() };
};
async function uploadAll(submission) {
  const ids = {};
  for (const field of FIELDS) ids[field] = (await upload(submission, field, `${field}.pdf`, field === 'photoId' ? png() : pdf())).body.id;
  return ids;
}
/** Whether `key` is still stored: a link the test signs itself (far from expiry) opens it. */
const stored = async (key) => {
  const expires = Math.floor(Date.now() / 1000) + 90 * 86_400;
  const sig = createHmac('sha256', SECRET).update(`${key}\n${expires}`).digest('hex');
  const r = await fetch(`${worker.base}/api/documents/${key}?expires=${expires}&sig=${sig}`);
  await r.arrayBuffer();
  return r.status === 200;
};
const retentionRuns = () => (worker.log().match(/retention: \d+ due timer\(s\) done/g) ?? []).length;
/** One cron run at `time` (ms), waited for by its log line. */
async function cronAt(time) {
  const before = retentionRuns();
  // wrangler's /__scheduled ignores a time; the runtime's own trigger takes one.
  await (await fetch(`${worker.base}/cdn-cgi/handler/scheduled?time=${Math.round(time)}`)).text();
  const deadline = Date.now() + 20_000;
  while (retentionRuns() <= before) {
    if (Date.now() > deadline) throw new Error(`the cron run did not end; log:\n${worker.log().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

test('a filing files the documents it names; every other upload into its submission is deleted', async () => {
  const submission = await newSubmission(worker.base);
  const first = await upload(submission, 'photoId', 'first.png', png());
  assert.equal(first.status, 201);
  const ids = await uploadAll(submission);
  const later = await upload(submission, 'photoId', 'later.png', png());
  assert.equal(later.status, 201);
  assert.notEqual(later.body.id, first.body.id, 'a replacement is stored apart, never over the first');
  assert.ok((await stored(first.body.id)) && (await stored(ids.photoId)) && (await stored(later.body.id)));

  const sends = fake.delivered.length;
  // The final step names the ids the page knew of: those are filed, not the newest of each field.
  const r = await post('/api/concierge', { submission, submission_token: tokenOf(submission), documents: ids, name: 'Ana Ruiz', email: 'ana@example.com', phone: '(904) 555-0147', acknowledgment: true });
  assert.equal(r.status, 200, await r.clone().text());
  const { message } = fake.delivered[sends].template_params;
  assert.match(message, /\nGovernment ID: “photoId\.png”\n/);
  assert.doesNotMatch(message, /first\.png|later\.png/);
  assert.equal((message.match(/\/api\/documents\//g) ?? []).length, 6);
  assert.equal(await stored(first.body.id), false, 'not named: deleted when filed');
  assert.equal(await stored(later.body.id), false, 'not named, however new: deleted when filed');
  assert.equal(await stored(ids.photoId), true);
});

test('a submission holds at most six documents of 10 MB, replacements included', async () => {
  const submission = await newSubmission(worker.base);
  const TEN_MB = 10 * 1024 * 1024;
  for (const field of FIELDS) {
    const bytes = field === 'photoId' ? png(TEN_MB - 8) : pdf(TEN_MB - 9);
    assert.equal(bytes.length, TEN_MB);
    assert.equal((await upload(submission, field, `${field}.pdf`, bytes)).status, 201, field);
  }
  const more = await upload(submission, 'creditReport', 'again.pdf', pdf());
  assert.equal(more.status, 413);
  assert.deepEqual(more.body.errors, [{ field: 'creditReport', message: "This submission already holds six documents' worth of files; submit it, or start again." }]);
});

test('the cron deletes uploads never filed after 24 hours, and filed documents and records after the retention days', async () => {
  const start = Date.now();
  const abandoned = await newSubmission(worker.base);
  const left = (await upload(abandoned, 'photoId', 'id.png', png())).body.id;
  const filed = await newSubmission(worker.base);
  const ids = await uploadAll(filed);
  assert.equal((await post('/api/concierge', { submission: filed, submission_token: tokenOf(filed), documents: ids, name: 'Ana Ruiz', email: 'ana@example.com', phone: '(904) 555-0147', acknowledgment: true })).status, 200);
  const lead = await (await post('/api/contact', { name: 'Ana Ruiz', email: 'ana@example.com', phone: '(904) 555-0147', message: 'Kept a while' })).json();
  assert.equal(lead.delivered, true);

  await cronAt(start + 23 * 60 * 60 * 1000);
  assert.equal(await stored(left), true, 'not yet 24 hours');
  await cronAt(start + 25 * 60 * 60 * 1000);
  assert.equal(await stored(left), false, 'never filed: gone after 24 hours');
  assert.equal(await stored(ids.bankStatement3), true, 'filed: kept');

  await cronAt(start + 29 * DAY);
  assert.equal(await stored(ids.bankStatement3), true, 'kept for the retention days (30)');
  await cronAt(start + 31 * DAY);
  for (const field of FIELDS) assert.equal(await stored(ids[field]), false, `${field} deleted after 30 days`);
  assert.match(worker.log(), new RegExp(`retention: timers/\\d{13}/record/concierge-${filed}: \\d+ object\\(s\\) deleted`));
  assert.match(worker.log(), new RegExp(`retention: timers/\\d{13}/record/${lead.id}: \\d+ object\\(s\\) deleted`));
  // Run again: nothing is left to do for them.
  await cronAt(start + 32 * DAY);
  assert.match(worker.log().split('\n').filter((l) => /due timer\(s\) done/.test(l)).at(-1), /retention: 0 due timer\(s\) done, 0 object\(s\) deleted/);
});

test('an unfiled submission goes a day after its newest upload, to the millisecond, with its count', async () => {
  const submission = await newSubmission(worker.base);
  const first = (await upload(submission, 'photoId', 'first.png', png())).body.id;
  await new Promise((r) => setTimeout(r, 50));
  const newest = (await upload(submission, 'creditReport', 'newest.pdf', pdf())).body.id;
  const at = (key) => Number(key.split('/')[1].split('-')[0]);
  assert.ok(at(newest) > at(first));

  // The first upload's day is over, but a newer upload came since: the submission lives on.
  await cronAt(at(first) + DAY);
  assert.equal(await stored(first), true, "the newest upload's day decides");
  await cronAt(at(newest) + DAY - 1);
  assert.equal(await stored(first), true, 'one millisecond before');
  assert.equal(await stored(newest), true);
  await cronAt(at(newest) + DAY);
  assert.equal(await stored(first), false, 'a day after the newest upload: gone');
  assert.equal(await stored(newest), false);
  // Its count went with it: the same submission may hold six documents' worth again.
  const TEN_MB = 10 * 1024 * 1024;
  for (const field of FIELDS) assert.equal((await upload(submission, field, `${field}.pdf`, pdf(TEN_MB - 9))).status, 201, field);
});
