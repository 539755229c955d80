// A listing page's gallery (no React): a tap on a photo or "All N photos" opens the viewer
// (../lib/viewer.ts, loaded then, fetched ahead when a pointer or the focus reaches the gallery) on
// every photo the page lists, in their order. The photo shown is in the URL (#photo-3): a link
// opens the page on it, Back closes it, and the focus goes back to what opened it.
import type { GalleryProps } from '../lib/props';
import type { Viewer, ViewerPhoto } from '../lib/viewer';

const HASH = /^#photo-(\d+)$/;

/** The number in a `#photo-N` hash or link, if it is one. */
export function photoNumber(hash: string | null | undefined): number | undefined {
  const n = Number(HASH.exec(hash ?? '')?.[1]);
  return n >= 1 ? n : undefined;
}

/** Every photo the page lists (`[data-photo]`, each once), in their order, as the viewer shows them. */
export function pagePhotos(root: ParentNode = document): ViewerPhoto[] {
  const byNumber = new Map<number, ViewerPhoto>();
  for (const el of root.querySelectorAll<HTMLElement>('[data-photo]')) {
    const n = Number(el.dataset.photo);
    const img = el.querySelector('img');
    if (!img || byNumber.has(n)) continue;
    const width = Number(img.getAttribute('width')) || 1;
    // A photo from the MLS's host is drawn in a 3:2 frame: its own shape once it has loaded.
    const ratio = img.naturalWidth && img.naturalHeight ? img.naturalHeight / img.naturalWidth : undefined;
    byNumber.set(n, {
      src: img.getAttribute('src') ?? '',
      srcset: img.getAttribute('srcset') ?? undefined,
      width,
      height: ratio ? Math.round(width * ratio) : Number(img.getAttribute('height')) || 1,
      alt: img.alt,
      caption: el.dataset.caption,
    });
  }
  return [...byNumber.keys()].sort((a, b) => a - b).map((n) => byNumber.get(n)!);
}

const loadViewer = () => import('../lib/viewer');

export default function gallery(host: HTMLElement, props: GalleryProps) {
  let open: Viewer | undefined;
  let opening = false;
  // Whether this page put the open photo's entry in the history: closing then goes Back to it.
  let pushed = false;
  let opener: HTMLElement | null = null;

  const show = async (n: number, from: HTMLElement | null) => {
    if (open) return open.goTo(n - 1);
    if (opening) return;
    opening = true;
    opener = from ?? host.querySelector<HTMLElement>('.gallery__all') ?? host.querySelector('a');
    try {
      const { openViewer } = await loadViewer();
      open = openViewer(pagePhotos(), n - 1, props, {
        changed: (i) => history.replaceState(history.state, '', `#photo-${i + 1}`),
        closed: () => {
          open = undefined;
          if (pushed) history.back();
          else if (photoNumber(location.hash))
            history.replaceState(history.state, '', location.pathname + location.search);
          pushed = false;
          opener?.focus({ preventScroll: true });
        },
      });
    } finally {
      opening = false;
    }
  };

  document.addEventListener('click', (e) => {
    const link = (e.target as Element | null)?.closest<HTMLAnchorElement>('a[href^="#photo-"]');
    const n = photoNumber(link?.getAttribute('href'));
    if (!link || !n || e.button || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    if (!photoNumber(location.hash)) {
      history.pushState(history.state, '', `#photo-${n}`);
      pushed = true;
    }
    void show(n, link);
  });
  // Back (or Forward, or a link elsewhere) moves the hash: the viewer follows it.
  addEventListener('hashchange', () => {
    const n = photoNumber(location.hash);
    if (n) void show(n, null);
    else if (open) {
      pushed = false;
      open.close();
    }
  });
  const prefetch = () => void loadViewer().catch(() => undefined);
  host.addEventListener('pointerenter', prefetch, { once: true });
  host.addEventListener('focusin', prefetch, { once: true });

  const n = photoNumber(location.hash);
  if (n) void show(n, null);
}
