// The payment estimate's arithmetic, step for step as jax_model::mortgage computes the figures the
// listing page shows (both tested on spec/cases/payment.json), so the island and the page agree to
// the cent.

export type Terms = { price: number; down: number; rate: number; years: number };

/** Dollars to whole cents, half a cent up. */
const cents = (dollars: number) => Math.round(dollars * 100);

/** Cents to whole dollars, as the page shows them. */
export const wholeDollars = (c: number) => Math.floor((c + 50) / 100);

/** The monthly principal and interest in cents: P·r / (1 − (1 + r)^−n), and P / n at a zero rate. */
export function principalAndInterest({ price, down, rate, years }: Terms): number {
  const loan = (price * (100 - down)) / 100;
  const r = rate / 100 / 12;
  const n = years * 12;
  if (r === 0) return cents(loan / n);
  return cents((loan * r) / (1 - Math.pow(1 + r, -n)));
}

export type Estimate = {
  principalAndInterest: number;
  taxes: number | null;
  insurance: number;
  hoa: number | null;
  /** Whole dollars: the sum of the lines as shown. */
  total: number;
};

/** The estimate of `t` with insurance at `insurancePercent` of the price a year, the listing's
 * yearly taxes in dollars and its association's fee a month in cents. */
export function estimate(t: Terms, insurancePercent: number, taxAnnual: number | null, hoa: number | null): Estimate {
  const pi = principalAndInterest(t);
  const taxes = taxAnnual === null ? null : cents(taxAnnual / 12);
  const insurance = cents((t.price * insurancePercent) / 100 / 12);
  const total = [pi, taxes, insurance, hoa].reduce<number>((sum, c) => sum + (c === null ? 0 : wholeDollars(c)), 0);
  return { principalAndInterest: pi, taxes, insurance, hoa, total };
}

/** "$6,321", as the generator writes dollars. */
export const dollars = (n: number) => `$${n.toLocaleString('en-US')}`;

/** A field's number, or undefined when it is empty or not one. */
export function readNumber(text: string): number | undefined {
  if (!text.trim()) return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}
