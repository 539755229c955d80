import type { Strategy } from './types';

/** When the island enters the viewport, then at the next idle moment (so scrolling stays smooth
 * and the page's first seconds stay free of framework work). */
export const visible: Strategy = (host, start) => {
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((e) => e.isIntersecting)) return;
    observer.disconnect();
    if ('requestIdleCallback' in window) requestIdleCallback(() => start(), { timeout: 1000 });
    else setTimeout(start, 50);
  });
  observer.observe(host);
};
