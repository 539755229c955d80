import { describe, expect, it } from 'vitest';
import table from '../../../spec/cases/payment.json';
import { dollars, estimate, principalAndInterest, readNumber, wholeDollars } from './payment';

describe('the payment estimate (spec/cases/payment.json, as jax_model::mortgage computes it)', () => {
  it('is the amortization formula to the cent', () => {
    for (const c of table.principal_and_interest)
      expect(principalAndInterest({ price: c.price, down: c.down, rate: c.rate, years: c.years }), c.why).toBe(c.cents);
  });

  it('adds up its lines as the page shows them', () => {
    for (const c of table.estimates) {
      const terms = { price: c.price, down: c.down, rate: c.rate, years: c.years };
      expect(estimate(terms, c.insurance_percent, c.tax_annual, c.hoa_cents), c.why).toEqual({
        principalAndInterest: c.principal_and_interest,
        taxes: c.taxes,
        insurance: c.insurance,
        hoa: c.hoa_cents,
        total: c.total,
      });
    }
    expect([wholeDollars(49), wholeDollars(50), wholeDollars(632068)]).toEqual([0, 1, 6321]);
  });

  it('writes dollars as the generator does, and reads only numbers', () => {
    expect(dollars(12345678)).toBe('$12,345,678');
    expect(dollars(0)).toBe('$0');
    expect([readNumber(''), readNumber('  '), readNumber('abc'), readNumber('6.5'), readNumber('-1')]).toEqual([
      undefined,
      undefined,
      undefined,
      6.5,
      -1,
    ]);
  });
});
