// A smooth scroll to a section of the next page: the seed's 'Explore More' goes home, then scrolls
// to #neighborhoods after 100 ms. The islands' early script performs it on arrival (it runs on
// every page with islands).

import { scrollToSection } from './scroll-to-section';

const KEY = 'jax:scroll-to';
export const PENDING_SCROLL_MS = 100;

export function scrollAfterNavigation(id: string) {
  try {
    sessionStorage.setItem(KEY, id);
  } catch {
    // Storage blocked: the page opens at the top instead.
  }
}

/** On arrival: scroll to the section asked for by the previous page, if any. */
export function performPendingScroll() {
  let id: string | null = null;
  try {
    id = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
  } catch {
    return;
  }
  if (!id) return;
  setTimeout(() => {
    const target = document.getElementById(id);
    if (target) scrollToSection(target);
  }, PENDING_SCROLL_MS);
}
