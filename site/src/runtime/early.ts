// Inlined into the <head> of every page with islands (the generator adds its hash to the CSP), so
// it runs before anything can be tapped. It holds what a visitor does in an island that is not
// live yet and asks the runtime (./main.ts) to wake that island at once; the runtime hands the
// held events to the island, in order, once it is live (./hydrate.ts).
//
// - Held, default prevented: clicks on an island's controls (buttons, tabs, submit buttons, and
//   its `data-trigger` elements anywhere on the page, e.g. the dialog openers), Space (and, on a
//   tab, the arrow keys) on link-based controls, form submits.
// - Held, not prevented: change and input (the page already shows their effect; the island also
//   reads that state when it wakes).
// - Left alone: plain links (they navigate), native toggles (popover buttons, labels, checkboxes,
//   file pickers: the island reads the state they leave), clicks with a modifier key.
import type { HeldEvents } from './types';

// A block of its own: as a classic script its names would otherwise be globals.
(() => {
  const CONTROLS = 'button:not([popovertarget]),[role=button],[role=tab],input[type=submit],input[type=button],input[type=image]';
  const TAB_KEYS = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'];
  const queue: HeldEvents = (window.__islands = { held: [], replaying: false });

  /** The island an event belongs to, and the control it acted on. */
  function owner(target: Element): [HTMLElement, Element | null] | undefined {
    for (const host of document.querySelectorAll<HTMLElement>('[data-trigger][data-src]')) {
      const trigger = target.closest(host.dataset.trigger!);
      if (trigger) return [host, trigger];
    }
    const host = target.closest<HTMLElement>('[data-island][data-src]');
    const control = host && target.closest(CONTROLS);
    return host ? [host, control && host.contains(control) ? control : null] : undefined;
  }

  function listen(e: Event) {
    const target = e.target;
    if (queue.replaying || !(target instanceof Element)) return;
    const found = owner(target);
    if (!found || found[0].dataset.hydrated == 'true') return;
    const [host, control] = found;
    let hold: boolean;
    if (e.type == 'click') {
      const m = e as MouseEvent;
      hold = !!control && !(m.button || m.ctrlKey || m.metaKey || m.shiftKey || m.altKey);
    } else if (e.type == 'keydown') {
      // Native buttons turn Enter and Space into clicks, and links turn Enter into one.
      const key = (e as KeyboardEvent).key;
      hold = !!control && !control.matches('button,input') && (key == ' ' || (control.getAttribute('role') == 'tab' && TAB_KEYS.includes(key)));
    } else hold = true;
    if (!hold) return;
    if (e.type != 'change' && e.type != 'input') e.preventDefault();
    queue.held.push({ host, event: e });
    queue.wake?.(host);
  }

  for (const type of ['click', 'keydown', 'submit', 'change', 'input']) addEventListener(type, listen, true);
})();
