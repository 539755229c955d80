// The concierge's keys, tried as an intruder would, in workerd against a fake
// EmailJS: a submission is the worker's to mint, and its id alone adds nothing to it and files
// nothing; the filing files only the documents it names. Links name their key: after a rotation the
// previous secret's links still open, and nothing else does.
// Run: node --test edge/tests/ (make test does).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { newSubmission, startWithFakeEmailJs, SUBMISSION_HEADER, tokenOf } from './workerd.mjs';

const OLD = randomBytes(32).toString('hex');
const NEW = randomBytes(32).toString('hex');
const FIELDS = ['photoId', 'creditReport', 'proofOfIncome', 'bankStatement1', 'bankStatement2', 'bankStatement3'];
let w;

before(async () => {
  w = await startWithFakeEmailJs('edge-keys-wrangler', { DOCUMENT_LINK_SECRET: NEW, DOCUMENT_LINK_SECRET_PREVIOUS: OLD });
});
after(() => w?.stop());

let ip = 0;
const client = () => `192.0.2.${++ip}`;
const pdf = (tag) => Buffer.from(`%PDF-1.7\n${tag}`);
const upload = (submission, field, token, name = `${field}.pdf`) =>
  fetch(`${w.worker.base}/api/concierge/documents?${new URLSearchParams({ submission, field, name })}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/pdf', 'CF-Connecting-IP': client(), ...(token && { [SUBMISSION_HEADER]: token }) },
    body: pdf(name),
  });
const file = (body) =>
  fetch(`${w.worker.base}/api/concierge`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': client() },
    body: JSON.stringify({ name: 'Ana Ruiz', email: 'ana@example.com', phone: '(904) 555-0147', acknowledgment: true, ...body }),
  });
async function uploadAll(submission) {
  const ids = {};
  for (const field of FIELDS) {
    const r = await upload(submission, field, tokenOf(submission));
    assert.equal(r.status, 201, await r.clone().text());
    ids[field] = (await r.json()).id;
  }
  return ids;
}
const NOT_THIS = [{ field: 'submission', message: 'This submission was not started on this page; reload the page and send the documents again.' }];
/** A link key's id as edge/domain/src/keys.rs derives it. */
const kid = (secret) => createHmac('sha256', secret).update('move-to-jax document link key id').digest('hex').slice(0, 8);
const link = (key, secret, expires, id) =>
  `${w.worker.base}/api/documents/${key}?${id === undefined ? '' : `kid=${id}&`}expires=${expires}&sig=${createHmac('sha256', secret).update(`${key}\n${expires}`).digest('hex')}`;

test('the worker mints each submission with its token; a different one every time', async () => {
  const r = await fetch(`${w.worker.base}/api/concierge/submissions`, { method: 'POST', headers: { 'CF-Connecting-IP': client() } });
  assert.equal(r.status, 201);
  const { submission, token } = await r.json();
  assert.match(submission, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  assert.match(token, /^[0-9a-f]{64}$/);
  const again = await (await fetch(`${w.worker.base}/api/concierge/submissions`, { method: 'POST', headers: { 'CF-Connecting-IP': client() } })).json();
  assert.notEqual(again.submission, submission);
  assert.equal((await fetch(`${w.worker.base}/api/concierge/submissions`, { headers: { 'CF-Connecting-IP': client() } })).status, 405);
});

test("a submission's id alone adds no document to it and files nothing", async () => {
  const submission = await newSubmission(w.worker.base);
  const other = await newSubmission(w.worker.base);
  // Without a token, with another submission's, with a made-up submission: refused, nothing stored.
  for (const [into, token] of [[submission, undefined], [submission, tokenOf(other)], [randomUUID(), tokenOf(submission)], [submission, tokenOf(submission).toUpperCase()]]) {
    const r = await upload(into, 'photoId', token, 'intruder.pdf');
    assert.equal(r.status, 403, `${into} ${token}`);
    assert.deepEqual((await r.json()).errors, NOT_THIS);
  }
  const ids = await uploadAll(submission);
  const before = w.fake.delivered.length;
  for (const token of [undefined, tokenOf(other), 'ab'.repeat(32)]) {
    const r = await file({ submission, documents: ids, ...(token && { submission_token: token }) });
    assert.equal(r.status, 403);
    assert.deepEqual((await r.json()).errors, NOT_THIS);
  }
  assert.equal(w.fake.delivered.length, before, 'nothing filed, nothing sent');
  const filed = await file({ submission, submission_token: tokenOf(submission), documents: ids });
  assert.equal(filed.status, 200, await filed.clone().text());
  const { message } = w.fake.delivered.at(-1).template_params;
  assert.doesNotMatch(message, /intruder/);
});

test('a filing names its documents: one not stored is refused by its field, never swapped for another', async () => {
  const submission = await newSubmission(w.worker.base);
  const ids = await uploadAll(submission);
  const ghost = { ...ids, bankStatement2: `${submission}/1-bankStatement2-ghost.pdf` };
  const r = await file({ submission, submission_token: tokenOf(submission), documents: ghost });
  assert.equal(r.status, 400);
  assert.deepEqual((await r.json()).errors, [{ field: 'bankStatement2', message: 'This document was not received; choose it again.' }]);
});

test("after a rotation the previous secret's links still open, each link names its key, and nothing else opens", async () => {
  const submission = await newSubmission(w.worker.base);
  const ids = await uploadAll(submission);
  const filed = await file({ submission, submission_token: tokenOf(submission), documents: ids });
  assert.equal(filed.status, 200);
  const links = w.fake.delivered.at(-1).template_params.message.match(/http:\/\/\S+\/api\/documents\/\S+/g);
  assert.equal(links.length, 6);
  // New links are signed with the current secret and say so.
  for (const l of links) assert.equal(new URL(l).searchParams.get('kid'), kid(NEW));
  assert.equal((await fetch(links[0])).status, 200);
  const key = ids.creditReport;
  const expires = Math.floor(Date.now() / 1000) + 3600;
  // A link the previous secret signed, naming it: still opens.
  assert.equal((await fetch(link(key, OLD, expires, kid(OLD)))).status, 200);
  // A link from before key ids, e-mailed before the rotation: still opens (either key may have signed it).
  assert.equal((await fetch(link(key, OLD, expires))).status, 200);
  for (const [why, url] of [
    ['the previous secret, naming the current key', link(key, OLD, expires, kid(NEW))],
    ['a secret the worker never had, without a key id', link(key, randomBytes(32).toString('hex'), expires)],
    ['the current secret, naming the previous key', link(key, NEW, expires, kid(OLD))],
    ['a key id the worker does not have', link(key, NEW, expires, '00000000')],
    ['a secret the worker never had', link(key, randomBytes(32).toString('hex'), expires, kid(NEW))],
  ]) {
    assert.equal((await fetch(url)).status, 403, why);
  }
  // A link from before key ids, signed with what is now the current secret: opens.
  assert.equal((await fetch(link(key, NEW, expires))).status, 200);
});
