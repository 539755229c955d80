// The day's upload budget and the bucket's ends, tried as a griefer and an unlucky network would,
// in workerd against a fake EmailJS: uploads are charged what they stored, so
// 300 uploads of 10 MB cut off halfway from 30 addresses spend nothing and a real client's six
// documents go through after them; one client cannot spend the day's uploads alone, nor pass its
// share with uploads sent at once (and what is refused or cut off is given back); and after
// every failure path — uploads cut off, a post without JavaScript dropped, a reservation refused,
// an e-mail given up on and never reported — every object in the bucket is under a timer, and the
// unreported record is reported by the alert channel (by its id) and deleted at its end.
// Run: node --test edge/tests/ (make test does).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { bucketKeys, multipartUploads, newSubmission, startWebhook, startWithFakeEmailJs, SUBMISSION_HEADER, tokenOf, withoutEnd } from './workerd.mjs';

const MB = 1_000_000;
const TEN_MB = 10 * 1024 * 1024;
const FIELDS = ['photoId', 'creditReport', 'proofOfIncome', 'bankStatement1', 'bankStatement2', 'bankStatement3'];
let w;
let webhook;

before(async () => {
  webhook = await startWebhook();
  w = await startWithFakeEmailJs('edge-uploads-wrangler', {
    // Room for ten documents of 10 MB a day; 30 MB of it for one client.
    UPLOAD_BYTES_PER_DAY: String(10 * TEN_MB),
    UPLOAD_BYTES_PER_CLIENT_PER_DAY: String(30 * MB),
    CONCIERGE_PER_CLIENT_PER_DAY: '5',
    EMAIL_RETRY_FIRST_SECONDS: '1',
    ALERT_WEBHOOK_URL: webhook.url,
  });
});
after(async () => {
  await w?.stop();
  webhook?.close();
});

const pdf = (size) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(size - 9)]);

/** An upload declaring `declared` bytes that sends `sent` of them and then drops the connection. */
function cutOff(submission, as, declared, sent) {
  return new Promise((resolve) => {
    const url = `${w.worker.base}/api/concierge/documents?${new URLSearchParams({ submission, field: 'bankStatement1', name: 'statement.pdf' })}`;
    const req = http.request(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/pdf', 'Content-Length': declared, 'CF-Connecting-IP': as, [SUBMISSION_HEADER]: tokenOf(submission) },
    });
    req.on('error', () => resolve('dropped'));
    req.on('response', (res) => (res.resume(), resolve(res.statusCode)));
    req.write(pdf(sent), () => setTimeout(() => (req.destroy(), resolve('dropped')), 50));
  });
}

async function upload(submission, field, size, as) {
  const r = await fetch(`${w.worker.base}/api/concierge/documents?${new URLSearchParams({ submission, field, name: `${field}.pdf` })}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/pdf', 'CF-Connecting-IP': as, [SUBMISSION_HEADER]: tokenOf(submission) },
    body: pdf(size),
  });
  return { status: r.status, body: await r.json() };
}

const file = (submission, documents, as) =>
  fetch(`${w.worker.base}/api/concierge`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': as },
    body: JSON.stringify({ submission, submission_token: tokenOf(submission), documents, name: 'Ana Ruiz', email: 'ana@example.com', phone: '(904) 555-0147', acknowledgment: true }),
  });

async function noObjectWithoutEnd(after) {
  const keys = await bucketKeys(w.worker);
  assert.ok(keys.length > 0);
  assert.deepEqual(withoutEnd(keys), [], `every object has an end (after ${after})`);
}

test('300 uploads of 10 MB cut off from 30 addresses spend nothing: a real client’s six documents go through after them', async () => {
  const started = Date.now();
  const outcomes = [];
  for (let round = 0; round < 10; round++) {
    const subs = await Promise.all(Array.from({ length: 30 }, () => newSubmission(w.worker.base)));
    outcomes.push(...(await Promise.all(subs.map((s, i) => cutOff(s, `192.0.2.${i + 1}`, TEN_MB, 256 * 1024)))));
  }
  assert.equal(outcomes.length, 300);
  assert.ok(outcomes.every((o) => o === 'dropped' || o === 400), `each cut off (or told it arrived incomplete): ${[...new Set(outcomes)]}`);
  const submission = await newSubmission(w.worker.base);
  const documents = {};
  for (const field of FIELDS) {
    const r = await upload(submission, field, 2 * MB, '198.51.100.200');
    assert.equal(r.status, 201, `${field}: ${JSON.stringify(r.body)}`);
    documents[field] = r.body.id;
  }
  assert.equal((await file(submission, documents, '198.51.100.200')).status, 200);
  console.log(`# 300 cut-off uploads, then six documents filed, in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await noObjectWithoutEnd('300 uploads cut off');
});

test('one client cannot spend the day’s uploads alone: its share runs out, another client’s does not', async () => {
  const as = '198.51.100.201';
  const statuses = [];
  for (let i = 0; i < 4; i++) statuses.push((await upload(await newSubmission(w.worker.base), 'creditReport', 9 * MB, as)).status);
  assert.deepEqual(statuses, [201, 201, 201, 429]);
  const over = await upload(await newSubmission(w.worker.base), 'creditReport', 4 * MB, as);
  assert.deepEqual(over.body.errors, [{ field: 'request', message: 'This browser has sent as many documents as the portal takes from one visitor in a day; please try again tomorrow.' }]);
  assert.equal((await upload(await newSubmission(w.worker.base), 'creditReport', 9 * MB, '198.51.100.202')).status, 201);
});

/** An upload that sends its first 64 KiB, waits for `gate`, then sends the rest. */
function heldUpload(submission, field, size, as, gate) {
  return new Promise((resolve, reject) => {
    const url = `${w.worker.base}/api/concierge/documents?${new URLSearchParams({ submission, field, name: `${field}.pdf` })}`;
    const body = pdf(size);
    const req = http.request(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/pdf', 'Content-Length': size, 'CF-Connecting-IP': as, [SUBMISSION_HEADER]: tokenOf(submission) },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode, body: JSON.parse(text) }));
    });
    req.write(body.subarray(0, 64 * 1024));
    gate.then(() => req.end(body.subarray(64 * 1024)));
  });
}

test('six uploads from one client at once cannot pass its share between them; what is refused is given back', async () => {
  const as = '198.51.100.204';
  let open;
  const gate = new Promise((r) => (open = r));
  const subs = await Promise.all(Array.from({ length: 6 }, () => newSubmission(w.worker.base)));
  const uploads = subs.map((s) => heldUpload(s, 'bankStatement1', 7 * MB, as, gate));
  // Every one of them admitted or refused on its first bytes, all under way at once.
  await new Promise((r) => setTimeout(r, 1500));
  open();
  const results = await Promise.all(uploads);
  const statuses = results.map((r) => r.status).sort();
  assert.deepEqual(statuses, [201, 201, 201, 201, 429, 429], JSON.stringify(results.map((r) => r.body)));
  // 28 MB of the 30 MB share is taken; a cut-off upload gives its reservation back, so 2 MB more fit.
  assert.ok(['dropped', 400].includes(await cutOff(await newSubmission(w.worker.base), as, 2 * MB, 256 * 1024)));
  await new Promise((r) => setTimeout(r, 300));
  assert.equal((await upload(await newSubmission(w.worker.base), 'creditReport', 2 * MB, as)).status, 201);
  assert.equal((await upload(await newSubmission(w.worker.base), 'creditReport', 10_000, as)).status, 429, 'and not a byte more');
});

test('a post without JavaScript dropped halfway leaves nothing without an end, its multipart upload aborted', async () => {
  const boundary = `----drop${randomBytes(6).toString('hex')}`;
  const part = (name, filename, body) =>
    Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`), body, Buffer.from('\r\n')]);
  const head = Buffer.concat([part('photoId', 'id.pdf', pdf(300_000)), part('creditReport', 'credit.pdf', pdf(300_000))]);
  const before = (await multipartUploads(w.worker)).aborted.length;
  const outcome = await new Promise((resolve) => {
    const req = http.request(`${w.worker.base}/api/concierge`, {
      method: 'POST',
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': head.length + 9 * MB, 'CF-Connecting-IP': '198.51.100.203' },
    });
    req.on('error', () => resolve('dropped'));
    req.on('response', (res) => (res.resume(), resolve(res.statusCode)));
    // Two documents whole, then 7 MB of a third (past R2's 5 MiB part: a multipart upload begun),
    // then the line drops.
    req.write(Buffer.concat([head, part('proofOfIncome', 'income.pdf', pdf(8 * MB)).subarray(0, 7 * MB)]), () =>
      setTimeout(() => (req.destroy(), resolve('dropped')), 500),
    );
  });
  assert.ok(['dropped', 303].includes(outcome), String(outcome));
  const deadline = Date.now() + 10_000;
  let uploads = await multipartUploads(w.worker);
  while ((uploads.open.length || uploads.aborted.length === before) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    uploads = await multipartUploads(w.worker);
  }
  assert.equal(uploads.aborted.length, before + 1, 'the third document went up in parts, and its upload was aborted');
  assert.deepEqual(uploads.open, [], 'no multipart upload left open (its parts would have no end but the lifecycle rule)');
  await noObjectWithoutEnd('a dropped post without JavaScript');
});

test('a reservation refused (a full submission) leaves nothing without an end', async () => {
  const submission = await newSubmission(w.worker.base);
  const statuses = [];
  for (let i = 0; i < 25; i++) statuses.push((await upload(submission, FIELDS[i % FIELDS.length], 10_000, '198.51.100.210')).status);
  assert.deepEqual(new Set(statuses.slice(0, 24)), new Set([201]));
  assert.notEqual(statuses[24], 201, 'the 25th upload into one submission is refused');
  await noObjectWithoutEnd('a reservation refused');
});

test('an e-mail given up on and never reported is reported by the alert channel, by its id, and deleted at its end', async () => {
  w.fake.fail(400);
  try {
    const r = await fetch(`${w.worker.base}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '198.51.100.220' },
      body: JSON.stringify({ name: 'Ana Ruiz', email: 'ana@example.com', phone: '(904) 555-0147', message: 'never read' }),
    });
    const { id } = await r.json();
    assert.ok(id, 'recorded');
    // Retries until it is given up on (three refusals), its notice refused as well.
    const start = Date.now();
    for (let day = 1; day <= 5 && !(await bucketKeys(w.worker)).includes(`dead/${id}`); day++) {
      await new Promise((r) => setTimeout(r, 1_100));
      await cronAt(start + day * 86_400_000);
    }
    const keys = await bucketKeys(w.worker);
    assert.ok(keys.includes(`dead/${id}`), 'given up on');
    assert.deepEqual(withoutEnd(keys), [], 'every object has an end (after an e-mail given up on)');
    // Its retention's end (30 days): reported, by its id only, and deleted.
    await cronAt(start + 31 * 86_400_000);
    const after = await bucketKeys(w.worker);
    assert.ok(!after.some((k) => k.includes(id)), `deleted: ${after.filter((k) => k.includes(id))}`);
    const told = webhook.alerts.filter((a) => a.event === 'record-expired-untold');
    assert.equal(told.length, 1);
    assert.match(told[0].text, new RegExp(`submissions/${id}\\.json`));
    assert.doesNotMatch(JSON.stringify(told[0]), /Ana|ana@example|never read/);
  } finally {
    w.fake.recover();
  }
});

const runs = () => (w.worker.log().match(/retention: \d+ due timer\(s\) done/g) ?? []).length;
/** One cron run at `time` (ms), waited for by its log line. */
async function cronAt(time) {
  const before = runs();
  await (await fetch(`${w.worker.base}/cdn-cgi/handler/scheduled?time=${Math.round(time)}`)).text();
  for (const deadline = Date.now() + 20_000; runs() <= before; await new Promise((r) => setTimeout(r, 50))) {
    if (Date.now() > deadline) throw new Error(`the cron run did not end; log:\n${w.worker.log().slice(-3000)}`);
  }
}
