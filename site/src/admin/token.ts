// The editor's GitHub token lasts 8 hours (a GitHub App's user token); the worker renews it with
// the refresh token it keeps in an HttpOnly cookie (lib/api.ts: renewEditorToken). Decap keeps the
// token it was handed at sign-in and sends it with every call to GitHub's API, so the keeper
// stands between Decap and `fetch`: each call to the API goes with the current token, renewed
// shortly before it ends, or once after GitHub answers 401. A refresh token serves once, so the
// editor's tabs take turns (a Web Lock) and read what another tab renewed before renewing it again.
import { ApiError, renewEditorToken, type Renewed } from '../lib/api';

/** Where the keeper keeps the token and when it ends: {"token", "expiresAt"} (ms since 1970). */
export const KEY = 'jax-editor-token';
/** Decap's signed-in user, whose token a reload starts with. */
export const DECAP_USER = 'decap-cms-user';
/** GitHub's API, as the editor's Content-Security-Policy allows it. */
export const GITHUB_API = 'https://api.github.com/';
/** A token this close to its end is renewed before it is sent. */
export const MARGIN_MS = 5 * 60_000;

interface Held {
  token: string;
  expiresAt: number;
}

export interface Deps {
  fetch: typeof fetch;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  now: () => number;
  /** Runs `task` while no other tab of the editor runs one. */
  exclusive: <T>(task: () => Promise<T>) => Promise<T>;
}

export interface Keeper {
  /** A sign-in's token and the seconds it lasts. */
  signedIn(token: string, seconds: number): void;
  /** `fetch`, with the current token on every call to GitHub's API. */
  fetch: typeof fetch;
}

export function keeper(api: string, deps: Deps): Keeper {
  const read = (): Held | null => {
    try {
      const held = JSON.parse(deps.storage.getItem(KEY) ?? 'null') as Partial<Held> | null;
      return typeof held?.token === 'string' && typeof held.expiresAt === 'number' ? (held as Held) : null;
    } catch {
      return null;
    }
  };
  const keep = (held: Held | null): void => {
    if (!held) {
      deps.storage.removeItem(KEY);
      return;
    }
    deps.storage.setItem(KEY, JSON.stringify(held));
    try {
      const user = JSON.parse(deps.storage.getItem(DECAP_USER) ?? 'null') as Record<string, unknown> | null;
      if (user && typeof user === 'object')
        deps.storage.setItem(DECAP_USER, JSON.stringify({ ...user, token: held.token }));
    } catch {
      // Decap's own record is Decap's: one it cannot read is left as it is.
    }
  };
  const signedIn = (token: string, seconds: number): void => keep({ token, expiresAt: deps.now() + seconds * 1000 });
  const usable = (held: Held | null, refused?: string): held is Held =>
    !!held && held.token !== refused && held.expiresAt - deps.now() > MARGIN_MS;

  /** The token to send (renewed first when it is about to end, or is `refused`, which GitHub
   * refused), or null when there is none to give. */
  const current = async (refused?: string): Promise<string | null> => {
    const held = read();
    if (!held) return null;
    if (usable(held, refused)) return held.token;
    return deps.exclusive(async () => {
      const now = read();
      if (!now) return null;
      if (usable(now, refused)) return now.token;
      let renewed: Renewed | null;
      try {
        renewed = await renewEditorToken(deps.fetch);
      } catch (error) {
        // The sign-in has ended (401) or the account may no longer edit (403): Decap's next call
        // is refused by GitHub and it asks her to sign in again. Offline, GitHub's own answer
        // will say so.
        if (error instanceof ApiError && (error.status === 401 || error.status === 403)) keep(null);
        return null;
      }
      if (!renewed) return null;
      signedIn(renewed.token, renewed.expires_in);
      return renewed.token;
    });
  };

  const wrapped: typeof fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!url.startsWith(api)) return deps.fetch(input, init);
    const request = new Request(input, init);
    const header = request.headers.get('Authorization') ?? '';
    const sent = /^(?:token|bearer) (\S+)$/i.exec(header)?.[1];
    if (!sent) return deps.fetch(request);
    const withToken = (token: string): Request => {
      const copy = request.clone();
      copy.headers.set('Authorization', header.replace(sent, token));
      return copy;
    };
    const token = (await current()) ?? sent;
    const answer = await deps.fetch(withToken(token));
    if (answer.status !== 401) return answer;
    const renewed = await current(token);
    return renewed ? deps.fetch(withToken(renewed)) : answer;
  };

  return { signedIn, fetch: wrapped };
}

/** The keeper on this page: between Decap and `fetch`, listening for the sign-in window's token. */
export function keepToken(win: Window & typeof globalThis): Keeper {
  const fetch = win.fetch.bind(win);
  const locks = win.navigator.locks;
  const kept = keeper(GITHUB_API, {
    fetch,
    storage: win.localStorage,
    now: () => Date.now(),
    exclusive: <T>(task: () => Promise<T>) => (locks ? (locks.request(KEY, task) as Promise<T>) : task()),
  });
  win.fetch = kept.fetch;
  win.addEventListener('message', (e) => {
    if (e.origin !== win.location.origin) return;
    const json = /^authorization:github:success:(.+)$/.exec(String(e.data))?.[1];
    if (!json) return;
    try {
      const { token, expires_in } = JSON.parse(json) as { token?: unknown; expires_in?: unknown };
      if (typeof token === 'string' && typeof expires_in === 'number') kept.signedIn(token, expires_in);
    } catch {
      // Not the worker's message: Decap reads it (or refuses it) on its own.
    }
  });
  return kept;
}
