// Neighborhood tabs: the prerendered tab links (which work without JavaScript by following the
// link) filter the twelve cards in place, following the WAI-ARIA tabs pattern
// (https://www.w3.org/WAI/ARIA/apg/patterns/tabs/). Opening a card resets the tabs to All.
import { useEffect, useState } from 'react';
import { defineIsland, type IslandProps } from '../lib/island';
import type { NeighborhoodTabsProps } from '../lib/props';

/** The seed resets the filter this long after a card is clicked. */
export const RESET_MS = 100;
/** The value of the All tab. */
const ALL = '';

/** The prerendered tab links. They belong to the page, not to React: each effect looks them up
 * from the host. */
const tabsOf = (host: HTMLElement) => [...host.querySelectorAll<HTMLElement>('[role="tab"]')];
const routeOf = (tab: HTMLElement) => tab.dataset.route ?? ALL;

export function NeighborhoodTabs({ host, props }: IslandProps<NeighborhoodTabsProps>) {
  // The tab the page shows as selected (All, as prerendered).
  const [route, setRoute] = useState(() => {
    const tabs = tabsOf(host);
    return routeOf(tabs.find((t) => t.getAttribute('aria-selected') === 'true') ?? tabs.at(-1)!);
  });

  useEffect(() => {
    const tabs = tabsOf(host);
    const select = (tab: HTMLElement) => {
      setRoute(routeOf(tab));
      tab.focus();
    };
    const onClick = (e: MouseEvent) => {
      const target = e.target as Element;
      const tab = target.closest<HTMLElement>('[role="tab"]');
      if (tab && host.contains(tab)) {
        if (e.metaKey || e.ctrlKey || e.shiftKey) return; // opening the area in a new tab
        e.preventDefault();
        select(tab);
        return;
      }
      if (target.closest('.card a')) setTimeout(() => setRoute(ALL), RESET_MS);
    };
    const onKey = (e: KeyboardEvent) => {
      const i = tabs.indexOf(e.target as HTMLElement);
      if (i < 0) return;
      const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[e.key];
      if (next === undefined) {
        // Links activate on Enter only; tabs also on Space.
        if (e.key === ' ') {
          e.preventDefault();
          select(tabs[i]);
        }
        return;
      }
      e.preventDefault();
      select(tabs[(next + tabs.length) % tabs.length]);
    };
    host.addEventListener('click', onClick);
    host.addEventListener('keydown', onKey);
    return () => {
      host.removeEventListener('click', onClick);
      host.removeEventListener('keydown', onKey);
    };
  }, [host]);

  useEffect(() => {
    for (const tab of tabsOf(host)) {
      const selected = routeOf(tab) === route;
      tab.setAttribute('aria-selected', String(selected));
      tab.tabIndex = selected ? 0 : -1;
      if (selected) document.getElementById(props.panel)?.setAttribute('aria-labelledby', tab.id);
    }
    host.querySelectorAll<HTMLElement>('.card[data-route]').forEach((card) => {
      card.hidden = route !== ALL && card.dataset.route !== route;
    });
  }, [route, host, props.panel]);

  return null;
}

export default defineIsland(NeighborhoodTabs);
