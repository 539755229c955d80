/** Calls `start` once, when the island should hydrate; `trigger` is the element whose
 * interaction caused it, if any (e.g. the button that opens a dialog). */
export type Strategy = (host: HTMLElement, start: (trigger?: Element) => void) => void;

/** What an island bundle exports by default. */
export type IslandEntry = (host: HTMLElement, props: unknown, trigger?: Element) => unknown;
