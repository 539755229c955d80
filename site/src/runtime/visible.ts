import type { Strategy } from './types';
import { whenIdle } from './when-idle';

/** When the island enters the viewport, then at the next idle moment (so scrolling stays smooth
 * and the page's first seconds stay free of framework work). */
export const visible: Strategy = (host, start) => {
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((e) => e.isIntersecting)) return;
    observer.disconnect();
    whenIdle(start, 1000);
  });
  observer.observe(host);
};
