// The contact widget rests while a page that scrolls shows its first screen: a fixed pill there sits
// on whatever control or figure reaches its corner (issue 21 found a search field, 'Request a
// Showing', a sold price). It shows once the visitor has scrolled a quarter screen, at the end of
// any page (the pages keep room for it there), and at once on a page that does not scroll. The
// islands' early script marks <html> before the first paint; without JavaScript it always shows.

export const FIRST_SCREEN = 'data-first-screen';

/** Marks or unmarks <html> for where the page is scrolled to now. */
export function markFirstScreen(root = document.documentElement) {
  const end = root.scrollHeight - innerHeight;
  root.toggleAttribute(FIRST_SCREEN, scrollY < Math.min(innerHeight / 4, end));
}

/** Marked at once (nothing is laid out yet); settled when the page is, and as it scrolls or resizes. */
export function watchFirstScreen(root = document.documentElement) {
  root.setAttribute(FIRST_SCREEN, '');
  for (const type of ['scroll', 'resize', 'load']) addEventListener(type, () => markFirstScreen(root), { passive: true });
}
