// Mounts an island on prerendered markup the way the runtime does, inside act() so effects run.
// Roots are unmounted after each test (setup.ts), so no island outlives its test.
import { act } from '@testing-library/react';

const mounted: { unmount(): void }[] = [];

export async function mountIsland<P>(
  html: string,
  entry: (host: HTMLElement, props: P, trigger?: Element) => unknown,
  props: P,
  trigger?: Element | string,
): Promise<HTMLElement> {
  document.body.innerHTML = html;
  const host = document.querySelector<HTMLElement>('[data-island]')!;
  const from = typeof trigger === 'string' ? document.querySelector(trigger)! : trigger;
  await act(async () => {
    const root = entry(host, props, from) as { unmount?: () => void } | undefined;
    if (root?.unmount) mounted.push(root as { unmount(): void });
  });
  return host;
}

export function unmountIslands() {
  act(() => mounted.splice(0).forEach((r) => r.unmount()));
}
