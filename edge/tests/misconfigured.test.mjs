// A deployment missing a setting closes the door: every API route answers 503 with one log line
// naming what is missing, nothing is stored or sent to an outbox, the pages still load. Each case
// runs the built worker in workerd with that setting left out (or too short).
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startWorker } from './workerd.mjs';

const SECRET = 'misconfigured-test-link-secret-03f1c7a9e2';
const COMPLETE = {
  EMAILJS_API_URL: 'http://127.0.0.1:9',
  EMAILJS_PUBLIC_KEY: 'pub',
  EMAILJS_PRIVATE_KEY: 'priv',
  EMAILJS_SERVICE_ID: 'svc',
  EMAILJS_TEMPLATE_ID: 'tpl',
  DOCUMENT_LINK_SECRET: SECRET,
  COUNTING_SECRET: SECRET,
  SAVED_SEARCH_SECRET: SECRET,
  AGENT_EMAIL: 'agent@example.com',
  SITE_URL: 'https://movetojax.com',
};
const without = (name) => Object.fromEntries(Object.entries(COMPLETE).filter(([k]) => k !== name));

// [case, settings, what the log must name]
const CASES = [
  ['no EMAILJS_PUBLIC_KEY (and no local development)', without('EMAILJS_PUBLIC_KEY'), 'EMAILJS_PUBLIC_KEY'],
  ['no EMAILJS_PRIVATE_KEY', without('EMAILJS_PRIVATE_KEY'), 'EMAILJS_PRIVATE_KEY'],
  ['no EMAILJS_SERVICE_ID', without('EMAILJS_SERVICE_ID'), 'EMAILJS_SERVICE_ID'],
  ['no EMAILJS_TEMPLATE_ID', without('EMAILJS_TEMPLATE_ID'), 'EMAILJS_TEMPLATE_ID'],
  ['no DOCUMENT_LINK_SECRET', without('DOCUMENT_LINK_SECRET'), 'DOCUMENT_LINK_SECRET'],
  ['a DOCUMENT_LINK_SECRET under 32 bytes', { ...COMPLETE, DOCUMENT_LINK_SECRET: 'local-development-only' }, 'DOCUMENT_LINK_SECRET (at least 32 bytes)'],
  ['no COUNTING_SECRET', without('COUNTING_SECRET'), 'COUNTING_SECRET'],
  ['no SAVED_SEARCH_SECRET', without('SAVED_SEARCH_SECRET'), 'SAVED_SEARCH_SECRET'],
  // Every link in an e-mail leads there, never to a request's Host (wrangler.toml names one: an
  // empty setting stands for none).
  ['no SITE_URL', { ...COMPLETE, SITE_URL: '' }, 'SITE_URL'],
  ['a SITE_URL not https://', { ...COMPLETE, SITE_URL: 'http://evil.example' }, 'SITE_URL (an https:// URL)'],
  // Not content's address: the editor can change content/site.yaml.
  ['no AGENT_EMAIL', without('AGENT_EMAIL'), 'AGENT_EMAIL'],
  ['documents kept for fewer days than their links last', { ...COMPLETE, DOCUMENT_RETENTION_DAYS: '7' }, 'DOCUMENT_RETENTION_DAYS (at least DOCUMENT_LINK_DAYS, 14)'],
];

const ROUTES = [
  ['POST', '/api/contact', JSON.stringify({ name: 'A', email: 'a@example.com', phone: '904 555 0100', message: 'hi' }), 'application/json'],
  ['POST', '/api/lead', JSON.stringify({ type: 'consultation' }), 'application/json'],
  ['POST', '/api/listing-request', '{}', 'application/json'],
  ['POST', '/api/quiz', '{}', 'application/json'],
  ['POST', `/api/concierge/documents?submission=0f8fad5b-d9cb-469f-a165-70867728950f&field=creditReport&name=a.pdf`, '%PDF-1.7\n', 'application/octet-stream'],
  ['POST', '/api/concierge', '{}', 'application/json'],
  ['GET', '/api/documents/0f8fad5b-d9cb-469f-a165-70867728950f/1-creditReport-a.pdf?expires=9999999999&sig=00', undefined, undefined],
];

const rows = [];
after(() => {
  // The misconfiguration matrix, for the record.
  console.log(`misconfiguration matrix (${ROUTES.length} API routes each):\n${rows.map((r) => `  ${r}`).join('\n')}`);
});

// Three workers at a time: each case mostly waits on its wrangler's start.
describe('a deployment missing a setting', { concurrency: 3 }, () => {
  for (const [i, [name, vars, named]] of CASES.entries()) {
    test(`${name}: every API route answers 503 and the log names ${named}`, async () => {
      const worker = await startWorker('edge-test-misconfigured', vars);
      try {
        const statuses = [];
        for (const [method, path, body, type] of ROUTES) {
          const r = await fetch(`${worker.base}${path}`, {
            method,
            body,
            headers: { ...(type && { 'Content-Type': type }), Origin: worker.base, 'CF-Connecting-IP': '198.51.100.7' },
            redirect: 'manual',
          });
          statuses.push(r.status);
          assert.equal(r.status, 503, `${method} ${path}`);
          assert.deepEqual(await r.json(), { errors: [{ field: 'request', message: 'The service is unavailable. Please try again shortly.' }] });
        }
        // One line per refused request, naming exactly what is missing (wrangler prints it a moment later).
        const refusals = () => worker.log().split('\n').filter((l) => l.includes('this deployment is missing settings:'));
        for (const deadline = Date.now() + 10_000; refusals().length < ROUTES.length && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 100));
        const lines = refusals();
        assert.equal(lines.length, ROUTES.length);
        assert.ok(lines.every((l) => l.replace(/\x1b\[[0-9;]*m/g, '').trimEnd().endsWith(`missing settings: ${named}`)), lines.join('\n'));
        // Never the outbox; the pages still load.
        assert.doesNotMatch(worker.log(), /outbox:/);
        assert.equal((await fetch(`${worker.base}/`)).status, 200);
        rows[i] = `${name.padEnd(52)} → ${[...new Set(statuses)].join(', ')} on all; log: "missing settings: ${named}"`;
      } finally {
        await worker.stop();
      }
    });
  }
});
