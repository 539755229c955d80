import { describe, expect, it } from 'vitest';
import table from '../../../../spec/cases/quiz-scoring.json';
import type { ProfileKey } from '../../lib/props';
import { score } from './score';

describe('quiz scoring: the same cases as the generator (spec/cases/quiz-scoring.json)', () => {
  for (const c of table.cases) {
    it(c.name, () => {
      const order = ('tie_order' in c ? c.tie_order : table.tie_order) as ProfileKey[];
      expect(score(c.answers as ProfileKey[], order)).toBe(c.expect);
    });
  }
});
