// The hearts on the MLS cards and listing pages (no React): each keeps its home on the visitor's
// device (lib/saved-homes.ts) and shows whether it is kept. Hidden until this runs: without
// JavaScript they could keep nothing. Cards a search adds later get theirs as they come, and a
// change in another tab shows here too.
import type { HeartsProps } from '../lib/props';
import { SAVED_CHANGED, storedHomes, toggled, type SavedHome } from '../lib/saved-homes';

const HEART = '[data-save-home]';

/** What the card (or the listing page) around a heart shows of its home. */
function homeOf(button: HTMLElement): SavedHome {
  const card = button.closest('.home-card, .listing');
  const link = card?.querySelector<HTMLAnchorElement>('.home-card__title a');
  const title = card?.querySelector('.home-card__title, .listing__title')?.textContent?.trim() ?? '';
  const price = card?.querySelector('.price')?.textContent?.trim() ?? '';
  return { n: button.dataset.saveHome ?? '', t: title, u: link?.getAttribute('href') ?? location.pathname, p: price };
}

export default function hearts(_host: HTMLElement, props: HeartsProps) {
  const read = () => storedHomes(props.key);
  const show = (root: ParentNode = document) => {
    const saved = new Set(read().map((h) => h.n));
    for (const b of root.querySelectorAll<HTMLElement>(HEART)) {
      b.setAttribute('aria-pressed', String(saved.has(b.dataset.saveHome ?? '')));
      b.hidden = false;
    }
    // A listing page's offer of a search for homes like it, once its home is saved.
    for (const like of document.querySelectorAll<HTMLElement>('[data-like]'))
      like.hidden = !saved.has(like.dataset.like ?? '');
  };
  document.addEventListener('click', (e) => {
    const button = (e.target as Element | null)?.closest<HTMLElement>(HEART);
    if (!button) return;
    e.preventDefault();
    try {
      localStorage.setItem(props.key, JSON.stringify(toggled(read(), homeOf(button))));
    } catch {
      return;
    }
    show();
    document.dispatchEvent(new Event(SAVED_CHANGED));
  });
  addEventListener('storage', (e) => {
    if (e.key === props.key) show();
  });
  new MutationObserver((changes) => {
    if (changes.some((c) => c.addedNodes.length)) show();
  }).observe(document.querySelector('main') ?? document.body, { childList: true, subtree: true });
  show();
}
