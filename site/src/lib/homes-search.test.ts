import { describe, expect, it } from 'vitest';
import {
  acres,
  acresShown,
  cardOrder,
  easternDay,
  weekendEnd,
  Columns,
  columnsFor,
  filters,
  sheetFilters,
  matching,
  needs,
  NO_QUERY,
  readQuery,
  search,
  shardKey,
  toParams,
  words,
  type Query,
  type Shard,
} from './homes-search';
import type { CardOrder, Fields, Meta } from './props';
import table from '../../../spec/cases/search-words.json';
import filterCases from '../../../spec/cases/search-filters.json';

const fields: Fields = {
  min_price: 'min_price',
  max_price: 'max_price',
  beds: 'beds',
  baths: 'baths',
  area: 'area',
  kind: 'type',
  status: 'status',
  waterfront: 'waterfront',
  pool: 'pool',
  garage: 'garage',
  new_construction: 'new',
  open_house: 'open_house',
  reduced: 'reduced',
  max_days: 'max_days',
  min_acres: 'min_acres',
  words: 'q',
  sort: 'sort',
  page: 'page',
};

// Five listings in /homes/' order (newest first).
const files = { 'words/po.json': 'h1', 'words/or.json': 'h2', 'columns/price.json': 'h3' };
// Card shards of two: where they start, and their names.
const pairs = { from: [0, 2, 4], hash: ['s0', 's1', 's2'] };
const meta: Meta = {
  size: 5,
  files,
  shards: { newest: pairs, price: pairs, size: pairs },
  areas: ['', 'riverside', 'ortega'],
  kinds: ['', 'condominium', 'single-family-residence'],
  statuses: ['active', 'pending', 'coming-soon'],
  features: { waterfront: 1, pool: 2, new_construction: 4 },
};
const names = ['a', 'b', 'c', 'd', 'e'];
const index = {
  price: [450_000, 1_250_000, 650_000, 650_000, 2_900_000],
  beds: [2, 4, 3, 0, 5],
  baths: [2, 3, 2, 0, 4],
  sqft: [1200, 3100, 0, 1800, 4200],
  area: [1, 2, 1, 0, 2],
  kind: [1, 2, 1, 1, 2],
  status: [0, 0, 1, 0, 2],
} as const;
const columns = new Columns(meta);
for (const [name, values] of Object.entries(index)) columns.add(name as keyof typeof index, values);
const q = (over: Partial<Query>): Query => ({ ...NO_QUERY, ...over });
const ids = (places: number[]) => places.map((p) => names[p]).join('');

describe('the search', () => {
  it('fetches for a control in focus what any of its choices will need', () => {
    expect(columnsFor('beds', fields)).toEqual(['beds']);
    expect(columnsFor('min_price', fields)).toEqual(['price']);
    expect(columnsFor('type', fields)).toEqual(['kind']);
    expect(columnsFor('sort', fields)).toEqual(['price', 'sqft']);
    expect(columnsFor('q', fields)).toEqual([]);
  });

  it('needs only the columns its filters and order use', () => {
    expect(needs(NO_QUERY)).toEqual([]);
    expect(needs(q({ beds: 2, sort: 'price-desc' }))).toEqual(['price', 'beds']);
    expect(needs(q({ maxPrice: 1, baths: 1, area: 'x', kind: 'y', status: 'z', sort: 'size' }))).toEqual([
      'price',
      'baths',
      'sqft',
      'area',
      'kind',
      'status',
    ]);
    // What a query needs and is not loaded is an error, never a wrong answer.
    const bare = new Columns(meta);
    expect(() => search(bare, q({ beds: 3 }), null, 0)).toThrow('the column beds is not loaded');
    expect(() => bare.add('price', [1, 2])).toThrow('the column price has 2 values, the index 5');
  });

  it('finds each place’s card in the shards of its order, ranked as the generator ranks them', () => {
    // Newest: the places themselves; price: lowest first, ties in place order; size: largest
    // first, unknown last.
    const ranks = (order: CardOrder) => [0, 1, 2, 3, 4].map((at) => columns.rank(order, at));
    expect(ranks('newest')).toEqual([0, 1, 2, 3, 4]);
    expect(ranks('price')).toEqual([0, 3, 1, 2, 4]);
    expect(ranks('size')).toEqual([3, 1, 4, 2, 0]);
    expect([0, 1, 2, 3, 4].map((at) => [columns.shardOf('newest', at), columns.inShard('newest', at)])).toEqual([
      [0, 0],
      [0, 1],
      [1, 0],
      [1, 1],
      [2, 0],
    ]);
    expect([4, 1].map((at) => [columns.shardOf('price', at), columns.inShard('price', at)])).toEqual([
      [2, 0],
      [1, 1],
    ]);
    expect(columns.cardShards('newest', [4, 1, 0, 3])).toEqual([2, 0, 1]);
    expect(columns.cardShards('size', [4, 1])).toEqual([0]);
    expect(columns.cardShards('newest', [])).toEqual([]);
    expect(columns.lastShard('price')).toBe(2);
    expect(['newest', 'price-asc', 'price-desc', 'size'].map((sort) => cardOrder(sort as Query['sort']))).toEqual([
      'newest',
      'price',
      'price',
      'size',
    ]);
    expect([columns.hasShard('po'), columns.hasShard('zz')]).toEqual([true, false]);
    // A file's URL is in the folder meta.json names for it; one it does not name is no file.
    expect(columns.url('/data/search/{version}/columns/price.json')).toBe('/data/search/h3/columns/price.json');
    expect(() => columns.url('/data/search/{version}/columns/beds.json')).toThrow(
      'meta.json names no columns/beds.json',
    );
  });

  it('finds a card in shards of any size, by the names meta.json gives them', () => {
    // Shards of 1, 3 and 1 cards in the newest order, each in the folder of its hash.
    const uneven = { from: [0, 1, 4], hash: ['h7', 'h8', 'h9'] };
    const c = new Columns({ ...meta, shards: { ...meta.shards, newest: uneven } });
    expect([0, 1, 2, 3, 4].map((at) => [c.shardOf('newest', at), c.inShard('newest', at)])).toEqual([
      [0, 0],
      [1, 0],
      [1, 1],
      [1, 2],
      [2, 0],
    ]);
    expect(c.cardShards('newest', [3, 2, 4])).toEqual([1, 2]);
    expect(c.lastShard('newest')).toBe(2);
    expect(c.cardUrl('/data/search/{version}/cards/{order}.json', 'newest', 1)).toBe(
      '/data/search/h8/cards/newest.json',
    );
    expect(() => c.cardUrl('/data/search/{version}/cards/{order}.json', 'newest', 3)).toThrow(
      'meta.json names no shard 3 of newest',
    );
  });

  it('without filters lists everything in /homes/ order', () => {
    expect(ids(search(columns, NO_QUERY, null, 0))).toBe('abcde');
  });

  it('narrows by price range, beds, baths, neighborhood, type and status', () => {
    expect(ids(search(columns, q({ minPrice: 600_000, maxPrice: 1_300_000 }), null, 0))).toBe('bcd');
    expect(ids(search(columns, q({ beds: 3 }), null, 0))).toBe('bce');
    expect(ids(search(columns, q({ baths: 3 }), null, 0))).toBe('be');
    expect(ids(search(columns, q({ area: 'ortega' }), null, 0))).toBe('be');
    expect(ids(search(columns, q({ kind: 'condominium', beds: 1 }), null, 0))).toBe('ac');
    expect(ids(search(columns, q({ status: 'pending' }), null, 0))).toBe('c');
    // A value no listing has matches nothing (not everything).
    expect(search(columns, q({ area: 'atlantis' }), null, 0)).toEqual([]);
  });

  it('orders by price either way and by size, ties in /homes/ order, unknown sizes last', () => {
    expect(ids(search(columns, q({ sort: 'price-asc' }), null, 0))).toBe('acdbe');
    expect(ids(search(columns, q({ sort: 'price-desc' }), null, 0))).toBe('ebcda');
    expect(ids(search(columns, q({ sort: 'size' }), null, 0))).toBe('ebdac');
  });

  it('finds listings having every typed word as the start of one of theirs', () => {
    const shards = new Map<string, Shard>([
      ['po', { pool: [0, 2], porch: [1] }],
      ['oc', { ocean: [4] }],
      ['or', { ortega: [1, 3] }],
    ]);
    expect(ids(search(columns, NO_QUERY, matching(5, ['po'], shards), 0))).toBe('abc');
    expect(ids(search(columns, NO_QUERY, matching(5, ['pool'], shards), 0))).toBe('ac');
    expect(ids(search(columns, NO_QUERY, matching(5, ['po', 'ort'], shards), 0))).toBe('b');
    expect(ids(search(columns, NO_QUERY, matching(5, ['oce', 'pool'], shards), 0))).toBe('');
    expect(ids(search(columns, NO_QUERY, matching(5, ['zz'], shards), 0))).toBe('');
  });
});

describe('the features and days', () => {
  it('reads acres with two decimals at most, as the generator does', () => {
    for (const [given, want] of [
      ['2', 200],
      ['0.25', 25],
      ['1.5', 150],
      [' 10 ', 1000],
      ['0.125', 0],
      ['.5', 0],
      ['1.', 0],
      ['1e3', 0],
      ['9999999', 0],
    ] as const)
      expect(acres(given), given).toBe(want);
    expect([25, 50, 100, 150, 205, 1000].map(acresShown)).toEqual(['0.25', '0.5', '1', '1.5', '2.05', '10']);
  });

  it('counts days in Jacksonville, whose midnight is 5:00 UTC in winter and 4:00 in summer', () => {
    const day = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;
    expect(easternDay(new Date('2026-12-08T04:59:00Z'))).toBe(day('2026-12-07'));
    expect(easternDay(new Date('2026-12-08T05:00:00Z'))).toBe(day('2026-12-08'));
    expect(easternDay(new Date('2026-07-04T03:59:00Z'))).toBe(day('2026-07-03'));
    expect(easternDay(new Date('2026-07-04T04:00:00Z'))).toBe(day('2026-07-04'));
    // 2026-12-02 is a Wednesday: its weekend ends on Sunday the 6th; a Sunday's is its own.
    expect(weekendEnd(day('2026-12-02'))).toBe(day('2026-12-06'));
    expect(weekendEnd(day('2026-12-06'))).toBe(day('2026-12-06'));
    expect(weekendEnd(day('2026-12-07'))).toBe(day('2026-12-13'));
  });

  it('keeps the features in the URL as 1s, and the acres as written', () => {
    const asked = q({ waterfront: true, pool: true, garage: 2, openHouse: true, maxDays: 30, minAcres: 50 });
    const params = toParams(asked, fields);
    expect(params.toString()).toBe('waterfront=1&pool=1&garage=2&open_house=1&max_days=30&min_acres=0.5');
    expect(readQuery((n) => params.get(n), fields)).toEqual(asked);
    expect(sheetFilters(asked)).toBe(6);
    expect(filters(q({ reduced: true }))).toBe(true);
    expect(needs(asked)).toEqual(['features', 'garage', 'acres', 'listed', 'open_house']);
    expect(columnsFor('new', fields)).toEqual(['features']);
    expect(columnsFor('min_acres', fields)).toEqual(['acres']);
  });
});

describe('the words: the same cases as the generator (spec/cases/search-words.json)', () => {
  for (const c of table.words) it(`${JSON.stringify(c.text)}: ${c.why}`, () => expect(words(c.text)).toEqual(c.words));
  for (const c of table.shard_keys) {
    it(`${JSON.stringify(c.word)} is in the shard ${c.key}`, () => {
      expect(words(c.word)).toEqual([c.word]);
      expect(shardKey(c.word)).toBe(c.key);
    });
  }
});

describe('the query in the URL', () => {
  it('round-trips, leaving out what asks for nothing', () => {
    const asked = q({ minPrice: 500_000, beds: 3, area: 'ortega', words: 'pool', sort: 'price-desc', page: 2 });
    const params = toParams(asked, fields);
    expect(params.toString()).toBe('q=pool&min_price=500000&beds=3&area=ortega&sort=price-desc&page=2');
    expect(readQuery((n) => params.get(n), fields)).toEqual(asked);
    expect(toParams(NO_QUERY, fields).toString()).toBe('');
  });

  it('asks for nothing where a parameter is not a value of its field', () => {
    const params = new URLSearchParams('min_price=cheap&beds=-2&sort=random&page=0&q=%20%20');
    expect(readQuery((n) => params.get(n), fields)).toEqual(NO_QUERY);
    expect(filters(NO_QUERY)).toBe(false);
    expect(filters(q({ sort: 'size', page: 3 }))).toBe(false);
    expect(filters(q({ baths: 1 }))).toBe(true);
    // The "Filters" button counts the sheet's fields only: not the words, the order or the page.
    expect(sheetFilters(NO_QUERY)).toBe(0);
    expect(sheetFilters(q({ words: 'pool', sort: 'size', page: 2 }))).toBe(0);
    expect(
      sheetFilters(
        q({
          minPrice: 300000,
          maxPrice: 900000,
          beds: 3,
          baths: 2,
          area: 'ortega',
          kind: 'condominium',
          status: 'active',
        }),
      ),
    ).toBe(7);
    expect(sheetFilters(q({ beds: 3, words: 'dock' }))).toBe(1);
  });
});

describe('which listings a search finds: the same cases as jax_model::search (spec/cases/search-filters.json)', () => {
  // The index of the cases' listings, built as the generator builds it: coded columns, word shards.
  const listed = filterCases.listings;
  const codes = (values: string[], none: boolean) => [...new Set([...(none ? [''] : []), ...values])];
  const shardFiles = new Map<string, Shard>();
  listed.forEach((l, at) => {
    for (const w of new Set(words(l.text))) {
      const shard = shardFiles.get(shardKey(w)) ?? {};
      (shard[w] ??= []).push(at);
      shardFiles.set(shardKey(w), shard);
    }
  });
  // Places as gaps from the one before.
  for (const shard of shardFiles.values())
    for (const [w, at] of Object.entries(shard)) shard[w] = at.map((p, i) => p - (at[i - 1] ?? 0));
  const casesMeta: Meta = {
    size: listed.length,
    files: {},
    shards: { newest: pairs, price: pairs, size: pairs },
    areas: codes(
      listed.map((l) => l.area),
      true,
    ),
    kinds: codes(
      listed.map((l) => l.kind),
      true,
    ),
    statuses: codes(
      listed.map((l) => l.status),
      false,
    ),
    features: { waterfront: 1, pool: 2, new_construction: 4 },
  };
  const built = new Columns(casesMeta);
  built.add(
    'price',
    listed.map((l) => l.price),
  );
  built.add(
    'beds',
    listed.map((l) => l.beds),
  );
  built.add(
    'baths',
    listed.map((l) => l.baths),
  );
  built.add(
    'sqft',
    listed.map(() => 0),
  );
  built.add(
    'area',
    listed.map((l) => casesMeta.areas.indexOf(l.area)),
  );
  built.add(
    'kind',
    listed.map((l) => casesMeta.kinds.indexOf(l.kind)),
  );
  built.add(
    'status',
    listed.map((l) => casesMeta.statuses.indexOf(l.status)),
  );
  // The facts' features as bits, their days as days since 1970-01-01, as the generator writes them.
  type Featured = { waterfront?: boolean; pool?: boolean; new_construction?: boolean; garage?: number; acres?: number };
  type Days = { listed?: string; reduced?: string; open_house?: string };
  const day = (date: string | undefined) => (date ? Date.parse(`${date}T00:00:00Z`) / 86_400_000 : 0);
  const featured = listed as Featured[];
  const dated = listed.map((l) => ('days' in l ? (l.days as Days) : {}));
  const bit = (yes: boolean | undefined, b: number) => (yes ? b : 0);
  built.add(
    'features',
    featured.map((l) => bit(l.waterfront, 1) | bit(l.pool, 2) | bit(l.new_construction, 4)),
  );
  built.add(
    'garage',
    featured.map((l) => l.garage ?? 0),
  );
  built.add(
    'acres',
    featured.map((l) => l.acres ?? 0),
  );
  built.add(
    'listed',
    dated.map((d) => day(d.listed)),
  );
  built.add(
    'reduced',
    dated.map((d) => day(d.reduced)),
  );
  built.add(
    'open_house',
    dated.map((d) => day(d.open_house)),
  );
  for (const c of filterCases.cases) {
    const today = day('today' in c ? c.today : filterCases.today);
    it(`?${c.params}${'today' in c ? ` on ${c.today}` : ''} finds ${c.finds.join(', ') || 'none'}`, () => {
      const params = new URLSearchParams(c.params);
      const asked = readQuery((n) => params.get(n), fields);
      const typed = words(asked.words);
      const mask = typed.length ? matching(listed.length, typed, shardFiles) : null;
      expect(
        search(built, asked, mask, today)
          .map((at) => listed[at].mls)
          .sort(),
      ).toEqual([...c.finds].sort());
    });
  }
});
