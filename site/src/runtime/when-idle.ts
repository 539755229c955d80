/** `then` at the next idle moment, at the latest after `timeout` ms (WebKit has no
 * requestIdleCallback: a short timer instead). */
export const whenIdle = (then: () => void, timeout: number) =>
  'requestIdleCallback' in window ? requestIdleCallback(() => then(), { timeout }) : setTimeout(then, 50);
