import { describe, expect, it } from 'vitest';
import type { ProfileKey } from '../../lib/props';
import { score } from './score';

const order: ProfileKey[] = ['coastal', 'urban', 'historic', 'eclectic', 'suburban'];

describe('quiz scoring', () => {
  it('picks the most answered profile', () => {
    expect(score(['suburban', 'suburban', 'coastal', 'urban', 'historic', 'eclectic'], order)).toBe('suburban');
    expect(score(['historic', 'historic', 'historic', 'coastal', 'coastal', 'urban'], order)).toBe('historic');
  });

  it('breaks every tie in the order coastal, urban, historic, eclectic, suburban', () => {
    // Each pair of profiles tied 3-3: the earlier in the order wins, whatever the answer order.
    for (let a = 0; a < order.length; a++) {
      for (let b = a + 1; b < order.length; b++) {
        const answers = [order[b], order[b], order[b], order[a], order[a], order[a]];
        expect(score(answers, order)).toBe(order[a]);
      }
    }
    expect(score(['suburban', 'suburban', 'eclectic', 'eclectic', 'historic', 'historic'], order)).toBe('historic');
    expect(score(['suburban', 'eclectic', 'historic', 'urban', 'coastal', 'suburban'], order)).toBe('suburban');
    expect(score(['suburban', 'eclectic', 'historic', 'urban', 'coastal'], order)).toBe('coastal');
  });
});
