import type { ProfileKey } from '../../lib/props';

/** The most answered profile; a tie goes to the one first in `tieOrder`. The generator's
 * `Quiz::score` runs the same cases (spec/cases/quiz-scoring.json). */
export function score(answers: ProfileKey[], tieOrder: ProfileKey[]): ProfileKey {
  const counts = new Map<ProfileKey, number>();
  for (const a of answers) counts.set(a, (counts.get(a) ?? 0) + 1);
  const best = Math.max(0, ...counts.values());
  return tieOrder.find((k) => (counts.get(k) ?? 0) === best) ?? tieOrder[0];
}
