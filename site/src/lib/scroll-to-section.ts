// A smooth scroll to a section of the page (instant when the visitor asks for reduced motion),
// landing right below the sticky header (its scroll-margin-top). Sections off screen are drawn
// only as they near it (site.css: content-visibility, for the page's load), so their heights are
// guesses until then, and a scroll aimed with them stops short (by screens on the home page in
// Firefox and WebKit). So every section is drawn first; the page keeps them drawn. The same goes
// for the browser's own jump to a link's section (an island not live yet, or none): the early
// script draws them as such a link is clicked, or before a page opened at a section is laid out.

/** The class on <html> that site.css draws every section under. */
export const SECTIONS_DRAWN = 'sections-drawn';

function drawSections() {
  document.documentElement.classList.add(SECTIONS_DRAWN);
}

export function scrollToSection(target: Element) {
  drawSections();
  const reduce = matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth' });
}

/** For the early script: every section drawn before the browser jumps to one. */
export function drawSectionsBeforeJumps() {
  if (location.hash) drawSections();
  addEventListener(
    'click',
    (e) => {
      const link = e.target instanceof Element ? e.target.closest('a[href]') : null;
      if (link instanceof HTMLAnchorElement && link.hash && link.pathname == location.pathname) drawSections();
    },
    true,
  );
}
