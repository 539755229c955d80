import type { Strategy } from './types';

/** At once. */
export const load: Strategy = (_host, start) => start();
