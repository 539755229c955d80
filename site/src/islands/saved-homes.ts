// /homes/saved/ (no React): the homes saved on this device (lib/saved-homes.ts), or those a shared
// link names, each found by its MLS number in the search's word shards and shown as its card from
// the card shards of /homes/' own order: the last import's price and status. One the index no
// longer has has left the market, and says so with what its card showed when it was saved.
import { Columns, json, shardKey, type Shard } from '../lib/homes-search';
import type { Meta, SavedHomesProps } from '../lib/props';
import { SAVED_CHANGED, shareUrl, sharedNumbers, storedHomes, type SavedHome } from '../lib/saved-homes';

/** Each home's place in the index (newest first), or none when no listing for sale has its MLS number. */
async function places(c: Columns, props: SavedHomesProps, numbers: string[]): Promise<Map<string, number>> {
  const keys = [...new Set(numbers.map((n) => shardKey(n.toLowerCase())))].filter((k) => c.hasShard(k));
  const shards = new Map(
    await Promise.all(
      keys.map(async (k) => [k, await json<Shard>(c.url(props.files.words.replace('{key}', k)))] as const),
    ),
  );
  const found = new Map<string, number>();
  for (const n of numbers) {
    let at = 0;
    // An MLS number is one listing's: the first place its word has (other listings' remarks could
    // name it too; the card's id says whose it is, checked when it is shown).
    for (const gap of shards.get(shardKey(n.toLowerCase()))?.[n.toLowerCase()] ?? []) {
      at += gap;
      found.set(n, at);
      break;
    }
  }
  return found;
}

export default async function savedHomes(host: HTMLElement, props: SavedHomesProps) {
  const list = host.querySelector<HTMLElement>('[data-list]')!;
  const status = host.querySelector<HTMLElement>('[data-status]')!;
  const share = host.querySelector<HTMLButtonElement>('[data-share]')!;
  const keep = host.querySelector<HTMLButtonElement>('[data-keep]')!;
  const ask = host.querySelector<HTMLAnchorElement>('[data-ask]')!;
  const gone = host.querySelector<HTMLTemplateElement>('template[data-gone]')!;
  const params = new URLSearchParams(location.search);
  const shared = params.has(props.param) ? sharedNumbers(params.get(props.param), props.number_format) : null;
  const stored = () => storedHomes(props.key);
  const heading = document.getElementById('page-title');
  if (shared && heading) heading.textContent = props.labels.shared;
  // A shared home this device does not know: only the site's own card can name it; if the index
  // has none, it shows as no longer listed, never by the text of the link.
  const homes: SavedHome[] = shared
    ? shared.map((n) => stored().find((h) => h.n === n) ?? { n, t: '', u: '', p: '' })
    : stored();

  share.addEventListener('click', () => {
    const url = shareUrl(location.href, props.param, shared ? homes : stored());
    const copied = () => (share.textContent = props.labels.copied);
    // Without a clipboard (an insecure origin, a refusal) the address bar carries the list instead.
    const written = navigator.clipboard?.writeText(url) ?? Promise.reject(new Error('no clipboard'));
    written.then(copied, () => (history.replaceState(null, '', url), copied()));
  });
  keep.addEventListener('click', () => {
    const mine = stored();
    const added = homes.filter((h) => !mine.some((m) => m.n === h.n));
    try {
      localStorage.setItem(props.key, JSON.stringify([...added, ...mine]));
    } catch {
      return;
    }
    keep.hidden = true;
  });

  if (!homes.length) return; // the page's own words say there is none
  const meta = await json<Meta>(props.files.meta);
  const c = new Columns(meta);
  const at = await places(
    c,
    props,
    homes.map((h) => h.n),
  );
  const shardsOf = [...new Set([...at.values()].map((p) => c.shardOf('newest', p)))];
  const cards = new Map(
    await Promise.all(
      shardsOf.map(async (n) => [n, await json<string[]>(c.cardUrl(props.files.cards, 'newest', n))] as const),
    ),
  );
  const template = document.createElement('template');
  const items = homes.map((h) => {
    const place = at.get(h.n);
    const html = place === undefined ? undefined : cards.get(c.shardOf('newest', place))?.[c.inShard('newest', place)];
    if (html && html.includes(`data-save-home="${h.n}"`)) {
      template.innerHTML = `<li>${html}</li>`;
      return template.content.firstElementChild!;
    }
    const item = gone.content.firstElementChild!.cloneNode(true) as Element;
    // Unknown here and gone from the index: the words "no longer listed" are its title.
    if (!h.t) item.querySelector('.badge')?.remove();
    item.querySelector('[data-title]')!.textContent = h.t || props.labels.gone;
    item.querySelector('[data-price]')!.textContent = h.p;
    return item;
  });
  list.replaceChildren(...items);
  askAbout(ask, props, items, homes);
  status.hidden = true;
  share.hidden = false;
  keep.hidden = !shared || shared.every((n) => stored().some((h) => h.n === n));
  if (shared) return;
  // The device's own list: a heart taken off here (or in another tab) takes its card away.
  const prune = () => {
    const kept = new Set(stored().map((h) => h.n));
    const before = homes.length;
    for (let i = homes.length - 1; i >= 0; i--) {
      if (kept.has(homes[i].n)) continue;
      items[i].remove();
      homes.splice(i, 1);
      items.splice(i, 1);
    }
    if (homes.length === before) return;
    askAbout(ask, props, items, homes);
    status.hidden = homes.length > 0;
    share.hidden = homes.length === 0;
  };
  document.addEventListener(SAVED_CHANGED, prune);
  addEventListener('storage', (e) => e.key === props.key && prune());
}

/** "Ask about these homes" opens the contact form (the dialogs island reads these attributes when
 * it is clicked) naming the first `ask_max` homes listed: their pages posted as the form's listing,
 * a line each in its message. */
function askAbout(ask: HTMLAnchorElement, props: SavedHomesProps, items: Element[], homes: SavedHome[]) {
  const text = (item: Element, selector: string) => item.querySelector(selector)?.textContent?.trim();
  const asked = items
    .map((item, i) => ({
      path: item.querySelector('.home-card__title a')?.getAttribute('href') ?? homes[i].u,
      title: text(item, '.home-card__title, [data-title]') ?? homes[i].t,
      price: text(item, '.price, [data-price]') ?? homes[i].p,
    }))
    .filter((h) => h.path)
    .slice(0, props.ask_max);
  const l = props.labels;
  ask.dataset.listing = asked.map((h) => h.path).join(' ');
  ask.dataset.listingName = l.ask_about.replace('{count}', String(asked.length));
  ask.dataset.message = [l.ask_message, ...asked.map((h) => `${h.title} — ${h.price}`)].join('\n');
  ask.hidden = asked.length === 0;
}
