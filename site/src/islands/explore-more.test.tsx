import { act, fireEvent } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { performPendingScroll, PENDING_SCROLL_MS } from '../lib/pending-scroll';
import { mountIsland } from '../test/island';
import mount from './explore-more';

const props = { href: '/#neighborhoods', label: 'Explore More' };
const html = `<div data-island="explore-more"><a href="/#neighborhoods">Explore More</a></div>`;

beforeEach(() => {
  sessionStorage.clear();
  vi.stubGlobal('matchMedia', () => ({ matches: false }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('explore more', () => {
  it('goes home, then the home page scrolls smoothly to #neighborhoods after 100 ms', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...location, href: 'http://127.0.0.1/neighborhoods/riverside/', hash: '', assign });
    await mountIsland(html, mount, props);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    act(() => void document.querySelector('a')!.dispatchEvent(click));
    expect(click.defaultPrevented).toBe(true);
    expect(assign).toHaveBeenCalledWith('/');

    // The home page, on arrival.
    vi.useFakeTimers();
    document.body.innerHTML = '<section id="neighborhoods"></section>';
    const target = document.getElementById('neighborhoods')!;
    const scrollIntoView = vi.fn();
    target.scrollIntoView = scrollIntoView;
    performPendingScroll();
    vi.advanceTimersByTime(PENDING_SCROLL_MS - 1);
    expect(scrollIntoView).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth' });
    // Only once.
    performPendingScroll();
    vi.advanceTimersByTime(PENDING_SCROLL_MS);
    expect(scrollIntoView).toHaveBeenCalledOnce();
  });

  it('leaves modified clicks (new tab) to the browser', async () => {
    await mountIsland(html, mount, props);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    act(() => void document.querySelector('a')!.dispatchEvent(click));
    expect(click.defaultPrevented).toBe(false);
    expect(sessionStorage.length).toBe(0);
  });

  it('does not scroll a fresh navigation (the page already opens at the top)', async () => {
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    await mountIsland(html, mount, props);
    fireEvent.scroll(window);
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
