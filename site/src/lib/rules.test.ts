import { describe, expect, it } from 'vitest';
import cases from '../../../spec/cases/rules.json';
import { isEmail, isPhone } from './rules';

describe('format rules mirror the server', () => {
  for (const [rule, check] of [
    ['email', isEmail],
    ['phone', isPhone],
  ] as const) {
    for (const value of cases[rule].valid)
      it(`${rule} accepts ${JSON.stringify(value)}`, () => expect(check(value)).toBe(true));
    for (const value of cases[rule].invalid)
      it(`${rule} rejects ${JSON.stringify(value)}`, () => expect(check(value)).toBe(false));
  }
});
