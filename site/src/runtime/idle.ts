import type { Strategy } from './types';

/** When the main thread is idle after the page has loaded (never delaying first paint). */
export const idle: Strategy = (_host, start) => {
  const whenIdle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(() => start(), { timeout: 4000 }) : setTimeout(start, 200);
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
};
