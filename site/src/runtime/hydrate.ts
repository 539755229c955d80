import type { IslandEntry } from './types';

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

/** Load the island's bundle and run it on its host with the props serialized in the page. */
export async function hydrate(host: HTMLElement, trigger?: Element) {
  if (host.dataset.hydrated) return;
  host.dataset.hydrated = 'pending';
  try {
    const props = JSON.parse(host.querySelector(':scope > script[data-props]')?.textContent || '{}');
    const { default: mount } = await load(host);
    mount(host, props, trigger);
    host.dataset.hydrated = 'true';
  } catch (error) {
    // The prerendered page keeps working without the island.
    delete host.dataset.hydrated;
    modules.delete(host.dataset.src!);
    console.error(`island ${host.dataset.island} failed to start`, error);
  }
}
