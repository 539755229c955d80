// The editor's GitHub sign-in on the live site, in a real browser against the fake
// GitHub on loopback (edge/tests/fake-github.mjs; stack.env turns the sign-in on): the window
// Decap opens goes through GitHub's consent page and back to the worker, whose page hands the
// editor its answer with Decap's handshake. The editor's side of the handshake is played here as
// decap-cms-lib-auth plays it (Decap itself would go on to GitHub's API, which the suite lacks).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const ACCOUNT = readFileSync(resolve(import.meta.dirname, '../../content/site.yaml'), 'utf8')
  .match(/^ {2}accounts: \[([^,\]]+)/m)![1]
  .trim();

/** Opens the sign-in window as Decap does (from the editor's page, whose opener policy lets its
 * popups keep it; any other page's would cut the window off) and answers its handshake; resolves
 * to its message. */
function signIn(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((done) => {
        let popup: Window | null = null;
        addEventListener('message', function handshake(e) {
          if (e.data !== 'authorizing:github' || e.origin !== location.origin) return;
          removeEventListener('message', handshake);
          addEventListener('message', (answer) => {
            if (answer.origin === location.origin && String(answer.data).startsWith('authorization:github:'))
              done(String(answer.data));
          });
          popup!.postMessage(e.data, e.origin);
        });
        popup = window.open(
          '/api/auth/github?provider=github&site_id=127.0.0.1&scope=repo',
          'Authorization',
          'width=960,height=600',
        );
      }),
  );
}

test("a listed account's window hands the editor its GitHub token, through the consent page and the state cookie", async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/admin/');
  const [message, popup] = await Promise.all([
    signIn(page),
    page.waitForEvent('popup').then(async (popup) => {
      await popup.getByLabel('Sign in as').fill(ACCOUNT);
      await popup.getByRole('button', { name: 'Authorize' }).click();
      await expect(popup.getByRole('heading', { name: 'Signed in' })).toBeVisible();
      return popup;
    }),
  ]);
  expect(message).toMatch(
    /^authorization:github:success:\{"expires_in":28800,"provider":"github","token":"ghu_fake\w+"\}$/,
  );
  // The state was this browser's (its cookie went to GitHub's redirect back) and is now spent.
  const cookies = await popup.context().cookies();
  expect(cookies.find((c) => c.name === '__Host-editor-state')).toBeUndefined();
  expect(consoleErrors).toEqual([]);
});

test("eight hours on, Decap's next call to GitHub carries a token the worker renewed with the cookie no script can read", async ({
  page,
}) => {
  await page.goto('/admin/');
  const [message] = await Promise.all([
    signIn(page),
    page.waitForEvent('popup').then(async (popup) => {
      await popup.getByLabel('Sign in as').fill(ACCOUNT);
      await popup.getByRole('button', { name: 'Authorize' }).click();
      await expect(popup.getByRole('heading', { name: 'Signed in' })).toBeVisible();
    }),
  ]);
  const first = (JSON.parse(message.replace(/^authorization:github:success:/, '')) as { token: string }).token;
  const refresh = (await page.context().cookies()).find((c) => c.name === '__Host-editor-refresh');
  expect(refresh).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/' });
  expect(await page.evaluate(() => document.cookie)).not.toContain('editor-refresh');
  // GitHub's API as Decap reaches it, answering with the token each call carried.
  const carried: string[] = [];
  await page.route('https://api.github.com/**', async (route) => {
    const cors = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': 'authorization, content-type' };
    if (route.request().method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
    carried.push(route.request().headers()['authorization']);
    return route.fulfill({ status: 200, headers: cors, json: { login: ACCOUNT } });
  });
  const call = (token: string) =>
    page.evaluate(
      (t) => fetch('https://api.github.com/user', { headers: { Authorization: `token ${t}` } }).then((r) => r.status),
      token,
    );
  expect(await call(first)).toBe(200);
  // Eight hours on (the keeper's clock of the token's end moved to now).
  await page.evaluate(() => {
    const held = JSON.parse(localStorage.getItem('jax-editor-token')!) as { expiresAt: number };
    localStorage.setItem('jax-editor-token', JSON.stringify({ ...held, expiresAt: Date.now() }));
  });
  expect(await call(first)).toBe(200);
  expect(carried[0]).toBe(`token ${first}`);
  expect(carried[1]).toMatch(/^token ghu_fake\w+$/);
  expect(carried[1]).not.toBe(carried[0]);
  // The worker rotated the refresh token too: the cookie holds a new one.
  const next = (await page.context().cookies()).find((c) => c.name === '__Host-editor-refresh');
  expect(next?.value).toMatch(/^ghr_fake/);
  expect(next?.value).not.toBe(refresh?.value);
});

test('an account site.yaml does not list is told why in the window, and the editor gets the refusal', async ({
  page,
}) => {
  await page.goto('/admin/');
  const [message] = await Promise.all([
    signIn(page),
    page.waitForEvent('popup').then(async (popup) => {
      await popup.getByLabel('Sign in as').fill('mallory-jax');
      await popup.getByRole('button', { name: 'Authorize' }).click();
      await expect(popup.getByRole('heading', { name: 'Not signed in' })).toBeVisible();
      await expect(popup.getByText('The GitHub account mallory-jax may not edit this site')).toBeVisible();
    }),
  ]);
  expect(JSON.parse(message.replace(/^authorization:github:error:/, ''))).toEqual({
    message:
      'The GitHub account mallory-jax may not edit this site: only the accounts listed under editor.accounts in site.yaml may sign in.',
  });
});

test('a window opened from any page but the editor loses its opener once it leaves the site', async ({ page }) => {
  for (const [from, kept] of [
    ['/', false],
    ['/admin/', true],
  ] as const) {
    await page.goto(from);
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.evaluate(() => void window.open('/api/auth/github?provider=github', 'Authorization')),
    ]);
    await expect(popup.getByRole('heading', { name: 'Authorize Move to JAX editor' })).toBeVisible();
    expect(await popup.evaluate(() => window.opener !== null), from).toBe(kept);
    await popup.close();
  }
});

test("away from the agent's computer the editor offers GitHub's sign-in, through the worker of the origin it is on", async ({
  page,
  request,
}) => {
  // The site as another host would serve it (https: Decap needs a secure context): every request
  // to it answered by the worker, redirects left to the browser.
  await page.context().route('https://editor.example/**', async (route) => {
    const url = new URL(route.request().url());
    const answer = await request.get(url.pathname + url.search, { maxRedirects: 0 });
    await route.fulfill({ status: answer.status(), headers: answer.headers(), body: await answer.body() });
  });
  await page.goto('https://editor.example/admin/');
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Login with GitHub' }).click(),
  ]);
  // Decap opened the worker's sign-in on this origin; the worker sent the window on to GitHub's
  // consent page for its GitHub App, asking for no scope (scope=repo opened every repository).
  await expect(popup.getByRole('heading', { name: 'Authorize Move to JAX editor' })).toBeVisible();
  const asked = new URL(popup.url());
  expect(asked.searchParams.get('scope')).toBeNull();
  expect(asked.searchParams.get('redirect_uri')).toMatch(/\/api\/auth\/github\/callback$/);
});
