// Saved homes, kept on the visitor's device only (localStorage, under the key the generator names):
// the list the hearts keep and /homes/saved/ shows, and the link that shares it. Pure functions of
// the stored text, so the islands only read, write and show.

/** A saved home: its MLS number, and its title, link and price as its card showed them when saved
 * (what /homes/saved/ shows once it has left the market). */
export type SavedHome = { n: string; t: string; u: string; p: string };

/** MLS numbers as the feed writes them: letters, digits and dashes, never a comma. */
const MLS_NUMBER = /^[A-Za-z0-9-]{1,32}$/;
/** The event the hearts dispatch on `document` once they have changed the list (a change in
 * another tab comes as a `storage` event instead). */
export const SAVED_CHANGED = 'saved-homes-changed';
/** More than a visitor saves by hand; keeps the stored list and a shared link bounded. */
export const MAX_SAVED = 100;

/** The list in `stored` (newest first): anything that is not one is left out, never thrown on. */
export function readSaved(stored: string | null): SavedHome[] {
  let value: unknown;
  try {
    value = JSON.parse(stored ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  return value
    .filter(
      (h): h is SavedHome =>
        !!h &&
        typeof h === 'object' &&
        ['n', 't', 'u', 'p'].every((k) => typeof (h as Record<string, unknown>)[k] === 'string'),
    )
    .filter((h) => MLS_NUMBER.test(h.n) && !seen.has(h.n) && seen.add(h.n))
    .slice(0, MAX_SAVED);
}

/** The list stored under `key` on this device: none when storage is refused (a private window's
 * quota, a policy), as when nothing is kept. */
export function storedHomes(key: string): SavedHome[] {
  try {
    return readSaved(localStorage.getItem(key));
  } catch {
    return [];
  }
}

/** `list` with `home` saved (first) or, when it was, without it. */
export function toggled(list: readonly SavedHome[], home: SavedHome): SavedHome[] {
  return list.some((h) => h.n === home.n) ? list.filter((h) => h.n !== home.n) : [home, ...list].slice(0, MAX_SAVED);
}

/** Whether `number` is an MLS number of `format` (site.yaml's `mls.number_format`: `#` a digit, `@` a
 * letter, anything else as itself; none: letters, digits and '-'), as the worker's
 * jax_model::mls::fits_number (both run spec/cases/mls-numbers.json). */
export function fitsNumber(format: string | null | undefined, number: string): boolean {
  if (!format) return MLS_NUMBER.test(number);
  if (number.length !== format.length) return false;
  return [...format].every((f, i) => {
    const c = number.charCodeAt(i);
    const digit = c >= 48 && c <= 57;
    const letter = (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
    return f === '#' ? digit : f === '@' ? letter : f === number[i];
  });
}

/** The MLS numbers a shared link names in `value` (by commas), of the feed's `format`, in its
 * order, each once. */
export function sharedNumbers(value: string | null, format?: string | null): string[] {
  const numbers = (value ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter((n) => fitsNumber(format, n));
  return [...new Set(numbers)].slice(0, MAX_SAVED);
}

/** The link that carries `list` to another device: the page's own URL with `param`. */
export function shareUrl(page: string, param: string, list: readonly { n: string }[]): string {
  const url = new URL(page);
  url.search = '';
  url.hash = '';
  url.searchParams.set(param, list.map((h) => h.n).join(','));
  return url.toString();
}
