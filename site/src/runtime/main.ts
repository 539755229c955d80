// The island runtime, fetched by the early script (./early.ts) when the first island wakes (no
// React): it loads the island's bundle, runs it on its host with the props serialized in the page
// and, once it is live, has the early script hand it what the visitor did meanwhile.
import { ISLAND_KEY, PROPS, SRC_KEY } from '../lib/protocol';
import type { HeldEvents, IslandEntry } from './types';

const modules = new Map<string, Promise<{ default: IslandEntry }>>();

function load(host: HTMLElement) {
  const src = host.dataset[SRC_KEY]!;
  if (!modules.has(src)) modules.set(src, import(/* @vite-ignore */ src) as Promise<{ default: IslandEntry }>);
  return modules.get(src)!;
}

/** Start downloading an island's bundle without running it. */
export function prefetch(host: HTMLElement) {
  void load(host).catch(() => modules.delete(host.dataset[SRC_KEY]!));
}

export async function hydrate(host: HTMLElement) {
  if (host.dataset.hydrated) return;
  host.dataset.hydrated = 'pending';
  try {
    const props: unknown = JSON.parse(host.querySelector(`:scope > script[${PROPS}]`)?.textContent || '{}');
    const { default: mount } = await load(host);
    await mount(host, props);
    host.dataset.hydrated = 'true';
  } catch (error) {
    // The prerendered page keeps working without the island: the held events get their native
    // behaviour (a link navigates, a form posts), and the next interaction tries again.
    delete host.dataset.hydrated;
    modules.delete(host.dataset[SRC_KEY]!);
    console.error(`island ${host.dataset[ISLAND_KEY]} failed to start`, error);
  }
  (window.__islands as HeldEvents).release(host);
}
