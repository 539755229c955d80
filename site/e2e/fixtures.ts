// Shared fixtures: the API stubbed at the network layer (to play what the real stack can't, such
// as a browser that loses the network; tests that leave out the `api` fixture talk to the real
// edge worker), the content read from content/ (so tests follow the agent's files), console
// errors collected, and — for every test — a client address of its own (the worker rate-limits
// per address) and every answer the browser gets searched for the stack's secrets.
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { test as base, expect, type Page, type Response } from '@playwright/test';
import { parse } from 'yaml';
import { BASE, SECRETS } from './stack';

const content = resolve(import.meta.dirname, '../../content');

/** A value from a YAML file of content/, by a `key: value` line (enough for these scalars). */
export function contentValue(file: string, key: string): string {
  const line = readFileSync(resolve(content, file), 'utf8')
    .split('\n')
    .find((l) => l.trimStart().startsWith(`${key}:`));
  if (!line) throw new Error(`${key} not found in content/${file}`);
  return line
    .slice(line.indexOf(':') + 1)
    .trim()
    .replace(/^["']|["']$/g, '');
}

/** A value of a content file (YAML, or a Markdown file's front matter) by its path of keys, for
 * values `contentValue`'s one line cannot hold (nested, or folded over lines). */
export function contentField(file: string, ...keys: string[]): string {
  const text = readFileSync(resolve(content, file), 'utf8');
  let value: unknown = parse(file.endsWith('.md') ? text.split(/^---$/m)[1] : text);
  for (const key of keys) value = (value as Record<string, unknown>)[key];
  if (typeof value !== 'string') throw new Error(`content/${file}: ${keys.join('.')} is not a text`);
  return value;
}

/** The newest market snapshot, `market/<YYYY-MM>.yaml` (the names sort by month). */
export const LATEST_SNAPSHOT = `market/${readdirSync(resolve(content, 'market'))
  .filter((f) => /^\d{4}-\d{2}\.ya?ml$/.test(f))
  .sort()
  .at(-1)}`;

export const listingIds = readdirSync(resolve(content, 'listings')).map((f) => f.replace(/\.md$/, ''));

export const ROUTES = [
  'downtown-jacksonville',
  'riverside',
  'san-marco',
  'jacksonville-beach',
  'nocatee',
  'murray-hill',
  'avondale',
  'southside',
  'ortega',
  'springfield',
  'atlantic-beach',
  'ponte-vedra-beach',
];

export type ApiCall = {
  path: string;
  query: URLSearchParams;
  contentType: string;
  json?: Record<string, unknown>;
  body: Buffer | null;
};
export type ApiAnswer = { status: number; json?: unknown } | 'abort';

/** Records every /api request and answers with `answer` (200 {ok:true}, or {id} for uploads);
 * the bot check says it is off, and a concierge submission is minted. */
export class ApiStub {
  calls: ApiCall[] = [];
  answer: (call: ApiCall) => ApiAnswer = (c) => ({
    status: 200,
    json: c.path.endsWith('/documents') ? { id: `doc-${this.calls.length}` } : { ok: true },
  });

  async install(page: Page) {
    await page.route('**/api/**', async (route) => {
      const r = route.request();
      const contentType = (r.headers()['content-type'] ?? '').split(';')[0];
      const url = new URL(r.url());
      // Stubbed, the bot check is off (and its question is not one of the calls).
      if (url.pathname === '/api/bot-check')
        return route.fulfill({ status: 200, contentType: 'application/json', body: '{"site_key":null}' });
      // A concierge submission is minted as the worker mints one (not one of the calls either).
      if (url.pathname === '/api/concierge/submissions')
        return route.fulfill({
          status: 201,
          contentType: 'application/json',
          body: JSON.stringify({ submission: randomUUID(), token: 'stub-token' }),
        });
      const call: ApiCall = { path: url.pathname, query: url.searchParams, contentType, body: r.postDataBuffer() };
      if (contentType === 'application/json') call.json = r.postDataJSON() as Record<string, unknown>;
      this.calls.push(call);
      const a = this.answer(call);
      if (a === 'abort') return route.abort('failed');
      await route.fulfill({ status: a.status, contentType: 'application/json', body: JSON.stringify(a.json ?? {}) });
    });
  }
}

/** Turnstile's script (jax_model::api::BOT_CHECK_SCRIPT), which the suite's browsers cannot reach. */
export const TURNSTILE_SCRIPT = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';
const FAKE_TURNSTILE = readFileSync(resolve(import.meta.dirname, 'fake-turnstile.js'), 'utf8');

export const test = base.extend<{ api: ApiStub; consoleErrors: string[]; noSecrets: void; turnstile: string[] }>({
  // The address Cloudflare would put in CF-Connecting-IP: one per test, so the suite's many posts
  // never share the worker's per-address limit.
  extraHTTPHeaders: async ({}, use, info) => {
    const n = createHash('sha256').update(info.testId).digest();
    await use({ 'CF-Connecting-IP': `10.${n[0]}.${n[1]}.${n[2]}` });
  },
  noSecrets: [
    async ({ page }, use) => {
      const leaks: string[] = [];
      const unread: string[] = [];
      // Each read settles on its own (never rejects), and all are awaited before the page closes:
      // no read outlives its page, so none can fail after it.
      const read = async (r: Response) => {
        // allHeaders() adds the security-related ones (e.g. Set-Cookie); headers() is what the
        // network layer already gave, if the full set can't be had.
        const headers = await r.allHeaders().catch(() => r.headers());
        const head = Object.entries(headers).join('\n');
        // Redirects and aborted requests have no body.
        const body = (await r.body().catch(() => Buffer.alloc(0))).toString('latin1');
        for (const secret of SECRETS)
          if (head.includes(secret) || body.includes(secret)) leaks.push(`${r.url()} holds ${secret}`);
      };
      const reads = new Map<Promise<void>, string>();
      const onResponse = (r: Response) => {
        const p = read(r).finally(() => reads.delete(p));
        reads.set(p, r.url());
      };
      page.on('response', onResponse);
      await use();
      page.off('response', onResponse);
      const settled = Promise.all(reads.keys()).then(() => true);
      if (!(await Promise.race([settled, new Promise<false>((r) => setTimeout(() => r(false), 10_000))])))
        unread.push(...reads.values());
      expect(unread, 'every answer the browser got was read before its page closed').toEqual([]);
      expect(leaks, 'no answer the browser gets holds a secret').toEqual([]);
    },
    { auto: true },
  ],
  // The bot check's widget, faked (fake-turnstile.js): every test's forms get tokens the fake
  // siteverify takes. The URLs the page asked for it, in order.
  turnstile: [
    async ({ page }, use) => {
      const asked: string[] = [];
      await page.route('https://challenges.cloudflare.com/**', async (route) => {
        asked.push(route.request().url());
        await route.fulfill({ status: 200, contentType: 'text/javascript', body: FAKE_TURNSTILE });
      });
      await use(asked);
    },
    { auto: true },
  ],
  api: async ({ page }, use) => {
    const api = new ApiStub();
    await api.install(page);
    await use(api);
  },
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(String(e)));
    await use(errors);
  },
});

export { expect };

/** The open dialog. */
export const dialog = (page: Page) => page.locator('dialog[open]');

/** Fills the open dialog's fields, by label. */
export async function fillDialog(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values))
    await dialog(page).getByLabel(label, { exact: false }).fill(value);
}

/** Opens the contact widget. */
export async function openContactWidget(page: Page) {
  const toggle = page.getByRole('button', { name: "Let's Connect" });
  await toggle.click();
  return toggle;
}

/** A wait for the site's own requests to settle (none pending for 500 ms). Not `networkidle`:
 * a third-party frame (the developments map) cannot load offline, and a frame whose navigation
 * failed keeps Chromium's page from ever going idle; it is not the site's JS either. */
export function firstPartyIdle(page: Page) {
  const pending = new Set<unknown>();
  const ours = (r: { url(): string }) => r.url().startsWith(BASE);
  page.on('request', (r) => ours(r) && pending.add(r));
  page.on('requestfinished', (r) => pending.delete(r));
  page.on('requestfailed', (r) => pending.delete(r));
  return async () => {
    for (let quiet = 0; quiet < 500;) {
      await page.waitForTimeout(50);
      quiet = pending.size ? 0 : quiet + 50;
    }
  };
}
