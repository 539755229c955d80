import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_SCREEN, markFirstScreen, watchFirstScreen } from './first-screen';

/** A page `height` px tall in an 800 px window, scrolled to `y`. */
function page(height: number, y: number) {
  const root = document.createElement('html');
  Object.defineProperty(root, 'scrollHeight', { value: height });
  vi.stubGlobal('innerHeight', 800);
  vi.stubGlobal('scrollY', y);
  return root;
}

/** Whether the widget rests on `root` once marked for where the page is now. */
function rests(root: HTMLElement) {
  markFirstScreen(root);
  return root.hasAttribute(FIRST_SCREEN);
}

describe('the contact widget at rest on the first screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('rests at the top of a page that scrolls, and shows from a quarter screen down', () => {
    const root = page(3000, 0);
    expect(rests(root)).toBe(true);
    vi.stubGlobal('scrollY', 199);
    expect(rests(root)).toBe(true);
    vi.stubGlobal('scrollY', 200);
    expect(rests(root)).toBe(false);
  });

  it('shows at once on a page that does not scroll', () => {
    expect(rests(page(800, 0))).toBe(false);
  });

  it('shows at the end of a page that scrolls by less than a quarter screen', () => {
    const root = page(900, 0);
    expect(rests(root)).toBe(true);
    vi.stubGlobal('scrollY', 100);
    expect(rests(root)).toBe(false);
  });

  it('marks the page before it is laid out, then follows its scrolling', () => {
    const root = page(3000, 0);
    watchFirstScreen(root);
    expect(root.hasAttribute(FIRST_SCREEN)).toBe(true);
    vi.stubGlobal('scrollY', 900);
    dispatchEvent(new Event('scroll'));
    expect(root.hasAttribute(FIRST_SCREEN)).toBe(false);
  });
});
