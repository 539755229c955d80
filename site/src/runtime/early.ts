// The islands' bootstrap, written into the <head> of every page with islands (the generator adds
// its hash to the CSP) so it runs before anything can be tapped; small (e2e/budget.spec.ts holds
// it to AT_LOAD_BUDGET), and the only script a page runs until an island wakes. It
// - starts each island when its strategy says (load, idle, visible, interaction), fetching the
//   runtime (./main.ts, named by this script's `data-runtime`) with the first one;
// - wakes an island at the first click in it, and holds what a visitor does in an island that is
//   not live yet: it wakes that island at once and hands the held events over, in order, when the
//   runtime says it is live (or failed: then they do what they do without JavaScript);
// - announces the controls that open a dialog as buttons (without JavaScript they are links);
// - performs the scroll 'Explore More' asked the home page for, and has the browser's own jumps
//   to a section aim with the sections' real heights (lib/scroll-to-section.ts).
//
// Held, default prevented: clicks on an island's controls (buttons, tabs, submit buttons, and its
// `data-trigger` elements anywhere on the page, e.g. the dialog openers), Space (and, on a tab, the
// arrow keys) on link-based controls, form submits. Held as they are: change and input (the page
// already shows their effect; the island also reads that state when it wakes). Left alone: plain
// links (they navigate), native toggles (popover buttons, labels, checkboxes, file pickers: the
// island reads the state they leave), clicks with a modifier key.
// The mount points' attributes and the strategies' names are the generator's (lib/protocol.ts).
import { performPendingScroll } from '../lib/pending-scroll';
import {
  HYDRATE_KEY,
  ISLAND,
  RUNTIME,
  RUNTIME_KEY,
  SRC,
  TRIGGER,
  TRIGGER_KEY,
  TRIGGER_POPUP_KEY,
  type Hydrate,
} from '../lib/protocol';
import { drawSectionsBeforeJumps } from '../lib/scroll-to-section';
import { idle } from './idle';
import { interaction } from './interaction';
import { load } from './load';
import type { HeldEvents, Runtime, Strategy } from './types';
import { visible } from './visible';

// The islands' markup has no <input type=submit|button>.
const CONTROLS = 'button:not([popovertarget]),[role=button],[role=tab]';
const TAB_KEYS = /^(Arrow|Home$|End$)/;
const strategies: Record<Hydrate, Strategy> = { load, idle, visible, interaction };
// The inline script as it runs (a unit test has none, and finds the attribute in the page).
const runtimeSrc = document.currentScript?.dataset[RUNTIME_KEY];
let runtime: Promise<Runtime> | undefined;
let replaying = false;

function withRuntime(then: (r: Runtime) => unknown, host: HTMLElement) {
  runtime ??= import(
    /* @vite-ignore */ runtimeSrc ?? document.querySelector<HTMLElement>(`[${RUNTIME}]`)!.dataset[RUNTIME_KEY]!
  );
  runtime.then(then, (error) => {
    runtime = undefined;
    console.error('the island runtime failed to load', error);
    queue.release(host);
  });
}
const wake = (host: HTMLElement) => withRuntime((r) => r.hydrate(host), host);

const queue: HeldEvents = (window.__islands = {
  held: [],
  release(host) {
    const mine = queue.held.filter((h) => h.host == host);
    queue.held = queue.held.filter((h) => h.host != host);
    for (const { event: e } of mine) {
      const target = e.target as Element;
      replaying = true;
      try {
        // A submit is asked for again (so a form posts as is if the island failed); anything else
        // is a copy of itself (MouseEvent, KeyboardEvent… take the event as their init).
        if (e.type == 'submit') {
          const submitter = (e as SubmitEvent).submitter;
          (target as HTMLFormElement).requestSubmit(submitter?.isConnected ? submitter : undefined);
        } else target.dispatchEvent(new (e.constructor as typeof Event)(e.type, e));
      } catch (error) {
        console.error(error);
      } finally {
        replaying = false;
      }
    }
  },
});

/** The island an event belongs to, and the control it acted on. */
function owner(target: Element): [HTMLElement, Element | null] | undefined {
  for (const host of document.querySelectorAll<HTMLElement>(`[${TRIGGER}][${SRC}]`)) {
    const trigger = target.closest(host.dataset[TRIGGER_KEY]!);
    if (trigger) return [host, trigger];
  }
  const host = target.closest<HTMLElement>(`[${ISLAND}][${SRC}]`);
  const control = host && target.closest(CONTROLS);
  return host ? [host, control && host.contains(control) ? control : null] : undefined;
}

function hold(e: Event) {
  const target = e.target;
  if (replaying || !(target instanceof Element)) return;
  const found = owner(target);
  if (!found || found[0].dataset.hydrated == 'true') return;
  const [host, control] = found;
  let held: boolean;
  if (e.type == 'click') {
    const m = e as MouseEvent;
    held = !!control && !(m.button || m.ctrlKey || m.metaKey || m.shiftKey || m.altKey);
  } else if (e.type == 'keydown') {
    // Native buttons turn Enter and Space into clicks, and links turn Enter into one.
    const key = (e as KeyboardEvent).key;
    held =
      !!control &&
      control.tagName != 'BUTTON' &&
      (key == ' ' || (control.getAttribute('role') == 'tab' && TAB_KEYS.test(key)));
  } else held = true;
  if (!held) {
    // Any click in an island wakes it (an `interaction` island waits for one).
    if (e.type == 'click') wake(host);
    return;
  }
  if (e.type != 'change' && e.type != 'input') e.preventDefault();
  queue.held.push({ host, event: e });
  wake(host);
}

for (const type of ['click', 'keydown', 'submit', 'change', 'input']) addEventListener(type, hold, true);
drawSectionsBeforeJumps();

function start() {
  performPendingScroll();
  for (const host of document.querySelectorAll<HTMLElement>(`[${ISLAND}][${SRC}]`)) {
    const popup = host.dataset[TRIGGER_POPUP_KEY];
    if (popup) {
      for (const el of document.querySelectorAll(host.dataset[TRIGGER_KEY]!)) {
        el.setAttribute('role', 'button');
        el.setAttribute('aria-haspopup', popup);
      }
    }
    // Without a strategy (or with one this script does not know), at once.
    const strategy = strategies[host.dataset[HYDRATE_KEY] as Hydrate] ?? load;
    strategy(
      host,
      () => wake(host),
      () => withRuntime((r) => r.prefetch(host), host),
    );
  }
}

if (document.readyState == 'loading') addEventListener('DOMContentLoaded', start);
else start();
