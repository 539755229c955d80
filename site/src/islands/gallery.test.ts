import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GalleryProps } from '../lib/props';
import type { ViewerPhoto } from '../lib/viewer';

type Opened = { photos: ViewerPhoto[]; index: number; on: { changed(i: number): void; closed(): void } };
const opened: Opened[] = [];
const closes = vi.fn();
vi.mock('../lib/viewer', () => ({
  openViewer: (photos: ViewerPhoto[], index: number, _props: unknown, on: Opened['on']) => {
    opened.push({ photos, index, on });
    return { goTo: vi.fn(), close: closes };
  },
}));
const { default: gallery, pagePhotos, photoNumber } = await import('./gallery');
const { counterText } = await vi.importActual<typeof import('../lib/viewer')>('../lib/viewer');

const props = { labels: { counter: '{n} / {total}' }, name: 'Photos of 1 Oak Lane' } as GalleryProps;
const img = (src: string, alt: string) => `<img src="${src}" width="1200" height="800" alt="${alt}">`;

beforeEach(() => {
  opened.length = 0;
  closes.mockClear();
  history.replaceState(null, '', '/homes/1-oak-lane/');
  document.body.innerHTML = `
    <div class="gallery" data-island="gallery">
      <ul><li><a href="#photo-1" data-photo="1" data-caption="Front">${img('/a.webp', 'Front')}</a></li>
      <li><a href="#photo-2" tabindex="-1">${img('/b.webp', 'Kitchen')}</a></li></ul>
      <a class="gallery__all" href="#photo-1">All 3 photos</a>
    </div>
    <ul><li data-photo="3">${img('/c.webp', '1 Oak Lane, photo 3')}</li>
    <li data-photo="2" data-caption="Kitchen">${img('/b.webp', 'Kitchen')}</li></ul>`;
});
afterEach(() => vi.restoreAllMocks());

const host = () => document.querySelector<HTMLElement>('[data-island]')!;
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('the gallery', () => {
  it('reads every photo the page lists once, in their order, with its caption', () => {
    expect(pagePhotos()).toEqual([
      { src: '/a.webp', srcset: undefined, width: 1200, height: 800, alt: 'Front', caption: 'Front' },
      { src: '/b.webp', srcset: undefined, width: 1200, height: 800, alt: 'Kitchen', caption: 'Kitchen' },
      { src: '/c.webp', srcset: undefined, width: 1200, height: 800, alt: '1 Oak Lane, photo 3', caption: undefined },
    ]);
    expect([photoNumber('#photo-12'), photoNumber('#photo-0'), photoNumber('#photos'), photoNumber(null)]).toEqual([
      12,
      undefined,
      undefined,
      undefined,
    ]);
    expect(counterText('{n} / {total}', 3, 28)).toBe('3 / 28');
  });

  it('opens on the photo tapped, with it in the URL; closing goes Back and gives the focus back', async () => {
    gallery(host(), props);
    const back = vi.spyOn(history, 'back').mockImplementation(() => undefined);
    const beside = host().querySelector<HTMLElement>('a[href="#photo-2"]')!;
    beside.click();
    await settle();
    expect(location.hash).toBe('#photo-2');
    expect(opened.map((o) => o.index)).toEqual([1]);
    expect(opened[0].photos).toHaveLength(3);
    opened[0].on.changed(2);
    expect(location.hash).toBe('#photo-3');
    opened[0].on.closed();
    expect(back).toHaveBeenCalledOnce();
    expect(document.activeElement).toBe(beside);
  });

  it('opens a page linked to #photo-3 on it; closing takes the photo out of the URL without leaving the page', async () => {
    history.replaceState(null, '', '/homes/1-oak-lane/#photo-3');
    const back = vi.spyOn(history, 'back');
    gallery(host(), props);
    await settle();
    expect(opened.map((o) => o.index)).toEqual([2]);
    opened[0].on.closed();
    expect(back).not.toHaveBeenCalled();
    expect(location.href).toMatch(/\/homes\/1-oak-lane\/$/);
    expect(document.activeElement).toBe(host().querySelector('.gallery__all'));
  });

  it('closes when Back takes the photo out of the URL', async () => {
    gallery(host(), props);
    host().querySelector<HTMLElement>('.gallery__all')!.click();
    await settle();
    history.replaceState(null, '', '/homes/1-oak-lane/');
    dispatchEvent(new HashChangeEvent('hashchange'));
    // Every gallery these tests started listens on the one document: each open viewer closes.
    expect(opened.length).toBeGreaterThan(0);
    expect(closes).toHaveBeenCalledTimes(opened.length);
  });
});
