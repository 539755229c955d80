import { describe, expect, it } from 'vitest';
import {
  cardOrder,
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
    expect(() => search(bare, q({ beds: 3 }), null)).toThrow('the column beds is not loaded');
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
    expect(ids(search(columns, NO_QUERY, null))).toBe('abcde');
  });

  it('narrows by price range, beds, baths, neighborhood, type and status', () => {
    expect(ids(search(columns, q({ minPrice: 600_000, maxPrice: 1_300_000 }), null))).toBe('bcd');
    expect(ids(search(columns, q({ beds: 3 }), null))).toBe('bce');
    expect(ids(search(columns, q({ baths: 3 }), null))).toBe('be');
    expect(ids(search(columns, q({ area: 'ortega' }), null))).toBe('be');
    expect(ids(search(columns, q({ kind: 'condominium', beds: 1 }), null))).toBe('ac');
    expect(ids(search(columns, q({ status: 'pending' }), null))).toBe('c');
    // A value no listing has matches nothing (not everything).
    expect(search(columns, q({ area: 'atlantis' }), null)).toEqual([]);
  });

  it('orders by price either way and by size, ties in /homes/ order, unknown sizes last', () => {
    expect(ids(search(columns, q({ sort: 'price-asc' }), null))).toBe('acdbe');
    expect(ids(search(columns, q({ sort: 'price-desc' }), null))).toBe('ebcda');
    expect(ids(search(columns, q({ sort: 'size' }), null))).toBe('ebdac');
  });

  it('finds listings having every typed word as the start of one of theirs', () => {
    const shards = new Map<string, Shard>([
      ['po', { pool: [0, 2], porch: [1] }],
      ['oc', { ocean: [4] }],
      ['or', { ortega: [1, 3] }],
    ]);
    expect(ids(search(columns, NO_QUERY, matching(5, ['po'], shards)))).toBe('abc');
    expect(ids(search(columns, NO_QUERY, matching(5, ['pool'], shards)))).toBe('ac');
    expect(ids(search(columns, NO_QUERY, matching(5, ['po', 'ort'], shards)))).toBe('b');
    expect(ids(search(columns, NO_QUERY, matching(5, ['oce', 'pool'], shards)))).toBe('');
    expect(ids(search(columns, NO_QUERY, matching(5, ['zz'], shards)))).toBe('');
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
  for (const c of filterCases.cases) {
    it(`?${c.params} finds ${c.finds.join(', ') || 'none'}`, () => {
      const params = new URLSearchParams(c.params);
      const asked = readQuery((n) => params.get(n), fields);
      const typed = words(asked.words);
      const mask = typed.length ? matching(listed.length, typed, shardFiles) : null;
      expect(
        search(built, asked, mask)
          .map((at) => listed[at].mls)
          .sort(),
      ).toEqual([...c.finds].sort());
    });
  }
});
