// The edge worker, built to wasm and run in workerd by `wrangler dev` against local R2 and a fake
// EmailJS on 127.0.0.1: every form's exact template params, every class of bad input, the
// concierge flow from upload to signed download, and the provider outage (recorded, then
// delivered by the scheduled retry). Run: node --test edge/tests/ (make test does).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { SUBMISSION_HEADER, aListing, freshMinute, newSubmission, startWithFakeEmailJs, tokenOf, waitUntil } from './workerd.mjs';

const SECRET = 'integration-test-link-secret-5e2c9a0b71d4';
const KEYS = { public: 'test-public-key-7f3a', private: 'test-private-key-9c1e' };
const AGENT = 'agent.test@example.com';
/** What the agent's e-mails say their quotation marks mean (edge/domain/src/words.rs). */
const LEGEND = "(Text in “quotation marks” is the visitor's own words, as typed; the website has not checked it.)";

let base;
let fake;
let worker;
let stop;

before(async () => {
  ({ fake, worker, stop } = await startWithFakeEmailJs('edge-test-wrangler', {
    EMAILJS_PUBLIC_KEY: KEYS.public,
    EMAILJS_PRIVATE_KEY: KEYS.private,
    EMAILJS_SERVICE_ID: 'service_test',
    EMAILJS_TEMPLATE_ID: 'template_test',
    EMAILJS_TEMPLATE_ID_QUIZ: 'template_quiz',
    AGENT_EMAIL: AGENT,
    DOCUMENT_LINK_SECRET: SECRET,
    EMAIL_RETRY_FIRST_SECONDS: '1',
  }));
  base = worker.base;
});

after(() => stop?.());

// Each test its own client address: the per-IP rate limit then only meets the test that wants it.
let ip = 0;
const client = () => `198.51.100.${++ip}`;

async function post(p, body, { type = 'application/json', headers = {}, as = client() } = {}) {
  return fetch(`${base}${p}`, {
    method: 'POST',
    headers: { 'Content-Type': type, 'CF-Connecting-IP': as, ...headers },
    body: typeof body === 'string' || body instanceof Uint8Array ? body : JSON.stringify(body),
    redirect: 'manual',
  });
}

/** The next e-mail the fake receives after `count` earlier ones. */
async function nextSend(count, within = 15_000) {
  const deadline = Date.now() + within;
  while (fake.delivered.length <= count) {
    if (Date.now() > deadline) throw new Error(`no e-mail arrived; worker log:\n${worker.log().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return fake.delivered[count];
}

const until = (check, what, within = 10_000) => waitUntil(worker, check, what, within);

const ana = { email: 'ana@example.com', phone: '(904) 555-0147' };

describe('forms', () => {
  const cases = [
    ['/api/lead', { type: 'buyer-guide', firstName: 'Ana', lastName: 'Ruiz', ...ana, interestedIn: 'waterfront', message: 'Guide please' },
      "Buyer's Guide Request from Ana Ruiz",
      ['to_email', 'from_name', 'from_email', 'phone', 'property_address', 'interested_in', 'message', 'subject', 'email_body']],
    ['/api/lead', { type: 'cma-request', firstName: 'Ana', lastName: 'Ruiz', ...ana, propertyAddress: '1 Ocean Blvd', message: 'Value it' },
      'Home Valuation Request from Ana Ruiz', null],
    ['/api/lead', { type: 'consultation', firstName: 'Ana', lastName: 'Ruiz', ...ana, message: 'Call me' },
      'Consultation Request from Ana Ruiz', null],
    ['/api/listing-request', { name: 'Ana Ruiz', ...ana, propertyAddress: '2 River Rd', notes: 'Pool' },
      'Luxury Home Listing Request from Ana Ruiz',
      ['to_email', 'from_name', 'from_email', 'phone', 'property_address', 'notes', 'subject']],
    ['/api/contact', { name: 'Ana Ruiz', ...ana, message: 'Hello' },
      'New Contact Form Submission from Ana Ruiz',
      ['to_email', 'from_name', 'from_email', 'phone', 'message', 'subject']],
  ];
  for (const [p, body, subject, keys] of cases) {
    test(`${p} ${body.type ?? ''} → "${subject}"`, async () => {
      const before = fake.delivered.length;
      const r = await post(p, { ...body, website: '' });
      assert.equal(r.status, 200, await r.clone().text());
      assert.equal((await r.json()).delivered, true);
      const sent = await nextSend(before);
      assert.equal(sent.template_params.subject, subject);
      assert.equal(sent.template_params.to_email, AGENT);
      assert.equal(sent.user_id, KEYS.public);
      assert.equal(sent.accessToken, KEYS.private);
      assert.equal(sent.service_id, 'service_test');
      assert.equal(sent.template_id, 'template_test');
      assert.ok(sent.lib_version);
      if (keys) assert.deepEqual(Object.keys(sent.template_params).sort(), [...keys].sort());
      if (p === '/api/lead' && body.type === 'buyer-guide') {
        assert.equal(sent.template_params.interested_in, 'Waterfront Property');
        assert.equal(sent.template_params.message, 'Guide please', 'as typed: no quotation marks added');
        assert.equal(sent.template_params.from_name, 'Ana Ruiz');
        assert.equal(sent.template_params.phone, ana.phone);
      }
      if (body.type === 'cma-request') assert.equal(sent.template_params.property_address, '1 Ocean Blvd');
    });
  }

  test('the quiz result is recomputed by the worker and mailed to the visitor', async () => {
    const before = fake.delivered.length;
    // Two coastal, two urban, one each of the rest: the tie goes to coastal.
    const answers = { q1: 'urban', q2: 'coastal', q3: 'urban', q4: 'coastal', q5: 'historic', q6: 'suburban' };
    const r = await post('/api/quiz', { email: 'visitor@example.com', answers, result: 'suburban', website: '' });
    assert.equal(r.status, 200);
    const sent = await nextSend(before);
    const p = sent.template_params;
    assert.deepEqual(Object.keys(p).sort(),
      ['from_email', 'from_name', 'message', 'quiz_answers', 'result_areas', 'result_neighborhood', 'subject', 'to_email']);
    assert.equal(p.subject, 'Jacksonville Neighborhood Quiz Results');
    assert.equal(p.to_email, 'visitor@example.com');
    assert.equal(p.result_neighborhood, 'Coastal Chill');
    assert.equal(p.result_areas, 'Jacksonville Beach, Atlantic Beach');
    assert.equal(p.quiz_answers.split('\n').length, 6);
    assert.equal(sent.template_id, 'template_quiz');
  });

  test('header injection in a name is neutralised', async () => {
    const before = fake.delivered.length;
    const r = await post('/api/contact', { name: 'Ana\r\nBcc: evil@example.com', ...ana, message: 'Hi' });
    assert.equal(r.status, 200);
    const p = (await nextSend(before)).template_params;
    assert.doesNotMatch(p.from_name + p.subject, /[\r\n]/);
    assert.equal(p.from_name, 'Ana  Bcc: evil[at]example[.]com');
    assert.equal(p.subject, 'New Contact Form Submission from Ana  Bcc: evil[at]example[.]com');
  });

  test('line separators and bidirectional controls never reach a param; links in a message lose their power, its words stay', async () => {
    const before = fake.delivered.length;
    const name = '\u202EMarisol\u2028Vega\u2066';
    const message = 'Is 1.5 baths at $1.2M right?\u2029Re-open at https://evil.example now.';
    const r = await post('/api/lead', { type: 'consultation', firstName: name, lastName: 'Vega\u2029', ...ana, message });
    assert.equal(r.status, 200);
    const p = (await nextSend(before)).template_params;
    assert.equal(p.subject, 'Consultation Request from Marisol Vega Vega');
    assert.equal(p.from_name, 'Marisol Vega Vega');
    assert.equal(p.message, 'Is 1.5 baths at $1.2M right?\nRe-open at https[:]//evil[.]example now.');
    assert.doesNotMatch(JSON.stringify(p), /[\u2028\u2029\u202A-\u202E\u2066-\u2069\u200E\u200F“”]/);
  });

  test('bad input: 400 naming each field and its reason', async () => {
    const r = await post('/api/lead', { type: 'cma-request', firstName: 'Ana', email: 'not-an-email', phone: '12', message: 'x'.repeat(5001) });
    assert.equal(r.status, 400);
    assert.deepEqual((await r.json()).errors, [
      { field: 'lastName', message: 'Last Name is required.' },
      { field: 'email', message: 'Please enter a valid email address.' },
      { field: 'phone', message: 'Please enter a valid phone number.' },
      { field: 'propertyAddress', message: 'Property Address is required.' },
      { field: 'message', message: 'Message must be 5000 characters or fewer.' },
    ]);
    const bad = await post('/api/quiz', { email: 'a@b.co', answers: { q1: 'lunar' } });
    assert.equal(bad.status, 400);
    assert.deepEqual((await bad.json()).errors.map((e) => e.field), ['answers.q1', 'answers.q2', 'answers.q3', 'answers.q4', 'answers.q5', 'answers.q6']);
    const unknownType = await post('/api/lead', { type: 'mortgage' });
    assert.equal((await unknownType.json()).errors[0].field, 'type');
  });

  test("a form about a listing: its link (and her own listing's address) in the e-mail; one gone by its number; a made-up one refused", async () => {
    let before = fake.delivered.length;
    const { path: listing } = aListing();
    const r = await post('/api/listing-request', { name: 'Ana Ruiz', ...ana, propertyAddress: '12 Oak St', listing, website: '' });
    assert.equal(r.status, 200, await r.clone().text());
    const sent = await nextSend(before);
    assert.match(sent.template_params.listing, new RegExp(`^https://[^/]+${listing}$`));
    // "Ask about these homes" with one the site no longer has, its slug a stranger's words: named
    // by its number alone.
    before = fake.delivered.length;
    const gone = '/homes/your-account-is-locked-verify-at-evil-com-9999999/';
    const asked = await post('/api/contact', { name: 'Ana Ruiz', ...ana, message: 'These', listing: `${listing} ${gone}`, website: '' });
    assert.equal(asked.status, 200, await asked.clone().text());
    const both = (await nextSend(before)).template_params.listing;
    assert.equal(both.split('\n')[1], 'No longer listed (MLS # 9999999)');
    assert.doesNotMatch(both, /evil|locked/);
    for (const made of ['/listings/made-up/', 'https://evil.example/x/', '/homes/../api/', '/homes/any-words-1/', '/homes/any-words-21O4001/']) {
      const refused = await post('/api/contact', { name: 'Ana Ruiz', ...ana, message: 'Hi', listing: made, website: '' });
      assert.equal(refused.status, 400, made);
      assert.deepEqual((await refused.json()).errors, [{ field: 'listing', message: "This listing is not one of the site's." }]);
    }
  });

  test('bad requests: 405, 413, 415, unreadable JSON, other sites, unknown paths — never a 5xx', async () => {
    const get = await fetch(`${base}/api/contact`);
    assert.equal(get.status, 405);
    assert.equal(get.headers.get('allow'), 'POST');
    const big = await post('/api/contact', JSON.stringify({ name: 'x'.repeat(70_000) }));
    assert.equal(big.status, 413);
    assert.equal((await big.json()).errors[0].field, 'body');
    // The concierge's final step takes a whole multipart form, but JSON only up to the form limit.
    assert.equal((await post('/api/concierge', JSON.stringify({ submission: 'x'.repeat(70_000) }))).status, 413);
    assert.equal((await post('/api/contact', 'name=Ana', { type: 'text/plain' })).status, 415);
    const broken = await post('/api/contact', '{"name":');
    assert.equal(broken.status, 400);
    assert.deepEqual((await broken.json()).errors, [{ field: 'body', message: 'The request body is not valid JSON.' }]);
    const foreign = await post('/api/contact', { name: 'Ana Ruiz', ...ana, message: 'Hi' }, { headers: { Origin: 'https://evil.example' } });
    assert.equal(foreign.status, 403);
    assert.equal((await fetch(`${base}/api/nothing`, { method: 'POST' })).status, 404);
  });

  test('a filled honeypot is answered like a success and dropped', async () => {
    const before = fake.attempts.length;
    const r = await post('/api/contact', { name: 'Bot', ...ana, message: 'Buy', website: 'http://spam.example' });
    assert.equal(r.status, 200);
    await new Promise((res) => setTimeout(res, 500));
    assert.equal(fake.attempts.length, before);
  });

  test('without JavaScript a form post is answered with the thank-you or the error page', async () => {
    const before = fake.delivered.length;
    const form = new URLSearchParams({ name: 'Ana Ruiz', ...ana, message: 'Sent without JavaScript', website: '' });
    const ok = await post('/api/contact', form.toString(), { type: 'application/x-www-form-urlencoded' });
    assert.equal(ok.status, 303);
    assert.equal(new URL(ok.headers.get('location')).pathname, '/thank-you/');
    assert.equal((await nextSend(before)).template_params.message, 'Sent without JavaScript');
    const bad = await post('/api/contact', 'name=&email=x', { type: 'application/x-www-form-urlencoded' });
    assert.equal(bad.status, 303);
    assert.equal(new URL(bad.headers.get('location')).pathname, '/form-error/');
    // Both pages name the form; the visitor sees only the page, so the log says what was refused.
    for (const r of [ok, bad]) assert.equal(new URL(r.headers.get('location')).search, '?form=contact');
    await until(() => /contact without JavaScript refused \(400\): name: [^;]+; email: /.test(worker.log()), 'the refusal is logged by field');
  });

  test('every answer carries the security headers; the 404 page has status 404 and its path is logged', async () => {
    const page = await fetch(`${base}/no-such-page-${Date.now()}`);
    assert.equal(page.status, 404);
    assert.match(await page.text(), /Oops! Page not found/);
    await until(() => /404 GET \/no-such-page-\d+/.test(worker.log()), 'the 404 is logged with its path');
    for (const r of [page, await fetch(`${base}/`), await post('/api/contact', {})]) {
      const csp = r.headers.get('content-security-policy') ?? '';
      assert.match(csp, /frame-ancestors 'none'/);
      // The map's frame, and the bot check's script and frame (Turnstile), and nothing else.
      assert.match(csp, /frame-src https:\/\/challenges\.cloudflare\.com https:\/\/www\.openstreetmap\.org;/);
      assert.match(csp, /script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')* https:\/\/challenges\.cloudflare\.com;/);
      assert.equal(r.headers.get('x-content-type-options'), 'nosniff');
      assert.ok(r.headers.get('referrer-policy'));
      assert.match(r.headers.get('strict-transport-security') ?? '', /max-age=/);
    }
    // The 404 page runs the islands' inline early script, like every page: its policy (from
    // dist/_headers) allows that script by its hash.
    const home = (await fetch(`${base}/`)).headers.get('content-security-policy');
    assert.match(home, /script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'/);
    assert.equal(page.headers.get('content-security-policy'), home);
  });
});

describe('client concierge', () => {
  const FIELDS = ['photoId', 'creditReport', 'proofOfIncome', 'bankStatement1', 'bankStatement2', 'bankStatement3'];
  const pdf = () => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(2048)]);
  const png = () => Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), randomBytes(4096)]);
  const upload = (submission, field, name, bytes, as) =>
    post(`/api/concierge/documents?${new URLSearchParams({ submission, field, name })}`, new Uint8Array(bytes), { type: 'application/octet-stream', as, headers: { [SUBMISSION_HEADER]: tokenOf(submission) } });

  async function uploadAll(submission, as) {
    const files = {};
    const ids = {};
    for (const field of FIELDS) {
      const bytes = field === 'photoId' ? png() : pdf();
      const name = field === 'photoId' ? 'Führerschein scan.png' : `${field}.pdf`;
      const r = await upload(submission, field, name, bytes, as);
      assert.equal(r.status, 201, await r.clone().text());
      ids[field] = (await r.json()).id;
      files[field] = { bytes, name };
    }
    return { files, ids };
  }

  test("a file name is the visitor's words: quoted, one line, at most 100 characters, linking nowhere; the e-mail says when the files go", async () => {
    const submission = await newSubmission(base);
    const as = client();
    const ids = {};
    const lure = `Links expired, re-open at https://evil.example <a href="https://evil.example">here</a> ${'!'.repeat(140)}`;
    for (const field of FIELDS) {
      const r = await upload(submission, field, field === 'creditReport' ? lure : `${field}.pdf`, field === 'photoId' ? png() : pdf(), as);
      ids[field] = (await r.json()).id;
    }
    const before = fake.delivered.length;
    const day = (offsetDays) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
    const days = [day(30)];
    assert.equal((await post('/api/concierge', { submission, submission_token: tokenOf(submission), documents: ids, name: 'Ana Ruiz', email: 'ana@example.com', phone: '(904) 555-0147', acknowledgment: true }, { as })).status, 200);
    days.push(day(30));
    const { message } = (await nextSend(before)).template_params;
    const shown = message.match(/\nCredit Report: (.*)\n/)[1];
    assert.equal(shown, '“Links expired, re-open at https[:]//evil[.]example ‹a href="https[:]//evil[.]example"›here‹/a› ….pdf”', 'the name its bytes proved, capped');
    assert.equal([...shown].length, 102, '100 characters and the quotation marks');
    assert.doesNotMatch(shown, /:\/\/|evil\.example|</);
    assert.match(message, /\nBank Statement Month 1: “bankStatement1\.pdf”\n/);
    assert.ok(days.some((d) => message.includes(`The documents will be deleted on ${d}.`)), message);
    assert.ok(message.endsWith(LEGEND));
  });

  test('a link opens only a concierge document signed with the secret: not a record, not with the old public fallback', async () => {
    const expires = Math.floor(Date.now() / 1000) + 3600;
    const link = (key, secret) => `${base}/api/documents/${key}?expires=${expires}&sig=${createHmac('sha256', secret).update(`${key}\n${expires}`).digest('hex')}`;
    // A lead's record and its pending mark, validly signed: still refused.
    const sent = await post('/api/contact', { name: 'Record Reader', email: 'reader@example.com', phone: '904 555 0100', message: 'mine' });
    const { id } = await sent.json();
    for (const key of [`submissions/${id}.json`, `pending/${id}`]) {
      const r = await fetch(link(key, SECRET));
      assert.equal(r.status, 403, key);
      assert.ok(!(await r.text()).includes('Record Reader'));
    }
    // A stored document: its own secret opens it, the secret the worker once fell back on does not.
    const submission = await newSubmission(base);
    const r = await upload(submission, 'creditReport', 'report.pdf', pdf(), client());
    const { id: key } = await r.json();
    assert.equal((await fetch(link(key, SECRET))).status, 200);
    assert.equal((await fetch(link(key, 'local-development-only'))).status, 403);
  });

  test('six documents, one e-mail with six signed links, each downloading the exact bytes', async () => {
    const submission = await newSubmission(base);
    const as = client();
    const { files, ids } = await uploadAll(submission, as);
    const before = fake.delivered.length;
    const body = { submission, submission_token: tokenOf(submission), documents: ids, name: 'Ana Ruiz', email: 'ana@example.com', phone: '(904) 555-0147', acknowledgment: true, website: '' };
    const r = await post('/api/concierge', body, { as });
    assert.equal(r.status, 200, await r.clone().text());
    const sent = await nextSend(before);
    const p = sent.template_params;
    assert.deepEqual(Object.keys(p).sort(), ['from_name', 'message', 'subject', 'to_email']);
    assert.equal(p.subject, 'New Client Concierge Document Submission');
    assert.equal(p.to_email, AGENT);
    // From the client, who is named in the message with how to reach them.
    assert.equal(p.from_name, 'Ana Ruiz');
    assert.match(p.message, /\nFull Name: Ana Ruiz\nEmail: ana@example\.com\nPhone: \(904\) 555-0147\n/);
    for (const kind of ['Government ID', 'Credit Report', 'Proof of Income', 'Bank Statement Month 1', 'Bank Statement Month 2', 'Bank Statement Month 3']) {
      assert.match(p.message, new RegExp(`\\n${kind}: `));
    }
    assert.match(p.message, /acknowledged the exclusive broker agreement requirement: "I understand that submitting these forms is a prerequisite for working with the realtor\. I acknowledge that I must sign an Exclusive Broker Agreement in order to move forward with representation\."/);
    const links = p.message.match(/http:\/\/127\.0\.0\.1:\d+\/api\/documents\/\S+/g);
    assert.equal(links.length, 6);
    for (const field of FIELDS) {
      const link = links.find((l) => l.includes(`-${field}-`));
      const d = await fetch(link);
      assert.equal(d.status, 200);
      assert.deepEqual(Buffer.from(await d.arrayBuffer()), files[field].bytes, `${field} downloads its exact bytes`);
      assert.match(d.headers.get('content-disposition'), /^attachment; filename="/);
      assert.equal(d.headers.get('x-content-type-options'), 'nosniff');
      // Shown by a browser all the same, a document runs nothing and reaches nothing.
      assert.equal(d.headers.get('content-security-policy'), "sandbox; default-src 'none'");
      assert.equal(d.headers.get('content-type'), field === 'photoId' ? 'image/png' : 'application/pdf');
      // An ID or a statement must not stay in the browser's disk cache.
      assert.equal(d.headers.get('cache-control'), 'no-store');
    }
    const id = links.find((l) => l.includes('-photoId-'));
    assert.match((await fetch(id)).headers.get('content-disposition'), /filename\*=UTF-8''F%C3%BChrerschein%20scan\.png/);

    // Altered, missing and expired links are refused alike, revealing nothing.
    const url = new URL(links[0]);
    const key = decodeURIComponent(url.pathname.slice('/api/documents/'.length));
    const sig = url.searchParams.get('sig');
    const flipped = (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1);
    const expired = Math.floor(Date.now() / 1000) - 10;
    const expiredSig = createHmac('sha256', SECRET).update(`${key}\n${expired}`).digest('hex');
    for (const bad of [
      `${url.origin}${url.pathname}?expires=${url.searchParams.get('expires')}&sig=${flipped}`,
      `${url.origin}${url.pathname}?expires=${Number(url.searchParams.get('expires')) + 1}&sig=${sig}`,
      `${url.origin}${url.pathname}`,
      `${url.origin}${url.pathname}x?${url.searchParams}`,
      `${url.origin}${url.pathname}?expires=${expired}&sig=${expiredSig}`,
    ]) {
      const refused = await fetch(bad);
      assert.equal(refused.status, 403, bad);
      assert.doesNotMatch(await refused.text(), /%PDF|PNG|expired|signature/i);
    }

    // The final step again (a retry after a lost answer): no second e-mail.
    const again = await post('/api/concierge', body, { as });
    assert.equal(again.status, 200);
    await new Promise((res) => setTimeout(res, 500));
    assert.equal(fake.delivered.length, before + 1);
  });

  test('without JavaScript: the whole form in one multipart post is filed, or refused with nothing kept', async () => {
    const as = client();
    const form = (files, extra = {}) => {
      const f = new FormData();
      for (const [field, { bytes, name, type }] of Object.entries(files)) f.append(field, new Blob([bytes], { type }), name);
      for (const [k, v] of Object.entries({ name: 'Ana Ruiz', email: 'ana@example.com', phone: '(904) 555-0147', acknowledgment: 'on', website: '', ...extra })) f.append(k, v);
      return f;
    };
    const send = (body) => fetch(`${base}/api/concierge`, { method: 'POST', body, redirect: 'manual', headers: { 'CF-Connecting-IP': as } });
    const files = Object.fromEntries(
      FIELDS.map((field) =>
        field === 'photoId' ? [field, { bytes: png(), name: 'passport.png', type: 'image/png' }] : [field, { bytes: pdf(), name: `${field}.pdf`, type: 'application/pdf' }],
      ),
    );
    const before = fake.delivered.length;
    const filed = await send(form(files));
    assert.equal(filed.status, 303, await filed.clone().text());
    assert.equal(new URL(filed.headers.get('location')).pathname, '/client-concierge/thank-you/');
    const p = (await nextSend(before)).template_params;
    assert.equal(p.subject, 'New Client Concierge Document Submission');
    const links = p.message.match(/http:\/\/127\.0\.0\.1:\d+\/api\/documents\/\S+/g);
    assert.equal(links.length, 6);
    for (const field of FIELDS) {
      const d = await fetch(links.find((l) => l.includes(`-${field}-`)));
      assert.equal(d.status, 200);
      assert.deepEqual(Buffer.from(await d.arrayBuffer()), files[field].bytes, `${field} downloads its exact bytes`);
    }
    assert.match(p.message, /passport\.png/);

    // Refused: a document missing, one of the wrong type, one over 10 MB, the box unchecked: the
    // portal's error page and no e-mail (the worker deletes what it stored of such a post).
    const { photoId, ...withoutId } = files;
    const wrongType = { ...files, creditReport: { bytes: png(), name: 'credit.png', type: 'image/png' } };
    const tooBig = { ...files, bankStatement3: { bytes: Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(10 * 1024 * 1024 + 1 - 5, 0x25)]), name: 'big.pdf', type: 'application/pdf' } };
    for (const [what, body] of [
      ['a missing document', form(withoutId)],
      ['a PNG where only a PDF is accepted', form(wrongType)],
      ['a document over 10 MB', form(tooBig)],
      ['no acknowledgment', form(files, { acknowledgment: '' })],
      ['an acknowledgment that is not UTF-8 text', form(files, { acknowledgment: new Blob([Buffer.from([0xff, 0xfe, 0x6f, 0x6e])]) })],
    ]) {
      const r = await send(body);
      assert.equal(r.status, 303, what);
      assert.equal(new URL(r.headers.get('location')).pathname, '/client-concierge/form-error/', what);
    }
    await until(() => /concierge without JavaScript refused \(413\): bankStatement3/.test(worker.log()), 'the 413 is logged with its field');
    await until(() => /concierge without JavaScript refused \(400\): acknowledgment: Expected UTF-8 text\./.test(worker.log()), 'the 400 is logged with its field and reason');
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(fake.delivered.length, before + 1, 'nothing refused was mailed');
  });

  test("every document's rules: type by magic bytes, 10 MB, the seed's messages", async () => {
    const submission = await newSubmission(base);
    const as = client();
    const renamed = await upload(submission, 'creditReport', 'report.pdf', png(), as);
    assert.equal(renamed.status, 415);
    assert.deepEqual((await renamed.json()).errors, [{ field: 'creditReport', message: 'Please upload a file in the accepted format.' }]);
    const tooBig = await upload(submission, 'bankStatement1', 'big.pdf', Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(10 * 1024 * 1024 - 4)]), as);
    assert.equal(tooBig.status, 413);
    assert.deepEqual((await tooBig.json()).errors, [{ field: 'bankStatement1', message: 'Please upload a file smaller than 10MB.' }]);
    const atLimit = await upload(submission, 'bankStatement1', 'limit.pdf', Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(10 * 1024 * 1024 - 5)]), as);
    assert.equal(atLimit.status, 201);
    assert.equal((await upload(submission, 'passport', 'x.pdf', pdf(), as)).status, 400);
    assert.equal((await upload('not-a-uuid', 'photoId', 'x.pdf', pdf(), as)).status, 400);
    assert.equal((await upload(submission, 'photoId', 'empty.pdf', Buffer.alloc(0), as)).status, 400);

    const missing = await post('/api/concierge', { submission, submission_token: tokenOf(submission), documents: {}, acknowledgment: false }, { as });
    assert.equal(missing.status, 400);
    const errors = (await missing.json()).errors;
    // Who the client is (named first), the six documents, the acknowledgment.
    assert.equal(errors.length, 10);
    assert.deepEqual(errors.slice(0, 3).map((e) => e.field), ['name', 'email', 'phone']);
    assert.equal(errors[0].message, 'Full Name is required.');
    assert.deepEqual(errors.at(-1), { field: 'acknowledgment', message: 'You must acknowledge the exclusive broker agreement requirement' });
    assert.equal(errors[3].message, 'Government-issued photo ID is required');
    // Ids that were never uploaded are refused too.
    const ghost = Object.fromEntries(FIELDS.map((f) => [f, `${submission}/1-${f}-ghost.pdf`]));
    const notStored = await post('/api/concierge', { submission, submission_token: tokenOf(submission), documents: ghost, name: 'Ana Ruiz', email: 'ana@example.com', phone: '(904) 555-0147', acknowledgment: true }, { as });
    assert.equal(notStored.status, 400);
  });
});

describe('provider outage', () => {
  test('a form sent while EmailJS fails is kept and delivered by the scheduled retry', async () => {
    fake.fail(500);
    const before = fake.delivered.length;
    const r = await post('/api/contact', { name: 'Outage Test', ...ana, message: 'Sent during the outage' });
    assert.equal(r.status, 200, 'accepted and queued is a success for the visitor');
    assert.equal((await r.json()).delivered, false);
    await until(() => /EmailJS answered 500 — kept for retry/.test(worker.log()), 'the 500 is logged');
    fake.fail(429);
    await new Promise((res) => setTimeout(res, 1100));
    await fetch(`${base}/__scheduled`);
    await until(() => /EmailJS rate limit \(429\)/.test(worker.log()), 'the 429 is logged');
    assert.equal(fake.delivered.length, before);
    fake.recover();
    await new Promise((res) => setTimeout(res, 2100));
    await fetch(`${base}/__scheduled`);
    const sent = await nextSend(before);
    assert.equal(sent.template_params.message, 'Sent during the outage');
    // Delivered once: a later run has nothing left to send.
    await fetch(`${base}/__scheduled`);
    await new Promise((res) => setTimeout(res, 300));
    assert.equal(fake.delivered.filter((s) => s.template_params.message?.includes('Sent during the outage')).length, 1);
  });

  test('an EmailJS that never answers is a timeout after 10 s: the visitor is answered, the request kept and delivered later', async () => {
    const marker = `timeout-${randomUUID()}`;
    fake.fail('hang', marker);
    const started = Date.now();
    const r = await post('/api/contact', { name: 'Slow Provider', ...ana, message: marker });
    const waited = Date.now() - started;
    assert.equal(r.status, 200);
    assert.equal((await r.json()).delivered, false);
    assert.ok(waited >= 9_000 && waited < 30_000, `answered after the 10 s timeout, not before or long after (${waited} ms)`);
    await until(() => /EmailJS did not answer in time/.test(worker.log()), 'the timeout is logged');
    fake.recover(marker);
    const delivered = () => fake.delivered.some((s) => s.template_params.message?.includes(marker));
    // The provider may still send a timed-out e-mail: no retry until that has surely ended (5 × 1 s here).
    await fetch(`${base}/__scheduled`);
    await new Promise((res) => setTimeout(res, 500));
    assert.equal(delivered(), false, 'not retried right after the timeout');
    for (const deadline = Date.now() + 15_000; !delivered() && Date.now() < deadline; ) {
      await fetch(`${base}/__scheduled`);
      await new Promise((res) => setTimeout(res, 500));
    }
    assert.ok(delivered(), 'the scheduled retry delivers it');
    assert.equal(fake.delivered.filter((s) => s.template_params.message?.includes(marker)).length, 1);
  });

  test('a redirect from EmailJS is not followed: the send (and its key) goes nowhere else, and is kept for retry', async () => {
    const marker = `redirected-${randomUUID()}`;
    fake.fail(307, marker);
    const r = await post('/api/contact', { name: 'Redirected', ...ana, message: marker });
    assert.equal(r.status, 200);
    assert.equal((await r.json()).delivered, false);
    await until(() => /EmailJS answered 307/.test(worker.log()), 'the 307 is logged as a failure');
    assert.deepEqual(fake.elsewhere, [], 'nothing reached where the redirect pointed');
    fake.recover(marker);
    const delivered = () => fake.delivered.some((s) => s.template_params.message?.includes(marker));
    for (const deadline = Date.now() + 15_000; !delivered() && Date.now() < deadline; ) {
      await fetch(`${base}/__scheduled`);
      await new Promise((res) => setTimeout(res, 500));
    }
    assert.ok(delivered(), 'the scheduled retry delivers it');
  });

  test('the concierge tells the truth when the e-mail fails, and a retry delivers it once', async () => {
    const submission = await newSubmission(base);
    const as = client();
    const ids = {};
    for (const field of ['photoId', 'creditReport', 'proofOfIncome', 'bankStatement1', 'bankStatement2', 'bankStatement3']) {
      const r = await post(`/api/concierge/documents?${new URLSearchParams({ submission, field, name: 'd.pdf' })}`,
        new Uint8Array(Buffer.from('%PDF-1.4 test')), { type: 'application/pdf', as, headers: { [SUBMISSION_HEADER]: tokenOf(submission) } });
      ids[field] = (await r.json()).id;
    }
    fake.fail(503);
    const before = fake.delivered.length;
    const failed = await post('/api/concierge', { submission, submission_token: tokenOf(submission), documents: ids, name: 'Ana Ruiz', email: 'ana@example.com', phone: '(904) 555-0147', acknowledgment: true }, { as });
    assert.equal(failed.status, 502);
    fake.recover();
    const retried = await post('/api/concierge', { submission, submission_token: tokenOf(submission), documents: ids, name: 'Ana Ruiz', email: 'ana@example.com', phone: '(904) 555-0147', acknowledgment: true }, { as });
    assert.equal(retried.status, 200);
    await nextSend(before);
    await fetch(`${base}/__scheduled`);
    await new Promise((res) => setTimeout(res, 300));
    assert.equal(fake.delivered.length, before + 1);
  });
});

describe('rate limit', () => {
  test('one client address gets 429 after 30 posts a minute; others are unaffected', async () => {
    const as = client();
    await freshMinute(); // the 32 posts must be counted in one minute
    const statuses = [];
    for (let i = 0; i < 32; i++) statuses.push((await post('/api/contact', {}, { as })).status);
    assert.deepEqual(statuses.slice(0, 30), Array(30).fill(400));
    assert.deepEqual(statuses.slice(30), [429, 429]);
    assert.equal((await post('/api/contact', {})).status, 400);
  });

  test("one client's reads are limited too: 60 a minute of the API or of missing pages, then 429 (a page for a page)", async () => {
    const as = client();
    const get = (p, from = as) => fetch(`${base}${p}`, { headers: { 'CF-Connecting-IP': from } });
    await freshMinute(); // the 62 reads must be counted in one minute
    const statuses = [];
    for (let i = 0; i < 60; i++) statuses.push((await get(i % 2 ? '/api/bot-check' : `/no-such-page-${i}/`)).status);
    assert.deepEqual([...new Set(statuses)].sort(), [200, 404]);
    assert.equal((await get('/api/bot-check')).status, 429);
    const page = await get('/no-such-page/');
    assert.equal(page.status, 429);
    assert.match(page.headers.get('content-type'), /^text\/html/);
    assert.match(await page.text(), /429 Too Many Requests/);
    // Its posts have their own count, and other clients theirs.
    assert.equal((await post('/api/contact', {}, { as })).status, 400);
    assert.equal((await get('/api/bot-check', client())).status, 200);
  });
});

test('no answer leaks the EmailJS keys or the link secret', async () => {
  for (const p of ['/', '/client-concierge/', '/data/forms.json', '/no-such-page']) {
    const text = await (await fetch(`${base}${p}`)).text();
    for (const secret of [KEYS.public, KEYS.private, SECRET]) assert.ok(!text.includes(secret), `${p} leaks ${secret}`);
  }
});

// Last, after every flow above (concierge runs with and without JavaScript, refused links, outages).
test("the worker's own log names no client: no name, e-mail address, file name or signed link", () => {
  // wrangler dev's own access lines ("[wrangler:info] GET /api/documents/…?sig=…") are the local
  // server's, what Workers Logs' invocation logs would be: off in production (wrangler.toml).
  const own = worker.log().split('\n').filter((line) => !line.includes('[wrangler:'));
  assert.ok(own.some((line) => /document link refused/.test(line)), 'the refusals are logged');
  // The clients' names and addresses, their files' names (stored as "F_hrerschein_scan.png",
  // "creditReport.pdf"…), a link's signature.
  for (const secret of [/Ana Ruiz/, /ana@example\.com/, /hrerschein/, /\.(pdf|png)\b/, /sig=/]) {
    assert.deepEqual(own.filter((line) => secret.test(line)), [], `the log matches ${secret}`);
  }
});
