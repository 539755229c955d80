import { describe, expect, it } from 'vitest';
import { AUTH_REFRESH } from '../lib/editor';
import { DECAP_USER, KEY, keeper, MARGIN_MS } from './token';

const API = 'https://api.github.com/';
const HOUR = 3_600_000;

/** The editor's page as the keeper sees it: a clock, localStorage, one lock, and a network where
 * GitHub's API accepts only `valid` tokens and the worker renews as `renewals` say. */
function page(renewals: (() => Response)[] = []) {
  let time = 1_000_000;
  const store = new Map<string, string>();
  const valid = new Set<string>();
  const sent: { url: string; authorization: string | null }[] = [];
  let renewing = 0;
  let queue = Promise.resolve();
  const network = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(
      new URL(String(input instanceof Request ? input.url : input), 'https://site.example/'),
      init ?? (input instanceof Request ? input : undefined),
    );
    const authorization =
      input instanceof Request ? input.headers.get('Authorization') : request.headers.get('Authorization');
    sent.push({ url: request.url, authorization });
    if (request.url === `https://site.example${AUTH_REFRESH}`) {
      renewing++;
      await Promise.resolve();
      const answer = renewals.shift()?.() ?? new Response('{}', { status: 500 });
      const body = answer.ok ? ((await answer.clone().json()) as { token: string }) : null;
      if (body) valid.add(body.token);
      return answer;
    }
    if (request.url.startsWith(API)) {
      const token = authorization?.replace(/^token /, '') ?? '';
      return valid.has(token)
        ? Response.json({ login: 'awhitfield' })
        : Response.json({ message: 'Bad credentials' }, { status: 401 });
    }
    return new Response('elsewhere');
  };
  const kept = keeper(API, {
    fetch: (input, init) =>
      network(typeof input === 'string' && input.startsWith('/') ? `https://site.example${input}` : input, init),
    storage: {
      getItem: (k) => store.get(k) ?? null,
      setItem: (k, v) => void store.set(k, v),
      removeItem: (k) => void store.delete(k),
    },
    now: () => time,
    exclusive: <T>(task: () => Promise<T>) => {
      const run = queue.then(task);
      queue = run.then(
        () => undefined,
        () => undefined,
      );
      return run;
    },
  });
  const decapCalls = (token: string) => kept.fetch(`${API}user`, { headers: { Authorization: `token ${token}` } });
  return {
    kept,
    store,
    valid,
    sent,
    decapCalls,
    renewals: () => renewing,
    later: (ms: number) => (time += ms),
    github: () => sent.filter((s) => s.url.startsWith(API)).map((s) => s.authorization),
  };
}

const renewedTo = (token: string) => () => Response.json({ token, expires_in: 28800 });

describe('the editor keeps its 8-hour GitHub token fresh through the worker', () => {
  it("sends Decap's calls with the token it was handed while it lasts, and leaves other calls alone", async () => {
    const p = page();
    p.valid.add('ghu_1');
    p.store.set(DECAP_USER, JSON.stringify({ token: 'ghu_1', login: 'awhitfield', backendName: 'github' }));
    p.kept.signedIn('ghu_1', 28800);
    expect((await p.decapCalls('ghu_1')).status).toBe(200);
    expect(await (await p.kept.fetch('/admin/config.json')).text()).toBe('elsewhere');
    expect(p.github()).toEqual(['token ghu_1']);
    expect(p.renewals()).toBe(0);
  });

  it('renews a token about to end once, for every call waiting on it, and a reload starts with the new one', async () => {
    const p = page([renewedTo('ghu_2')]);
    p.valid.add('ghu_1');
    p.store.set(DECAP_USER, JSON.stringify({ token: 'ghu_1', login: 'awhitfield', backendName: 'github' }));
    p.kept.signedIn('ghu_1', 28800);
    p.later(8 * HOUR - MARGIN_MS + 1);
    const answers = await Promise.all([p.decapCalls('ghu_1'), p.decapCalls('ghu_1'), p.decapCalls('ghu_1')]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(p.renewals()).toBe(1);
    expect(p.github()).toEqual(['token ghu_2', 'token ghu_2', 'token ghu_2']);
    expect(JSON.parse(p.store.get(DECAP_USER)!)).toEqual({
      token: 'ghu_2',
      login: 'awhitfield',
      backendName: 'github',
    });
    expect((JSON.parse(p.store.get(KEY)!) as { token: string }).token).toBe('ghu_2');
  });

  it('renews once and tries again when GitHub refuses the token before its time (revoked, clock skew)', async () => {
    const p = page([renewedTo('ghu_2')]);
    p.kept.signedIn('ghu_1', 28800); // GitHub no longer takes it
    const answer = await p.decapCalls('ghu_1');
    expect(answer.status).toBe(200);
    expect(p.github()).toEqual(['token ghu_1', 'token ghu_2']);
    expect(p.renewals()).toBe(1);
  });

  it('uses what another tab renewed instead of spending the refresh token again', async () => {
    const p = page([renewedTo('ghu_3')]);
    p.kept.signedIn('ghu_1', 28800);
    p.later(8 * HOUR);
    // The other tab's renewal, written to the same localStorage.
    p.store.set(KEY, JSON.stringify({ token: 'ghu_2', expiresAt: 1_000_000 + 16 * HOUR }));
    p.valid.add('ghu_2');
    expect((await p.decapCalls('ghu_1')).status).toBe(200);
    expect(p.github()).toEqual(['token ghu_2']);
    expect(p.renewals()).toBe(0);
  });

  it("when the sign-in has ended, Decap gets GitHub's own 401 (and asks her to sign in), and nothing is kept", async () => {
    const ended = () =>
      Response.json({ error: 'Your editor sign-in has ended: sign in with GitHub again.' }, { status: 401 });
    const p = page([ended]);
    p.kept.signedIn('ghu_1', 28800);
    p.later(9 * HOUR);
    const answer = await p.decapCalls('ghu_1');
    expect(answer.status).toBe(401);
    expect(p.github()).toEqual(['token ghu_1']);
    expect(p.store.has(KEY)).toBe(false);
    // Nothing kept: the next call goes as Decap sends it, without asking the worker again.
    await p.decapCalls('ghu_1');
    expect(p.renewals()).toBe(1);
  });

  it('a token signed in before the keeper knew of it goes as Decap sends it', async () => {
    const p = page();
    p.valid.add('ghu_old');
    expect((await p.decapCalls('ghu_old')).status).toBe(200);
    expect(p.renewals()).toBe(0);
  });
});
