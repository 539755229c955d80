import { describe, expect, it } from 'vitest';
import table from '../../../spec/cases/mls-numbers.json';
import { fitsNumber, MAX_SAVED, readSaved, sharedNumbers, shareUrl, toggled, type SavedHome } from './saved-homes';

const home = (n: string): SavedHome => ({ n, t: `${n} Oak St`, u: `/homes/${n}/`, p: '$500,000' });

describe('saved homes', () => {
  it('reads what the hearts stored, and nothing else, never throwing', () => {
    expect(readSaved(JSON.stringify([home('A1'), home('B2')]))).toEqual([home('A1'), home('B2')]);
    for (const bad of [null, '', 'not json', '{}', '"x"', '[1, null, {"n": "A1"}]']) expect(readSaved(bad)).toEqual([]);
    // A number with a comma (it could not be shared), a repeat, or a field of another type is left out.
    const odd = [home('A1'), { ...home('B,2') }, home('A1'), { ...home('C3'), p: 5 }, home('D4')];
    expect(readSaved(JSON.stringify(odd)).map((h) => h.n)).toEqual(['A1', 'D4']);
    const many = Array.from({ length: MAX_SAVED + 5 }, (_, i) => home(`N${i}`));
    expect(readSaved(JSON.stringify(many))).toHaveLength(MAX_SAVED);
  });

  it('a heart saves a home first, and saved again takes it off', () => {
    const list = toggled([home('A1')], home('B2'));
    expect(list.map((h) => h.n)).toEqual(['B2', 'A1']);
    expect(toggled(list, home('A1')).map((h) => h.n)).toEqual(['B2']);
  });

  it('a shared link carries the MLS numbers, in order, each once', () => {
    const url = shareUrl('https://www.movetojax.com/homes/saved/?homes=old#x', 'homes', [home('B2'), home('A1')]);
    expect(url).toBe('https://www.movetojax.com/homes/saved/?homes=B2%2CA1');
    expect(sharedNumbers(new URL(url).searchParams.get('homes'))).toEqual(['B2', 'A1']);
    expect(sharedNumbers(' B2 ,,A1,B2,<script>,')).toEqual(['B2', 'A1']);
    expect(sharedNumbers(null)).toEqual([]);
    // Of the feed's format only: the report's "-1", and 32 characters of anything, are not shown.
    expect(sharedNumbers('2104001,-1,GONE999,21040011,2104002', '#######')).toEqual(['2104001', '2104002']);
  });

  it("takes MLS numbers of the feed's format as the worker does (spec/cases/mls-numbers.json)", () => {
    for (const c of table.cases) expect(fitsNumber(c.format, c.number), c.why).toBe(c.fits);
  });
});
