import type { HeldEvents, IslandEntry } from './types';

const modules = new Map<string, Promise<{ default: IslandEntry }>>();

function load(host: HTMLElement) {
  const src = host.dataset.src!;
  if (!modules.has(src)) modules.set(src, import(/* @vite-ignore */ src));
  return modules.get(src)!;
}

/** Start downloading an island's bundle without running it. */
export function prefetch(host: HTMLElement) {
  void load(host).catch(() => modules.delete(host.dataset.src!));
}

/** What the early script held (a page without it holds nothing). */
export const queue: HeldEvents = (window.__islands ??= { held: [], replaying: false });

/** Load the island's bundle, run it on its host with the props serialized in the page, and once
 * it is live hand it what the visitor did meanwhile. */
export async function hydrate(host: HTMLElement) {
  if (host.dataset.hydrated) return;
  host.dataset.hydrated = 'pending';
  try {
    const props = JSON.parse(host.querySelector(':scope > script[data-props]')?.textContent || '{}');
    const { default: mount } = await load(host);
    await mount(host, props);
    host.dataset.hydrated = 'true';
  } catch (error) {
    // The prerendered page keeps working without the island: the held events get their native
    // behaviour (a link navigates, a form posts), and the next interaction tries again.
    delete host.dataset.hydrated;
    modules.delete(host.dataset.src!);
    console.error(`island ${host.dataset.island} failed to start`, error);
  }
  release(host);
}

/** Dispatch the events held for `host` again, in order, as if they happened now. */
function release(host: HTMLElement) {
  const mine = queue.held.filter((h) => h.host === host);
  queue.held = queue.held.filter((h) => h.host !== host);
  for (const { event: e } of mine) {
    const target = e.target as Element;
    queue.replaying = true;
    try {
      if (e.type == 'submit') {
        const submitter = (e as SubmitEvent).submitter;
        (target as HTMLFormElement).requestSubmit(submitter?.isConnected ? submitter : undefined);
      } else if (e.type == 'click') target.dispatchEvent(new MouseEvent('click', e as MouseEvent));
      else if (e.type == 'keydown') target.dispatchEvent(new KeyboardEvent('keydown', e as KeyboardEvent));
      else target.dispatchEvent(new Event(e.type, { bubbles: true }));
    } catch (error) {
      console.error(error);
    } finally {
      queue.replaying = false;
    }
  }
}
