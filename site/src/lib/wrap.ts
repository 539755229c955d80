/** `index + step` wrapped into 0..count-1 (the carousel goes from the last slide to the first). */
export function wrap(index: number, step: number, count: number): number {
  return (((index + step) % count) + count) % count;
}
