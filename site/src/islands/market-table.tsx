// The market page's table, complete without JavaScript: once live it reads /data/market.json
// (the generator's JSON, typed MarketData), adds the area and price filters above the table and
// turns each column head into a sort button (the WAI-ARIA sortable table:
// https://www.w3.org/WAI/ARIA/apg/patterns/table/examples/sortable-table/). The rows stay the
// page's own: they are moved and hidden, never re-rendered.
import { useEffect, useId, useLayoutEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { defineIsland, type IslandProps } from '../lib/island';
import { isSortKey, matches, nextSort, showing, sortRows, type Sort, type SortKey } from '../lib/market';
import type { MarketData, MarketTableProps } from '../lib/props';

/** The prerendered places the island fills: the filters' slot and the sortable column heads. */
type Targets = { filters: HTMLElement | null; heads: { th: HTMLElement; key: SortKey; label: string }[] };

function targetsOf(host: HTMLElement): Targets {
  const heads = [...host.querySelectorAll<HTMLElement>('th[data-sort]')].flatMap((th) => {
    const key = th.dataset.sort;
    return isSortKey(key) ? [{ th, key, label: th.textContent?.trim() ?? key }] : [];
  });
  return { filters: host.querySelector<HTMLElement>('[data-market-filters]'), heads };
}

export function MarketTable({ host, props }: IslandProps<MarketTableProps>) {
  const [targets] = useState(() => targetsOf(host));
  const [data, setData] = useState<MarketData | null>(null);
  const [sort, setSort] = useState<Sort>(null);
  const [area, setArea] = useState('');
  const [band, setBand] = useState('');
  const id = useId();

  useEffect(() => {
    const abort = new AbortController();
    fetch(props.data, { signal: abort.signal })
      .then((r) => (r.ok ? (r.json() as Promise<MarketData>) : Promise.reject(new Error(`${props.data}: ${r.status}`))))
      // Without the figures the table stays as prerendered: complete, in the site's order.
      .then(setData, (e: unknown) => abort.signal.aborted || console.error(e));
    return () => abort.abort();
  }, [props.data]);

  const filter = useMemo(
    () => ({ area, band: band === '' ? null : (props.price_bands[Number(band)] ?? null) }),
    [area, band, props.price_bands],
  );
  const ordered = useMemo(() => sortRows(data?.neighborhoods ?? [], sort), [data, sort]);
  const count = ordered.filter((r) => matches(r, filter)).length;

  // The page's rows, in order, the ones the filters leave shown.
  useEffect(() => {
    const body = host.querySelector('tbody');
    if (!body || ordered.length === 0) return;
    const rows = new Map([...body.querySelectorAll<HTMLElement>('tr[data-slug]')].map((tr) => [tr.dataset.slug, tr]));
    for (const r of ordered) {
      const tr = rows.get(r.slug);
      if (!tr) continue;
      body.append(tr);
      tr.hidden = !matches(r, filter);
    }
  }, [host, ordered, filter]);

  // The sorted column says so; the heads' text gives way to the buttons that carry it, before the
  // browser paints (a frame with both would shift the columns).
  useLayoutEffect(() => {
    if (!data) return;
    for (const { th, key } of targets.heads) {
      if (sort?.key === key) th.setAttribute('aria-sort', sort.direction);
      else th.removeAttribute('aria-sort');
      th.querySelector<HTMLElement>(':scope > span')?.setAttribute('hidden', '');
    }
  }, [data, sort, targets]);

  if (!data) return null;
  const total = data.neighborhoods.length;
  return (
    <>
      {targets.filters &&
        createPortal(
          <>
            <div className="market__filter">
              <label htmlFor={`${id}-area`}>{props.area}</label>
              <select id={`${id}-area`} value={area} onChange={(e) => setArea(e.target.value)}>
                <option value="">{props.all_areas}</option>
                {props.areas.map((a) => (
                  <option key={a} value={a}>
                    {a}
                  </option>
                ))}
              </select>
            </div>
            <div className="market__filter">
              <label htmlFor={`${id}-price`}>{props.price}</label>
              <select id={`${id}-price`} value={band} onChange={(e) => setBand(e.target.value)}>
                <option value="">{props.any_price}</option>
                {props.price_bands.map((b, i) => (
                  <option key={b.label} value={String(i)}>
                    {b.label}
                  </option>
                ))}
              </select>
            </div>
            <p className="market__status" role="status">
              {count === 0 ? props.none : showing(props.showing, count, total)}
            </p>
          </>,
          targets.filters,
        )}
      {targets.heads.map(({ th, key, label }) =>
        createPortal(
          <button type="button" className="market-table__sort" onClick={() => setSort((s) => nextSort(s, key))}>
            {label}
            <span className="market-table__arrow" aria-hidden="true">
              {/* The space is the arrow's size, like the room kept for it before (site.css). */}
              {sort?.key === key ? (sort.direction === 'ascending' ? ' ▲' : ' ▼') : ' ↕'}
            </span>
          </button>,
          th,
          key,
        ),
      )}
    </>
  );
}

export default defineIsland(MarketTable);
