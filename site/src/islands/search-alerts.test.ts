import { afterEach, describe, expect, it, vi } from 'vitest';
import table from '../../../spec/cases/hostile-text.json';
import type { ManageAnswer, SearchAlertsProps } from '../lib/props';
import searchAlerts from './search-alerts';

// The manage page shows each search's words as the worker wrote them (edge/domain/src/words.rs
// made a stranger's inert): as text, never as a link or a tag of theirs.
const labels = {
  title: 'Your Saved Searches',
  intro: 'Yours.',
  frequency: 'How often',
  paused: 'Paused',
  pause: 'Pause',
  resume: 'Resume',
  delete: 'Delete',
  delete_all: 'Delete everything',
  deleted_all: 'Deleted.',
  empty: 'None.',
  invalid: 'Invalid.',
  no_script: 'Needs JavaScript.',
  failed: 'Failed.',
  stopped: 'Stopped.',
  allow: 'Allow.',
  expired: 'Expired.',
  unknown: 'Unknown.',
};
const props: SearchAlertsProps = {
  manage: '/api/searches/manage',
  labels,
  frequencies: { instant: 'As they come', daily: 'Once a day', weekly: 'Once a week' },
};

function mount(answer: ManageAnswer | { status: number; field: string }) {
  const host = document.createElement('div');
  host.innerHTML =
    '<p data-status></p><ul data-list></ul><button data-delete-all hidden></button><button data-allow hidden></button>';
  document.body.append(host);
  const response = () =>
    'status' in answer
      ? new Response(JSON.stringify({ errors: [{ field: answer.field, message: 'x' }] }), { status: answer.status })
      : new Response(JSON.stringify(answer), { status: 200 });
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(response())),
  );
  location.hash = '#token';
  searchAlerts(host, props);
  return host;
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

describe('the manage page', () => {
  it("shows every hostile case's words as text: one link a search, to the search's own page", async () => {
    const searches = table.cases.map((c, i) => ({
      id: `${i}`,
      words: c.inert,
      path: `/homes/?q=${i}`,
      frequency: 'daily',
      confirmed: true,
      paused: false,
    }));
    const host = mount({ searches, stopped: false });
    await vi.waitFor(() => expect(host.querySelectorAll('li')).toHaveLength(table.cases.length));
    const links = [...host.querySelectorAll('a')];
    expect(links.map((a) => a.textContent)).toEqual(table.cases.map((c) => c.inert));
    expect(links.map((a) => a.getAttribute('href'))).toEqual(searches.map((s) => s.path));
    for (const a of links) expect(a.children).toHaveLength(0);
    expect(host.querySelectorAll('img, b, script')).toHaveLength(0);
  });

  it("says which of the link's refusals it is: changed, sent before the address stopped, past its year", async () => {
    for (const [status, said] of [
      [403, 'Invalid.'],
      [404, 'Unknown.'],
      [410, 'Expired.'],
    ] as const) {
      const host = mount({ status, field: 'token' });
      await vi.waitFor(() => expect(host.querySelector('[data-status]')).toHaveTextContent(said));
      host.remove();
    }
    // A search gone meanwhile is no refusal of the link.
    const host = mount({ status: 404, field: 'id' });
    await vi.waitFor(() => expect(host.querySelector('[data-status]')).toHaveTextContent('Failed.'));
  });

  it('sends a change only once the one before it is answered: a new frequency, then a pause at once', async () => {
    const search = { id: 's1', words: 'Homes', path: '/homes/', frequency: 'instant', confirmed: true, paused: false };
    const answered: Array<() => void> = [];
    const fetch = vi.fn(
      (_: string, init: RequestInit) =>
        new Promise<Response>((resolve) => {
          // The worker's search as each change leaves it.
          const body = JSON.parse(init.body as string) as Record<string, string>;
          if (body.frequency) search.frequency = body.frequency;
          if (body.action === 'pause') search.paused = true;
          const now = { ...search };
          answered.push(() => resolve(new Response(JSON.stringify({ searches: [now], stopped: false }))));
        }),
    );
    const host = document.createElement('div');
    host.innerHTML =
      '<p data-status></p><ul data-list></ul><button data-delete-all hidden></button><button data-allow hidden></button>';
    document.body.append(host);
    vi.stubGlobal('fetch', fetch);
    location.hash = '#token';
    searchAlerts(host, props);
    await vi.waitFor(() => expect(answered).toHaveLength(1));
    answered[0]();
    await vi.waitFor(() => expect(host.querySelector('select')).not.toBeNull());
    const select = host.querySelector('select')!;
    select.value = 'weekly';
    select.dispatchEvent(new Event('change'));
    [...host.querySelectorAll('button')].find((b) => b.textContent === 'Pause')!.click();
    await vi.waitFor(() => expect(answered).toHaveLength(2));
    await new Promise((r) => setTimeout(r, 20));
    expect(fetch, 'the pause waits for the frequency').toHaveBeenCalledTimes(2);
    answered[1]();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(3));
    const sent = fetch.mock.calls.map(([, init]) => JSON.parse(init.body as string) as Record<string, string>);
    expect(sent.map((b) => b.action)).toEqual([undefined, 'frequency', 'pause']);
    expect(sent[1].frequency).toBe('weekly');
    answered[2]();
    await vi.waitFor(() => expect(host.querySelector('.badge')).toHaveTextContent('Paused'));
  });

  it('an address that stopped the e-mails is told so, with the button that allows them again', async () => {
    const host = mount({ searches: [], stopped: true });
    await vi.waitFor(() => expect(host.querySelector('[data-status]')).toHaveTextContent('None. Stopped.'));
    expect(host.querySelector<HTMLButtonElement>('[data-allow]')!.hidden).toBe(false);
    expect(host.querySelector<HTMLButtonElement>('[data-delete-all]')!.hidden).toBe(true);
  });
});
