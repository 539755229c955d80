import type { Strategy } from './types';

/**
 * On the first click in the island, or on an element anywhere on the page matching its
 * `data-trigger` selector (the buttons that open the dialogs); the early script holds that click
 * for the island. Hovering, touching or focusing starts the download early.
 */
export const interaction: Strategy = (host, start, prefetch) => {
  const selector = host.dataset.trigger;
  const matches = (t: EventTarget | null) =>
    t instanceof Element && (host.contains(t) || (!!selector && !!t.closest(selector)));
  const warm = (e: Event) => {
    if (matches(e.target)) prefetch();
  };
  const click = (e: Event) => {
    if (!matches(e.target)) return;
    for (const [type, fn] of listeners) document.removeEventListener(type, fn, true);
    start();
  };
  const listeners: [string, EventListener][] = [
    ['pointerover', warm],
    ['touchstart', warm],
    ['focusin', warm],
    ['click', click],
  ];
  for (const [type, fn] of listeners) document.addEventListener(type, fn, { capture: true, passive: true });
};
