// Saved searches, in workerd against the fake EmailJS: a save sends a confirmation to
// the buyer and nothing else; its signed link opens a page whose button confirms it once and tells
// the agent ("a new saved search"), while opening the link changes nothing; the manage page's
// requests change, pause and delete with the address's key; the unsubscribe link's page, or a mail
// client's one-click, deletes everything of the address; an unconfirmed search goes after 48
// hours; a link changed, expired or of what is gone gets a 4xx page that says which.
// Run: node --test edge/tests/ (make test does).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac, hkdfSync, randomUUID } from 'node:crypto';
import { bucketKeys, startWithFakeEmailJs, waitUntil, withoutEnd } from './workerd.mjs';

let fake;
let worker;
let stop;

before(async () => {
  ({ fake, worker, stop } = await startWithFakeEmailJs('edge-searches-wrangler'));
});

after(async () => {
  await stop?.();
});

const until = (check, what, within = 15_000) => waitUntil(worker, check, what, within);

let ip = 0;
const client = () => `203.0.113.${(ip++ % 250) + 1}`;
const save = (body) =>
  fetch(`${worker.base}/api/searches`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': client() },
    body: JSON.stringify(body),
  });
const saveForm = (body) =>
  fetch(`${worker.base}/api/searches`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'CF-Connecting-IP': client() },
    body: new URLSearchParams(body),
    redirect: 'manual',
  });
const open = (url) => fetch(url, { redirect: 'manual', headers: { 'CF-Connecting-IP': client() } });
/** The button on a link's page: a POST to the link. */
const press = (url) => fetch(url, { method: 'POST', redirect: 'manual', headers: { 'CF-Connecting-IP': client() } });
const manage = (token, change = {}) =>
  fetch(`${worker.base}/api/searches/manage`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': client() },
    body: JSON.stringify({ token, ...change }),
  });
const to = (address) => fake.delivered.filter((s) => s.template_params.to_email === address);
const pathOf = (response) => new URL(response.headers.get('Location')).pathname;

/** Saves a search for a new address and waits for its confirmation: the address, and the e-mail's params. */
async function saved(search = 'area=ortega&beds=3&sort=size', frequency = 'daily') {
  const email = `buyer-${randomUUID()}@example.com`;
  const r = await save({ email, name: 'Ana Ruiz', frequency, search });
  assert.equal(r.status, 200, await r.clone().text());
  await until(() => to(email).length === 1, 'the confirmation was sent');
  return { email, params: to(email)[0].template_params };
}
const managed = (params) => decodeURIComponent(new URL(params.manage_url).hash.slice(1));

test('a saved search sends only its confirmation; its link confirms it once and tells the agent', async () => {
  const { email, params } = await saved();
  assert.equal(params.subject, 'Confirm your saved search: Homes for sale in Ortega, 3+ beds');
  assert.ok(params.message.includes(params.confirm_url) && params.message.includes(params.manage_url), params.message);
  assert.ok(params.confirm_url.startsWith(`${worker.base}/api/searches/confirm?t=`), params.confirm_url);
  assert.ok(params.manage_url.startsWith(`${worker.base}/homes/alerts/#`), params.manage_url);
  const agent = () => fake.delivered.filter((s) => s.template_params.from_email === email);
  assert.equal(agent().length, 0, 'the agent hears of it only once it is confirmed');
  const [{ id, ...listed }] = (await (await manage(managed(params))).json()).searches;
  assert.match(id, /^[0-9a-f]{16}$/);
  assert.deepEqual(listed, { words: 'Homes for sale in Ortega, 3+ beds', path: '/homes/?area=ortega&beds=3', frequency: 'daily', confirmed: false, paused: false });

  // Opening the link (a person, or a mail scanner) changes nothing: a page with one button.
  const page = await open(params.confirm_url);
  assert.equal(page.status, 200);
  assert.equal(page.headers.get('Cache-Control'), 'no-store');
  assert.equal(page.headers.get('Referrer-Policy'), 'same-origin');
  const html = await page.text();
  const token = new URL(params.confirm_url).searchParams.get('t');
  assert.ok(html.includes(`<form class="btn-row" method="post" action="/api/searches/confirm?t=${token}" data-link-form>`), html);
  assert.match(html, /Confirm My Saved Search<\/button>/);
  await new Promise((r) => setTimeout(r, 300));
  assert.equal(agent().length, 0, 'opened, not confirmed');
  assert.equal((await (await manage(managed(params))).json()).searches[0].confirmed, false);
  const first = await press(params.confirm_url);
  assert.equal(first.status, 303);
  assert.equal(pathOf(first), '/homes/alerts/confirmed/');
  await until(() => agent().length === 1, "the agent's e-mail was sent");
  const lead = agent()[0];
  assert.equal(lead.template_params.to_email, 'agent@example.com');
  assert.equal(lead.template_params.subject, 'A new saved search from Ana Ruiz: Homes for sale in Ortega, 3+ beds');
  assert.ok(lead.template_params.message.includes('a new saved search'), lead.template_params.message);
  assert.ok(lead.template_params.message.includes(`${worker.base}/homes/?area=ortega&beds=3`), lead.template_params.message);
  assert.equal((await (await manage(managed(params))).json()).searches[0].confirmed, true);

  // Opened or pressed again: the page that says so, no second lead.
  assert.equal(pathOf(await open(params.confirm_url)), '/homes/alerts/confirmed/');
  assert.equal(pathOf(await press(params.confirm_url)), '/homes/alerts/confirmed/');
  await new Promise((r) => setTimeout(r, 500));
  assert.equal(agent().length, 1);
});

test('a link changed on its way, expired, or of what is gone gets a 4xx page that says which', async () => {
  const { params } = await saved('beds=4');
  const shows = async (r, status, title) => {
    assert.equal(r.status, status);
    assert.equal(r.headers.get('X-Robots-Tag'), 'noindex');
    assert.match(await r.text(), new RegExp(`<h1 class="not-found__title" id="page-title">${title}</h1>`));
  };
  const forged = params.confirm_url.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
  await shows(await open(forged), 400, 'This Link Is Not Valid');
  await shows(await press(forged), 400, 'This Link Is Not Valid');
  await shows(await open(`${worker.base}/api/searches/confirm`), 400, 'This Link Is Not Valid');
  await shows(await open(`${worker.base}/api/searches/unsubscribe?t=nonsense`), 400, 'This Link Is Not Valid');
  // Signed by this worker's key: saved 49 hours ago (its search is gone by then), or for one
  // never kept.
  const [address, id] = new URL(params.confirm_url).searchParams.get('t').split('.');
  const old = signedConfirm(address, id, Date.now() - 49 * 3600_000);
  await shows(await open(`${worker.base}/api/searches/confirm?t=${old}`), 410, 'This Link Has Expired');
  const unknown = signedConfirm(address, '00000000deadbeef', Date.now());
  await shows(await open(`${worker.base}/api/searches/confirm?t=${unknown}`), 404, 'This Search Is No Longer Kept');
});

test('a save without JavaScript lands on a page; a bad one names each field', async () => {
  const email = `plain-${randomUUID()}@example.com`;
  const r = await saveForm({ email, frequency: 'weekly', search: '' });
  assert.equal(r.status, 303);
  assert.equal(pathOf(r), '/homes/alerts/sent/');
  await until(() => to(email).length === 1, 'the confirmation was sent');
  assert.equal(to(email)[0].template_params.subject, 'Confirm your saved search: Homes for sale');

  const refused = await saveForm({ email: 'not-an-address', frequency: 'weekly', search: '' });
  assert.equal(pathOf(refused), '/homes/alerts/error/');
  await until(() => /saved search without JavaScript refused \(400\): email: /.test(worker.log()), 'the refusal is logged by field');
  const bad = await save({ email: 'nope', frequency: 'hourly', search: 'q=' + 'w'.repeat(700) });
  assert.equal(bad.status, 400);
  const { errors } = await bad.json();
  assert.deepEqual(errors.map((e) => e.field).sort(), ['email', 'frequency', 'search']);
  // The honeypot's post is answered like a success, and nothing is sent.
  const bot = `bot-${randomUUID()}@example.com`;
  assert.equal((await save({ email: bot, frequency: 'daily', search: '', website: 'spam' })).status, 200);
  await new Promise((r) => setTimeout(r, 500));
  assert.equal(to(bot).length, 0);
});

test('one address gets at most three confirmations a day, however its case is typed', async () => {
  const email = `many-${randomUUID()}@example.com`;
  for (let i = 0; i < 3; i++) assert.equal((await save({ email, frequency: 'daily', search: `beds=${i + 1}` })).status, 200);
  const fourth = await save({ email: email.toUpperCase(), frequency: 'daily', search: 'beds=4' });
  assert.equal(fourth.status, 429);
  assert.equal((await fourth.json()).errors[0].field, 'email');
  await until(() => to(email).length === 3, 'three confirmations were sent');
});

test('the manage page changes one search at a time, and deletes everything at once', async () => {
  const { email, params } = await saved('q=pool', 'instant');
  const token = managed(params);
  await save({ email, frequency: 'weekly', search: 'area=avondale' });
  await until(() => to(email).length === 2, 'the second confirmation was sent');
  const list = async (change) => {
    const r = await manage(token, change);
    assert.equal(r.status, 200, await r.clone().text());
    return (await r.json()).searches;
  };
  const [a, b] = await list();
  assert.deepEqual([a.words, b.words].sort(), ['Homes for sale in Avondale', 'Homes for sale, matching “pool”']);
  const pool = [a, b].find((s) => s.words.includes('pool'));
  let after = await list({ action: 'frequency', id: pool.id, frequency: 'weekly' });
  assert.equal(after.find((s) => s.id === pool.id).frequency, 'weekly');
  after = await list({ action: 'pause', id: pool.id });
  assert.equal(after.find((s) => s.id === pool.id).paused, true);
  after = await list({ action: 'resume', id: pool.id });
  assert.equal(after.find((s) => s.id === pool.id).paused, false);
  after = await list({ action: 'delete', id: pool.id });
  assert.deepEqual(after.map((s) => s.words), ['Homes for sale in Avondale']);
  // Refusals name the field.
  const badChange = await manage(token, { action: 'frequency', id: after[0].id, frequency: 'hourly' });
  assert.equal(badChange.status, 400);
  assert.equal((await manage(token, { action: 'pause', id: pool.id })).status, 404);
  const forbidden = await manage(token.replace(/.$/, (c) => (c === '0' ? '1' : '0')));
  assert.equal(forbidden.status, 403);
  assert.equal((await forbidden.json()).errors[0].field, 'token');

  assert.deepEqual(await list({ action: 'delete-all' }), []);
  const address = token.split('.')[0];
  assert.deepEqual((await bucketKeys(worker)).filter((k) => k.startsWith(`searches/${address}/`)), []);
});

test("the unsubscribe link's page, or a mail client's one-click POST, deletes every search of its address; then no earlier link works", async () => {
  const { email, params } = await saved();
  await press(params.confirm_url);
  await save({ email, frequency: 'daily', search: 'beds=5' });
  await until(() => to(email).length === 2, 'the second confirmation was sent');
  const token = managed(params);
  assert.equal((await (await manage(token)).json()).searches.length, 2);
  const unsubscribe = `${worker.base}/api/searches/unsubscribe?t=${encodeURIComponent(token)}`;
  // Opened (a scanner too): a page with one button, nothing deleted.
  const page = await open(unsubscribe);
  assert.equal(page.status, 200);
  assert.ok((await page.text()).includes(`action="/api/searches/unsubscribe?t=${token}" data-link-form`));
  assert.equal((await (await manage(token)).json()).searches.length, 2);
  // A mail client's one-click (RFC 8058): its POST unsubscribes at once.
  const r = await fetch(unsubscribe, { method: 'POST', redirect: 'manual', headers: { 'CF-Connecting-IP': client(), 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
  assert.equal(r.status, 303);
  assert.equal(pathOf(r), '/homes/alerts/unsubscribed/');
  // Every link sent before stops working, but for its owner's way back (manage: `allow`).
  assert.equal((await open(unsubscribe)).status, 404);
  assert.equal((await open(params.confirm_url)).status, 404, "the search it confirmed is gone");
  assert.deepEqual(await (await manage(token)).json(), { searches: [], stopped: true });
  assert.equal((await manage(token, { action: 'delete-all' })).status, 403, 'it may only see that, and allow');
});

test('an unconfirmed search is deleted 48 hours after it was saved; a confirmed one stays', async () => {
  const kept = await saved('beds=2');
  await press(kept.params.confirm_url);
  const dropped = await saved('beds=6');
  const keys = await bucketKeys(worker);
  assert.deepEqual(withoutEnd(keys).filter((k) => k.startsWith('searches/') && k.includes(managed(dropped.params).split('.')[0])), []);
  const done = () => (worker.log().match(/retention: \d+ due timer\(s\) done/g) ?? []).length;
  const before = done();
  await (await fetch(`${worker.base}/cdn-cgi/handler/scheduled?time=${Date.now() + 49 * 3600 * 1000}`)).text();
  await until(() => done() > before, 'the cron run ended');
  assert.deepEqual((await (await manage(managed(dropped.params))).json()).searches, []);
  assert.equal((await (await manage(managed(kept.params))).json()).searches.length, 1);
  assert.equal((await open(dropped.params.confirm_url)).status, 404, 'its search is no longer kept');
});

/** A confirmation token signed as the worker signs one (edge/domain/src/searches/links.rs), with
 * the worker's SAVED_SEARCH_SECRET: what a link of another time carries. */
function signedConfirm(address, id, savedMs) {
  const key = Buffer.from(hkdfSync('sha256', worker.vars.SAVED_SEARCH_SECRET, Buffer.alloc(0), 'move-to-jax saved searches: confirmation link v2', 32));
  const saved = savedMs.toString(16);
  const sig = createHmac('sha256', key).update(`${address}\n${id}\n${saved}`).digest().subarray(0, 16).toString('hex');
  return `${address}.${id}.${saved}.${sig}`;
}
