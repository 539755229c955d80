import { TRIGGER_KEY } from '../lib/protocol';
import type { Strategy } from './types';

const WARM = ['pointerover', 'touchstart', 'focusin'];

/**
 * On the first click in the island, or on an element anywhere on the page matching its
 * `data-trigger` selector (the buttons that open the dialogs): the early script wakes it then.
 * Hovering, touching or focusing starts the download before.
 */
export const interaction: Strategy = (host, _start, prefetch) => {
  const selector = host.dataset[TRIGGER_KEY];
  const warm = (e: Event) => {
    const t = e.target;
    if (!(t instanceof Element && (host.contains(t) || (selector && t.closest(selector))))) return;
    for (const type of WARM) removeEventListener(type, warm, true);
    prefetch();
  };
  for (const type of WARM) addEventListener(type, warm, { capture: true, passive: true });
};
