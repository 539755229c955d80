import { act, fireEvent } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mountIsland } from '../test/island';
import mount from './nav';

const html = `<div data-island="nav"><button class="menu-toggle" aria-expanded="false" aria-controls="site-nav">Open menu</button>
<nav class="site-nav" id="site-nav"><a href="#featured-properties">Properties</a><a href="#nowhere">Gone</a><a href="/client-concierge/">Client Concierge</a></nav></div>
<section id="featured-properties"></section>`;

beforeEach(() =>
  vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} })),
);

describe('nav', () => {
  it('opens the menu when the click that loaded it was on the toggle, then toggles', async () => {
    document.body.innerHTML = html;
    const host = await mountIsland(html, mount, { menu: 'Open menu' }, '.menu-toggle');
    const toggle = host.querySelector('.menu-toggle')!;
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    act(() => void fireEvent.click(toggle));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    act(() => void fireEvent.click(toggle));
    act(() => void fireEvent.keyDown(host, { key: 'Escape' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('starts closed otherwise; a link scrolls to its section, a missing section does nothing', async () => {
    const host = await mountIsland(html, mount, { menu: 'Open menu' });
    expect(host.querySelector('.menu-toggle')).toHaveAttribute('aria-expanded', 'false');
    const section = document.getElementById('featured-properties')!;
    const scrollIntoView = vi.fn();
    section.scrollIntoView = scrollIntoView;
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    act(() => void host.querySelector('a[href="#featured-properties"]')!.dispatchEvent(click));
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth' });
    // Every section drawn first, so the scroll aims with their real heights (site.css).
    expect(document.documentElement).toHaveClass('sections-drawn');
    const gone = new MouseEvent('click', { bubbles: true, cancelable: true });
    act(() => void host.querySelector('a[href="#nowhere"]')!.dispatchEvent(gone));
    expect(gone.defaultPrevented).toBe(true);
    expect(location.hash).toBe('#featured-properties');
  });
});
