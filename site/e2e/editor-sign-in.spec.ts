// The editor's GitHub sign-in on the live site (issue 22), in a real browser against the fake
// GitHub on loopback (edge/tests/fake-github.mjs; stack.env turns the sign-in on): the window
// Decap opens goes through GitHub's consent page and back to the worker, whose page hands the
// editor its answer with Decap's handshake. The editor's side of the handshake is played here as
// decap-cms-lib-auth plays it (Decap itself would go on to GitHub's API, which the suite lacks).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const ACCOUNT = readFileSync(resolve(import.meta.dirname, '../../content/site.yaml'), 'utf8').match(/^ {2}accounts: \[([^,\]]+)/m)![1].trim();

/** Opens the sign-in window as Decap does and answers its handshake; resolves to its message. */
function signIn(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((done) => {
        let popup: Window | null = null;
        addEventListener('message', function handshake(e) {
          if (e.data !== 'authorizing:github' || e.origin !== location.origin) return;
          removeEventListener('message', handshake);
          addEventListener('message', (answer) => {
            if (answer.origin === location.origin && String(answer.data).startsWith('authorization:github:')) done(String(answer.data));
          });
          popup!.postMessage(e.data, e.origin);
        });
        popup = window.open('/api/auth/github?provider=github&site_id=127.0.0.1&scope=repo', 'Authorization', 'width=960,height=600');
      }),
  );
}

test("a listed account's window hands the editor its GitHub token, through the consent page and the state cookie", async ({ page, consoleErrors }) => {
  await page.goto('/');
  const [message, popup] = await Promise.all([signIn(page), page.waitForEvent('popup').then(async (popup) => {
    await popup.getByLabel('Sign in as').fill(ACCOUNT);
    await popup.getByRole('button', { name: 'Authorize' }).click();
    await expect(popup.getByRole('heading', { name: 'Signed in' })).toBeVisible();
    return popup;
  })]);
  expect(message).toMatch(/^authorization:github:success:\{"provider":"github","token":"gho_fake\w+"\}$/);
  // The state was this browser's (its cookie went to GitHub's redirect back) and is now spent.
  const cookies = await popup.context().cookies();
  expect(cookies.find((c) => c.name === '__Host-editor-state')).toBeUndefined();
  expect(consoleErrors).toEqual([]);
});

test('an account site.yaml does not list is told why in the window, and the editor gets the refusal', async ({ page }) => {
  await page.goto('/');
  const [message] = await Promise.all([signIn(page), page.waitForEvent('popup').then(async (popup) => {
    await popup.getByLabel('Sign in as').fill('mallory-jax');
    await popup.getByRole('button', { name: 'Authorize' }).click();
    await expect(popup.getByRole('heading', { name: 'Not signed in' })).toBeVisible();
    await expect(popup.getByText('The GitHub account mallory-jax may not edit this site')).toBeVisible();
  })]);
  expect(JSON.parse(message.replace(/^authorization:github:error:/, ''))).toEqual({
    message: 'The GitHub account mallory-jax may not edit this site: only the accounts listed under editor.accounts in site.yaml may sign in.',
  });
});

test("away from the agent's computer the editor offers GitHub's sign-in, through the worker of the origin it is on", async ({ page, request }) => {
  // The site as another host would serve it (https: Decap needs a secure context): every request
  // to it answered by the worker, redirects left to the browser.
  await page.context().route('https://editor.example/**', async (route) => {
    const url = new URL(route.request().url());
    const answer = await request.get(url.pathname + url.search, { maxRedirects: 0 });
    await route.fulfill({ status: answer.status(), headers: answer.headers(), body: await answer.body() });
  });
  await page.goto('https://editor.example/admin/');
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Login with GitHub' }).click()]);
  // Decap opened the worker's sign-in on this origin, asking for the repo scope; the worker sent
  // the window on to GitHub's consent page.
  await expect(popup.getByRole('heading', { name: 'Authorize Move to JAX editor' })).toBeVisible();
  const asked = new URL(popup.url());
  expect(asked.searchParams.get('scope')).toBe('repo');
  expect(asked.searchParams.get('redirect_uri')).toMatch(/\/api\/auth\/github\/callback$/);
});
