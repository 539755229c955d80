// The island runtime, linked by every page that has islands (about a kilobyte, no React).
// Each mount point `[data-island][data-src]` names its bundle and when to hydrate it; the
// strategy decides when, `hydrate` loads the bundle and hands it the serialized props. An island
// the visitor acts on before its time wakes at once (./early.ts held what they did).
import { performPendingScroll } from '../lib/pending-scroll';
import { hydrate, prefetch, queue } from './hydrate';
import { idle } from './idle';
import { interaction } from './interaction';
import { load } from './load';
import { visible } from './visible';
import type { Strategy } from './types';

const strategies: Record<string, Strategy> = { load, idle, visible, interaction };

// 'Explore More' on a neighborhood page asks the home page to scroll to a section on arrival.
performPendingScroll();

queue.wake = hydrate;
for (const { host } of queue.held) void hydrate(host);

for (const host of document.querySelectorAll<HTMLElement>('[data-island][data-src]')) {
  // Controls that open a dialog stay links without JavaScript; with it they are buttons.
  if (host.dataset.triggerPopup) {
    for (const el of document.querySelectorAll(host.dataset.trigger!)) {
      el.setAttribute('role', 'button');
      el.setAttribute('aria-haspopup', host.dataset.triggerPopup);
    }
  }
  const strategy = strategies[host.dataset.hydrate ?? 'load'] ?? load;
  strategy(host, () => void hydrate(host), () => prefetch(host));
}
