// Mounts an island on prerendered markup the way the runtime does, inside act() so effects run.
import { act } from '@testing-library/react';

export async function mountIsland<P>(
  html: string,
  entry: (host: HTMLElement, props: P, trigger?: Element) => void,
  props: P,
  trigger?: Element,
): Promise<HTMLElement> {
  document.body.innerHTML = html;
  const host = document.querySelector<HTMLElement>('[data-island]')!;
  await act(async () => entry(host, props, trigger));
  return host;
}
