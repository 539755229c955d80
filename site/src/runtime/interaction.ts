import { prefetch } from './hydrate';
import type { Strategy } from './types';

/**
 * On the first interaction with the island, or with an element anywhere on the page matching
 * its `data-trigger` selector (the buttons that open the dialogs). A trigger's click is held
 * back (its href is the no-JavaScript fallback) and handed to the island once it runs. Hovering
 * or focusing a trigger starts the download early.
 */
export const interaction: Strategy = (host, start) => {
  const selector = host.dataset.trigger;
  const matches = (t: EventTarget | null): Element | undefined => {
    if (!(t instanceof Element)) return undefined;
    if (selector) {
      const trigger = t.closest(selector);
      if (trigger) return trigger;
    }
    return host.contains(t) ? t : undefined;
  };
  const warm = (e: Event) => {
    if (matches(e.target)) prefetch(host);
  };
  const go = (e: Event) => {
    const trigger = matches(e.target);
    if (!trigger) return;
    if (e.type === 'click' && selector && trigger.matches(selector)) e.preventDefault();
    if (e.type !== 'click' && !host.contains(trigger)) return;
    for (const [type, fn] of listeners) document.removeEventListener(type, fn, true);
    start(trigger);
  };
  const listeners: [string, (e: Event) => void][] = [
    ['pointerover', warm],
    ['focusin', warm],
    ['touchstart', warm],
    ['click', go],
    ['focusin', go],
  ];
  for (const [type, fn] of listeners) document.addEventListener(type, fn, { capture: true, passive: type !== 'click' });
};
