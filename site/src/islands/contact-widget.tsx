// Floating contact widget. The panel is a native popover (it opens without JavaScript); the island
// exposes its state on the toggle and closes it when 'Message' hands over to the contact dialog.
import { useEffect } from 'react';
import { defineIsland, type IslandProps } from '../lib/island';
import type { ContactWidgetProps } from '../lib/props';

export function ContactWidget({ host }: IslandProps<ContactWidgetProps>) {
  useEffect(() => {
    const toggle = host.querySelector<HTMLButtonElement>('[popovertarget]');
    const panel = host.querySelector<HTMLElement>('[popover]');
    if (!toggle || !panel) return;
    // The island starts on the first click, which the native popover has already handled.
    toggle.setAttribute('aria-expanded', String(panel.matches?.(':popover-open') ?? false));
    const onToggle = (e: Event) => toggle.setAttribute('aria-expanded', String((e as ToggleEvent).newState === 'open'));
    // The dialogs island listens for the same click on the document: let it through.
    const onClick = (e: MouseEvent) => {
      if ((e.target as Element).closest('[data-open]') && panel.matches(':popover-open')) panel.hidePopover();
    };
    panel.addEventListener('toggle', onToggle);
    panel.addEventListener('click', onClick);
    return () => {
      panel.removeEventListener('toggle', onToggle);
      panel.removeEventListener('click', onClick);
    };
  }, [host]);
  return null;
}

export default defineIsland(ContactWidget);
