// The search island's unhappy paths, on the page's markup (templates/homes.html) in jsdom with a
// fake network: an index that cannot be read, a build's files gone since its meta.json was read (a
// newer deploy), a shard the network lost. The happy paths run in Chromium (e2e/search.spec.ts).
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HomesSearchProps, Meta } from '../lib/props';
import mount, { onFirstScreen } from './homes-search';

const props: HomesSearchProps = {
  files: {
    meta: '/data/homes/meta.json',
    column: '/data/search/{version}/columns/{name}.json',
    words: '/data/search/{version}/words/{key}.json',
    cards: '/data/search/{version}/cards/{order}.json',
  },
  per_page: 2,
  save_field: '#save-search input[name="search"]',
  fields: {
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
  },
  labels: {
    name: 'Search homes for sale',
    min_price: 'Min price',
    max_price: 'Max price',
    no_min: 'No min',
    no_max: 'No max',
    beds: 'Beds',
    baths: 'Baths',
    any: 'Any',
    at_least: '{n}+',
    all_neighborhoods: 'All neighborhoods',
    any_type: 'Any type',
    status: 'Status',
    any_status: 'Any status',
    features: 'Features',
    waterfront: 'Waterfront',
    pool: 'Pool',
    new_construction: 'New construction',
    open_house: 'Open house this weekend',
    reduced: 'Price reduced in the last 30 days',
    garage: 'Garage',
    max_days: 'Days on market',
    days_at_most: '{n} days or fewer',
    min_acres: 'Lot size',
    acres_at_least: '{acres}+ acres',
    words: 'Keywords',
    words_hint: '',
    sort: 'Sort by',
    sort_newest: 'Newest',
    sort_price_low: 'Price: low to high',
    sort_price_high: 'Price: high to low',
    sort_size: 'Size: largest first',
    submit: 'Search',
    filters: 'Filters',
    filters_active: '{n} active',
    show: 'Show {count} homes',
    results: '{count} homes match your search',
    none: 'No homes match your search.',
    too_many_words: 'Too many keywords.',
    clear: 'Clear all filters',
    failed: 'The search could not load. Every home for sale is listed below.',
  },
  count: '{count} homes for sale',
  page: 'Page {n} of {total}',
};

/** The builds the fake site has: each build's listings (their cards' titles) and beds; `live` is
 * the one meta.json names, and only its files are there. */
const builds: Record<
  string,
  { titles: string[]; beds: number[]; features?: number[]; words: Record<string, Record<string, number[]>> }
> = {
  // Only c has a pool (features' bit 2), in the second card shard.
  v1: { titles: ['a', 'b', 'c'], beds: [2, 4, 5], features: [0, 0, 2], words: { po: { pool: [0, 2] } } },
  v2: { titles: ['n', 'a', 'b', 'c'], beds: [3, 2, 4, 5], words: { po: { pool: [1, 1] } } },
};
let live: string;
const PER_SHARD = 2;
/** A build's meta.json: every file of the build in the folder named after the build. */
const metaOf = (version: string): Meta => {
  const b = builds[version];
  const shards = Math.ceil(b.titles.length / PER_SHARD);
  const paths = [
    ...['price', 'beds', 'baths', 'sqft', 'area', 'kind', 'status', 'features'].map((c) => `columns/${c}.json`),
    ...Object.keys(b.words).map((k) => `words/${k}.json`),
  ];
  // Shards of PER_SHARD, each in a folder named after the build and its number.
  const listed = {
    from: Array.from({ length: shards }, (_, n) => n * PER_SHARD),
    hash: Array.from({ length: shards }, (_, n) => `${version}-${n}`),
  };
  return {
    size: b.titles.length,
    files: Object.fromEntries(paths.map((p) => [p, version])),
    shards: { newest: listed, price: listed, size: listed },
    areas: [''],
    kinds: [''],
    statuses: ['active'],
    features: { waterfront: 1, pool: 2, new_construction: 4 },
  };
};

/** What the fake network answers: a body, or a status, or a thrown TypeError (LOST). */
const LOST = Symbol('lost');
type Answer = string | number | typeof LOST;
let answers: Map<string, Answer>;
let asked: string[];

/** The card shard `n` of a build's newest order, if it is the live build's and has cards. */
function cardShard(version: string, n: number): Answer {
  const cards = version === live ? builds[version].titles.slice(n * PER_SHARD, (n + 1) * PER_SHARD) : [];
  return cards.length ? JSON.stringify(cards.map((t) => `<article class="home-card"><h2>${t}</h2></article>`)) : 404;
}

function answer(url: string): Answer {
  const path = new URL(url, 'http://x').pathname;
  if (answers.has(path)) return answers.get(path)!;
  if (path === props.files.meta) return JSON.stringify(metaOf(live));
  // A card shard's folder is its build and its number.
  const card = /^\/data\/search\/(\w+)-(\d+)\/cards\/newest\.json$/.exec(path);
  if (card) return cardShard(card[1] ?? '', Number(card[2]));
  const [, version, kind, name] = /^\/data\/search\/(\w+)\/(columns|words)\/(\w+)\.json$/.exec(path) ?? [];
  if (version !== live) return 404;
  const b = builds[version];
  if (kind === 'columns' && name === 'beds') return JSON.stringify(b.beds);
  if (kind === 'columns' && name === 'features') return JSON.stringify(b.features ?? b.beds.map(() => 0));
  // The other columns filter nothing out here: every listing has the first code or no figure.
  if (kind === 'columns' && ['price', 'baths', 'area', 'kind', 'status'].includes(name))
    return JSON.stringify(b.beds.map(() => 0));
  if (kind === 'words' && b.words[name]) return JSON.stringify(b.words[name]);
  return 404;
}

beforeEach(() => {
  live = 'v1';
  answers = new Map();
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      asked.push(url);
      const a = answer(url);
      if (a === LOST) return Promise.reject(new TypeError('Failed to fetch'));
      return Promise.resolve(
        typeof a === 'number' ? new Response('not found', { status: a }) : new Response(a, { status: 200 }),
      );
    }),
  );
  history.replaceState(null, '', '/homes/');
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

function page() {
  document.body.innerHTML = `<div class="homes-search" data-island="homes-search">
<form class="homes-search__form" role="search" action="/homes/search/" method="get">
<input type="search" name="q"><button type="button" popovertarget="f">Filters<span data-active hidden><span aria-hidden="true"></span><span class="visually-hidden"></span></span></button><div id="f"><select name="beds"><option value="">Any</option><option value="3">3+</option><option value="5">5+</option></select>
<select name="sort"><option value="newest">Newest</option><option value="size">Size</option></select><input type="checkbox" name="pool" value="1"><button type="button" data-show>Show 3 homes</button></div>
<button type="submit">Search</button><a class="homes-search__clear" href="/homes/" hidden>Clear all filters</a></form>
<p class="homes__count" role="status">3 homes for sale</p>
<ul class="home-cards"><li>prerendered</li></ul>
<template data-paging><nav class="paging"><a rel="prev">Previous page</a><span data-page></span><a rel="next">Next page</a></nav></template></div>`;
  const host = document.querySelector<HTMLElement>('.homes-search')!;
  mount(host, props);
  return host;
}

const titles = (host: HTMLElement) => [...host.querySelectorAll('.home-cards h2')].map((h) => h.textContent).join();
const choose = (host: HTMLElement, name: string, value: string) => {
  const control = host.querySelector<HTMLSelectElement | HTMLInputElement>(`[name="${name}"]`)!;
  control.value = value;
  control.dispatchEvent(new Event('input', { bubbles: true }));
};

describe('the search island', () => {
  it('opens on the URL’s search, in the form and in the results', async () => {
    history.replaceState(null, '', '/homes/?beds=3');
    const host = page();
    await waitFor(() => expect(host.querySelector('.homes__count')!.textContent).toBe('2 homes match your search'));
    expect(host.querySelector<HTMLSelectElement>('[name="beds"]')!.value).toBe('3');
    await waitFor(() => expect(titles(host)).toBe('b,c'));
    expect(host.querySelector('.homes-search__clear')!.hasAttribute('hidden')).toBe(false);
    // Only what the search needed: its meta.json, then one column beside the shard a first page
    // most likely starts in, and the other shard of b and c.
    expect(asked).toEqual([
      props.files.meta,
      '/data/search/v1-0/cards/newest.json',
      '/data/search/v1/columns/beds.json',
      '/data/search/v1-1/cards/newest.json',
    ]);
  });

  it('counts the sheet’s active filters on the "Filters" button, and its results on the sheet’s button', async () => {
    const host = page();
    const active = host.querySelector<HTMLElement>('[data-active]')!;
    const show = host.querySelector('[data-show]')!;
    expect(active.hidden).toBe(true);
    choose(host, 'beds', '5');
    await waitFor(() => expect(show.textContent).toBe('Show 1 homes'));
    expect(active.hidden).toBe(false);
    expect(active.textContent).toBe('11 active');
    // The words are not among the sheet's filters.
    choose(host, 'beds', '');
    choose(host, 'q', 'pool');
    await waitFor(() => expect(show.textContent).toBe('Show 2 homes'));
    expect(titles(host)).toBe('a,c');
    expect(active.hidden).toBe(true);
  });

  it('on a URL without a search of its own keeps the prerendered page, and fetches what a first search most likely needs', async () => {
    history.replaceState(null, '', '/homes/?utm_source=newsletter&sort=newest&page=1');
    const host = page();
    await new Promise((r) => setTimeout(r, 20));
    expect(host.querySelector('.home-cards')!.textContent).toBe('prerendered');
    // meta.json, then the filters' columns and the first card shard; no word shard, no sizes.
    expect(asked[0]).toBe(props.files.meta);
    const columns = ['area', 'baths', 'beds', 'kind', 'price', 'status'].map(
      (c) => `/data/search/v1/columns/${c}.json`,
    );
    expect(asked.slice(1).sort()).toEqual(['/data/search/v1-0/cards/newest.json', ...columns]);
    // A first search then waits for no file but the shard its results are in.
    choose(host, 'beds', '3');
    await waitFor(() => expect(titles(host)).toBe('b,c'));
    expect(asked.slice(8)).toEqual(['/data/search/v1-1/cards/newest.json']);
  });

  it('says so when the index cannot be read, keeps the list, and asks again at the next search', async () => {
    answers.set(props.files.meta, 500);
    const host = page();
    choose(host, 'beds', '5');
    await waitFor(() => expect(host.querySelector('.homes__count')!.textContent).toBe(props.labels.failed));
    expect(titles(host)).toBe('');
    expect(host.querySelector('.home-cards')!.textContent).toBe('prerendered');
    expect(host.hasAttribute('aria-busy')).toBe(false);
    expect(asked).toEqual([props.files.meta, props.files.meta]);
    answers.delete(props.files.meta);
    choose(host, 'beds', '3');
    await waitFor(() => expect(titles(host)).toBe('b,c'));
    expect(location.search).toBe('?beds=3');
  });

  it('fetches what a control’s choices need while it has focus, each column beside the index’s size, not after it', async () => {
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    const plain = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation((url) => {
      if (url !== props.files.meta) return plain(url);
      asked.push(props.files.meta);
      return held.then(() => new Response(JSON.stringify(metaOf(live))));
    });
    const host = page();
    host.querySelector<HTMLSelectElement>('[name="beds"]')!.focus();
    await waitFor(() => expect(asked).toEqual([props.files.meta]));
    release();
    // While Beds has focus: its column, then each of its choices' first cards (all in two shards),
    // beside what the island fetches at wake (the filters' columns, the first shard), each once.
    const columns = ['area', 'baths', 'beds', 'kind', 'price', 'status'].map(
      (c) => `/data/search/v1/columns/${c}.json`,
    );
    await waitFor(() =>
      expect(asked.slice(1).sort()).toEqual([
        '/data/search/v1-0/cards/newest.json',
        '/data/search/v1-1/cards/newest.json',
        ...columns,
      ]),
    );
    choose(host, 'beds', '3');
    await waitFor(() => expect(titles(host)).toBe('b,c'));
    // The choice fetched nothing more.
    expect(asked).toHaveLength(9);
  });

  it('fetches a box’s first homes while it has focus, so ticking it shows them without waiting', async () => {
    const host = page();
    const pool = host.querySelector<HTMLInputElement>('[name="pool"]')!;
    pool.focus();
    // Its column, then the first cards of the search with it ticked: c's, in the second shard.
    await waitFor(() => expect(asked).toContain('/data/search/v1-1/cards/newest.json'));
    expect(asked).toContain('/data/search/v1/columns/features.json');
    const before = asked.length;
    pool.click();
    await waitFor(() => expect(titles(host)).toBe('c'));
    expect(asked).toHaveLength(before);
  });

  it('starts again from meta.json when a build’s files are gone (a newer deploy), never showing a part', async () => {
    const host = page();
    choose(host, 'beds', '3');
    await waitFor(() => expect(titles(host)).toBe('b,c'));
    // A deploy: v1's files are gone. A search needing a shard not fetched yet finds the new build.
    live = 'v2';
    choose(host, 'q', 'pool');
    await waitFor(() => expect(titles(host)).toBe('b'));
    expect(host.querySelector('.homes__count')!.textContent).toBe('1 homes match your search');
    expect(asked.slice(-5)).toEqual([
      props.files.meta,
      '/data/search/v2-0/cards/newest.json',
      '/data/search/v2/columns/beds.json',
      '/data/search/v2/words/po.json',
      '/data/search/v2-1/cards/newest.json',
    ]);
  });

  it('shows no results but the failure when a card shard cannot be had twice, and asks again next time', async () => {
    answers.set('/data/search/v1-1/cards/newest.json', LOST);
    const host = page();
    choose(host, 'beds', '3');
    await waitFor(() => expect(host.querySelector('.homes__count')!.textContent).toBe(props.labels.failed));
    expect(host.querySelector('.home-cards')!.textContent).toBe('prerendered');
    expect(asked.filter((u) => u.endsWith('v1-1/cards/newest.json'))).toHaveLength(2);
    answers.delete('/data/search/v1-1/cards/newest.json');
    choose(host, 'beds', '5');
    await waitFor(() => expect(titles(host)).toBe('c'));
  });

  it('records a search in the history once its results are shown: words typed make one entry, a failed search none', async () => {
    const host = page();
    const start = history.length;
    choose(host, 'q', 'poo');
    await waitFor(() => expect(location.search).toBe('?q=poo'));
    expect(titles(host)).toBe('a,c');
    choose(host, 'q', 'pool');
    await waitFor(() => expect(location.search).toBe('?q=pool'));
    expect(history.length).toBe(start + 1);
    // A sort by size, whose files this build lacks: the results and the URL stay as shown.
    choose(host, 'sort', 'size');
    await waitFor(() => expect(host.querySelector('.homes__count')!.textContent).toBe(props.labels.failed));
    expect(titles(host)).toBe('a,c');
    expect(location.search).toBe('?q=pool');
    expect(history.length).toBe(start + 1);
  });

  it('asks again for a word shard the network lost, and never for a shard no word has', async () => {
    answers.set('/data/search/v1/words/po.json', LOST);
    const host = page();
    choose(host, 'q', 'pool');
    await waitFor(() => expect(host.querySelector('.homes__count')!.textContent).toBe(props.labels.failed));
    answers.delete('/data/search/v1/words/po.json');
    choose(host, 'q', 'pool ');
    await waitFor(() => expect(titles(host)).toBe('a,c'));
    expect(asked.filter((u) => u.endsWith('/words/po.json'))).toHaveLength(3);
    choose(host, 'q', 'zebra');
    await waitFor(() => expect(host.querySelector('.homes__count')!.textContent).toBe(props.labels.none));
    expect(asked.some((u) => u.includes('/words/ze'))).toBe(false);
  });
});

describe('the first screen', () => {
  /** A list of `columns` with its top `top` px down the screen and cards `height` px tall. */
  function list(columns: string, top: number, height: number) {
    const ul = document.createElement('ul');
    ul.style.gridTemplateColumns = columns;
    ul.append(document.createElement('li'));
    ul.getBoundingClientRect = () => ({ top }) as DOMRect;
    ul.firstElementChild!.getBoundingClientRect = () => ({ height }) as DOMRect;
    document.body.append(ul);
    return ul;
  }
  afterEach(() => document.body.replaceChildren());

  it('is the rows of cards from the list’s top to the screen’s bottom, times its columns', () => {
    vi.stubGlobal('innerHeight', 844);
    expect(onFirstScreen(list('358px', 300, 420))).toBe(2); // a phone: one card whole, one begun
    expect(onFirstScreen(list('300px 300px 300px', 200, 450))).toBe(6);
    // Below the screen (the visitor scrolled up to the form), still the first row.
    expect(onFirstScreen(list('300px 300px 300px', 1100, 450))).toBe(3);
    // No layout to read: one card.
    expect(onFirstScreen(list('', 0, 0))).toBe(1);
    vi.unstubAllGlobals();
  });
});
