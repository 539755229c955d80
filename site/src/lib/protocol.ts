// Generated from generator/render/src/protocol.rs — do not edit.
// Regenerate with `cargo run -p generator -- schemas` (from the repository's root).

// Each attribute, then its key in an element's `dataset` (`data-trigger-popup`: `triggerPopup`).

/** On a mount point: the island's name, the file stem of its entry (`site/src/islands/<name>.tsx`). */
export const ISLAND = 'data-island';
export const ISLAND_KEY = 'island';

/** On a mount point: when the early script wakes the island, one of `Hydrate`'s names. */
export const HYDRATE = 'data-hydrate';
export const HYDRATE_KEY = 'hydrate';

/**
 * On a mount point, when the islands are built: the island's bundle. Only a mount point with
 * one is started (and CSS reacts to it: the island is built).
 */
export const SRC = 'data-src';
export const SRC_KEY = 'src';

/** On the mount point's first child, `<script type="application/json">`: the island's props. */
export const PROPS = 'data-props';
export const PROPS_KEY = 'props';

/**
 * On a mount point: a selector for elements anywhere on the page whose interaction wakes the
 * island (the dialogs' openers).
 */
export const TRIGGER = 'data-trigger';
export const TRIGGER_KEY = 'trigger';

/** On a mount point with a `TRIGGER`: the `aria-haspopup` the early script gives those elements. */
export const TRIGGER_POPUP = 'data-trigger-popup';
export const TRIGGER_POPUP_KEY = 'triggerPopup';

/** On the early script: the runtime's bundle, which it fetches when the first island wakes. */
export const RUNTIME = 'data-runtime';
export const RUNTIME_KEY = 'runtime';

/** When the early script wakes an island: `HYDRATE`'s values, each the strategy of `src/runtime/<name>.ts`. */
export type Hydrate = 'load' | 'idle' | 'visible' | 'interaction';
