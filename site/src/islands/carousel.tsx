// Featured properties: the prerendered scroll-snap row becomes a WAI-ARIA carousel
// (https://www.w3.org/WAI/ARIA/apg/patterns/carousel/). One slide is shown at a time; the others
// are inert and hidden from assistive technology. It advances every 6 s, except while hovered or
// focused and never under prefers-reduced-motion.
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { defineIsland, type IslandProps } from '../lib/island';
import type { CarouselProps } from '../lib/props';
import { wrap } from '../lib/wrap';

export const ADVANCE_MS = 6000;

function useReducedMotion(): boolean {
  const query = '(prefers-reduced-motion: reduce)';
  const [reduced, setReduced] = useState(() => matchMedia(query).matches);
  useEffect(() => {
    const m = matchMedia(query);
    const on = () => setReduced(m.matches);
    m.addEventListener('change', on);
    return () => m.removeEventListener('change', on);
  }, []);
  return reduced;
}

/** The prerendered track and its slides. They belong to the page, not to React: each effect looks
 * them up from the host. */
function partsOf(host: HTMLElement) {
  return {
    track: host.querySelector<HTMLElement>('.carousel__track'),
    slides: [...host.querySelectorAll<HTMLElement>('.slide')],
  };
}

/** The slide the track is scrolled to (the visitor may have swiped before the island woke). */
function shownSlide(host: HTMLElement): number {
  const { track, slides } = partsOf(host);
  if (!track?.clientWidth) return 0;
  const step = slides.length > 1 ? slides[1].offsetLeft - slides[0].offsetLeft : track.clientWidth;
  return Math.max(0, Math.min(slides.length - 1, Math.round(track.scrollLeft / (step || 1))));
}

export function Carousel({ host }: IslandProps<CarouselProps>) {
  const count = partsOf(host).slides.length;
  const [index, setIndex] = useState(() => shownSlide(host));
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reduced = useReducedMotion();
  const rotating = !hovered && !focused && !reduced;
  // Where the island is scrolling the track to, until it gets there or the visitor takes over: a
  // smooth scroll pauses between frames on a busy machine, and a pause is not the visitor's swipe.
  const target = useRef<number | null>(null);

  // Controls, hover/focus pause and swipes (the row still scrolls by touch).
  useEffect(() => {
    const { track } = partsOf(host);
    const onClick = (e: MouseEvent) => {
      const button = (e.target as Element).closest<HTMLElement>('[data-carousel], [data-slide]');
      if (!button || !host.contains(button)) return;
      const dir = button.dataset.carousel;
      if (dir) setIndex((i) => wrap(i, dir === 'next' ? 1 : -1, count));
      else setIndex(Number(button.dataset.slide) - 1);
    };
    const enter = () => setHovered(true);
    const leave = () => setHovered(false);
    const focusIn = () => setFocused(true);
    const focusOut = (e: FocusEvent) => {
      if (!host.contains(e.relatedTarget as Node | null)) setFocused(false);
    };
    const takeOver = () => {
      target.current = null;
    };
    const settled = () => {
      if (!track?.clientWidth) return;
      if (target.current !== null) {
        if (Math.abs(track.scrollLeft - target.current) <= 2) target.current = null;
        return;
      }
      setIndex(shownSlide(host));
    };
    // Where scrollend exists it says when a scroll (a held finger's too) is over; elsewhere a
    // quiet 120 ms does.
    let settle: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      clearTimeout(settle);
      settle = setTimeout(settled, 120);
    };
    const scrollEnds = 'onscrollend' in window;
    host.addEventListener('click', onClick);
    host.addEventListener('pointerenter', enter);
    host.addEventListener('pointerleave', leave);
    host.addEventListener('focusin', focusIn);
    host.addEventListener('focusout', focusOut);
    if (scrollEnds) track?.addEventListener('scrollend', settled);
    else track?.addEventListener('scroll', onScroll, { passive: true });
    const inputs = ['pointerdown', 'wheel', 'touchstart', 'keydown'] as const;
    inputs.forEach((name) => track?.addEventListener(name, takeOver, { passive: true }));
    return () => {
      clearTimeout(settle);
      host.removeEventListener('click', onClick);
      host.removeEventListener('pointerenter', enter);
      host.removeEventListener('pointerleave', leave);
      host.removeEventListener('focusin', focusIn);
      host.removeEventListener('focusout', focusOut);
      track?.removeEventListener('scrollend', settled);
      track?.removeEventListener('scroll', onScroll);
      inputs.forEach((name) => track?.removeEventListener(name, takeOver));
    };
  }, [host, count]);

  // The carousel's roles, once.
  useEffect(() => {
    const { slides } = partsOf(host);
    host.setAttribute('role', 'region');
    host.setAttribute('aria-roledescription', 'carousel');
    const heading = host.closest('section')?.getAttribute('aria-labelledby');
    if (heading) host.setAttribute('aria-labelledby', heading);
    slides.forEach((slide) => {
      const card = slide.querySelector('article') ?? slide;
      card.setAttribute('role', 'group');
      card.setAttribute('aria-roledescription', 'slide');
    });
  }, [host]);

  // How to scroll to a slide: read when it is shown, without showing it again when it changes.
  const behavior = useEffectEvent((): ScrollBehavior => (reduced ? 'auto' : 'smooth'));

  // Show the current slide.
  useEffect(() => {
    const { track, slides } = partsOf(host);
    slides.forEach((slide, i) => {
      const active = i === index;
      slide.toggleAttribute('inert', !active);
      if (active) slide.removeAttribute('aria-hidden');
      else slide.setAttribute('aria-hidden', 'true');
    });
    host.querySelectorAll<HTMLElement>('[data-slide]').forEach((thumb) => {
      if (Number(thumb.dataset.slide) - 1 === index) thumb.setAttribute('aria-current', 'true');
      else thumb.removeAttribute('aria-current');
    });
    const slide = slides[index];
    if (!track || !slide) return;
    const left = Math.min(slide.offsetLeft - slides[0].offsetLeft, track.scrollWidth - track.clientWidth);
    if (Math.abs(track.scrollLeft - left) > 1) {
      target.current = left;
      track.scrollTo?.({ left, behavior: behavior() });
    }
  }, [index, host]);

  // Screen readers hear slide changes only when the visitor caused them.
  useEffect(() => {
    partsOf(host).track?.setAttribute('aria-live', rotating ? 'off' : 'polite');
  }, [rotating, host]);

  // Auto-advance; any change of slide restarts the 6 s.
  useEffect(() => {
    if (!rotating || count < 2) return;
    const timer = setTimeout(() => setIndex((i) => wrap(i, 1, count)), ADVANCE_MS);
    return () => clearTimeout(timer);
  }, [rotating, index, count]);

  return null;
}

export default defineIsland(Carousel);
