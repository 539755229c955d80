import type { Strategy } from './types';
import { whenIdle } from './when-idle';

/** When the main thread is idle after the page has loaded (never delaying first paint). */
export const idle: Strategy = (_host, start) => {
  const after = () => whenIdle(start, 4000);
  if (document.readyState == 'complete') after();
  else addEventListener('load', after, { once: true });
};
