// Storage within its caps and files that stay what they were checked as, in workerd against a fake
// EmailJS, tried as an attacker would: parallel uploads into one submission cannot pass its 6 × 10 MB
// / 24-upload cap; a file is stored and downloaded under the extension its bytes proved; names too
// long or with separators and bidirectional controls are refused or cleaned before anything is
// written; a filed submission takes no more uploads. Run: node --test edge/tests/ (make test does).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { newSubmission, startWithFakeEmailJs, SUBMISSION_HEADER, tokenOf } from './workerd.mjs';

const MiB = 1024 * 1024;
const FIELDS = ['photoId', 'creditReport', 'proofOfIncome', 'bankStatement1', 'bankStatement2', 'bankStatement3'];
let fake;
let worker;
let stop;

before(async () => {
  ({ fake, worker, stop } = await startWithFakeEmailJs('edge-caps-wrangler'));
});

after(() => stop?.());

// Each request its own client address: the per-client rate limit is not what these test.
let ip = 0;
const client = () => `192.0.2.${(ip++ % 250) + 1}`;
const pdf = (size) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(size - 9)]);
/** One upload over plain HTTP: a refusal is answered before the body is read (and the connection
 * then closed), which fetch reports as a network error rather than the answer a browser shows. */
const upload = (submission, field, name, bytes) =>
  new Promise((resolve, reject) => {
    const url = `${worker.base}/api/concierge/documents?${new URLSearchParams({ submission, field, name })}`;
    const headers = { 'Content-Type': 'application/octet-stream', 'Content-Length': bytes.length, 'CF-Connecting-IP': client(), [SUBMISSION_HEADER]: tokenOf(submission) };
    let answered = false;
    const req = http.request(url, { method: 'POST', headers }, (res) => {
      answered = true;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      const done = () => resolve({ status: res.statusCode, body: JSON.parse(text) });
      res.on('end', done);
      res.on('error', done);
    });
    req.on('error', (e) => answered || reject(e));
    req.end(bytes);
  });
const postJson = (path, body) =>
  fetch(`${worker.base}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': client() },
    body: JSON.stringify(body),
  });

test('12 parallel uploads of 10 MiB into one submission store six at most', async () => {
  const submission = await newSubmission(worker.base);
  const answers = await Promise.all(
    Array.from({ length: 12 }, (_, i) => upload(submission, FIELDS[i % 6], `statement-${i}.pdf`, pdf(10 * MiB))),
  );
  const stored = answers.filter((a) => a.status === 201);
  for (const a of answers.filter((a) => a.status !== 201)) {
    assert.ok([413, 429].includes(a.status), `refused with a 4xx, not ${a.status}`);
    assert.equal(a.body.errors[0].field.length > 0, true);
  }
  console.log(`parallel cap: 12 uploads of 10 MiB → ${stored.length} stored, ${stored.length * 10} MiB (cap 60 MiB)`);
  assert.equal(stored.length, 6);
});

test('30 small parallel uploads into one submission store 24 at most', async () => {
  const submission = await newSubmission(worker.base);
  const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => upload(submission, FIELDS[i % 6], `s${i}.pdf`, pdf(2048))));
  const stored = answers.filter((a) => a.status === 201).length;
  for (const a of answers) assert.ok([201, 413, 429].includes(a.status), `answered ${a.status}`);
  console.log(`parallel cap: 30 small uploads → ${stored} stored (cap 24)`);
  assert.equal(stored, 24);
});

test('a file keeps the extension its bytes proved: a PDF named x.html downloads as x.pdf', async () => {
  const submission = await newSubmission(worker.base);
  const lure = Buffer.from('%PDF-<html><script>alert(document.cookie)</script></html>');
  const ids = {};
  for (const field of FIELDS) {
    const r = await upload(submission, field, field === 'creditReport' ? 'x.html' : `${field}.pdf`, field === 'creditReport' ? lure : pdf(4096));
    assert.equal(r.status, 201, JSON.stringify(r.body));
    ids[field] = r.body.id;
  }
  assert.match(ids.creditReport, /-creditReport-x\.pdf$/);
  const before = fake.delivered.length;
  assert.equal((await postJson('/api/concierge', { submission, submission_token: tokenOf(submission), documents: ids, name: 'Ana Ruiz', email: 'ana@example.com', phone: '(904) 555-0147', acknowledgment: true })).status, 200);
  for (const deadline = Date.now() + 10_000; fake.delivered.length <= before; await new Promise((r) => setTimeout(r, 50))) {
    assert.ok(Date.now() < deadline, 'the e-mail arrives');
  }
  const { message } = fake.delivered[before].template_params;
  assert.match(message, /\nCredit Report: “x\.pdf”\n/);
  const link = message.match(/http:\/\/\S+-creditReport-\S+/)[0];
  const d = await fetch(link);
  assert.equal(d.status, 200);
  assert.equal(d.headers.get('content-type'), 'application/pdf');
  assert.equal(d.headers.get('content-disposition'), `attachment; filename="x.pdf"; filename*=UTF-8''x.pdf`);
  assert.deepEqual(Buffer.from(await d.arrayBuffer()), lure);

  // Filed: the submission takes nothing more.
  const late = await upload(submission, 'photoId', 'late.pdf', pdf(4096));
  assert.equal(late.status, 409);
  assert.deepEqual(late.body.errors, [{ field: 'photoId', message: 'These documents were submitted already; start a new submission.' }]);
});

test('a name over 255 bytes is refused with a 400 (never a 5xx); separators and bidi controls are cleaned', async () => {
  const long = await upload(await newSubmission(worker.base), 'creditReport', `${'a'.repeat(8200)}.pdf`, pdf(4096));
  assert.equal(long.status, 400);
  assert.deepEqual(long.body.errors, [{ field: 'creditReport', message: "The file's name is longer than 255 bytes; rename the file and choose it again." }]);
  const odd = await upload(await newSubmission(worker.base), 'creditReport', 'bank\u2028statement\u202Efdp.exe', pdf(4096));
  assert.equal(odd.status, 201);
  assert.match(odd.body.id, /-creditReport-bank_statementfdp\.pdf$/);

  // Without JavaScript the same name lands on the portal's error page, with nothing kept.
  const form = new FormData();
  form.append('photoId', new Blob([pdf(4096)]), `${'b'.repeat(8200)}.pdf`);
  form.append('name', 'Ana Ruiz');
  form.append('email', 'ana@example.com');
  form.append('phone', '(904) 555-0147');
  form.append('acknowledgment', 'on');
  const request = new Request(`${worker.base}/api/concierge`, { method: 'POST', body: form });
  const r = await fetch(request.url, {
    method: 'POST',
    headers: { 'Content-Type': request.headers.get('content-type'), 'CF-Connecting-IP': client() },
    body: Buffer.from(await request.arrayBuffer()),
    redirect: 'manual',
  });
  assert.equal(r.status, 303);
  assert.equal(new URL(r.headers.get('location')).pathname, '/client-concierge/form-error/');
});
