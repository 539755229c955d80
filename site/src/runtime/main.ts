// The island runtime, linked by every page that has islands (a few hundred bytes, no React).
// Each mount point `[data-island][data-src]` names its bundle and when to hydrate it; the
// strategy decides when, `hydrate` loads the bundle and hands it the serialized props.
import { performPendingScroll } from '../lib/pending-scroll';
import { hydrate } from './hydrate';
import { idle } from './idle';
import { interaction } from './interaction';
import { load } from './load';
import { visible } from './visible';
import type { Strategy } from './types';

const strategies: Record<string, Strategy> = { load, idle, visible, interaction };

// 'Explore More' on a neighborhood page asks the home page to scroll to a section on arrival.
performPendingScroll();

for (const host of document.querySelectorAll<HTMLElement>('[data-island][data-src]')) {
  const strategy = strategies[host.dataset.hydrate ?? 'load'] ?? load;
  strategy(host, (trigger) => hydrate(host, trigger));
}
