import { describe, expect, it } from 'vitest';
import { inBand, matches, nextSort, showing, sortRows } from './market';
import { marketRow as row } from '../test/market';
import type { MarketRow, PriceBand } from './props';

// Four rows from the shipped snapshot, in the site's order.
const ROWS = [
  row('downtown-jacksonville', 'Downtown Jacksonville', 'Urban Core', 425000, 9.2, 38, '32202'),
  row('riverside', 'Riverside', 'Riverside & Ortega', 425000, 8.2, 45, '32205'),
  row('ponte-vedra-beach', 'Ponte Vedra Beach', 'The Beaches', 825000, 13.5, 65, '32082'),
  row('springfield', 'Springfield', 'Urban Core', 285000, 12.1, 29, '32206'),
];
const slugs = (rows: MarketRow[]) => rows.map((r) => r.slug);

describe('sorting', () => {
  it('keeps the site order until a column is chosen', () => {
    expect(slugs(sortRows(ROWS, null))).toEqual(slugs(ROWS));
  });

  it('sorts numbers as numbers, both ways, ties in the site order', () => {
    expect(slugs(sortRows(ROWS, { key: 'median_price', direction: 'ascending' }))).toEqual([
      'springfield',
      'downtown-jacksonville',
      'riverside',
      'ponte-vedra-beach',
    ]);
    expect(slugs(sortRows(ROWS, { key: 'median_price', direction: 'descending' }))).toEqual([
      'ponte-vedra-beach',
      'downtown-jacksonville',
      'riverside',
      'springfield',
    ]);
    expect(slugs(sortRows(ROWS, { key: 'yoy_growth', direction: 'descending' }))[0]).toBe('ponte-vedra-beach');
    expect(slugs(sortRows(ROWS, { key: 'days_on_market', direction: 'ascending' }))[0]).toBe('springfield');
  });

  it('sorts text by the alphabet, ZIP codes as digits', () => {
    expect(slugs(sortRows(ROWS, { key: 'name', direction: 'ascending' }))).toEqual([
      'downtown-jacksonville',
      'ponte-vedra-beach',
      'riverside',
      'springfield',
    ]);
    expect(slugs(sortRows(ROWS, { key: 'area', direction: 'ascending' }))).toEqual([
      'riverside',
      'ponte-vedra-beach',
      'downtown-jacksonville',
      'springfield',
    ]);
    expect(slugs(sortRows(ROWS, { key: 'zip', direction: 'descending' }))).toEqual([
      'springfield',
      'riverside',
      'downtown-jacksonville',
      'ponte-vedra-beach',
    ]);
  });

  it('sorts ascending first, then reverses on the same column', () => {
    const a = nextSort(null, 'name');
    expect(a).toEqual({ key: 'name', direction: 'ascending' });
    expect(nextSort(a, 'name')).toEqual({ key: 'name', direction: 'descending' });
    expect(nextSort(nextSort(a, 'name'), 'name')).toEqual({ key: 'name', direction: 'ascending' });
    expect(nextSort(a, 'zip')).toEqual({ key: 'zip', direction: 'ascending' });
  });

  it('never changes the rows it is given', () => {
    const copy = [...ROWS];
    sortRows(ROWS, { key: 'zip', direction: 'ascending' });
    expect(ROWS).toEqual(copy);
  });
});

describe('filtering', () => {
  const under: PriceBand = { label: 'Under $400K', min: null, max: 400000 };
  const middle: PriceBand = { label: '$400K to $600K', min: 400000, max: 600000 };
  const top: PriceBand = { label: '$600K and above', min: 600000, max: null };

  it('puts a price in exactly one band: min included, max excluded', () => {
    for (const price of [0, 399999, 400000, 425000, 599999, 600000, 825000]) {
      expect([under, middle, top].filter((b) => inBand(price, b))).toHaveLength(1);
    }
    expect(inBand(400000, middle) && !inBand(400000, under)).toBe(true);
    expect(inBand(600000, top) && !inBand(600000, middle)).toBe(true);
  });

  it('filters by area, by price band, and by both', () => {
    const keep = (area: string, band: PriceBand | null) => slugs(ROWS.filter((r) => matches(r, { area, band })));
    expect(keep('', null)).toEqual(slugs(ROWS));
    expect(keep('Urban Core', null)).toEqual(['downtown-jacksonville', 'springfield']);
    expect(keep('', middle)).toEqual(['downtown-jacksonville', 'riverside']);
    expect(keep('Urban Core', under)).toEqual(['springfield']);
    expect(keep('The Beaches', under)).toEqual([]);
  });

  it('says how many are shown', () => {
    expect(showing('Showing {count} of {total} neighborhoods', 2, 12)).toBe('Showing 2 of 12 neighborhoods');
  });
});
