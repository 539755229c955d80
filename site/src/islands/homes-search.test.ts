// The search island's unhappy paths, on the page's markup (templates/homes.html) in jsdom with a
// fake network: an index that cannot be read, a card gone since the index was read, a shard the
// network lost. The happy paths run in Chromium (e2e/search.spec.ts).
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HomesSearchProps, Meta } from '../lib/props';
import mount from './homes-search';

const props: HomesSearchProps = {
  meta: '/data/homes/meta.json',
  column: '/data/homes/columns/{name}.json',
  words: '/data/homes/words/{key}.json',
  cards: '/data/homes/cards/{id}.html',
  per_page: 2,
  fields: { min_price: 'min_price', max_price: 'max_price', beds: 'beds', baths: 'baths', area: 'area', kind: 'type', status: 'status', words: 'q', sort: 'sort', page: 'page' },
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
    words: 'Keywords',
    words_hint: '',
    sort: 'Sort by',
    sort_newest: 'Newest',
    sort_price_low: 'Price: low to high',
    sort_price_high: 'Price: high to low',
    sort_size: 'Size: largest first',
    submit: 'Search',
    results: '{count} homes match your search',
    none: 'No homes match your search.',
    clear: 'Clear all filters',
    failed: 'The search could not load. Every home for sale is listed below.',
  },
  count: '{count} homes for sale',
  page: 'Page {n} of {total}',
};

const meta: Meta = { size: 3, areas: [''], kinds: [''], statuses: ['active'] };
const columns: Record<string, unknown[]> = { ids: ['a', 'b', 'c'], beds: [2, 4, 5] };
const shards: Record<string, Record<string, number[]>> = { po: { pool: [0, 2] } };

/** What the fake network answers: a body, or a status, or a thrown TypeError (LOST). */
const LOST = Symbol('lost');
type Answer = string | number | typeof LOST;
let answers: Map<string, Answer>;
let asked: string[];

function answer(url: string): Answer {
  const path = new URL(url, 'http://x').pathname;
  if (answers.has(path)) return answers.get(path)!;
  if (path === props.meta) return JSON.stringify(meta);
  const column = /columns\/(\w+)\.json$/.exec(path)?.[1];
  if (column && columns[column]) return JSON.stringify(columns[column]);
  const key = /words\/(\w+)\.json$/.exec(path)?.[1];
  if (key) return shards[key] ? JSON.stringify(shards[key]) : 404;
  const id = /cards\/(\w+)\.html$/.exec(path)?.[1];
  if (id) return `<article class="home-card"><h2>${id}</h2></article>`;
  return 404;
}

beforeEach(() => {
  answers = new Map();
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      asked.push(url);
      const a = answer(url);
      if (a === LOST) return Promise.reject(new TypeError('Failed to fetch'));
      return Promise.resolve(typeof a === 'number' ? new Response('not found', { status: a }) : new Response(a, { status: 200 }));
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
<form class="homes-search__form" role="search" action="/homes/" method="get">
<input type="search" name="q"><select name="beds"><option value="">Any</option><option value="3">3+</option><option value="5">5+</option></select>
<select name="sort"><option value="newest">Newest</option><option value="size">Size</option></select>
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
    expect(titles(host)).toBe('b,c');
    expect(host.querySelector('.homes-search__clear')!.hasAttribute('hidden')).toBe(false);
    // Only what the search needed was fetched: no price, no sqft.
    expect(asked.filter((u) => u.includes('/columns/'))).toEqual(['/data/homes/columns/ids.json', '/data/homes/columns/beds.json']);
  });

  it('fetches nothing on a URL without a search of its own: the prerendered page is the answer', async () => {
    history.replaceState(null, '', '/homes/?utm_source=newsletter&sort=newest&page=1');
    const host = page();
    await new Promise((r) => setTimeout(r, 20));
    expect(asked).toEqual([]);
    expect(host.querySelector('.home-cards')!.textContent).toBe('prerendered');
  });

  it('says so when the index cannot be read, keeps the list, and asks again at the next search', async () => {
    answers.set(props.meta, 500);
    const host = page();
    choose(host, 'beds', '5');
    await waitFor(() => expect(host.querySelector('.homes__count')!.textContent).toBe(props.labels.failed));
    expect(titles(host)).toBe('');
    expect(host.querySelector('.home-cards')!.textContent).toBe('prerendered');
    expect(host.hasAttribute('aria-busy')).toBe(false);
    answers.delete(props.meta);
    choose(host, 'beds', '3');
    await waitFor(() => expect(titles(host)).toBe('b,c'));
    expect(location.search).toBe('?beds=3');
  });

  it('fetches what a control’s choices need while it has focus, each column beside the index’s size, not after it', async () => {
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    const plain = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation((url) => {
      if (url !== props.meta) return plain(url);
      asked.push(props.meta);
      return held.then(() => new Response(JSON.stringify(meta)));
    });
    const host = page();
    host.querySelector<HTMLSelectElement>('[name="beds"]')!.focus();
    await waitFor(() => expect(asked).toEqual([props.meta, '/data/homes/columns/ids.json', '/data/homes/columns/beds.json']));
    release();
    // While Beds has focus, each of its choices' first cards: Any's a, b, c (3+'s and 5+'s among them).
    await waitFor(() => expect(asked.slice(3).sort()).toEqual(['a', 'b', 'c'].map((id) => `/data/homes/cards/${id}.html`)));
    choose(host, 'beds', '3');
    await waitFor(() => expect(titles(host)).toBe('b,c'));
    // The choice fetched nothing more.
    expect(asked).toHaveLength(6);
  });

  it('leaves out a card gone since the index was read, and shows the others', async () => {
    answers.set('/data/homes/cards/b.html', 404);
    const host = page();
    choose(host, 'beds', '3');
    await waitFor(() => expect(titles(host)).toBe('c'));
    expect(host.querySelector('.homes__count')!.textContent).toBe('2 homes match your search');
  });

  it('asks again for a word shard the network lost', async () => {
    answers.set('/data/homes/words/po.json', LOST);
    const host = page();
    choose(host, 'q', 'pool');
    await waitFor(() => expect(host.querySelector('.homes__count')!.textContent).toBe(props.labels.failed));
    answers.delete('/data/homes/words/po.json');
    choose(host, 'q', 'pool ');
    await waitFor(() => expect(titles(host)).toBe('a,c'));
    expect(asked.filter((u) => u.endsWith('/words/po.json'))).toHaveLength(2);
  });
});
