import { act, fireEvent } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountIsland } from '../test/island';
import mount, { ADVANCE_MS } from './carousel';

const props = { count: 8, previous: 'Previous property', next: 'Next property', show_slide: 'Show property {n}' };
const slides = Array.from({ length: 8 }, (_, i) => `<li class="slide" id="slide-${i + 1}"><article aria-labelledby="t${i + 1}"><h3 id="t${i + 1}">Home ${i + 1}</h3><a href="#contact">Inquire</a></article></li>`).join('');
const thumbs = Array.from({ length: 8 }, (_, i) => `<button type="button" data-slide="${i + 1}"${i === 0 ? ' aria-current="true"' : ''}>Show property ${i + 1}</button>`).join('');
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
});
