import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MarketData, MarketTableProps } from '../lib/props';
import { marketRow as row } from '../test/market';
import { mountIsland } from '../test/island';
import mount from './market-table';

const props: MarketTableProps = {
  data: '/data/market.json',
  area: 'Area',
  all_areas: 'All areas',
  areas: ['Urban Core', 'The Beaches'],
  price: 'Median price',
  any_price: 'Any price',
  price_bands: [
    { label: 'Under $400K', min: null, max: 400000 },
    { label: '$400K and above', min: 400000, max: null },
  ],
  showing: 'Showing {count} of {total} neighborhoods',
  none: 'No neighborhood matches these filters.',
};

const data: MarketData = {
  month: '2024-12',
  month_label: 'December 2024',
  source: 'MLS',
  source_url: null,
  neighborhoods: [
    row('downtown', 'Downtown', 'Urban Core', 425000, 9.2),
    row('ponte-vedra', 'Ponte Vedra', 'The Beaches', 825000, 13.5),
    row('springfield', 'Springfield', 'Urban Core', 285000, 12.1),
  ],
};

// The page's markup (templates/market.html), as prerendered.
const heads = [
  ['name', 'Neighborhood'],
  ['area', 'Area'],
  ['median_price', 'Median Condo Price'],
  ['yoy_growth', 'YoY Price Growth'],
];
const html = `<div data-island="market-table"><div data-market-filters></div><table><thead><tr>${heads
  .map(([k, l]) => `<th scope="col" data-sort="${k}"><span>${l}</span></th>`)
  .join('')}</tr></thead><tbody>${data.neighborhoods
  .map(
    (r) =>
      `<tr data-slug="${r.slug}"><th scope="row"><a href="${r.url}">${r.name}</a></th><td>${r.area}</td><td>${r.median_text}</td><td>${r.yoy_text}</td></tr>`,
  )
  .join('')}</tbody></table></div>`;

const order = () => [...document.querySelectorAll<HTMLElement>('tbody tr')].map((tr) => tr.dataset.slug);
const shown = () =>
  [...document.querySelectorAll<HTMLElement>('tbody tr')].filter((tr) => !tr.hidden).map((tr) => tr.dataset.slug);
const head = (key: string) => document.querySelector<HTMLElement>(`th[data-sort="${key}"]`)!;

function serve(body: unknown, status = 200) {
  const fetch = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>(() =>
    Promise.resolve(new Response(JSON.stringify(body), { status })),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

async function live() {
  const fetch = serve(data);
  await mountIsland(html, mount, props);
  // The fetch is mocked; the wait is for React under a busy CPU, not for a network.
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Showing 3 of 3 neighborhoods'), {
    timeout: 5000,
  });
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('market table', () => {
  it('reads the generator JSON and adds the filters and sort buttons', async () => {
    const fetch = await live();
    expect(fetch.mock.calls[0][0]).toBe('/data/market.json');
    expect(screen.getByLabelText('Area')).toHaveDisplayValue('All areas');
    expect(screen.getByLabelText('Median price')).toHaveDisplayValue('Any price');
    for (const [, label] of heads) expect(screen.getByRole('button', { name: label })).toBeInTheDocument();
    // The prerendered text gives way to the button; no column says it is sorted yet.
    expect(head('name').querySelector(':scope > span')).toHaveAttribute('hidden');
    expect(document.querySelectorAll('[aria-sort]')).toHaveLength(0);
    expect(order()).toEqual(['downtown', 'ponte-vedra', 'springfield']);
  });

  it('sorts by a column, then the other way, and says so on the column', async () => {
    await live();
    fireEvent.click(screen.getByRole('button', { name: 'Median Condo Price' }));
    expect(order()).toEqual(['springfield', 'downtown', 'ponte-vedra']);
    expect(head('median_price')).toHaveAttribute('aria-sort', 'ascending');
    fireEvent.click(screen.getByRole('button', { name: 'Median Condo Price' }));
    expect(order()).toEqual(['ponte-vedra', 'downtown', 'springfield']);
    expect(head('median_price')).toHaveAttribute('aria-sort', 'descending');
    fireEvent.click(screen.getByRole('button', { name: 'Neighborhood' }));
    expect(order()).toEqual(['downtown', 'ponte-vedra', 'springfield']);
    expect(head('name')).toHaveAttribute('aria-sort', 'ascending');
    expect(head('median_price')).not.toHaveAttribute('aria-sort');
  });

  it('filters by area and price band, keeping the sort, and says how many are left', async () => {
    await live();
    fireEvent.click(screen.getByRole('button', { name: 'YoY Price Growth' }));
    act(() => void fireEvent.change(screen.getByLabelText('Area'), { target: { value: 'Urban Core' } }));
    expect(shown()).toEqual(['downtown', 'springfield']);
    expect(screen.getByRole('status')).toHaveTextContent('Showing 2 of 3 neighborhoods');
    act(() => void fireEvent.change(screen.getByLabelText('Median price'), { target: { value: '0' } }));
    expect(shown()).toEqual(['springfield']);
    act(() => void fireEvent.change(screen.getByLabelText('Area'), { target: { value: 'The Beaches' } }));
    expect(shown()).toEqual([]);
    expect(screen.getByRole('status')).toHaveTextContent('No neighborhood matches these filters.');
    act(() => void fireEvent.change(screen.getByLabelText('Median price'), { target: { value: '' } }));
    expect(shown()).toEqual(['ponte-vedra']);
  });

  it('leaves the prerendered table as it is when the figures cannot be read', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetch = serve({}, 503);
    await mountIsland(html, mount, props);
    await waitFor(() => expect(error).toHaveBeenCalled(), { timeout: 5000 });
    expect(fetch).toHaveBeenCalledWith('/data/market.json', expect.anything());
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(head('name').querySelector(':scope > span')).not.toHaveAttribute('hidden');
    expect(shown()).toEqual(['downtown', 'ponte-vedra', 'springfield']);
    error.mockRestore();
  });
});
