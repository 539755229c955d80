// Mounts an island on prerendered markup the way the runtime does, inside act() so effects run,
// and waits until it is live. `replay`: a selector whose element then gets the click the early
// script would hand over (one the visitor made while the island loaded); `prepare`: what the
// visitor did to the page before the island woke.
// Roots are unmounted after each test (setup.ts), so no island outlives its test.
import { act } from '@testing-library/react';
import { ISLAND } from '../lib/protocol';

const mounted: { unmount(): void }[] = [];

export async function mountIsland<P>(
  html: string,
  entry: (host: HTMLElement, props: P) => unknown,
  props: P,
  replay?: string,
  prepare?: () => Promise<void>,
): Promise<HTMLElement> {
  document.body.innerHTML = html;
  const host = document.querySelector<HTMLElement>(`[${ISLAND}]`)!;
  await prepare?.();
  // act() runs the effects once its callback is done: wait for the island to be live after it.
  let live: unknown;
  act(() => void (live = entry(host, props)));
  const root = (await live) as { unmount?: () => void } | undefined;
  if (root?.unmount) mounted.push(root as { unmount(): void });
  if (replay) {
    const target = document.querySelector(replay)!;
    act(() => void target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true })));
  }
  return host;
}

export function unmountIslands() {
  act(() => mounted.splice(0).forEach((r) => r.unmount()));
}
