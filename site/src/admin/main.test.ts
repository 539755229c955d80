import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STATUS, LOCAL_PROXY } from '../lib/editor';
import { forHere, signInOn } from './main';

describe('the editor edits the files on disk only when served from this machine', () => {
  const config = { backend: { name: 'github', repo: 'owner/site' }, publish_mode: 'editorial_workflow' };

  const at = (hostname: string) => ({ hostname, origin: `https://${hostname}` });

  it.each(['127.0.0.1', 'localhost'])('on %s: decap-server, no account', (host) => {
    expect(forHere(config, at(host))).toMatchObject({ backend: { name: 'proxy', proxy_url: LOCAL_PROXY } });
    expect(forHere(config, at(host)).publish_mode).toBeUndefined();
  });

  it('anywhere else: the git host as configured, signed in through the origin the page is on', () => {
    expect(forHere(config, at('pr-7-move-to-jax.example.workers.dev'))).toEqual({
      ...config,
      backend: { ...config.backend, base_url: 'https://pr-7-move-to-jax.example.workers.dev' },
    });
  });

  it('anywhere else without a git host configured: no backend, so the page says it is not set up', () => {
    expect(forHere({ collections: [] }, at('movetojax.com')).backend).toBeUndefined();
    expect(forHere({ collections: [] }, at('127.0.0.1')).backend).toBeDefined();
  });
});

describe("away from this machine the editor asks the worker whether its GitHub sign-in is on", () => {
  afterEach(() => vi.unstubAllGlobals());
  const answering = (answer: () => Promise<Response>) => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', (url: string) => (asked.push(url), answer()));
    return asked;
  };

  it('on only when the worker says so', async () => {
    const asked = answering(() => Promise.resolve(Response.json({ sign_in: true })));
    expect(await signInOn()).toBe(true);
    expect(asked).toEqual([AUTH_STATUS]);
    answering(() => Promise.resolve(Response.json({ sign_in: false })));
    expect(await signInOn()).toBe(false);
  });

  it("off when the answer is not the worker's (an error page, no network)", async () => {
    answering(() => Promise.resolve(new Response('<html>', { status: 503 })));
    expect(await signInOn()).toBe(false);
    answering(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await signInOn()).toBe(false);
  });
});
