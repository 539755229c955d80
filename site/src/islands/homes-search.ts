// The search of /homes/ (no React: the form, the count, the cards and the paging are the page's
// own markup). It runs the prerendered GET form in place on the generator's prebuilt index —
// each column, word shard and card the first time a search needs it, or while the visitor is
// choosing one that will — and keeps the query in the URL: a search is shareable, Back and
// Forward restore it, and /homes/?… opens on its results.
// What the visitor chose before the island woke is read from the form when it does.
import { Columns, columnsFor, filters, matching, needs, readQuery, search, shardKey, toParams, words, type Query, type Shard } from '../lib/homes-search';
import type { Column, HomesSearchProps, Meta } from '../lib/props';

/** Cards shown as soon as they are in (two rows on a wide screen); the rest follow in order. */
const FIRST_CARDS = 6;

/** The list items of cards' HTML; a card gone (null) is left out. */
const items = (html: (string | null)[]) =>
  html.flatMap((h) => {
    if (h === null) return [];
    const li = document.createElement('li');
    li.innerHTML = h;
    return [li];
  });

const json = <T>(url: string): Promise<T> =>
  fetch(url).then((r) => (r.ok ? (r.json() as Promise<T>) : Promise.reject(new Error(`${url}: ${r.status}`))));

export default function homesSearch(host: HTMLElement, props: HomesSearchProps) {
  const form = host.querySelector('form');
  const list = host.querySelector('.home-cards');
  const count = host.querySelector('.homes__count');
  const pagingTemplate = host.querySelector<HTMLTemplateElement>('template[data-paging]');
  if (!form || !list || !count || !pagingTemplate) return;
  const clear = form.querySelector<HTMLAnchorElement>('.homes-search__clear');
  const { fields } = props;

  // The index's size and codes, and each column the first time a search needs it, all at once.
  let index: Promise<Columns> | undefined;
  const loading = new Map<Column, Promise<void>>();
  const forget = (error: unknown) => {
    // The next search asks again, from the start: a column of another build is refused too.
    index = undefined;
    loading.clear();
    throw error;
  };
  async function columns(needed: readonly Column[]): Promise<Columns> {
    const meta = (index ??= json<Meta>(props.meta).then((m) => new Columns(m), forget));
    const load = (name: Column) =>
      Promise.all([meta, json<(number | string)[]>(props.column.replace('{name}', name))]).then(([c, values]) => c.add(name, values), forget);
    await Promise.all(
      needed.map((name) => {
        const underway = loading.get(name) ?? load(name);
        loading.set(name, underway);
        return underway;
      }),
    );
    return meta;
  }
  const shards = new Map<string, Promise<Shard>>();
  const shard = (key: string) => {
    if (!shards.has(key)) {
      // A key no word has is a 404: nothing has it.
      const url = props.words.replace('{key}', key);
      const got = fetch(url).then((r) => (r.ok ? (r.json() as Promise<Shard>) : r.status === 404 ? {} : Promise.reject(new Error(`${url}: ${r.status}`))));
      shards.set(key, got);
      got.catch(() => shards.delete(key)); // asked again next time
    }
    return shards.get(key)!;
  };
  const cards = new Map<string, Promise<string | null>>();
  const card = (id: string) => {
    if (!cards.has(id)) {
      const url = props.cards.replace('{id}', id);
      // A card gone since the index was read (a newer import) is left out; one the network lost is
      // left out this time and asked for again the next.
      const got = fetch(url).then((r) => (r.ok ? r.text() : null));
      cards.set(id, got.catch(() => (cards.delete(id), null)));
    }
    return cards.get(id)!;
  };

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
      control.value = values.get(control.name) ?? '';
      if (control instanceof HTMLSelectElement && control.selectedIndex === -1) control.selectedIndex = 0;
    }
  }

  let latest = 0;
  /** `startedAt`: when the visitor asked (an event's time stamp), for the User Timing measures. */
  async function run(q: Query, startedAt = performance.now()) {
    const mine = ++latest;
    host.setAttribute('aria-busy', 'true');
    try {
      const c = await columns(needs(q));
      const typed = words(q.words);
      const loaded = new Map(await Promise.all([...new Set(typed.map(shardKey))].map(async (k) => [k, await shard(k)] as const)));
      const found = search(c, q, typed.length ? matching(c.size, typed, loaded) : null);
      const pages = Math.max(1, Math.ceil(found.length / props.per_page));
      const page = Math.min(q.page, pages);
      const shown = found.slice((page - 1) * props.per_page, page * props.per_page);
      const ids = c.ids!;
      // The first row or two on screen as soon as they are in, the rest asked for then (so they
      // do not queue before them) and shown in order as they come.
      const first = await Promise.all(shown.slice(0, FIRST_CARDS).map((at) => card(ids[at])));
      if (mine !== latest) return; // a newer search is under way
      performance.measure('homes-search: first results', { start: startedAt });
      list!.replaceChildren(...items(first));
      const n = found.length.toLocaleString('en-US');
      count!.textContent = !filters(q) ? props.count.replace('{count}', n) : found.length ? props.labels.results.replace('{count}', n) : props.labels.none;
      if (clear) clear.hidden = !filters(q);
      showPaging({ ...q, page }, pages);
      for (const next of shown.slice(FIRST_CARDS).map((at) => card(ids[at]))) {
        const html = await next;
        if (mine !== latest) return;
        list!.append(...items([html]));
      }
      performance.measure('homes-search: all results', { start: startedAt });
    } catch (error) {
      if (mine !== latest) return;
      console.error(error);
      count!.textContent = props.labels.failed;
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

  /** Runs `q`, and records it in the history: a new entry, or (while typing) the current one. */
  function go(q: Query, entry: 'push' | 'replace', startedAt?: number) {
    const to = url(q);
    if (to !== `${location.pathname}${location.search}`) history[entry === 'push' ? 'pushState' : 'replaceState'](null, '', to);
    void run(q, startedAt);
  }

  // Typing changes the current entry once it has made one: Back goes to before the words.
  let typing = false;
  form.addEventListener('input', (e) => {
    const words = (e.target as HTMLElement).getAttribute('name') === fields.words;
    go(fromForm(), words && typing ? 'replace' : 'push', e.timeStamp);
    typing = words;
  });
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    typing = false;
    go(fromForm(), 'push');
  });
  host.addEventListener('click', (e) => {
    // The search's own paging (the prerendered list's leads to /homes/page/N/ as without JavaScript).
    const link = (e.target as Element).closest<HTMLAnchorElement>('.paging a[href]');
    if (!link || new URL(link.href).pathname !== location.pathname) return;
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    typing = false;
    go(readQuery((name) => new URL(link.href).searchParams.get(name), fields), 'push');
    form.scrollIntoView({ block: 'start' });
  });
  addEventListener('popstate', () => {
    typing = false;
    const q = fromUrl();
    show(q);
    void run(q);
  });
  /** The first cards of each choice of `select`, with the rest of the form as it is: fetched while
   * the visitor is choosing, so the one chosen shows without waiting for the network. */
  async function warm(select: HTMLSelectElement) {
    const now = fromForm();
    const rest = toParams(now, fields);
    const asks = [...select.options].map((o) => readQuery((name) => (name === select.name ? o.value : rest.get(name)), fields));
    const c = await columns([...new Set(asks.flatMap(needs))]);
    const typed = words(now.words);
    const loaded = new Map(await Promise.all([...new Set(typed.map(shardKey))].map(async (k) => [k, await shard(k)] as const)));
    const mask = typed.length ? matching(c.size, typed, loaded) : null;
    for (const q of asks) {
      if (document.activeElement !== select) return; // the visitor has moved on
      for (const at of search(c, q, mask).slice(0, FIRST_CARDS)) void card(c.ids![at]);
      await new Promise((r) => setTimeout(r)); // one choice per task: the page stays responsive
    }
  }

  // What a search will need, while the visitor reaches for the form and chooses: every search's
  // ids, the columns of the control in focus, and a select's choices' first cards.
  form.addEventListener('pointerover', () => void columns(['ids']).catch(() => {}), { once: true });
  form.addEventListener('focusin', (e) => {
    const control = e.target as Element;
    const needed = columns(['ids', ...columnsFor(control.getAttribute('name') ?? '', fields)]);
    void (control instanceof HTMLSelectElement ? needed.then(() => warm(control)) : needed).catch(() => {});
  });

  // The URL's search (a shared link, a reload), else what the visitor chose before this woke; with
  // neither (or only other parameters) the prerendered first page is the answer.
  const asked = fromUrl();
  const chosen = fromForm();
  if (toParams(asked, fields).size > 0) {
    show(asked);
    void run(asked);
  } else if (toParams(chosen, fields).size > 0) {
    go(chosen, 'push');
  }
}
