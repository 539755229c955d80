// The market table's sorting and filtering, on the rows of /data/market.json (MarketData): pure
// functions, so the island only moves prerendered rows.
import type { MarketRow, PriceBand } from './props';

/** The columns the table sorts by: each `th[data-sort]` names one. */
export const SORT_KEYS = ['name', 'area', 'median_price', 'yoy_growth', 'days_on_market', 'zip'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type Direction = 'ascending' | 'descending';
/** `null`: the site's own order, as prerendered. */
export type Sort = { key: SortKey; direction: Direction } | null;

export const isSortKey = (k: string | undefined): k is SortKey => SORT_KEYS.includes(k as SortKey);

/** A first click sorts ascending; another click on the same column reverses it. */
export function nextSort(current: Sort, key: SortKey): Sort {
  if (current?.key === key) return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  return { key, direction: 'ascending' };
}

const text = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

function compare(a: MarketRow, b: MarketRow, key: SortKey): number {
  const x = a[key];
  const y = b[key];
  return typeof x === 'number' && typeof y === 'number' ? x - y : text.compare(String(x), String(y));
}

/** The rows in the sort's order; ties keep the site's order (Array.prototype.sort is stable). */
export function sortRows(rows: readonly MarketRow[], sort: Sort): MarketRow[] {
  if (!sort) return [...rows];
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => sign * compare(a, b, sort.key));
}

/** Whether a median price falls in the band: from `min` (inclusive) to below `max`. */
export const inBand = (price: number, band: PriceBand) =>
  (band.min === null || price >= band.min) && (band.max === null || price < band.max);

/** `area`: an area's name or '' for every area; `band`: a band or null for any price. */
export type Filter = { area: string; band: PriceBand | null };

export const matches = (row: MarketRow, f: Filter) =>
  (f.area === '' || row.area === f.area) && (f.band === null || inBand(row.median_price, f.band));

/** "Showing {count} of {total} neighborhoods", filled in. */
export const showing = (template: string, count: number, total: number) =>
  template.replace('{count}', String(count)).replace('{total}', String(total));
