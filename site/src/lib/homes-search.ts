// The search of /homes/ on the generator's prebuilt index (generator/mls/src/search/): pure
// functions from a query to the listings' places, so the island only fetches and shows. Which
// listings a query finds is jax_model::search's (saved searches' alerts use it): both run
// spec/cases/search-filters.json. A place
// is a listing's position in every column of the index, which is /homes/' own order (newest
// first).
import type { CardOrder, Column, Fields, Meta, Sort } from './props';

/** What the form asks for. A number filter of 0, a text filter of '' and a feature of false ask
 * for nothing. */
export type Query = {
  minPrice: number;
  maxPrice: number;
  beds: number;
  baths: number;
  area: string;
  kind: string;
  status: string;
  waterfront: boolean;
  pool: boolean;
  /** Garage spaces, at least. */
  garage: number;
  newConstruction: boolean;
  /** An open house this weekend. */
  openHouse: boolean;
  /** A price cut in the last `REDUCED_DAYS` days. */
  reduced: boolean;
  /** Days on the market, at most. */
  maxDays: number;
  /** The lot in hundredths of an acre, at least. */
  minAcres: number;
  words: string;
  sort: Sort;
  /** The results' page, from 1. */
  page: number;
};

const SORTS: readonly Sort[] = ['newest', 'price-asc', 'price-desc', 'size'];

export const NO_QUERY: Query = {
  minPrice: 0,
  maxPrice: 0,
  beds: 0,
  baths: 0,
  area: '',
  kind: '',
  status: '',
  waterfront: false,
  pool: false,
  garage: 0,
  newConstruction: false,
  openHouse: false,
  reduced: false,
  maxDays: 0,
  minAcres: 0,
  words: '',
  sort: 'newest',
  page: 1,
};

/** A feature's one value that asks for it (a checkbox's): jax_model::search::YES. */
export const YES = '1';

/** The days a price cut stays news to the "price reduced" filter (jax_model::search::REDUCED_DAYS;
 * the shared cases hold both to it). */
export const REDUCED_DAYS = 30;

/** Acres as the URL gives them ("0.25", "2"), in hundredths; else 0, as jax_model::search reads them. */
export const acres = (value: string | null): number => {
  const m = /^([0-9]{1,6})(?:\.([0-9]{1,2}))?$/.exec(value?.trim() ?? '');
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : 0;
};

/** Hundredths of an acre as the URL says them: "0.25", "1.5", "2" (jax_model::search::acres_shown). */
export const acresShown = (hundredths: number): string => {
  const [whole, part] = [Math.floor(hundredths / 100), hundredths % 100];
  return part === 0 ? String(whole) : `${whole}.${String(part).padStart(2, '0').replace(/0$/, '')}`;
};

/** The day in Jacksonville at `at`, as days since 1970-01-01 (jax_model::calendar::eastern_day):
 * what "this weekend" and "the last 30 days" count from. */
export function easternDay(at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(part('year'), part('month') - 1, part('day')) / 86_400_000;
}

/** The last day of the weekend a day is in or before: its Sunday (jax_model::search::weekend_end). */
export const weekendEnd = (day: number): number => day + ((7 - ((day + 4) % 7)) % 7);

/** A count: digits (a positive whole number), else 0, as jax_model::search reads it. */
const count = (value: string | null) => {
  const digits = value?.trim() ?? '';
  const n = /^[0-9]+$/.test(digits) ? Number(digits) : 0;
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
};

/** The query that `get` (a form's or a URL's values by field name) asks for; anything that is
 * not a value of its field asks for nothing. */
export function readQuery(get: (name: string) => string | null, fields: Fields): Query {
  const sort = get(fields.sort) as Sort | null;
  return {
    minPrice: count(get(fields.min_price)),
    maxPrice: count(get(fields.max_price)),
    beds: count(get(fields.beds)),
    baths: count(get(fields.baths)),
    area: get(fields.area) ?? '',
    kind: get(fields.kind) ?? '',
    status: get(fields.status) ?? '',
    waterfront: get(fields.waterfront) === YES,
    pool: get(fields.pool) === YES,
    garage: count(get(fields.garage)),
    newConstruction: get(fields.new_construction) === YES,
    openHouse: get(fields.open_house) === YES,
    reduced: get(fields.reduced) === YES,
    maxDays: count(get(fields.max_days)),
    minAcres: acres(get(fields.min_acres)),
    words: (get(fields.words) ?? '').trim(),
    sort: sort && SORTS.includes(sort) ? sort : 'newest',
    page: Math.max(1, count(get(fields.page))),
  };
}

/** The query as URL parameters, each only when it asks for something. */
export function toParams(q: Query, fields: Fields): URLSearchParams {
  const params = new URLSearchParams();
  const put = (name: string, value: string | number, none: string | number) => {
    if (value !== none) params.set(name, String(value));
  };
  put(fields.words, q.words, '');
  put(fields.min_price, q.minPrice, 0);
  put(fields.max_price, q.maxPrice, 0);
  put(fields.beds, q.beds, 0);
  put(fields.baths, q.baths, 0);
  put(fields.area, q.area, '');
  put(fields.kind, q.kind, '');
  put(fields.status, q.status, '');
  const yes = (name: string, asked: boolean) => put(name, asked ? YES : '', '');
  yes(fields.waterfront, q.waterfront);
  yes(fields.pool, q.pool);
  put(fields.garage, q.garage, 0);
  yes(fields.new_construction, q.newConstruction);
  yes(fields.open_house, q.openHouse);
  yes(fields.reduced, q.reduced);
  put(fields.max_days, q.maxDays, 0);
  put(fields.min_acres, q.minAcres ? acresShown(q.minAcres) : '', '');
  put(fields.sort, q.sort, 'newest');
  put(fields.page, q.page, 1);
  return params;
}

/** The order of the card shards a query's results are read from: its sort's. */
export const cardOrder = (sort: Sort): CardOrder => (sort === 'newest' ? 'newest' : sort === 'size' ? 'size' : 'price');

/** Which of the phone's filters sheet's fields (all but the words) filter. */
const sheetAsks = (q: Query): boolean[] => [
  q.minPrice > 0,
  q.maxPrice > 0,
  q.beds > 0,
  q.baths > 0,
  q.area !== '',
  q.kind !== '',
  q.status !== '',
  q.waterfront,
  q.pool,
  q.garage > 0,
  q.newConstruction,
  q.openHouse,
  q.reduced,
  q.maxDays > 0,
  q.minAcres > 0,
];

/** Whether the query filters at all (its order and page aside). */
export const filters = (q: Query): boolean => q.words !== '' || sheetAsks(q).some(Boolean);

/** How many of the phone's filters sheet's fields filter: the count on its "Filters" button. */
export const sheetFilters = (q: Query): number => sheetAsks(q).filter(Boolean).length;

/** The words of a text as the index keeps them: runs of letters and digits, lowercased, of two
 * characters or more (the generator's `search::words`; both run spec/cases/search-words.json). */
export const words = (text: string): string[] =>
  // Cut, then lowercase each word, as the index does: lowercasing the whole text first sees
  // letters across a cut (a Σ before ".Α" is no final sigma) and can make non-letters (İ → i + ̇).
  (text.match(/[\p{Alphabetic}\p{N}]+/gu) ?? []).filter((w) => [...w].length > 1).map((w) => w.toLowerCase());

/** The shard a word is in: its first two characters, `_` for any but an ASCII letter or digit
 * (the generator's `search::shard_key`; the same cases). */
export const shardKey = (word: string): string =>
  [...word]
    .slice(0, 2)
    .map((c) => (/^[a-z0-9]$/.test(c) ? c : '_'))
    .join('');

/** A word shard: each word with its listings' places, as gaps from the one before. */
export type Shard = Record<string, number[]>;

/** A file of the search as JSON; a failed answer is an error (the search starts again from meta.json). */
export const json = <T>(url: string): Promise<T> =>
  fetch(url).then((r) => (r.ok ? (r.json() as Promise<T>) : Promise.reject(new Error(`${url}: ${r.status}`))));

/** The listings (as a mask over places) having, for every word typed, a word that starts with it:
 * "oce" finds "ocean", "pool ortega" needs both. `shards` holds the shard of each word's key. */
export function matching(size: number, typed: readonly string[], shards: ReadonlyMap<string, Shard>): Uint8Array {
  let all: Uint8Array | null = null;
  for (const t of typed) {
    const mine = new Uint8Array(size);
    for (const [word, gaps] of Object.entries(shards.get(shardKey(t)) ?? {})) {
      if (!word.startsWith(t)) continue;
      let at = 0;
      for (const gap of gaps) {
        at += gap;
        if (at < size) mine[at] = 1;
      }
    }
    if (all) for (let i = 0; i < size; i++) all[i] &= mine[i];
    else all = mine;
  }
  return all ?? new Uint8Array(size).fill(1);
}

/** The columns a query needs: one per filter or sort it uses (none for /homes/' own order). */
export function needs(q: Query): Column[] {
  const price = q.minPrice > 0 || q.maxPrice > 0 || q.sort === 'price-asc' || q.sort === 'price-desc';
  const asked: [Column, boolean][] = [
    ['price', price],
    ['beds', q.beds > 0],
    ['baths', q.baths > 0],
    ['sqft', q.sort === 'size'],
    ['area', q.area !== ''],
    ['kind', q.kind !== ''],
    ['status', q.status !== ''],
    ['features', q.waterfront || q.pool || q.newConstruction],
    ['garage', q.garage > 0],
    ['acres', q.minAcres > 0],
    ['listed', q.maxDays > 0],
    ['reduced', q.reduced],
    ['open_house', q.openHouse],
  ];
  return asked.filter(([, yes]) => yes).map(([c]) => c);
}

/** The columns of the form's first filters (not the sizes, which only a sort uses, nor the
 * features' and days', fetched when their fields are reached): what a first search most likely
 * needs, fetched with the first card shard once the island wakes. */
export const FILTER_COLUMNS: readonly Column[] = needs({
  ...NO_QUERY,
  minPrice: 1,
  beds: 1,
  baths: 1,
  area: '-',
  kind: '-',
  status: '-',
});

/** The columns a search through the form's control `name` may need (any of its choices': a sort
 * may need the prices or the sizes), to fetch while the visitor is still choosing. */
export function columnsFor(name: string, fields: Fields): Column[] {
  const probes: Record<string, Partial<Query>[]> = {
    [fields.min_price]: [{ minPrice: 1 }],
    [fields.max_price]: [{ maxPrice: 1 }],
    [fields.beds]: [{ beds: 1 }],
    [fields.baths]: [{ baths: 1 }],
    [fields.area]: [{ area: '-' }],
    [fields.kind]: [{ kind: '-' }],
    [fields.status]: [{ status: '-' }],
    [fields.waterfront]: [{ waterfront: true }],
    [fields.pool]: [{ pool: true }],
    [fields.garage]: [{ garage: 1 }],
    [fields.new_construction]: [{ newConstruction: true }],
    [fields.open_house]: [{ openHouse: true }],
    [fields.reduced]: [{ reduced: true }],
    [fields.max_days]: [{ maxDays: 1 }],
    [fields.min_acres]: [{ minAcres: 1 }],
    [fields.sort]: SORTS.map((sort) => ({ sort })),
  };
  return [...new Set((probes[name] ?? [{}]).flatMap((p) => needs({ ...NO_QUERY, ...p })))];
}

type Coded = 'area' | 'kind' | 'status';
const CODES: Record<Coded, keyof Meta> = { area: 'areas', kind: 'kinds', status: 'statuses' };

/** The index's columns as far as they are loaded (each once), typed. */
export class Columns {
  readonly size: number;
  private readonly numbers = new Map<Column, Float64Array>();
  private readonly ranks = new Map<CardOrder, Uint32Array>();

  constructor(private readonly meta: Meta) {
    this.size = meta.size;
  }

  /** The bits of the features' column. */
  get features() {
    return this.meta.features;
  }

  /** The URL of one of the build's files, from its template with all but `{version}` filled in:
   * the folder of the file's hash, which meta.json names. */
  url(template: string): string {
    const [before, path] = template.split('{version}/');
    const hash = this.meta.files[path];
    if (path === undefined || hash === undefined) throw new Error(`meta.json names no ${path ?? template}`);
    return `${before}${hash}/${path}`;
  }

  has(c: Column): boolean {
    return this.numbers.has(c);
  }

  /** A column as its file has it; one of another length is not this index's: refused. */
  add(c: Column, values: readonly number[]) {
    if (values.length !== this.size)
      throw new Error(`the column ${c} has ${values.length} values, the index ${this.size}`);
    this.numbers.set(c, Float64Array.from(values, Number));
  }

  /** Whether any listing has a word of the shard `key` (no file to fetch otherwise). */
  hasShard(key: string): boolean {
    return `words/${key}.json` in this.meta.files;
  }

  /** A place's rank in `order` (the generator's `CardOrder::places`): where its card is in that
   * order's shards. Price and size need their column loaded. */
  rank(order: CardOrder, at: number): number {
    if (order === 'newest') return at;
    let ranks = this.ranks.get(order);
    if (!ranks) {
      const by = this.get(order === 'price' ? 'price' : 'sqft');
      const places = Array.from({ length: this.size }, (_, i) => i);
      places.sort(order === 'price' ? (a, b) => by[a] - by[b] || a - b : (a, b) => by[b] - by[a] || a - b);
      ranks = new Uint32Array(this.size);
      places.forEach((place, i) => (ranks![place] = i));
      this.ranks.set(order, ranks);
    }
    return ranks[at];
  }

  /** The last card shard of `order`. */
  lastShard(order: CardOrder): number {
    return Math.max(0, this.meta.shards[order].from.length - 1);
  }

  /** The card shard of `order` holding a place's card (the last that starts at or before its
   * rank), … */
  shardOf(order: CardOrder, at: number): number {
    const rank = this.rank(order, at);
    const from = this.meta.shards[order].from;
    let [lo, hi] = [0, from.length - 1];
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (from[mid] <= rank) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** … and where in it. */
  inShard(order: CardOrder, at: number): number {
    return this.rank(order, at) - this.meta.shards[order].from[this.shardOf(order, at)];
  }

  /** The URL of the card shard `n` of `order`, from the cards' template (`SearchFiles.cards`):
   * in the folder meta.json names for it. */
  cardUrl(template: string, order: CardOrder, n: number): string {
    const hash = this.meta.shards[order].hash[n];
    if (hash === undefined) throw new Error(`meta.json names no shard ${n} of ${order}`);
    return template.replace('{version}', hash).replace('{order}', order);
  }

  /** The card shards of `order` holding `places`' cards, in the order first asked. */
  cardShards(order: CardOrder, places: readonly number[]): number[] {
    return [...new Set(places.map((at) => this.shardOf(order, at)))];
  }

  get(c: Column): Float64Array {
    const values = this.numbers.get(c);
    if (!values) throw new Error(`the column ${c} is not loaded`);
    return values;
  }

  /** The code of a coded column's value: -1 for none asked, -2 for a value no listing has. */
  code(column: Coded, value: string): number {
    if (value === '') return -1;
    const at = (this.meta[CODES[column]] as string[]).indexOf(value);
    return at === -1 ? -2 : at;
  }
}

/** The places of the listings the query asks for on `today` (`easternDay`), in its order;
 * `needs(q)` must be loaded. `words`: `matching`'s mask, or null when no word was typed. */
export function search(c: Columns, q: Query, words: Uint8Array | null, today: number): number[] {
  const [area, kind, status] = [c.code('area', q.area), c.code('kind', q.kind), c.code('status', q.status)];
  if (area === -2 || kind === -2 || status === -2) return [];
  const column = (name: Column, used: boolean) => (used ? c.get(name) : null);
  const price = column('price', q.minPrice > 0 || q.maxPrice > 0 || q.sort.startsWith('price'));
  const [beds, baths, sqft] = [
    column('beds', q.beds > 0),
    column('baths', q.baths > 0),
    column('sqft', q.sort === 'size'),
  ];
  const [areas, kinds, statuses] = [
    column('area', area >= 0),
    column('kind', kind >= 0),
    column('status', status >= 0),
  ];
  const bits = c.features;
  const wanted =
    (q.waterfront ? bits.waterfront : 0) | (q.pool ? bits.pool : 0) | (q.newConstruction ? bits.new_construction : 0);
  const features = column('features', wanted !== 0);
  const [garage, acres, listed, reduced, open] = [
    column('garage', q.garage > 0),
    column('acres', q.minAcres > 0),
    column('listed', q.maxDays > 0),
    column('reduced', q.reduced),
    column('open_house', q.openHouse),
  ];
  const sunday = weekendEnd(today);
  const found: number[] = [];
  for (let i = 0; i < c.size; i++) {
    if (words && !words[i]) continue;
    if (price && ((q.minPrice && price[i] < q.minPrice) || (q.maxPrice && price[i] > q.maxPrice))) continue;
    if ((beds && beds[i] < q.beds) || (baths && baths[i] < q.baths)) continue;
    if ((areas && areas[i] !== area) || (kinds && kinds[i] !== kind) || (statuses && statuses[i] !== status)) continue;
    if (features && (features[i] & wanted) !== wanted) continue;
    if ((garage && garage[i] < q.garage) || (acres && acres[i] < q.minAcres)) continue;
    // An unknown day (0) passes no filter of days.
    if (listed && !(listed[i] > 0 && today - listed[i] <= q.maxDays)) continue;
    if (reduced && !(reduced[i] > 0 && today - reduced[i] <= REDUCED_DAYS)) continue;
    if (open && !(open[i] >= today && open[i] <= sunday)) continue;
    found.push(i);
  }
  // Ties keep /homes/' order (the sort is stable); an unknown size goes last.
  switch (q.sort) {
    case 'price-asc':
      return found.sort((a, b) => price![a] - price![b]);
    case 'price-desc':
      return found.sort((a, b) => price![b] - price![a]);
    case 'size':
      return found.sort((a, b) => sqft![b] - sqft![a]);
    case 'newest':
      return found;
  }
}
