// The search of /homes/ (no React: the form, the count, the cards and the paging are the page's
// own markup). It runs the prerendered GET form in place on the generator's prebuilt index —
// each column, word shard and card shard the first time a search needs it, or while the visitor
// is choosing one that will — and keeps the query in the URL: a search is shareable, Back and
// Forward restore it, and /homes/?… opens on its results. Every file but meta.json is in the
// folder of its hash, as meta.json names it: one that fails (a newer deploy removed it, the
// network) makes the search start again from meta.json once; results are shown whole or not at all.
// What the visitor chose before the island woke is read from the form when it does.
import {
  cardOrder,
  Columns,
  columnsFor,
  easternDay,
  filters,
  FILTER_COLUMNS,
  json,
  matching,
  sheetFilters,
  needs,
  readQuery,
  search,
  shardKey,
  toParams,
  words,
  type Query,
  type Shard,
} from '../lib/homes-search';
import type { CardOrder, Column, HomesSearchProps, Meta } from '../lib/props';

/** How many cards the list shows on the first screen: its columns times the rows from its top to
 * the screen's bottom (one row at least; a card or two on a phone). Those are shown as soon as their
 * shards are in and the rest follow, so a sparse search (words, a neighborhood), whose cards are
 * in many shards, waits for one or two of them before the visitor sees results, not for ~six. */
export function onFirstScreen(list: Element): number {
  const columns = getComputedStyle(list).gridTemplateColumns.split(' ').filter(Boolean).length || 1;
  const card = list.firstElementChild?.getBoundingClientRect();
  const below = innerHeight - list.getBoundingClientRect().top;
  const rows = card && card.height > 0 ? Math.ceil(below / card.height) : 1;
  return columns * Math.max(1, rows);
}

/** The list items of cards' HTML, parsed at once in a template (inert, and faster than each
 * card's own innerHTML: docs/benchmarks.md; its images asked for once on the page). */
function items(html: string[]): Element[] {
  const template = document.createElement('template');
  template.innerHTML = html.map((h) => `<li>${h}</li>`).join('');
  return [...template.content.children];
}

/** After the next frame is painted. */
const painted = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve)));

export default function homesSearch(host: HTMLElement, props: HomesSearchProps) {
  const form = host.querySelector('form');
  const list = host.querySelector('.home-cards');
  const count = host.querySelector('.homes__count');
  const pagingTemplate = host.querySelector<HTMLTemplateElement>('template[data-paging]');
  if (!form || !list || !count || !pagingTemplate) return;
  const clear = form.querySelector<HTMLAnchorElement>('.homes-search__clear');
  // The phone's "Filters" button's count, and its sheet's button that shows the results.
  const active = form.querySelector<HTMLElement>('[data-active]');
  const showResults = form.querySelector<HTMLElement>('[data-show]');
  const { fields, labels } = props;

  /** The count of the sheet's filters `q` sets, on its button (none shown at 0). */
  function markFilters(q: Query) {
    if (!active) return;
    const n = sheetFilters(q);
    active.hidden = n === 0;
    active.firstElementChild!.textContent = String(n);
    active.lastElementChild!.textContent = labels.filters_active.replace('{n}', String(n));
  }

  // The index's size, codes and folder, and each column the first time a search needs it, all at
  // once; the word and card shards each once.
  let index: Promise<Columns> | undefined;
  const loading = new Map<Column, Promise<void>>();
  const shards = new Map<string, Promise<Shard>>();
  const cardShards = new Map<string, Promise<string[]>>();
  /** The next search asks again, from meta.json: what failed may be of a build no longer there. */
  const forget = () => {
    index = undefined;
    loading.clear();
    shards.clear();
    cardShards.clear();
  };
  async function columns(needed: readonly Column[]): Promise<Columns> {
    const meta = (index ??= json<Meta>(props.files.meta).then((m) => new Columns(m)));
    const load = (name: Column) =>
      meta.then((c) =>
        json<number[]>(c.url(props.files.column.replace('{name}', name))).then((values) => c.add(name, values)),
      );
    await Promise.all(
      needed.map((name) => {
        const underway = loading.get(name) ?? load(name);
        loading.set(name, underway);
        return underway;
      }),
    );
    return meta;
  }
  /** The word shard `key` (none to fetch when no listing has a word of it). */
  const shard = (c: Columns, key: string): Promise<Shard> => {
    if (!c.hasShard(key)) return Promise.resolve({});
    if (!shards.has(key)) shards.set(key, json<Shard>(c.url(props.files.words.replace('{key}', key))));
    return shards.get(key)!;
  };
  const typedShards = async (c: Columns, typed: readonly string[]) =>
    new Map(await Promise.all([...new Set(typed.map(shardKey))].map(async (k) => [k, await shard(c, k)] as const)));
  const cardUrl = (c: Columns, order: CardOrder, n: number) => c.cardUrl(props.files.cards, order, n);
  /** The card shard `n` of `order` (each once). */
  const cardShard = (c: Columns, order: CardOrder, n: number) => {
    const url = cardUrl(c, order, n);
    if (!cardShards.has(url)) cardShards.set(url, json<string[]>(url));
    return cardShards.get(url)!;
  };
  /** Whether the cards of `places` are all in shards already asked for. */
  const askedFor = (c: Columns, order: CardOrder, places: readonly number[]) =>
    c.cardShards(order, places).every((n) => cardShards.has(cardUrl(c, order, n)));
  /** The cards of `places`, in their order, from the shards of `order`: every one, or a failure. */
  async function cards(c: Columns, order: CardOrder, places: readonly number[]): Promise<string[]> {
    const got = new Map<number, string[]>();
    await Promise.all(c.cardShards(order, places).map(async (n) => got.set(n, await cardShard(c, order, n))));
    return places.map((at) => {
      const html = got.get(c.shardOf(order, at))?.[c.inShard(order, at)];
      if (html === undefined) throw new Error(`no card at place ${at}`);
      return html;
    });
  }

  const fromForm = () => readQuery((name) => new FormData(form).get(name) as string | null, fields);
  const fromUrl = () => readQuery((name) => new URLSearchParams(location.search).get(name), fields);
  const url = (q: Query) => {
    const params = toParams(q, fields).toString();
    return `${location.pathname}${params ? `?${params}` : ''}`;
  };

  /** Shows the query in the form (a value its select lacks leaves the select on "any"). */
  function show(q: Query) {
    const values = toParams(q, fields);
    for (const control of form!.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input[name], select[name]')) {
      // A feature's box keeps its value and is ticked or not.
      if (control instanceof HTMLInputElement && control.type === 'checkbox') {
        control.checked = values.get(control.name) === control.value;
        continue;
      }
      control.value = values.get(control.name) ?? '';
      if (control instanceof HTMLSelectElement && control.selectedIndex === -1) control.selectedIndex = 0;
    }
  }

  /** The results on screen, as elements to put back. */
  const shownNow = () => ({ cards: [...list.children], paging: host.querySelector('.paging') });

  let latest = 0;
  /** `startedAt`: when the visitor asked (an event's time stamp), for the User Timing measures.
   * `record`: puts the query in the history once its results are on screen (the URL then names
   * what is shown, and a failed search leaves it as it was; a new URL costs Chromium's main thread
   * time and makes it fetch and parse the page's SVG icon again, work kept off the way to the
   * results: docs/benchmarks.md).
   * `again`: whether a failure may start it once more, from meta.json. `before`: the results
   * shown when the visitor asked, put back if the search fails (its first cards may be on screen:
   * results are whole or not at all). */
  async function run(
    q: Query,
    { startedAt = performance.now(), record = () => {}, again = true, before = shownNow() } = {},
  ) {
    const mine = ++latest;
    // Measured now, while the page's layout is the one the visitor acted on (clean): read once the
    // results are in, it would force a layout of its own in the task that shows them.
    const firstScreen = onFirstScreen(list!);
    host.setAttribute('aria-busy', 'true');
    markFilters(q);
    try {
      // The shard a search's first page most likely starts in (its order's first, or for
      // price-desc its last), asked for beside the columns rather than after them: a round trip
      // fewer for any search that keeps many listings.
      const order = cardOrder(q.sort);
      const meta = await columns([]);
      if (q.page === 1)
        void cardShard(meta, order, q.sort === 'price-desc' ? meta.lastShard(order) : 0).catch(() => {});
      const c = await columns(needs(q));
      const typed = words(q.words);
      const mask = typed.length ? matching(c.size, typed, await typedShards(c, typed)) : null;
      const found = search(c, q, mask, easternDay(new Date()));
      const pages = Math.max(1, Math.ceil(found.length / props.per_page));
      const page = Math.min(q.page, pages);
      const shown = found.slice((page - 1) * props.per_page, page * props.per_page);
      // The cards on the first screen as soon as their shards are in (often all of them are
      // then); the rest's shards not asked for yet are asked for once those are painted: each
      // fetch() costs the main thread time (docs/benchmarks.md), and a sparse search (words, a
      // neighborhood) may need a dozen.
      const first = await cards(c, order, shown.slice(0, firstScreen));
      if (mine !== latest) return; // a newer search is under way
      performance.measure('homes-search: first results', { start: startedAt });
      list!.replaceChildren(...items(first));
      const n = found.length.toLocaleString('en-US');
      count!.textContent = !filters(q)
        ? props.count.replace('{count}', n)
        : found.length
          ? labels.results.replace('{count}', n)
          : labels.none;
      if (showResults) showResults.textContent = labels.show.replace('{count}', n);
      if (clear) clear.hidden = !filters(q);
      showPaging({ ...q, page }, pages);
      const rest = shown.slice(firstScreen);
      if (!askedFor(c, order, rest)) await painted();
      if (mine !== latest) return;
      const more = await cards(c, order, rest);
      if (mine !== latest) return;
      list!.append(...items(more));
      performance.measure('homes-search: all results', { start: startedAt });
      record();
    } catch (error) {
      if (mine !== latest) return;
      forget();
      if (again) {
        void run(q, { startedAt, record, again: false, before });
        return;
      }
      console.error(error);
      list!.replaceChildren(...before.cards);
      host.querySelector('.paging')?.remove();
      if (before.paging) list!.after(before.paging);
      count!.textContent = labels.failed;
    } finally {
      if (mine === latest) host.removeAttribute('aria-busy');
    }
  }

  function showPaging(q: Query, pages: number) {
    host.querySelector('.paging')?.remove();
    if (pages < 2) return;
    const nav = (pagingTemplate!.content.firstElementChild as HTMLElement).cloneNode(true) as HTMLElement;
    const label = props.page.replace('{n}', String(q.page)).replace('{total}', String(pages));
    nav.setAttribute('aria-label', label);
    nav.querySelector('[data-page]')!.textContent = label;
    const prev = nav.querySelector<HTMLAnchorElement>('[rel="prev"]')!;
    const next = nav.querySelector<HTMLAnchorElement>('[rel="next"]')!;
    if (q.page > 1) prev.href = url({ ...q, page: q.page - 1 });
    else prev.remove();
    if (q.page < pages) next.href = url({ ...q, page: q.page + 1 });
    else next.remove();
    list!.after(nav);
  }

  // Typing changes the current entry once it has made one: Back goes to before the words.
  let typedEntry = false;
  /** Runs `q`, and once its results show records it in the history: a new entry, or (`typed`,
   * after an entry typing made) the current one. */
  function go(q: Query, typed: boolean, startedAt?: number) {
    const record = () => {
      const to = url(q);
      if (to !== `${location.pathname}${location.search}`)
        history[typed && typedEntry ? 'replaceState' : 'pushState'](null, '', to);
      typedEntry = typed;
      keepSaveForm();
    };
    void run(q, { startedAt, record });
  }

  /** "Save this search" saves the search the URL names (the worker keeps its filters only). */
  const keepSaveForm = () => {
    const field = document.querySelector<HTMLInputElement>(props.save_field);
    if (field) field.value = location.search.slice(1);
  };
  keepSaveForm();
  addEventListener('popstate', keepSaveForm);
  // A listing page's "homes like this" link opens the save form.
  const saveForm = document.querySelector<HTMLInputElement>(props.save_field)?.closest('details');
  if (saveForm && location.hash === `#${saveForm.querySelector('form')?.id}`) saveForm.open = true;

  form.addEventListener('input', (e) =>
    go(fromForm(), (e.target as HTMLElement).getAttribute('name') === fields.words, e.timeStamp),
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    go(fromForm(), false);
  });
  host.addEventListener('click', (e) => {
    // The search's own paging (the prerendered list's leads to /homes/page/N/ as without JavaScript).
    const link = (e.target as Element).closest<HTMLAnchorElement>('.paging a[href]');
    if (!link || new URL(link.href).pathname !== location.pathname) return;
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    go(
      readQuery((name) => new URL(link.href).searchParams.get(name), fields),
      false,
    );
    form.scrollIntoView({ block: 'start' });
  });
  addEventListener('popstate', () => {
    typedEntry = false;
    const q = fromUrl();
    show(q);
    void run(q);
  });
  /** The first cards of each choice of `control` (a select's options; a box ticked, then not), with
   * the rest of the form as it is: fetched while the visitor is choosing (most browsers focus a box
   * on the press that ticks it), so the one chosen shows without waiting for the network. A rare
   * feature's first homes are spread over many card shards. */
  async function warm(control: HTMLSelectElement | HTMLInputElement) {
    const now = fromForm();
    const rest = toParams(now, fields);
    const values =
      control instanceof HTMLSelectElement ? [...control.options].map((o) => o.value) : [control.value, ''];
    const asks = values.map((value) => readQuery((name) => (name === control.name ? value : rest.get(name)), fields));
    const c = await columns([...new Set(asks.flatMap(needs))]);
    const typed = words(now.words);
    const mask = typed.length ? matching(c.size, typed, await typedShards(c, typed)) : null;
    const firstScreen = onFirstScreen(list!);
    const today = easternDay(new Date());
    for (const q of asks) {
      if (document.activeElement !== control) return; // the visitor has moved on
      void cards(c, cardOrder(q.sort), search(c, q, mask, today).slice(0, firstScreen)).catch(() => {});
      await new Promise((r) => setTimeout(r)); // one choice per task: the page stays responsive
    }
  }

  // What a search will need, while the visitor reaches for the form and chooses: the index's
  // meta.json, the columns of the control in focus, and its choices' first cards.
  form.addEventListener('pointerover', () => void columns([]).catch(() => {}), { once: true });
  form.addEventListener('focusin', (e) => {
    const control = e.target as Element;
    const needed = columns(columnsFor(control.getAttribute('name') ?? '', fields));
    const choices =
      control instanceof HTMLSelectElement || (control instanceof HTMLInputElement && control.type === 'checkbox');
    void (choices ? needed.then(() => warm(control)) : needed).catch(() => {});
  });

  // The URL's search (a shared link, a reload), else what the visitor chose before this woke; with
  // neither (or only other parameters) the prerendered first page is the answer, and what a first
  // search most likely needs is fetched now, at idle, so that it waits for no round trip: the
  // index's meta.json, the filters' columns and the first card shard (their sizes are in
  // docs/benchmarks.md; scripts/search-scale.mjs prints them). Word shards wait for words.
  const asked = fromUrl();
  const chosen = fromForm();
  if (toParams(asked, fields).size > 0) {
    show(asked);
    void run(asked);
  } else if (toParams(chosen, fields).size > 0) {
    go(chosen, false);
  } else {
    void columns([])
      .then((c) => Promise.all([columns(FILTER_COLUMNS), cardShard(c, 'newest', 0)]))
      .catch(forget);
  }
}
