// A flood against the lead path, as a stranger with a script would send it, run against `make serve`
// (workerd, local R2) and a fake EmailJS on 127.0.0.1 that enforces an account quota — loopback
// only, bounded in count and time. Figures, not a timed test: it fails only when a real lead is
// lost or a post is answered 5xx.
//
//   node scripts/flood.mjs [--posts 2000] [--clients 400] [--real 20] [--quota 200] [--emails N]
//                          [--unverified N] [--saves 200 --save-clients 50 --mailboxes 5
//                          --variants 40 --leads-after 10]
//
// With `--saves`, saved searches come first: `--saves` saves from `--save-clients` clients for
// `--variants` spellings of `--mailboxes` mailboxes (a `+tag`, dots, capitals, Googlemail), a third
// each with the widget's token, a forged one and none; every confirmation that arrives is
// confirmed, then `--leads-after` real leads are posted. It fails unless every one of those leads
// is delivered at once, no mailbox got more than its 3 confirmations, and no CRM event (a fake
// Follow Up Boss) carries a post the bot check refused or a save sent without it.
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
import { startFakeCrm } from '../edge/tests/fake-crm.mjs';
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
    saves: { type: 'string', default: '0' },
    'save-clients': { type: 'string', default: '50' },
    mailboxes: { type: 'string', default: '5' },
    variants: { type: 'string', default: '40' },
    'leads-after': { type: 'string', default: '10' },
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
// Her CRM: every lead handed to Follow Up Boss.
const crm = await startFakeCrm(randomBytes(32).toString('hex'));
// The allowances of saved searches are content's (the browser suite's settings raise them).
const forms = fs.readFileSync(path.join(root, 'content/forms.yaml'), 'utf8');
const figure = (name) => forms.match(new RegExp(`^  ${name}: (\\d+)$`, 'm'))[1];
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
  FOLLOW_UP_BOSS_API_KEY: 'flood-fub-key',
  FOLLOW_UP_BOSS_SYSTEM: 'MoveToJaxSite',
  FOLLOW_UP_BOSS_SYSTEM_KEY: 'flood-system-key',
  FOLLOW_UP_BOSS_API_URL: crm.url,
  CONFIRMATION_EMAILS_PER_DAY: figure('confirmation_emails_per_day'),
  CONFIRMATIONS_PER_CLIENT_PER_DAY: figure('confirmations_per_client_per_day'),
  CRM_LEADS_PER_DAY: figure('crm_leads_per_day'),
  ...(opts.emails ? { EMAILS_PER_DAY: opts.emails } : {}),
  ...(opts.unverified ? { UNVERIFIED_EMAILS_PER_DAY: opts.unverified } : {}),
}, BASE).catch(async (e) => {
  await fake.close();
  await crm.close();
  webhook.close();
  throw e;
});

try {
  const run = randomUUID().slice(0, 8);
  if (Number(opts.saves) > 0) await floodOfSaves(run);
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
  await crm.close();
  webhook.close();
}
if (problems.length) {
  console.error(`flood: FAILED\n  ${problems.join('\n  ')}`);
  process.exit(1);
}

/** One spelling of mailbox `m` of this run, the `v`-th: what a stranger types to reach it again. */
function spelling(run, m, v) {
  const local = `flood${m}x${run}`;
  const ways = [
    () => `${local}+${v}@gmail.com`,
    () => `${local.slice(0, 3)}.${local.slice(3)}+${v}@gmail.com`,
    () => `${local.toUpperCase()}+${v}@GMAIL.COM`,
    () => `${[...local].join('.')}+${v}@googlemail.com`,
  ];
  return ways[v % ways.length]();
}

/** The saves' flood, then real leads: figures printed, problems noted (see the header). */
async function floodOfSaves(run) {
  const [SAVES, SAVE_CLIENTS, MAILBOXES, VARIANTS, LEADS] = ['saves', 'save-clients', 'mailboxes', 'variants', 'leads-after'].map((k) => Number(opts[k]));
  const mailboxOf = (email) => {
    const m = /^flood(\d+)x/.exec(email.toLowerCase().replaceAll('.', ''));
    return m ? Number(m[1]) : -1;
  };
  const statuses = new Map();
  const refusedMarks = [];
  const unverifiedMarks = [];
  const verifiedMarks = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, 20) }, async () => {
      while (next < SAVES) {
        const i = next++;
        const c = i % SAVE_CLIENTS;
        const ip = c % 2 ? `2001:db8:5a:${c.toString(16)}::${(i % 5) + 1}` : `198.19.${c >> 8}.${c & 0xff}`;
        const email = spelling(run, i % MAILBOXES, Math.floor(i / MAILBOXES) % VARIANTS);
        const mark = `saver-${run}-${i}`;
        const fields = { email, name: mark, frequency: 'daily', search: 'beds=3' };
        const way = i % 3; // 0: the widget's token, 1: a forged one, 2: no JavaScript
        const r = await fetch(`${BASE}/api/searches`, {
          method: 'POST',
          headers: { 'Content-Type': way === 2 ? 'application/x-www-form-urlencoded' : 'application/json', 'CF-Connecting-IP': ip },
          body: way === 2 ? new URLSearchParams(fields).toString() : JSON.stringify({ ...fields, 'cf-turnstile-response': way === 0 ? passToken('searches') : `XXXX.DUMMY.TOKEN.${i}` }),
          redirect: 'manual',
        });
        await r.arrayBuffer();
        statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
        if (r.status >= 500) problems.push(`a save was answered ${r.status}`);
        if (way === 1 && r.status === 403) refusedMarks.push(mark);
        if (way === 2) unverifiedMarks.push(mark);
        if (way === 0) verifiedMarks.push(mark);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  // Every confirmation that arrived is confirmed, as its reader would: its link's page, then its button.
  await sleep(1_000);
  const confirmations = fake.delivered.filter((s) => s.template_params.confirm_url && mailboxOf(s.template_params.to_email) >= 0);
  for (const s of confirmations) {
    for (const method of ['GET', 'POST']) await (await fetch(s.template_params.confirm_url, { method, redirect: 'manual' })).arrayBuffer();
  }
  const perMailbox = Array.from({ length: MAILBOXES }, (_, m) => confirmations.filter((s) => mailboxOf(s.template_params.to_email) === m).length);
  // Then the real leads: each must be sent at once.
  const delivered = [];
  for (let i = 0; i < LEADS; i++) {
    const r = await fetch(`${BASE}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': `192.0.2.${i + 1}` },
      body: JSON.stringify({ name: `After Saves ${i}`, email: `after${i}@example.com`, phone: '(904) 555-0198', message: `after-saves-${run}-${i}`, 'cf-turnstile-response': passToken('contact') }),
    });
    delivered.push(r.status === 200 && (await r.json()).delivered === true);
  }
  await sleep(2_000);
  const events = crm.events.filter((e) => JSON.stringify(e.body).includes(run));
  const of = (marks) => events.filter((e) => marks.some((m) => JSON.stringify(e.body).includes(`${m}"`) || JSON.stringify(e.body).includes(`${m} `)));
  const fromRefused = of(refusedMarks);
  const fromUnverified = of(unverifiedMarks);
  const fromVerified = of(verifiedMarks);
  console.log(`flood of saves: ${SAVES} saves from ${SAVE_CLIENTS} clients for ${VARIANTS} spellings of ${MAILBOXES} mailboxes`);
  console.log(`  answered       ${[...statuses].map(([s, n]) => `${n} × ${s}`).join(', ')} in ${seconds.toFixed(1)} s`);
  console.log(`  confirmations  ${confirmations.length} sent (per mailbox: ${perMailbox.join(', ')}), each confirmed by its page's button`);
  console.log(`  real leads     ${delivered.filter(Boolean).length} of ${LEADS} sent at once after the saves`);
  console.log(`  CRM events     ${events.length}: ${fromVerified.length} confirmed saves the bot check saw, ${fromRefused.length} from a post it refused, ${fromUnverified.length} from a save without it`);
  if (perMailbox.some((n) => n > 3)) problems.push('a mailbox got more than 3 confirmations');
  if (delivered.some((d) => !d)) problems.push('a real lead after the saves was not sent at once');
  if (fromRefused.length) problems.push('a CRM event came of a post the bot check refused');
  if (fromUnverified.length) problems.push('a CRM event came of a save without the bot check');
  if (fromVerified.length === 0 && confirmations.length > 0) problems.push('no confirmed save reached the CRM (the check above would prove nothing)');
}
