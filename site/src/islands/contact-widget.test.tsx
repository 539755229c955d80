import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mountIsland } from '../test/island';
import mount from './contact-widget';

const props = {
  title: "Let's Connect",
  text: 'Text Me',
  message: 'Message',
  sms: 'sms:+19045550147',
  contact_href: '#contact',
};
const html = `<div data-island="contact-widget"><button type="button" popovertarget="panel">Let's Connect</button>
<div id="panel" popover><a href="sms:+19045550147">Text Me</a><a href="#contact" data-open="contact">Message</a></div></div>`;

function toggleEvent(newState: 'open' | 'closed') {
  const e = new Event('toggle');
  Object.assign(e, { newState });
  return e;
}

describe('contact widget', () => {
  it('mirrors the popover state on the toggle', async () => {
    const host = await mountIsland(html, mount, props);
    const toggle = host.querySelector('button')!;
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    act(() => void host.querySelector('[popover]')!.dispatchEvent(toggleEvent('open')));
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    act(() => void host.querySelector('[popover]')!.dispatchEvent(toggleEvent('closed')));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it("closes the panel when 'Message' opens the contact dialog, letting the click reach the document", async () => {
    const host = await mountIsland(html, mount, props);
    const panel = host.querySelector<HTMLElement>('[popover]')!;
    // jsdom has no Popover API: stand in for an open popover.
    const hide = vi.fn();
    Object.assign(panel, {
      hidePopover: hide,
      matches: (s: string) => s === ':popover-open' || Element.prototype.matches.call(panel, s),
    });
    const seen = vi.fn();
    document.addEventListener('click', seen);
    act(() => void host.querySelector<HTMLElement>('[data-open]')!.click());
    document.removeEventListener('click', seen);
    expect(hide).toHaveBeenCalledOnce();
    expect(seen).toHaveBeenCalledOnce();
  });

  it('keeps Text Me an sms: link to the agent', async () => {
    const host = await mountIsland(html, mount, props);
    expect(host.querySelector('a[href^="sms:"]')).toHaveAttribute('href', props.sms);
  });
});
