/** Calls `start` when the island should hydrate (more than once is harmless); `prefetch` starts
 * downloading its bundle without running it. */
export type Strategy = (host: HTMLElement, start: () => void, prefetch: () => void) => void;

/** What an island bundle exports by default: mounts the island on its prerendered host and
 * settles once the island is live (its listeners attached), so held events can be handed over. */
export type IslandEntry = (host: HTMLElement, props: unknown) => unknown;

/** The runtime module (./main.ts), fetched when the first island wakes. */
export type Runtime = {
  hydrate(host: HTMLElement): Promise<void>;
  prefetch(host: HTMLElement): void;
};

/** What a visitor did in an island before it was live. */
export type Held = { host: HTMLElement; event: Event };

/** Kept by the early script (./early.ts), used by the runtime. */
export type HeldEvents = {
  /** In the order they happened. */
  held: Held[];
  /** Dispatch the events held for `host` again, in order, as if they happened now. */
  release(host: HTMLElement): void;
};

declare global {
  interface Window {
    __islands?: HeldEvents;
  }
}
