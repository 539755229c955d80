import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetBotCheck } from '../lib/bot-check';
import type { CheckedFormProps } from '../lib/props';
import checkedForm from './checked-form';

const props = {
  api: {
    bot_check: '/api/bot-check',
    bot_check_field: 'cf-turnstile-response',
    bot_check_script: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
  },
} as CheckedFormProps;
let host: HTMLElement;
let form: HTMLFormElement;
let posted: FormData[];
let siteKey: string | null;

beforeEach(() => {
  resetBotCheck();
  siteKey = 'site-key';
  vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify({ site_key: siteKey }))));
  document.body.innerHTML = `<div data-island="checked-form"><form method="post" action="/api/contact"><input name="name" value="Ana"><button type="submit">Send Message</button></form></div>`;
  host = document.querySelector('[data-island]')!;
  form = host.querySelector('form')!;
  posted = [];
  form.submit = () => void posted.push(new FormData(form));
});
afterEach(() => {
  vi.unstubAllGlobals();
  delete window.turnstile;
  document.head.querySelectorAll('script').forEach((s) => s.remove());
});

const submit = () => form.dispatchEvent(new SubmitEvent('submit', { cancelable: true }));

describe('the checked form', () => {
  it("posts as is, with the check's token in a hidden field, once however often it is tapped", async () => {
    let give!: (token: string) => void;
    checkedForm(host, props);
    await vi.waitFor(() => expect(document.head.querySelector('script')).not.toBeNull());
    const reset = vi.fn();
    window.turnstile = { render: (_el, o) => ((give = o.callback), 'w'), reset, remove: vi.fn() };
    document.head.querySelector('script')!.dispatchEvent(new Event('load'));
    await vi.waitFor(() => expect(give).toBeDefined());
    expect(form.querySelector('.bot-check')?.nextElementSibling?.textContent).toBe('Send Message');
    const first = submit();
    submit();
    expect(first).toBe(false); // held until the token is in
    give('token-1');
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0].get('cf-turnstile-response')).toBe('token-1');
    expect(posted[0].get('name')).toBe('Ana');
    expect(reset).toHaveBeenCalledWith('w');
  });

  it('while the check is off, posts as is without a token', async () => {
    siteKey = null;
    checkedForm(host, props);
    submit();
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0].has('cf-turnstile-response')).toBe(false);
  });
});
