// Saved searches' alerts, in workerd: the cron reads the news the build publishes
// (here written by the test into the worker's static assets, as jax_mls::news writes them) and
// sends each confirmed search the homes that newly match it, once; a search unsubscribed gets
// nothing more; an address EmailJS refuses has its searches paused; past the day's allowance the
// rest wait for the next day, none dropped.
// Run: node --test edge/tests/ (make test does).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { root, startWithFakeEmailJs, waitUntil } from './workerd.mjs';

const SITE = 'http://127.0.0.1:8999';
const DAY = 24 * 3600_000;
const assets = fs.mkdtempSync(path.join(root, '.cache', 'alerts-assets-'));
let fake;
let worker;
let stop;
const imports = [];
// wrangler dev serves new contents of the assets it started with, but no file added later: every
// import's file is there from the start (empty), at times after every search the tests confirm.
const START = Date.now();
const AT = { first: START + 200_000, second: START + 210_000, third: START + 220_000, other: START + 300_000, several: START + 400_000 };

before(async () => {
  fs.writeFileSync(path.join(assets, 'index.html'), '<!doctype html><title>Test</title>');
  fs.mkdirSync(path.join(assets, 'data', 'homes', 'news'), { recursive: true });
  for (const at of Object.values(AT)) fs.writeFileSync(path.join(assets, 'data', 'homes', 'news', `${at}.json`), JSON.stringify({ at_ms: at, homes: [] }));
  publish([]);
  ({ fake, worker, stop } = await startWithFakeEmailJs('edge-alerts-wrangler', { SITE_URL: SITE, ALERT_EMAILS_PER_DAY: '3' }, ['--assets', assets]));
});

after(async () => {
  await stop?.();
  fs.rmSync(assets, { recursive: true, force: true });
});

const until = (check, what, within = 20_000) => waitUntil(worker, check, what, within);

/** The imports' news as the build publishes them (jax_model::saved_search::NewsIndex, News). */
function publish(added) {
  imports.push(...added);
  const dir = path.join(assets, 'data', 'homes', 'news');
  fs.mkdirSync(dir, { recursive: true });
  for (const i of imports) fs.writeFileSync(path.join(dir, `${i.at_ms}.json`), JSON.stringify(i));
  const index = { imports: imports.map((i) => ({ at_ms: i.at_ms, path: `/data/homes/news/${i.at_ms}.json`, homes: i.homes.length })) };
  fs.writeFileSync(path.join(assets, 'data', 'homes', 'news.json'), JSON.stringify(index));
}
/** Waits until the worker serves the newest index and every import's file (wrangler dev reloads
 * the assets it watches: a new file takes a moment). */
async function served() {
  const latest = imports.at(-1)?.at_ms ?? 0;
  const ready = async () => {
    const r = await fetch(`${worker.base}/data/homes/news.json`);
    if (!r.ok || ((await r.json()).imports.at(-1)?.at_ms ?? 0) !== latest) return false;
    for (const i of imports) {
      const file = await fetch(`${worker.base}/data/homes/news/${i.at_ms}.json`);
      if (!file.ok || (await file.json()).homes.length !== i.homes.length) return false;
    }
    return true;
  };
  for (const deadline = Date.now() + 30_000; !(await ready()); await new Promise((r) => setTimeout(r, 200))) {
    if (Date.now() > deadline) throw new Error('the new news were not served');
  }
}

const home = (n, { price = 500_000, area = 'ortega', words = '', beds = 3, reason = 'New listing' } = {}) => ({
  mls_number: n,
  reason,
  facts: { price, beds, baths: 2, area, kind: 'single-family-residence', status: 'active', words: words.split(' ').filter(Boolean).map((w) => `\n${w}`).join('') },
  title: `${n} Oak Lane`,
  place: 'Jacksonville, FL 32210',
  price: `$${price.toLocaleString('en-US')}`,
  features: `${beds} Beds · 2 Baths`,
  office: 'Listed by Harbor Realty',
  path: `/homes/${n}-oak-lane/`,
  photo: `https://media.example/${n}.jpg`,
});

let ip = 0;
const headers = (type) => ({ 'Content-Type': type, 'CF-Connecting-IP': `192.0.2.${(ip++ % 250) + 1}` });
/** A confirmed search (for a new address, unless `email` names one): the address and its manage
 * token. Its confirmation page's button is pressed (a POST). */
async function confirmed(search, frequency = 'instant', tag = 'buyer', email = `${tag}-${randomUUID()}@example.com`) {
  const sent = to(email).length;
  const r = await fetch(`${worker.base}/api/searches`, { method: 'POST', headers: headers('application/json'), body: JSON.stringify({ email, frequency, search }) });
  assert.equal(r.status, 200, await r.clone().text());
  await until(() => to(email).length === sent + 1, 'the confirmation was sent');
  const { confirm_url, manage_url } = to(email)[sent].template_params;
  // Every link leads to SITE_URL (the site's own address), which is this worker.
  assert.ok(confirm_url.startsWith(`${SITE}/`), confirm_url);
  assert.equal((await fetch(confirm_url.replace(SITE, worker.base), { method: 'POST', redirect: 'manual', headers: headers('text/plain') })).status, 303);
  return { email, token: decodeURIComponent(new URL(manage_url).hash.slice(1)) };
}
/** The address a manage or unsubscribe token names (its first part). */
const addressOf = (token) => token.split('.')[0];
const to = (email) => fake.delivered.filter((s) => s.template_params.to_email === email);
const alertsTo = (email) => to(email).filter((s) => s.template_params.homes_html !== undefined);

/** Each scheduled run ends with retention's line (after the alerts'). */
const runs = () => (worker.log().match(/retention: \d+ due timer\(s\) done/g) ?? []).length;
/** Cron runs at `time` until the sweep is done or waits: its last run's line about alerts (none
 * when no sweep was owed). */
async function sweep(time) {
  for (let i = 0; i < 5; i++) {
    const before = runs();
    const lines = (worker.log().match(/alerts: [^\n]*/g) ?? []).length;
    await (await fetch(`${worker.base}/cdn-cgi/handler/scheduled?time=${Math.round(time)}`)).text();
    await until(() => runs() > before, 'the cron run ended');
    const said = (worker.log().match(/alerts: [^\n]*/g) ?? []).slice(lines);
    if (said.length === 0) return null;
    if (said.some((l) => /the sweep is done|the sweep waits/.test(l))) return said.at(-1);
  }
  throw new Error(`the sweep did not end:\n${worker.log().slice(-2000)}`);
}

test('after an import each confirmed search gets its new homes once; unsubscribed, nothing more', async () => {
  const pool = await confirmed('area=ortega&q=pool&sort=size');
  const avondale = await confirmed('area=avondale', 'instant');
  const daily = await confirmed('beds=5', 'daily');
  const now = Date.now();
  publish([{ at_ms: AT.first, homes: [home('1', { words: 'saltwater pool dock' }), home('2'), home('3', { area: 'avondale' }), home('4', { beds: 5, area: 'avondale' })] }]);
  await served();
  await sweep(now + 2_000);
  const [a] = alertsTo(pool.email);
  assert.ok(a, 'the pool search got its alert');
  const p = a.template_params;
  assert.equal(p.subject, '1 new for your search: Homes for sale in Ortega, matching “pool”');
  assert.match(p.homes_html, /<a href="http:\/\/127\.0\.0\.1:8999\/homes\/1-oak-lane\/">1 Oak Lane<\/a>/);
  assert.ok(!p.homes_html.includes('2 Oak Lane'), 'a home without the word is not news to it');
  assert.match(p.homes_html, /Listed by Harbor Realty/);
  assert.match(p.message, /Coastal Luxury Realty · 1 Independent Drive/);
  assert.match(p.message, /Northeast Florida Multiple Listing Service/);
  // A link of its own, for a year from now, of the same address.
  const token = new URL(p.unsubscribe_url).searchParams.get('t');
  assert.ok(p.unsubscribe_url.startsWith(`${SITE}/api/searches/unsubscribe?t=`), p.unsubscribe_url);
  assert.equal(addressOf(token), addressOf(pool.token));
  assert.equal(p.manage_url, `${SITE}/homes/alerts/#${token}`);
  assert.equal(alertsTo(avondale.email).length, 1);
  assert.match(alertsTo(avondale.email)[0].template_params.subject, /^2 new for your search/);
  assert.equal(alertsTo(daily.email).length, 0, 'a daily search waits for its day');

  // The same import again: no sweep is owed. A second import: only what is new since.
  assert.equal(await sweep(now + 3_000), null);
  assert.equal(alertsTo(pool.email).length, 1);
  // A mail client's one-click (RFC 8058) unsubscribes at once.
  const unsubscribe = await fetch(p.unsubscribe_url.replace(SITE, worker.base), { method: 'POST', redirect: 'manual', headers: headers('application/x-www-form-urlencoded'), body: 'List-Unsubscribe=One-Click' });
  assert.equal(unsubscribe.status, 303);
  publish([{ at_ms: AT.second, homes: [home('5', { words: 'pool' }), home('6', { area: 'avondale', reason: 'Price reduced from $600,000' })] }]);
  await served();
  await sweep(now + 11_000);
  assert.equal(alertsTo(pool.email).length, 1, 'unsubscribed: nothing more');
  const [, second] = alertsTo(avondale.email);
  assert.ok(second, 'the avondale search got its second alert');
  assert.match(second.template_params.homes_html, /Price reduced from \$600,000/);
  assert.ok(!second.template_params.homes_html.includes('3 Oak Lane'), 'only what is new since its last alert');
  // The daily search, two days on (another import, and another day's allowance): its home, one e-mail.
  publish([{ at_ms: AT.third, homes: [home('8', { area: 'atlantic-beach' })] }]);
  await served();
  await sweep(now + 2 * DAY);
  const dailyAlerts = alertsTo(daily.email);
  assert.equal(dailyAlerts.length, 1);
  assert.match(dailyAlerts[0].template_params.homes_html, /4 Oak Lane/);
});

test("an address EmailJS refuses has its searches paused; past the day's allowance alerts wait for the next day", async () => {
  const refused = await confirmed('area=san-marco', 'instant', 'refused');
  await fetch(`${fake.url}/__fail`, { method: 'POST', body: JSON.stringify({ status: 422, match: refused.email }) });
  const others = [];
  for (let i = 0; i < 4; i++) others.push(await confirmed(`area=riverside&q=w${i}`, 'instant', `many${i}`));
  const now = Date.now();
  publish([{ at_ms: AT.other, homes: [home('7', { area: 'san-marco' }), ...others.map((_, i) => home(`r${i}`, { area: 'riverside', words: `w${i}` }))] }]);
  await served();
  // A day of its own (the first test's alerts count against theirs).
  assert.match(await sweep(now + 4 * DAY), /the sweep waits/);
  const got = () => others.filter((o) => alertsTo(o.email).length === 1).length;
  assert.equal(got(), 3, "the day's allowance (3) went to the first three");
  assert.match(await sweep(now + 5 * DAY), /the sweep is done/);
  assert.equal(got(), 4, 'the next day the fourth is sent');
  assert.ok(others.every((o) => alertsTo(o.email).length === 1), 'and none twice');
  const list = await fetch(`${worker.base}/api/searches/manage`, { method: 'POST', headers: headers('application/json'), body: JSON.stringify({ token: refused.token }) });
  assert.deepEqual((await list.json()).searches.map((s) => s.paused), [true], 'the refused address is paused');
  assert.equal(alertsTo(refused.email).filter((s) => !s.refusedWith).length, 0);
});

test('one alert an address a run: all its searches\' homes together, counted once against the day', async () => {
  const first = await confirmed('area=mandarin', 'instant', 'several');
  await confirmed('q=dock', 'instant', 'several', first.email);
  const lone = await confirmed('area=mandarin&beds=4', 'instant', 'lone');
  const now = Date.now();
  publish([{ at_ms: AT.several, homes: [home('m1', { area: 'mandarin' }), home('m2', { area: 'mandarin', words: 'dock' }), home('d1', { area: 'nocatee', words: 'dock' }), home('m3', { area: 'mandarin', beds: 4 })] }]);
  await served();
  // A day of its own: the other tests' alerts count against theirs.
  const line = await sweep(now + 9 * DAY);
  assert.match(line, /, 2 alert\(s\) sent, .*the sweep is done/, 'two addresses, two of the day\'s alerts');
  const mine = alertsTo(first.email);
  assert.equal(mine.length, 1, 'one e-mail for both searches');
  const p = mine[0].template_params;
  assert.equal(p.subject, '4 new for your 2 saved searches');
  for (const n of ['m1', 'm2', 'd1', 'm3']) assert.equal(p.homes_html.split(`/homes/${n}-oak-lane/"`).length - 1, 1, `${n} once`);
  // In the searches' key order (their ids are random).
  assert.match(p.why, /confirmed them: (Homes for sale in Mandarin; Homes for sale, matching “dock”|Homes for sale, matching “dock”; Homes for sale in Mandarin)\./);
  assert.equal(alertsTo(lone.email).length, 1);
});
