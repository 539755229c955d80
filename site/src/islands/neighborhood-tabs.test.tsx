import { act, fireEvent } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountIsland } from '../test/island';
import mount, { RESET_MS } from './neighborhood-tabs';

const routes = [
  'downtown-jacksonville',
  'riverside',
  'san-marco',
  'jacksonville-beach',
  'nocatee',
  'murray-hill',
  'avondale',
  'southside',
  'ortega',
  'springfield',
  'atlantic-beach',
  'ponte-vedra-beach',
];
const tabs = [
  ['Riverside', 'riverside'],
  ['San Marco', 'san-marco'],
  ['Jax Beach', 'jacksonville-beach'],
  ['Nocatee', 'nocatee'],
];
const props = {
  tabs: tabs.map(([label, route]) => ({ label, route })),
  all: 'All Neighborhoods',
  panel: 'neighborhood-panel',
};
const html = `<div data-island="neighborhood-tabs"><div role="tablist">${tabs
  .map(
    ([l, r]) =>
      `<a role="tab" id="tab-${r}" href="/neighborhoods/${r}/" aria-selected="false" data-route="${r}">${l}</a>`,
  )
  .join('')}<a role="tab" id="tab-all" href="#neighborhood-panel" aria-selected="true">All Neighborhoods</a></div>
<div id="neighborhood-panel" role="tabpanel" aria-labelledby="tab-all"><ul>${routes
  .map((r) => `<li class="card" data-route="${r}"><a href="/neighborhoods/${r}/">Explore</a></li>`)
  .join('')}</ul></div></div>`;

const visible = () =>
  [...document.querySelectorAll<HTMLElement>('.card')].filter((c) => !c.hidden).map((c) => c.dataset.route);
const tab = (name: string) => [...document.querySelectorAll('[role="tab"]')].find((t) => t.textContent === name)!;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('neighborhood tabs', () => {
  it('starts on the tab the page shows as selected', async () => {
    const sanMarcoSelected = html
      .replace('aria-selected="true"', 'aria-selected="false"')
      .replace(
        'id="tab-san-marco" href="/neighborhoods/san-marco/" aria-selected="false"',
        'id="tab-san-marco" href="/neighborhoods/san-marco/" aria-selected="true"',
      );
    expect(sanMarcoSelected).toContain('id="tab-san-marco" href="/neighborhoods/san-marco/" aria-selected="true"');
    await mountIsland(sanMarcoSelected, mount, props);
    expect(visible()).toEqual(['san-marco']);
    expect(tab('San Marco')).toHaveAttribute('tabindex', '0');
  });

  it('starts on All with twelve cards', async () => {
    await mountIsland(html, mount, props);
    expect(visible()).toHaveLength(12);
    expect(tab('All Neighborhoods')).toHaveAttribute('aria-selected', 'true');
    expect(tab('All Neighborhoods')).toHaveAttribute('tabindex', '0');
    expect(tab('Riverside')).toHaveAttribute('tabindex', '-1');
  });

  it('a specific tab shows its one card; All shows twelve again', async () => {
    await mountIsland(html, mount, props);
    for (const [label, route] of tabs) {
      const click = new MouseEvent('click', { bubbles: true, cancelable: true });
      act(() => void tab(label).dispatchEvent(click));
      expect(click.defaultPrevented).toBe(true);
      expect(visible()).toEqual([route]);
      expect(tab(label)).toHaveAttribute('aria-selected', 'true');
      expect(document.getElementById('neighborhood-panel')).toHaveAttribute('aria-labelledby', `tab-${route}`);
    }
    act(() => void fireEvent.click(tab('All Neighborhoods')));
    expect(visible()).toHaveLength(12);
  });

  it('clicking a card resets the tabs to All after 100 ms', async () => {
    await mountIsland(html, mount, props);
    act(() => void fireEvent.click(tab('Nocatee')));
    act(() => void fireEvent.click(document.querySelector('.card[data-route="nocatee"] a')!));
    act(() => void vi.advanceTimersByTime(RESET_MS - 1));
    expect(visible()).toEqual(['nocatee']);
    act(() => void vi.advanceTimersByTime(1));
    expect(visible()).toHaveLength(12);
    expect(tab('All Neighborhoods')).toHaveAttribute('aria-selected', 'true');
  });

  it('arrow keys, Home and End move between tabs and select them', async () => {
    await mountIsland(html, mount, props);
    act(() => void fireEvent.keyDown(tab('All Neighborhoods'), { key: 'ArrowRight' }));
    expect(tab('Riverside')).toHaveAttribute('aria-selected', 'true');
    expect(document.activeElement).toBe(tab('Riverside'));
    act(() => void fireEvent.keyDown(tab('Riverside'), { key: 'ArrowLeft' }));
    expect(tab('All Neighborhoods')).toHaveAttribute('aria-selected', 'true');
    act(() => void fireEvent.keyDown(tab('All Neighborhoods'), { key: 'Home' }));
    expect(visible()).toEqual(['riverside']);
    act(() => void fireEvent.keyDown(tab('Riverside'), { key: 'End' }));
    expect(visible()).toHaveLength(12);
  });
});
