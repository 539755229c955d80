// The early script and the runtime together: what a visitor does before an island is live is
// held (the default prevented where it would navigate or submit) and handed to the island, in
// order, once it is; an island that fails to load lets it happen as without JavaScript.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { received } from '../test/fake-island';
import './early';
import { hydrate } from './main';
import type { HeldEvents } from './types';

const queue = window.__islands as HeldEvents;

const page = (src = '/src/test/fake-island.ts') => `
<div data-island="x" data-src="${src}">
  <button id="go" type="button">Go</button>
  <a id="tab" role="tab" href="#tab-panel">Tab</a>
  <a id="plain" href="#plain-target">Plain link</a>
  <button id="pop" popovertarget="panel">Open</button><div id="panel" popover>Panel</div>
  <form id="form"><input type="file" id="file" name="file"><input type="checkbox" id="box" name="box">
  <button id="send" type="submit">Send</button></form>
</div>
<div data-island="dialogs" data-src="${src}" data-trigger="[data-open]"></div>
<a id="opener" href="#contact" data-open="contact">Contact</a>
<script data-runtime="/src/runtime/main.ts"></script>`;

const click = (id: string, init: MouseEventInit = {}) => {
  const e = new MouseEvent('click', { bubbles: true, cancelable: true, ...init });
  document.getElementById(id)!.dispatchEvent(e);
  return e;
};
const key = (id: string, k: string) => {
  const e = new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true });
  document.getElementById(id)!.dispatchEvent(e);
  return e;
};
const heldFor = (island: string) =>
  queue.held
    .filter((h) => h.host.dataset.island === island)
    .map((h) => `${h.event.type} ${(h.event.target as Element).id}`);

beforeEach(() => {
  document.body.innerHTML = page();
  queue.held = [];
  received.length = 0;
});
afterEach(() => vi.restoreAllMocks());

describe('before an island is live', () => {
  it('holds clicks on its controls and submits, default prevented, and changes as they are', () => {
    expect(click('go').defaultPrevented).toBe(true);
    expect(click('tab').defaultPrevented).toBe(true);
    expect(click('send').defaultPrevented).toBe(true);
    const change = new Event('change', { bubbles: true, cancelable: true });
    document.getElementById('file')!.dispatchEvent(change);
    expect(change.defaultPrevented).toBe(false);
    expect(heldFor('x')).toEqual(['click go', 'click tab', 'click send', 'change file']);
  });

  it('holds Space and, on a tab, the arrow keys on link controls; Enter and native buttons click by themselves', () => {
    expect(key('tab', ' ').defaultPrevented).toBe(true);
    expect(key('tab', 'ArrowRight').defaultPrevented).toBe(true);
    expect(key('tab', 'Enter').defaultPrevented).toBe(false);
    expect(key('go', ' ').defaultPrevented).toBe(false);
    expect(key('opener', ' ').defaultPrevented).toBe(true);
    expect(key('opener', 'ArrowDown').defaultPrevented).toBe(false);
    expect(heldFor('x')).toEqual(['keydown tab', 'keydown tab']);
    expect(heldFor('dialogs')).toEqual(['keydown opener']);
  });

  it('leaves plain links, native toggles and clicks with a modifier alone', () => {
    for (const id of ['plain', 'pop', 'box', 'file']) expect(click(id).defaultPrevented, id).toBe(false);
    expect(click('go', { ctrlKey: true }).defaultPrevented).toBe(false);
    expect(click('go', { button: 1 }).defaultPrevented).toBe(false);
    // The checkbox's own events pass as they are (the island reads its state when it wakes).
    expect(heldFor('x')).toEqual(['input box', 'change box']);
  });

  it('holds a trigger anywhere on the page for the island it opens, and wakes that island at once', async () => {
    expect(click('opener').defaultPrevented).toBe(true);
    expect(heldFor('dialogs')).toEqual(['click opener']);
    // The runtime (named by data-runtime) is fetched, the island mounted, the click handed over.
    const host = document.querySelector<HTMLElement>('[data-island="dialogs"]')!;
    await vi.waitFor(() => expect(host.dataset.hydrated).toBe('true'));
    expect(queue.held).toEqual([]);
  });

  it('any click in an island wakes it, held or not', async () => {
    const host = document.querySelector<HTMLElement>('[data-island="x"]')!;
    click('plain');
    await vi.waitFor(() => expect(host.dataset.hydrated).toBe('true'));
  });

  it('holds nothing for an island that is live, or not built', () => {
    document.querySelector<HTMLElement>('[data-island="x"]')!.dataset.hydrated = 'true';
    expect(click('go').defaultPrevented).toBe(false);
    document.querySelector<HTMLElement>('[data-island="x"]')!.removeAttribute('data-src');
    delete document.querySelector<HTMLElement>('[data-island="x"]')!.dataset.hydrated;
    expect(click('go').defaultPrevented).toBe(false);
    expect(queue.held).toEqual([]);
  });
});

describe('once it is live', () => {
  it('hands the island what was held, in order, and nothing is held after', async () => {
    click('tab');
    key('tab', ' ');
    click('go');
    document.getElementById('file')!.dispatchEvent(new Event('change', { bubbles: true }));
    click('send');
    const host = document.querySelector<HTMLElement>('[data-island="x"]')!;
    const live = hydrate(host);
    expect(host.dataset.hydrated).toBe('pending');
    // Acted on while it loads: held as well.
    click('go');
    await live;
    expect(host.dataset.hydrated).toBe('true');
    // The submit button's click submits the form, as it would have.
    expect(received).toEqual([
      'click tab',
      'keydown Space tab',
      'click go',
      'change file',
      'click send',
      'submit form',
      'click go',
    ]);
    expect(queue.held).toEqual([]);
    click('go');
    expect(received.at(-1)).toBe('click go');
  });

  it('an island that fails to load lets the held events do what they do without it, and is tried again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    document.body.innerHTML = page('/src/test/no-such-island.ts');
    const seen: string[] = [];
    document.addEventListener('click', (e) => seen.push(`${(e.target as Element).id} ${e.defaultPrevented}`));
    click('opener');
    const host = document.querySelector<HTMLElement>('[data-island="dialogs"]')!;
    await hydrate(host);
    expect(console.error).toHaveBeenCalledWith('island dialogs failed to start', expect.anything());
    // The click came back, not held again: the link leads to the contact form as without JavaScript.
    expect(seen).toEqual(['opener true', 'opener false']);
    expect(queue.held).toEqual([]);
    expect(host.dataset.hydrated).toBeUndefined();
    // The next click is held again and the island tried again (failing again, and released).
    expect(click('opener').defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(seen).toEqual(['opener true', 'opener false', 'opener true', 'opener false']));
  });
});
