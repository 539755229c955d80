/** Calls `start` when the island should hydrate (more than once is harmless); `prefetch` starts
 * downloading its bundle without running it. */
export type Strategy = (host: HTMLElement, start: () => void, prefetch: () => void) => void;

/** What an island bundle exports by default: mounts the island on its prerendered host and
 * settles once the island is live (its listeners attached), so held events can be handed over. */
export type IslandEntry = (host: HTMLElement, props: unknown) => unknown;

/** What a visitor did in an island before it was live (see ./early.ts). */
export type Held = { host: HTMLElement; event: Event };

/** Shared by the inline early script and the runtime. */
export type HeldEvents = {
  /** In the order they happened. */
  held: Held[];
  /** Set by the runtime once it runs: hydrate this island now. */
  wake?: (host: HTMLElement) => void;
  /** True while the runtime replays a held event (the early script lets it through). */
  replaying: boolean;
};

declare global {
  interface Window {
    __islands?: HeldEvents;
  }
}
