import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import cases from '../../../spec/cases/bot_check_actions.json';
import { botCheckAction, resetBotCheck, startBotCheck } from './bot-check';

const api = {
  bot_check: '/api/bot-check',
  bot_check_script: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
};
let gets: string[];
let siteKey: string | null;

beforeEach(() => {
  resetBotCheck();
  gets = [];
  siteKey = 'site-key';
  vi.stubGlobal('fetch', (url: string) => {
    gets.push(url);
    return Promise.resolve(
      new Response(JSON.stringify({ site_key: siteKey }), { headers: { 'Content-Type': 'application/json' } }),
    );
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  delete window.turnstile;
  document.head.querySelectorAll('script').forEach((s) => s.remove());
});

/** Turnstile as its script would define it; `give` plays its callbacks. */
function fakeTurnstile() {
  const rendered: { el: HTMLElement; options: Record<string, unknown> }[] = [];
  const widget = {
    render: vi.fn((el: HTMLElement, options: Record<string, unknown>) => (rendered.push({ el, options }), 'w1')),
    reset: vi.fn(),
    remove: vi.fn(),
  };
  const callback =
    (name: string) =>
    (...args: unknown[]) =>
      (rendered.at(-1)!.options[name] as (...a: unknown[]) => void)(...args);
  return { widget, rendered, give: callback('callback'), fail: callback('error-callback') };
}

async function scriptLoaded(t: ReturnType<typeof fakeTurnstile> | null) {
  await vi.waitFor(() => expect(document.head.querySelector('script')).not.toBeNull());
  const script = document.head.querySelector('script')!;
  expect(script.src).toBe(api.bot_check_script);
  if (t) window.turnstile = t.widget;
  script.dispatchEvent(new Event(t ? 'load' : 'error'));
}

describe('the bot check', () => {
  it('while off (no site key) loads nothing and gives no token', async () => {
    siteKey = null;
    const check = startBotCheck(document.createElement('div'), api, '/api/contact');
    expect(await check.token()).toBeUndefined();
    expect(document.head.querySelector('script')).toBeNull();
    expect(gets).toEqual(['/api/bot-check']);
  });

  it('when on, renders the widget with the site key; posts get its token, and a new one after renew', async () => {
    const t = fakeTurnstile();
    const el = document.createElement('div');
    const check = startBotCheck(el, api, '/api/concierge/documents');
    await scriptLoaded(t);
    await vi.waitFor(() => expect(t.widget.render).toHaveBeenCalled());
    expect(t.rendered[0].el).toBe(el);
    expect(t.rendered[0].options).toMatchObject({
      sitekey: 'site-key',
      action: 'concierge',
      appearance: 'interaction-only',
    });
    // A post made before the token came waits for it.
    const first = check.token();
    t.give('tok-1');
    expect(await first).toBe('tok-1');
    expect(await check.token()).toBe('tok-1');
    check.renew();
    expect(t.widget.reset).toHaveBeenCalledWith('w1');
    const second = check.token();
    t.give('tok-2');
    expect(await second).toBe('tok-2');
    check.stop();
    expect(t.widget.remove).toHaveBeenCalledWith('w1');
  });

  it('asks the worker once per page, and loads the script once', async () => {
    const t = fakeTurnstile();
    startBotCheck(document.createElement('div'), api, '/api/contact');
    startBotCheck(document.createElement('div'), api, '/api/contact');
    await scriptLoaded(t);
    await vi.waitFor(() => expect(t.widget.render).toHaveBeenCalledTimes(2));
    expect(gets).toHaveLength(1);
    expect(document.head.querySelectorAll('script')).toHaveLength(1);
  });

  it("a script that cannot load, or a widget's error, gives no token rather than hang (the worker then says why)", async () => {
    const blocked = startBotCheck(document.createElement('div'), api, '/api/contact');
    await scriptLoaded(null);
    expect(await blocked.token()).toBeUndefined();
    // The next form tries the script again.
    const t = fakeTurnstile();
    const check = startBotCheck(document.createElement('div'), api, '/api/contact');
    await scriptLoaded(t);
    await vi.waitFor(() => expect(t.widget.render).toHaveBeenCalled());
    const pending = check.token();
    t.fail();
    expect(await pending).toBeUndefined();
  });
});

describe('the widget’s action mirrors the worker’s', () => {
  for (const { path, action } of cases)
    it(`${path} → ${action}`, () => expect(botCheckAction(path) ?? null).toBe(action));
});
