// The listing photos' viewer, loaded only when the gallery (../islands/gallery.ts) opens it:
// PhotoSwipe, full screen, with its keyboard (arrows, Escape), swipe, pinch and double-tap zoom
// and its focus held inside; the counter, each photo's caption, the name and the buttons' labels
// are the site's (site.yaml `mls.labels.gallery`).
import PhotoSwipe from 'photoswipe';
import 'photoswipe/style.css';
import './viewer.css';
import type { GalleryProps } from './props';

export type ViewerPhoto = {
  src: string;
  srcset?: string;
  width: number;
  height: number;
  alt: string;
  /** The MLS's words for the photo (RESO `ShortDescription`). */
  caption?: string;
};

export type Viewer = { goTo(index: number): void; close(): void };

/** `{n} / {total}` filled in. */
export const counterText = (template: string, n: number, total: number) =>
  template.replace('{n}', String(n)).replace('{total}', String(total));

export function openViewer(
  photos: ViewerPhoto[],
  index: number,
  { labels, name }: GalleryProps,
  on: { changed(index: number): void; closed(): void },
): Viewer {
  const still = matchMedia('(prefers-reduced-motion: reduce)').matches;
  const pswp = new PhotoSwipe({
    dataSource: photos,
    index: Math.min(Math.max(index, 0), photos.length - 1),
    closeTitle: labels.close,
    arrowPrevTitle: labels.previous,
    arrowNextTitle: labels.next,
    zoomTitle: labels.zoom,
    errorMsg: labels.failed,
    counter: false,
    showHideAnimationType: still ? 'none' : 'fade',
    bgOpacity: 0.94,
    // The focus goes back to the gallery's control, not to whatever had it when a link opened the page.
    returnFocus: false,
  });
  pswp.on('uiRegister', () => {
    pswp.ui?.registerElement({
      name: 'photo-counter',
      className: 'pswp__counter',
      order: 5,
      onInit: (el) => {
        el.setAttribute('aria-live', 'polite');
        pswp.on('change', () => (el.textContent = counterText(labels.counter, pswp.currIndex + 1, photos.length)));
      },
    });
    pswp.ui?.registerElement({
      name: 'photo-caption',
      order: 9,
      appendTo: 'root',
      onInit: (el) => {
        pswp.on('change', () => {
          const caption = photos[pswp.currIndex]?.caption ?? '';
          el.textContent = caption;
          el.hidden = !caption;
        });
      },
    });
  });
  pswp.on('bindEvents', () => {
    pswp.element?.setAttribute('aria-modal', 'true');
    pswp.element?.setAttribute('aria-label', name);
    // PhotoSwipe names its scroller a carousel: a role of its own gives that description a subject.
    pswp.scrollWrap?.setAttribute('role', 'region');
    pswp.scrollWrap?.setAttribute('aria-label', name);
  });
  // A photo drawn in the page's 3:2 frame may have another shape: its own once it has loaded.
  pswp.on('loadComplete', ({ content, slide }) => {
    const img = content.element;
    if (!(img instanceof HTMLImageElement) || !img.naturalWidth || !img.naturalHeight) return;
    const photo = photos[slide.index];
    const height = Math.round((photo.width * img.naturalHeight) / img.naturalWidth);
    if (Math.abs(height - photo.height) > 1) {
      photo.height = height;
      pswp.refreshSlideContent(slide.index);
    }
  });
  // PhotoSwipe ignores a close before it has finished opening: the close button, Escape or Back
  // that soon closes it once open (they all call this method).
  const closeNow = pswp.close.bind(pswp);
  pswp.close = () => {
    if (!pswp.opener.isOpen && !pswp.isDestroying) pswp.on('openingAnimationEnd', closeNow);
    else closeNow();
  };
  // Its keys work once it has opened: Escape pressed sooner is kept for then.
  const escape = (e: KeyboardEvent) => e.key == 'Escape' && pswp.close();
  document.addEventListener('keydown', escape);
  pswp.on('bindEvents', () => document.removeEventListener('keydown', escape));
  pswp.on('change', () => on.changed(pswp.currIndex));
  pswp.on('destroy', () => on.closed());
  pswp.init();
  return { goTo: (i) => pswp.goTo(i), close: () => pswp.close() };
}
