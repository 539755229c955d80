// The look checks that run inside a page, shared by the Playwright suite (look.spec.ts, in
// Chromium) and the cross-engine suite (engines/suite.mjs, in WebKit and Firefox). Each function is
// self-contained: a driver sends its source to the page and runs it there.

/**
 * The controls and figures a fixed pill (the contact widget, 'Explore More') sits on in the
 * window as scrolled now, each as "tag.classes "text"". A hidden pill covers nothing.
 */
export function coveredByPills() {
  const fixed = '.contact-widget__toggle, .explore-more__link';
  const controls = 'a[href], button, input:not([type=hidden]), select, textarea, [tabindex]:not([tabindex="-1"])';
  const figures = '.price, .stat__value, .snapshot__value, dd';
  // A control by its box; a figure by its text's (a block's box spans its column, the text may not).
  const rects = (el) => {
    if (el.matches(controls)) return [el.getBoundingClientRect()];
    const range = document.createRange();
    range.selectNodeContents(el);
    return [...range.getClientRects()];
  };
  const pills = [...document.querySelectorAll(fixed)].filter(
    (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden',
  );
  const boxes = pills.map((el) => el.getBoundingClientRect());
  const seen = (el) => {
    const r = el.getBoundingClientRect();
    return (
      r.width > 1 &&
      r.height > 1 &&
      r.bottom > 0 &&
      r.top < innerHeight &&
      getComputedStyle(el).visibility !== 'hidden' &&
      !el.closest('.visually-hidden, [inert], [aria-hidden="true"], dialog:not([open]), [popover]:not(:popover-open)')
    );
  };
  const out = [];
  for (const el of document.querySelectorAll(`${controls}, ${figures}`)) {
    if (!seen(el) || el.closest('.contact-widget, .explore-more')) continue;
    const overlap = (r) => (b) =>
      Math.min(r.right, b.right) - Math.max(r.left, b.left) > 1 &&
      Math.min(r.bottom, b.bottom) - Math.max(r.top, b.top) > 1;
    if (rects(el).some((r) => boxes.some(overlap(r))))
      out.push(
        `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${(el.textContent ?? '').trim().slice(0, 30)}"`,
      );
  }
  return out;
}

/** Whether the contact widget's toggle shows. */
export function widgetShows() {
  const toggle = document.querySelector('.contact-widget__toggle');
  return !!toggle && toggle.getClientRects().length > 0 && getComputedStyle(toggle).visibility !== 'hidden';
}

/** E-mail addresses, phone numbers and figures broken across lines; selects and buttons that cut their text. */
export function cutText() {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const pattern = /[\w.+-]+@[\w-]+(\.[\w-]+)+|\(\d{3}\) \d{3}-\d{4}|\$?\d[\d,.]*\d[%KMB]?/g;
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const host = n.parentElement;
    // The row of clients' words scrolls sideways by design: its figures are whole, just out of view.
    if (
      !host ||
      host.closest('.visually-hidden, script, style, svg, [hidden], .words') ||
      host.getClientRects().length === 0
    )
      continue;
    for (const m of (n.textContent ?? '').matchAll(pattern)) {
      const range = document.createRange();
      range.setStart(n, m.index);
      range.setEnd(n, m.index + m[0].length);
      const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (tops.size > 1) out.push(`"${m[0]}" breaks in ${host.tagName.toLowerCase()}.${[...host.classList].join('.')}`);
    }
  }
  const canvas = document.createElement('canvas').getContext('2d');
  for (const s of document.querySelectorAll('select')) {
    if (s.getClientRects().length === 0) continue;
    const style = getComputedStyle(s);
    canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    // The widest option, as any may be chosen; the arrow takes about 1.5em.
    const widest = Math.max(...[...s.options].map((o) => canvas.measureText(o.text).width));
    const room =
      s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 1.5 * parseFloat(style.fontSize);
    if (widest > room + 1)
      out.push(`select#${s.id} cuts its text (${Math.round(widest)} px in ${Math.round(room)} px)`);
  }
  for (const b of document.querySelectorAll('button, .btn')) {
    if (b.getClientRects().length === 0 || b.closest('.visually-hidden, .words')) continue;
    if (b.scrollWidth > b.clientWidth + 1)
      out.push(`${b.tagName.toLowerCase()} "${b.textContent?.trim()}" cuts its text`);
  }
  return out;
}

/** Resolves once the page has drawn twice (scroll events are sent with a frame) and the pills' 0.2 s fade is over. */
export function settled() {
  return new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 250))));
}

/** How far the page scrolls sideways, and the first elements that reach past its right edge: none
 * may, but those inside a box that scrolls sideways by design (the carousel, clients' words, a
 * phone's row of neighborhoods) and those never seen (a .visually-hidden box is clipped to 1 px). */
export function sideways() {
  const limit = document.documentElement.clientWidth;
  const inScroller = (el) => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement)
      if (/auto|scroll/.test(getComputedStyle(p).overflowX)) return true;
    return false;
  };
  const out = [...document.querySelectorAll('body *')]
    .filter(
      (el) =>
        el.offsetParent !== null &&
        el.getBoundingClientRect().right > limit + 1 &&
        getComputedStyle(el).position !== 'fixed',
    )
    .filter((el) => !el.closest('[inert], [aria-hidden="true"], .carousel__track, .visually-hidden') && !inScroller(el))
    .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`);
  return { scroll: document.documentElement.scrollWidth - limit, out: [...new Set(out)].slice(0, 5) };
}
