import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { drawSectionsBeforeJumps, scrollToSection, SECTIONS_DRAWN } from './scroll-to-section';

const drawn = () => document.documentElement.classList.contains(SECTIONS_DRAWN);

describe('sections drawn before a scroll aims at one (site.css draws them under the class)', () => {
  beforeEach(() => vi.stubGlobal('matchMedia', () => ({ matches: false })));
  afterEach(() => {
    vi.unstubAllGlobals();
    document.documentElement.classList.remove(SECTIONS_DRAWN);
    document.body.innerHTML = '';
    history.replaceState(null, '', '/');
  });

  it('an island’s scroll draws them, then scrolls smoothly', () => {
    document.body.innerHTML = '<section id="about"></section>';
    const target = document.getElementById('about')!;
    const scrollIntoView = vi.fn(() => expect(drawn()).toBe(true));
    target.scrollIntoView = scrollIntoView;
    scrollToSection(target);
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth' });
  });

  it('the browser’s own jump: drawn when a link to a section of this page is clicked, not for another page', () => {
    history.replaceState(null, '', '/');
    drawSectionsBeforeJumps();
    expect(drawn()).toBe(false);
    document.body.innerHTML = '<a href="/sell/#steps">Sell</a><a href="#contact">Contact</a>';
    const click = (a: Element) => a.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    const [other, here] = document.querySelectorAll('a');
    other.addEventListener('click', (e) => e.preventDefault());
    click(other);
    expect(drawn()).toBe(false);
    here.addEventListener('click', (e) => e.preventDefault());
    click(here);
    expect(drawn()).toBe(true);
  });

  it('a page opened at a section is drawn whole before it is laid out', () => {
    history.replaceState(null, '', '/#neighborhoods');
    drawSectionsBeforeJumps();
    expect(drawn()).toBe(true);
  });
});
