// A flood against the lead path, as a stranger with a script would send it, run against `make serve`
// (workerd, local R2) and a fake EmailJS on 127.0.0.1 that enforces an account quota — loopback
// only, bounded in count and time. Figures, not a timed test: it fails only when a real lead is
// lost or a post is answered 5xx.
//
//   node scripts/flood.mjs [--posts 2000] [--clients 400] [--real 20] [--quota 200] [--emails N]
//                          [--unverified N]
//
// `--posts` lead posts from `--clients` client addresses (half IPv4, half IPv6 /64s), `--real` real
// leads among them from addresses of their own; the fake EmailJS accepts `--quota` sends, then
// answers as EmailJS does once an account's limit is reached. The bot check (Turnstile) is on,
// against the fake's siteverify: real leads carry valid tokens, as the page's widget gives them;
// the script sends three in four of its posts the way a form without JavaScript does (no token,
// the path it can take: unverified) and the rest with forged tokens. The day's e-mail budget and
// its unverified share are content's (content/forms.yaml) unless `--emails` and `--unverified`
// say otherwise. Then the cron runs as the following mornings would (the runtime's trigger, days
// ahead) until nothing is held. Prints what was sent one by one, listed in digests (and over how
// many mornings), given up on and lost, and how the agent was told.
// `make flood` runs it in full; `make test` runs a small smoke of it.
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startFakeEmailJs } from '../edge/tests/fake-emailjs.mjs';
import { passToken, SECRET } from '../edge/tests/fake-turnstile.mjs';
import { root, startWebhook } from '../edge/tests/workerd.mjs';
import { start } from './process-group.mjs';

const { values: opts } = parseArgs({
  options: {
    posts: { type: 'string', default: '2000' },
    clients: { type: 'string', default: '400' },
    real: { type: 'string', default: '20' },
    quota: { type: 'string', default: '200' },
    emails: { type: 'string' },
    unverified: { type: 'string' },
    port: { type: 'string', default: '8793' },
  },
});
const [POSTS, CLIENTS, REAL, QUOTA, PORT] = ['posts', 'clients', 'real', 'quota', 'port'].map((k) => Number(opts[k]));
const BASE = `http://127.0.0.1:${PORT}`;
const CONCURRENCY = 50;
const MAX_MORNINGS = 40;
const DAY = 86_400_000;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const problems = [];

// The agent's second channel: every alert the worker posts.
const webhook = await startWebhook();
const { alerts } = webhook;

const fake = await startFakeEmailJs();
fake.quota(QUOTA);
const state = '.cache/flood-state';
fs.rmSync(path.join(root, state), { recursive: true, force: true });
const log = path.join(root, '.cache/flood-wrangler.log');
const serve = await start('flood-wrangler', 'make', ['--no-print-directory', 'serve', `PORT=${PORT}`, `STATE=${state}`, 'ENV_FILE=.cache/flood.env'], {
  EMAILJS_API_URL: fake.url,
  EMAILJS_PUBLIC_KEY: 'flood-public',
  EMAILJS_PRIVATE_KEY: 'flood-private',
  EMAILJS_SERVICE_ID: 'service_flood',
  EMAILJS_TEMPLATE_ID: 'template_flood',
  DOCUMENT_LINK_SECRET: randomBytes(32).toString('hex'),
  COUNTING_SECRET: randomBytes(32).toString('hex'),
  EMAIL_RETRY_FIRST_SECONDS: '1',
  ALERT_WEBHOOK_URL: webhook.url,
  TURNSTILE_SITE_KEY: 'flood-site-key',
  TURNSTILE_SECRET_KEY: SECRET,
  TURNSTILE_VERIFY_URL: fake.siteverifyUrl,
  ...(opts.emails ? { EMAILS_PER_DAY: opts.emails } : {}),
  ...(opts.unverified ? { UNVERIFIED_EMAILS_PER_DAY: opts.unverified } : {}),
}, BASE).catch(async (e) => {
  await fake.close();
  webhook.close();
  throw e;
});

try {
  const run = randomUUID().slice(0, 8);
  // The posts in a shuffled order: bots from CLIENTS addresses, real leads each from its own.
  const posts = [
    ...Array.from({ length: POSTS }, (_, i) => {
      const c = i % CLIENTS;
      const ip = c % 2 ? `2001:db8:${(c >> 8).toString(16)}:${(c & 0xff).toString(16)}::${(i % 7) + 1}` : `198.18.${c >> 8}.${c & 0xff}`;
      return { ip, real: false, body: { name: `Bot ${i}`, email: `bot${i}@example.com`, phone: '(904) 555-0100', message: `flood-${run} bot ${i}` } };
    }),
    ...Array.from({ length: REAL }, (_, i) => ({
      ip: `203.0.113.${i + 1}`,
      real: true,
      body: { name: `Real Lead ${i}`, email: `real${i}@example.com`, phone: '(904) 555-0199', message: `real-${run}-${i} would like a showing` },
    })),
  ].sort(() => Math.random() - 0.5);
  const statuses = new Map();
  const bots = { forged: 0, unverified: 0, overHourly: 0 };
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < posts.length) {
        const i = next++;
        const p = posts[i];
        const fields = { type: 'consultation', lastName: 'Flood', ...p.body, firstName: p.body.name };
        // A real lead as the page sends it: JSON, its key, the widget's token. A bot: a form
        // without JavaScript (no token), or one in four with a forged token.
        const forged = !p.real && i % 4 === 0;
        const json = p.real || forged;
        const body = p.real
          ? JSON.stringify({ ...fields, idempotency_key: randomUUID(), 'cf-turnstile-response': passToken('lead') })
          : forged
            ? JSON.stringify({ ...fields, 'cf-turnstile-response': `XXXX.DUMMY.TOKEN.${i}` })
            : new URLSearchParams(fields).toString();
        const r = await fetch(`${BASE}/api/lead`, {
          method: 'POST',
          headers: { 'Content-Type': json ? 'application/json' : 'application/x-www-form-urlencoded', 'CF-Connecting-IP': p.ip },
          body,
          redirect: 'manual',
        });
        await r.arrayBuffer();
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
        if (r.status >= 500) problems.push(`a post was answered ${r.status}`);
        if (p.real && r.status !== 200) problems.push(`a real lead was refused (${r.status})`);
        if (forged && r.status === 403) bots.forged++;
        if (!json && /\/thank-you\//.test(r.headers.get('location') ?? '')) bots.unverified++;
        if (!json && /\/form-error\//.test(r.headers.get('location') ?? '')) bots.overHourly++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;

  // The mornings after: the cron at 13:00 UTC on each following day, until nothing is held.
  const serveLog = () => fs.readFileSync(log, 'utf8');
  const runs = () => (serveLog().match(/retention: \d+ due timer\(s\) done/g) ?? []).length;
  const today = new Date();
  const morning = (n) => Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + n, 13, 5);
  const digests = () => fake.delivered.filter((s) => /kept for this digest/.test(s.template_params.subject));
  const inDigests = (marker) => digests().some((s) => s.template_params.message.includes(marker));
  const realMarkers = Array.from({ length: REAL }, (_, i) => `real-${run}-${i} `);
  let mornings = 0;
  for (let n = 1; n <= MAX_MORNINGS; n++) {
    const before = digests().length;
    const done = runs();
    await (await fetch(`${BASE}/cdn-cgi/handler/scheduled?time=${morning(n)}`)).text();
    for (const deadline = Date.now() + 60_000; runs() <= done; await sleep(100)) {
      if (Date.now() > deadline) throw new Error(`the cron run of morning ${n} did not end; see ${log}`);
    }
    // A morning without a new digest: nothing is held any more.
    if (digests().length === before) break;
    mornings = n;
  }

  const singly = (marker) => fake.delivered.some((s) => !/kept for this digest/.test(s.template_params.subject) && JSON.stringify(s.template_params).includes(marker));
  const realSingly = realMarkers.filter(singly).length;
  const realDigested = realMarkers.filter((m) => !singly(m) && inDigests(m)).length;
  const lost = REAL - realSingly - realDigested;
  const listed = digests().reduce((sum, s) => sum + (s.template_params.message.match(/\n- /g) ?? []).length, 0);
  const parked = (serveLog().match(/— given up, kept at/g) ?? []).length;
  const sentSingly = fake.delivered.filter((s) => !/kept for this digest/.test(s.template_params.subject)).length;
  const told = [...new Set(alerts.map((a) => a.event))];
  console.log(`flood: ${POSTS} lead posts from ${CLIENTS} clients (IPv4 and IPv6 /64s) + ${REAL} real leads, fake EmailJS quota ${QUOTA}`);
  console.log(`  answered       ${[...statuses].map(([s, n]) => `${n} × ${s}`).join(', ')} in ${seconds.toFixed(1)} s`);
  console.log(`  sent singly    ${sentSingly} (the day's budget), EmailJS calls ${fake.attempts.length}, quota answers ${fake.attempts.filter((s) => s.refusedWith === 426).length}`);
  console.log(`  digested       ${listed} requests in ${digests().length} digest e-mail(s) over ${mornings} morning(s)`);
  console.log(`  parked         ${parked}`);
  console.log(`  bot check      ${bots.forged} forged tokens refused (403), ${bots.unverified} posts without one taken as unverified, ${bots.overHourly} past a client's hourly limit`);
  console.log(`  real leads     ${realSingly} sent singly, ${realDigested} in a digest, ${lost} lost`);
  console.log(`  agent told     ${told.length ? `webhook: ${told.join(', ')}` : 'no alert'}; ${digests().length} digest e-mail(s)`);
  if (lost > 0) problems.push(`${lost} real lead(s) lost`);
  const held = sentSingly < POSTS + REAL - bots.forged - bots.overHourly;
  if (held && !told.some((e) => e === 'email-budget' || e === 'email-unverified')) problems.push('the agent was not alerted that requests were held');
} finally {
  serve.stop();
  await fake.close();
  webhook.close();
}
if (problems.length) {
  console.error(`flood: FAILED\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
