import { prefetch } from './hydrate';
import type { Strategy } from './types';

/**
 * On the first click in the island, or on an element anywhere on the page matching its
 * `data-trigger` selector (the buttons that open the dialogs). The click is handed to the island
 * as `trigger`; a `data-trigger` click is held back (its href is the no-JavaScript fallback).
 * Hovering, touching or focusing starts the download early.
 */
export const interaction: Strategy = (host, start) => {
  const selector = host.dataset.trigger;
  const matches = (t: EventTarget | null): Element | undefined => {
    if (!(t instanceof Element)) return undefined;
    const trigger = selector ? t.closest(selector) : null;
    return trigger ?? (host.contains(t) ? t : undefined);
  };
  const warm = (e: Event) => {
    if (matches(e.target)) prefetch(host);
  };
  const click = (e: MouseEvent) => {
    const trigger = matches(e.target);
    if (!trigger) return;
    if (selector && trigger.matches(selector)) e.preventDefault();
    for (const [type, fn] of listeners) document.removeEventListener(type, fn, true);
    start(trigger);
  };
  const listeners: [string, EventListener][] = [
    ['pointerover', warm],
    ['touchstart', warm],
    ['focusin', warm],
    ['click', click as EventListener],
  ];
  for (const [type, fn] of listeners) document.addEventListener(type, fn, { capture: true, passive: type !== 'click' });
};
