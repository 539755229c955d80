// The editor's GitHub sign-in (/api/auth/…), in workerd against a fake GitHub App on loopback
// (fake-github.mjs), tried as an attacker and an unlucky user would: a callback with another
// state, or none, or no cookie, is refused before GitHub is asked anything; an account site.yaml
// does not list gets no token; a declined consent signs no one in; a token that never expires is
// not taken; the 8-hour token is renewed only with the HttpOnly cookie, once per refresh token,
// from the site's own pages; without the app's keys the sign-in says it is off and the rest of
// the site works as usual.
// Run: node --test edge/tests/ (make test does).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { root, startWithFakeEmailJs } from './workerd.mjs';
import { CLIENT_ID, CLIENT_SECRET } from './fake-github.mjs';

/** The accounts site.yaml lets sign in (`editor.accounts`, a flow list). */
const ACCOUNTS = fs.readFileSync(path.join(root, 'content/site.yaml'), 'utf8').match(/^ {2}accounts: \[(.*)\]$/m)[1].split(',').map((a) => a.trim());
const COOKIE = '__Host-editor-state';
const REFRESH = '__Host-editor-refresh';
let on;
let off;

before(async () => {
  on = await startWithFakeEmailJs('edge-editor-auth-wrangler', (fake) => ({
    GITHUB_CLIENT_ID: CLIENT_ID,
    GITHUB_CLIENT_SECRET: CLIENT_SECRET,
    GITHUB_URL: fake.githubUrl,
    GITHUB_API_URL: `${fake.githubUrl}/api`,
  }));
  off = await startWithFakeEmailJs('edge-editor-auth-off-wrangler');
});

after(async () => {
  await on?.stop();
  await off?.stop();
});

const get = (url, headers = {}) => fetch(url, { headers, redirect: 'manual' });

/** Starts a sign-in as Decap does: the worker's redirect to GitHub and the state cookie it set. */
async function begin(w) {
  const r = await get(`${w.worker.base}/api/auth/github?provider=github&site_id=127.0.0.1&scope=repo`);
  assert.equal(r.status, 302);
  const cookie = r.headers.get('set-cookie');
  const state = cookie.match(new RegExp(`^${COOKIE}=([0-9a-f]{64});`))?.[1];
  assert.ok(state, cookie);
  return { consent: new URL(r.headers.get('location')), cookie: `${COOKIE}=${state}`, state, setCookie: cookie };
}

/** Her choice on GitHub's consent page: where GitHub sends her back. */
async function decide(consent, decision, login = '') {
  const page = await get(consent.href);
  assert.equal(page.status, 200, 'the consent page is shown for this app');
  const form = new URLSearchParams({ redirect_uri: consent.searchParams.get('redirect_uri'), state: consent.searchParams.get('state'), login, decision });
  const r = await fetch(consent.href, { method: 'POST', body: form, redirect: 'manual' });
  assert.equal(r.status, 302);
  return new URL(r.headers.get('location'));
}

/** The page the editor's window gets, and what its script would hand the editor. */
async function land(url, cookie) {
  const r = await get(url.href, cookie ? { Cookie: cookie } : {});
  const html = await r.text();
  const message = html.match(/data-message="([^"]*)"/)?.[1].replaceAll('&quot;', '"').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
  return { r, html, message };
}

const exchanges = (w) => w.fake.github.exchanges.length;

/** The sign-in of a listed account, through to the window's page. */
async function signIn(w) {
  const { consent, cookie, state, setCookie } = await begin(w);
  const back = await decide(consent, 'allow', ACCOUNTS[0]);
  return { consent, state, setCookie, back, ...(await land(back, cookie)) };
}

/** The refresh token's cookie a response sets (its value, '' when cleared), or undefined. */
const refreshSet = (r) => r.headers.getSetCookie().find((c) => c.startsWith(`${REFRESH}=`))?.match(/^[^=]+=([^;]*)/)[1];

const renew = (w, refresh, headers = {}) =>
  fetch(`${w.worker.base}/api/auth/refresh`, {
    method: 'POST',
    headers: { Origin: w.worker.base, 'CF-Connecting-IP': '192.0.2.90', ...(refresh ? { Cookie: `${REFRESH}=${refresh}` } : {}), ...headers },
  });

test('a listed account signs in: consent asked for no scope, the state checked, an 8-hour token handed to the editor', async () => {
  const { consent, state, setCookie, back, r, message } = await signIn(on);
  assert.match(setCookie, /; Path=\/; Max-Age=600; HttpOnly; Secure; SameSite=Lax$/);
  assert.equal(consent.origin + consent.pathname, `${on.fake.githubUrl}/login/oauth/authorize`);
  assert.equal(consent.searchParams.get('client_id'), CLIENT_ID);
  // A GitHub App's token does what its installation allows; scope=repo opened every repository.
  assert.equal(consent.searchParams.get('scope'), null);
  assert.equal(consent.searchParams.get('state'), state);
  assert.equal(consent.searchParams.get('redirect_uri'), `${on.worker.base}/api/auth/github/callback`);
  assert.equal(r.status, 200);
  const [, json] = message.match(/^authorization:github:success:(.*)$/);
  const { token, provider, expires_in } = JSON.parse(json);
  assert.equal(provider, 'github');
  assert.match(token, /^ghu_fake/);
  assert.equal(expires_in, 28800);
  // The refresh token stays with the worker's cookie: never in the page, never readable by a script.
  const refresh = refreshSet(r);
  assert.match(refresh, /^ghr_fake/);
  assert.match(r.headers.getSetCookie().find((c) => c.startsWith(REFRESH)), /; Path=\/; Max-Age=15897600; HttpOnly; Secure; SameSite=Strict$/);
  assert.doesNotMatch(await (await get(back.href)).text(), /ghr_/);
  // Its page runs its one script and nothing else, tells no one where it was, and is never kept.
  assert.match(r.headers.get('content-security-policy'), /^default-src 'none'; script-src 'sha256-[A-Za-z0-9+/]+=';/);
  assert.equal(r.headers.get('referrer-policy'), 'no-referrer');
  assert.equal(r.headers.get('cache-control'), 'no-store');
  // The state is spent: the cookie is cleared, and the same answer again is refused.
  assert.match(r.headers.getSetCookie()[0], new RegExp(`^${COOKIE}=; Path=/; Max-Age=0;`));
  const again = await land(back, null);
  assert.equal(again.r.status, 403);
  assert.equal(refreshSet(again.r), undefined, 'a refused answer leaves an earlier sign-in alone');
});

test('the token is renewed with the cookie, once per refresh token; a spent or missing one ends the sign-in', async () => {
  const { r, message } = await signIn(on);
  const first = JSON.parse(message.replace(/^authorization:github:success:/, '')).token;
  const refresh = refreshSet(r);
  const renewed = await renew(on, refresh);
  assert.equal(renewed.status, 200);
  assert.equal(renewed.headers.get('cache-control'), 'no-store');
  const { token, expires_in } = await renewed.json();
  assert.match(token, /^ghu_fake/);
  assert.notEqual(token, first);
  assert.equal(expires_in, 28800);
  assert.ok(on.fake.github.valid(token) && !on.fake.github.valid(first), 'GitHub revoked the old token');
  const next = refreshSet(renewed);
  assert.match(next, /^ghr_fake/);
  assert.notEqual(next, refresh);
  // The spent refresh token (a copy of the cookie) renews nothing, and the sign-in ends.
  const replay = await renew(on, refresh);
  assert.equal(replay.status, 401);
  assert.deepEqual(await replay.json(), { error: 'Your editor sign-in has ended: sign in with GitHub again.' });
  assert.equal(refreshSet(replay), '');
  const none = await renew(on, null);
  assert.equal(none.status, 401);
  assert.equal((await fetch(`${on.worker.base}/api/auth/refresh`, { headers: { 'CF-Connecting-IP': '192.0.2.90' } })).status, 405);
});

test("another site's page cannot spend her refresh token", async () => {
  const { r } = await signIn(on);
  const refresh = refreshSet(r);
  const before = exchanges(on);
  for (const headers of [{ Origin: 'https://evil.example' }, { 'Sec-Fetch-Site': 'cross-site' }]) {
    const forged = await renew(on, refresh, headers);
    assert.equal(forged.status, 403, JSON.stringify(headers));
  }
  assert.equal(exchanges(on), before, 'GitHub was asked nothing');
  assert.equal((await renew(on, refresh)).status, 200, 'the cookie still serves its own editor');
});

test('a token that never expires (an OAuth app, not a GitHub App) is not handed to the editor', async () => {
  on.fake.github.expiring = false;
  try {
    const { r, html, message } = await signIn(on);
    assert.equal(r.status, 502);
    assert.match(html, /GitHub gave this site a key that never expires, which the editor does not take: its sign-in needs a GitHub App whose user tokens expire \(docs\/deploy\.md: Set up publishing\)\. You are not signed in\./);
    assert.match(message, /^authorization:github:error:/);
    assert.doesNotMatch(html, /gho_/);
    assert.equal(refreshSet(r), undefined);
  } finally {
    on.fake.github.expiring = true;
  }
});

test('GitHub’s answer with another state, or none, or without the cookie is refused, and no code is exchanged', async () => {
  const { consent, cookie } = await begin(on);
  const back = await decide(consent, 'allow', ACCOUNTS[0]);
  const before = exchanges(on);
  const other = await begin(on);
  for (const [url, sent] of [
    // An attacker's own sign-in slipped into her browser (login CSRF): his state, her cookie.
    [back, other.cookie],
    [withQuery(back, { state: null }), cookie],
    [withQuery(back, { state: '' }), `${COOKIE}=`],
    [back, null],
  ]) {
    const { r, html, message } = await land(url, sent);
    assert.equal(r.status, 403, url.href);
    assert.match(html, /This sign-in could not be checked: it did not start from this site's editor, or took longer than 10 minutes\./);
    assert.match(message, /^authorization:github:error:\{"message":"This sign-in could not be checked/);
  }
  assert.equal(exchanges(on), before, 'GitHub was asked for no token');
});

test('an account site.yaml does not list gets no token', async () => {
  const { consent, cookie } = await begin(on);
  const back = await decide(consent, 'allow', 'mallory-jax');
  const { r, html, message } = await land(back, cookie);
  assert.equal(r.status, 403);
  assert.match(html, /The GitHub account mallory-jax may not edit this site: only the accounts listed under editor\.accounts in site\.yaml may sign in\./);
  assert.match(message, /^authorization:github:error:/);
  assert.doesNotMatch(html, /gh[ou]_/);
  assert.equal(refreshSet(r), undefined);
});

test('a declined consent signs no one in', async () => {
  const { consent, cookie } = await begin(on);
  const before = exchanges(on);
  const back = await decide(consent, 'deny');
  assert.equal(back.searchParams.get('error'), 'access_denied');
  const { r, html } = await land(back, cookie);
  assert.equal(r.status, 403);
  assert.match(html, /You did not allow the editor to use your GitHub account, so you are not signed in\./);
  assert.equal(exchanges(on), before);
});

test('a code GitHub does not honour (forged, or used already) is a sign-in to start again, not a token', async () => {
  const { consent, cookie } = await begin(on);
  const back = await decide(consent, 'allow', ACCOUNTS[0]);
  const forged = await land(withQuery(back, { code: 'forged' }), cookie);
  assert.equal(forged.r.status, 400);
  assert.match(forged.html, /This sign-in was used already or took too long\. Close this window and sign in again from the editor\./);
  assert.match((await land(back, cookie)).message, /^authorization:github:success:/);
  const replayed = await land(back, cookie);
  assert.equal(replayed.r.status, 400, 'the same code again');
  assert.match(replayed.message, /^authorization:github:error:.*used already/);
});

test('a renewal GitHub grants but whose account its API cannot confirm keeps the new refresh token', async () => {
  const { r } = await signIn(on);
  const refresh = refreshSet(r);
  on.fake.github.apiDown = true;
  let during;
  try {
    during = await renew(on, refresh);
  } finally {
    on.fake.github.apiDown = false;
  }
  assert.equal(during.status, 502);
  assert.deepEqual(await during.json(), { error: 'GitHub did not complete the sign-in. Please try again in a moment.' });
  const kept = refreshSet(during);
  assert.match(kept ?? '', /^ghr_fake/, 'GitHub spent the old refresh token: the cookie holds the new one');
  assert.notEqual(kept, refresh);
  assert.equal((await renew(on, kept)).status, 200, 'and it renews once GitHub is back');
});

test('without the GitHub App’s keys the sign-in says it is off, and the rest of the site works as usual', async () => {
  assert.deepEqual(await (await get(`${off.worker.base}/api/auth/status`)).json(), { sign_in: false });
  assert.deepEqual(await (await get(`${on.worker.base}/api/auth/status`)).json(), { sign_in: true });
  const r = await get(`${off.worker.base}/api/auth/github?provider=github&scope=repo`);
  assert.equal(r.status, 503);
  assert.match(await r.text(), /The editor's GitHub sign-in is off: this site has no GitHub App yet \(docs\/deploy\.md: Set up publishing\)\./);
  assert.equal(r.headers.get('set-cookie'), null);
  assert.equal((await renew(off, 'ghr_x')).status, 503);
  const sent = await fetch(`${off.worker.base}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '192.0.2.77' },
    body: JSON.stringify({ name: 'Ana Ruiz', email: 'ana@example.com', phone: '(904) 555-0147', message: `still works ${randomUUID()}`, idempotency_key: randomUUID() }),
  });
  assert.equal(sent.status, 200);
  assert.equal((await get(`${off.worker.base}/`)).status, 200);
  // Only GET: the sign-in changes nothing on the server.
  assert.equal((await fetch(`${on.worker.base}/api/auth/github`, { method: 'POST', headers: { 'CF-Connecting-IP': '192.0.2.78' } })).status, 405);
});

function withQuery(url, changes) {
  const u = new URL(url.href);
  for (const [k, v] of Object.entries(changes)) v === null ? u.searchParams.delete(k) : u.searchParams.set(k, v);
  return u;
}
