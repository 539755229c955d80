import { describe, expect, it } from 'vitest';
import { LOCAL_PROXY } from '../lib/editor';
import { forHere } from './main';

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
