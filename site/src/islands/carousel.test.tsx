import { act, fireEvent } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountIsland } from '../test/island';
import mount, { ADVANCE_MS } from './carousel';

const props = { count: 8, previous: 'Previous property', next: 'Next property', show_slide: 'Show property {n}' };
const slides = Array.from(
  { length: 8 },
  (_, i) =>
    `<li class="slide" id="slide-${i + 1}"><article aria-labelledby="t${i + 1}"><h3 id="t${i + 1}">Home ${i + 1}</h3><a href="#contact">Inquire</a></article></li>`,
).join('');
const thumbs = Array.from(
  { length: 8 },
  (_, i) =>
    `<button type="button" data-slide="${i + 1}"${i === 0 ? ' aria-current="true"' : ''}>Show property ${i + 1}</button>`,
).join('');
const html = `<section aria-labelledby="featured-title"><h2 id="featured-title">Featured Properties</h2>
<div class="carousel" data-island="carousel"><ol class="carousel__track" id="carousel-track">${slides}</ol>
<div class="carousel__controls"><button type="button" data-carousel="previous">Previous property</button>${thumbs}<button type="button" data-carousel="next">Next property</button></div></div></section>`;

let reduced = false;
beforeEach(() => {
  vi.useFakeTimers();
  reduced = false;
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('reduce') && reduced,
    addEventListener() {},
    removeEventListener() {},
  }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const shown = (host: HTMLElement) =>
  [...host.querySelectorAll('.slide')].flatMap((s, i) => (s.hasAttribute('inert') ? [] : [i + 1]));
const click = (el: Element) => act(() => void fireEvent.click(el));
const button = (host: HTMLElement, name: string) => host.querySelector(`[data-carousel="${name}"]`)!;

describe('featured carousel', () => {
  it('shows one slide and hides the others from assistive technology', async () => {
    const host = await mountIsland(html, mount, props);
    expect(shown(host)).toEqual([1]);
    const hidden = [...host.querySelectorAll('.slide')].filter((s) => s.getAttribute('aria-hidden') === 'true');
    expect(hidden).toHaveLength(7);
    expect(host).toHaveAttribute('aria-roledescription', 'carousel');
    expect(host).toHaveAttribute('aria-labelledby', 'featured-title');
    expect(host.querySelector('article')).toHaveAttribute('aria-roledescription', 'slide');
  });

  it('wraps around both ways', async () => {
    const host = await mountIsland(html, mount, props);
    click(button(host, 'previous'));
    expect(shown(host)).toEqual([8]);
    click(button(host, 'next'));
    expect(shown(host)).toEqual([1]);
    click(button(host, 'next'));
    expect(shown(host)).toEqual([2]);
  });

  it('thumbnails select their slide and mark it current', async () => {
    const host = await mountIsland(html, mount, props);
    click(host.querySelector('[data-slide="5"]')!);
    expect(shown(host)).toEqual([5]);
    expect(host.querySelector('[data-slide="5"]')).toHaveAttribute('aria-current', 'true');
    expect(host.querySelector('[data-slide="1"]')).not.toHaveAttribute('aria-current');
  });

  it('advances every 6000 ms and wraps from the last slide', async () => {
    const host = await mountIsland(html, mount, props);
    act(() => void vi.advanceTimersByTime(ADVANCE_MS - 1));
    expect(shown(host)).toEqual([1]);
    act(() => void vi.advanceTimersByTime(1));
    expect(shown(host)).toEqual([2]);
    for (let i = 0; i < 7; i++) act(() => void vi.advanceTimersByTime(ADVANCE_MS));
    expect(shown(host)).toEqual([1]);
    expect(host.querySelector('.carousel__track')).toHaveAttribute('aria-live', 'off');
  });

  it('pauses while hovered or focused', async () => {
    const host = await mountIsland(html, mount, props);
    act(() => void fireEvent.pointerEnter(host));
    act(() => void vi.advanceTimersByTime(ADVANCE_MS * 3));
    expect(shown(host)).toEqual([1]);
    expect(host.querySelector('.carousel__track')).toHaveAttribute('aria-live', 'polite');
    act(() => void fireEvent.pointerLeave(host));
    act(() => void fireEvent.focusIn(button(host, 'next')));
    act(() => void vi.advanceTimersByTime(ADVANCE_MS * 3));
    expect(shown(host)).toEqual([1]);
    act(() => void fireEvent.focusOut(button(host, 'next'), { relatedTarget: document.body }));
    act(() => void vi.advanceTimersByTime(ADVANCE_MS));
    expect(shown(host)).toEqual([2]);
  });

  it('never rotates under prefers-reduced-motion', async () => {
    reduced = true;
    const host = await mountIsland(html, mount, props);
    act(() => void vi.advanceTimersByTime(ADVANCE_MS * 4));
    expect(shown(host)).toEqual([1]);
  });

  // Browsers with scrollend say when a scroll is over; the others leave it to a quiet moment.
  describe.each([true, false])('on a laid-out track (scrollend: %s)', (scrollend) => {
    // 400 px slides side by side; the track's scroll position moves only when the test says so,
    // as a smooth scroll's frames do.
    let left = 0;
    let asked: number[] = [];
    const saved = Object.getOwnPropertyDescriptor(window, 'onscrollend');
    beforeEach(() => {
      if (!scrollend) delete (window as { onscrollend?: unknown }).onscrollend;
    });
    afterEach(() => {
      if (saved && !scrollend) Object.defineProperty(window, 'onscrollend', saved);
    });
    const layOut = () => {
      left = 0;
      asked = [];
      const track = document.querySelector<HTMLElement>('.carousel__track')!;
      Object.defineProperties(track, {
        clientWidth: { get: () => 400 },
        scrollWidth: { get: () => 3200 },
        scrollLeft: { get: () => left, set: (v: number) => void (left = v) },
        scrollTo: { value: (o: ScrollToOptions) => void asked.push(o.left!) },
      });
      document.querySelectorAll<HTMLElement>('.slide').forEach((slide, i) => {
        Object.defineProperty(slide, 'offsetLeft', { get: () => i * 400 });
      });
      return Promise.resolve();
    };
    const track = (host: HTMLElement) => host.querySelector('.carousel__track')!;
    /** One frame of a scroll, then `wait` ms of nothing (a busy machine's pause). */
    const frame = (host: HTMLElement, x: number, wait = 16) => {
      left = x;
      act(() => void fireEvent.scroll(track(host)));
      act(() => void vi.advanceTimersByTime(wait));
    };
    /** The scroll is over. */
    const end = (host: HTMLElement) => {
      if (scrollend) act(() => void track(host).dispatchEvent(new Event('scrollend')));
      else act(() => void vi.advanceTimersByTime(200));
    };

    it('a smooth scroll that pauses mid-way does not move the carousel to where it paused', async () => {
      const host = await mountIsland(html, mount, props, undefined, layOut);
      click(button(host, 'previous'));
      expect(asked).toEqual([2800]);
      for (const x of [900, 1700]) frame(host, x, 200);
      expect(shown(host)).toEqual([8]);
      // The visitor asks for the next slide while the track is still on its way.
      click(button(host, 'next'));
      expect(asked).toEqual([2800, 0]);
      for (const x of [2100, 1300, 500]) frame(host, x, 200);
      frame(host, 0);
      end(host);
      expect(shown(host)).toEqual([1]);
      expect(asked).toEqual([2800, 0]);
    });

    it("follows the visitor's swipe", async () => {
      const host = await mountIsland(html, mount, props, undefined, layOut);
      click(button(host, 'next'));
      frame(host, 400);
      end(host);
      expect(shown(host)).toEqual([2]);
      act(() => void fireEvent.pointerDown(track(host)));
      for (const x of [700, 1100, 1200]) frame(host, x);
      end(host);
      expect(shown(host)).toEqual([4]);
      // A swipe that starts while the island is still scrolling wins too.
      click(button(host, 'next'));
      frame(host, 1400);
      act(() => void fireEvent.pointerDown(track(host)));
      frame(host, 2400);
      end(host);
      expect(shown(host)).toEqual([7]);
    });
  });
});
