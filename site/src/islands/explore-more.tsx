// Neighborhood pages: open at the top (a reload would otherwise restore the old position), and
// 'Explore More' returns to the home page's neighborhoods, scrolled there smoothly on arrival
// (see lib/pending-scroll.ts). Without JavaScript the link goes to /#neighborhoods.
import { useEffect } from 'react';
import { defineIsland, type IslandProps } from '../lib/island';
import { scrollAfterNavigation } from '../lib/pending-scroll';
import type { ExploreMoreProps } from '../lib/props';

export function ExploreMore({ host, props }: IslandProps<ExploreMoreProps>) {
  useEffect(() => {
    history.scrollRestoration = 'manual';
    const nav = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
    if (!location.hash && nav && nav.type !== 'navigate') window.scrollTo(0, 0);
    const link = host.querySelector<HTMLAnchorElement>('a[href]');
    const onClick = (e: MouseEvent) => {
      if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
      const url = new URL(props.href, location.href);
      e.preventDefault();
      scrollAfterNavigation(url.hash.slice(1));
      location.assign(url.pathname);
    };
    link?.addEventListener('click', onClick);
    return () => link?.removeEventListener('click', onClick);
  }, [host, props.href]);
  return null;
}

export default defineIsland(ExploreMore);
