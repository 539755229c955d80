// Header: below the md breakpoint the prerendered nav hides behind `.menu-toggle` (CSS shows it
// once the island is built); this island, loaded by the first click in the header, opens and
// closes it (a click on the toggle while it loads is handed over by the early script). In-page
// links scroll smoothly once it is built (before, the browser jumps); a link to a section the
// page lacks does nothing; a dialog's
// trigger in the menu closes it and opens its dialog.
import { useEffect } from 'react';
import { defineIsland, type IslandProps } from '../lib/island';
import { scrollToSection } from '../lib/scroll-to-section';
import type { NavProps } from '../lib/props';

export function Nav({ host }: IslandProps<NavProps>) {
  useEffect(() => {
    const toggle = host.querySelector<HTMLButtonElement>('.menu-toggle');
    const nav = host.querySelector<HTMLElement>('.site-nav');
    if (!toggle || !nav) return;
    const setOpen = (open: boolean) => toggle.setAttribute('aria-expanded', String(open));
    const isOpen = () => toggle.getAttribute('aria-expanded') === 'true';
    const onToggle = () => setOpen(!isOpen());
    const onLink = (e: MouseEvent) => {
      const link = (e.target as Element).closest<HTMLAnchorElement>('a[href]');
      if (!link) return;
      const url = new URL(link.href);
      // A dialog's trigger (the menu's consultation) is the dialogs' to handle: just close the menu.
      if (link.hasAttribute('data-open')) {
        setOpen(false);
        return;
      }
      if (url.pathname === location.pathname && url.hash) {
        // Same page: scroll to the section if there is one, otherwise stay put.
        e.preventDefault();
        const target = document.getElementById(decodeURIComponent(url.hash.slice(1)));
        if (target) {
          scrollToSection(target);
          history.replaceState(null, '', url.hash);
        }
      }
      setOpen(false);
    };
    // The Homes menu (a <details>): closed by Escape, with the focus back on it, and by a click elsewhere.
    const menus = () => [...nav.querySelectorAll<HTMLDetailsElement>('details[open]')];
    const onOutside = (e: MouseEvent) => {
      for (const menu of menus()) if (!menu.contains(e.target as Node)) menu.open = false;
    };
    const onKey = (e: KeyboardEvent) => {
      const menu = menus()[0];
      if (e.key === 'Escape' && menu) {
        menu.open = false;
        menu.querySelector('summary')?.focus();
        return;
      }
      if (e.key === 'Escape' && isOpen()) {
        setOpen(false);
        toggle.focus();
      }
    };
    const wide = matchMedia('(min-width: 60em)');
    const onWide = () => wide.matches && setOpen(false);
    toggle.addEventListener('click', onToggle);
    nav.addEventListener('click', onLink);
    host.addEventListener('keydown', onKey);
    document.addEventListener('click', onOutside);
    wide.addEventListener('change', onWide);
    return () => {
      document.removeEventListener('click', onOutside);
      toggle.removeEventListener('click', onToggle);
      nav.removeEventListener('click', onLink);
      host.removeEventListener('keydown', onKey);
      wide.removeEventListener('change', onWide);
    };
  }, [host]);
  return null;
}

export default defineIsland(Nav);
