import { describe, expect, it } from 'vitest';
import { LOCAL_PROXY } from '../lib/editor';
import { forHere } from './main';

describe('the editor edits the files on disk only when served from this machine', () => {
  const config = { backend: { name: 'github', repo: 'owner/site' }, publish_mode: 'editorial_workflow' };

  it.each(['127.0.0.1', 'localhost'])('on %s: decap-server, no account', (host) => {
    expect(forHere(config, host)).toMatchObject({ backend: { name: 'proxy', proxy_url: LOCAL_PROXY } });
    expect(forHere(config, host).publish_mode).toBeUndefined();
  });

  it('anywhere else: the git host, as configured', () => {
    expect(forHere(config, 'movetojax.com')).toBe(config);
  });

  it('anywhere else without a git host configured: no backend, so the page says it is not set up', () => {
    expect(forHere({ collections: [] }, 'movetojax.com').backend).toBeUndefined();
    expect(forHere({ collections: [] }, '127.0.0.1').backend).toBeDefined();
  });
});
