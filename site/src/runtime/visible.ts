import type { Strategy } from './types';

/** When the island comes near the viewport. */
export const visible: Strategy = (host, start) => {
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        observer.disconnect();
        start();
      }
    },
    { rootMargin: '200px' },
  );
  observer.observe(host);
};
