import { beforeEach, describe, expect, it } from 'vitest';
import type { PaymentProps } from '../lib/props';
import payment, { problems } from './payment';

const props: PaymentProps = {
  bad_price: 'Enter the price.',
  bad_down: 'Enter a down payment from 0 to 100%.',
  bad_rate: 'Enter a rate from 0 to 30%.',
  insurance_percent: 0.9,
  max_rate: 30,
  tax_annual: 18750,
  hoa: 40000,
};

// The page's markup at 1,250,000, 20 % down, 6.5 %, 30 years (spec/cases/payment.json's first estimate).
beforeEach(() => {
  document.body.innerHTML = `
    <section class="payment" data-island="payment">
      <input name="price" type="number" value="1250000"><input name="down" type="number" value="20">
      <input name="rate" type="number" value="6.5">
      <select name="years"><option value="15">15 years</option><option value="30" selected>30 years</option></select>
      <div aria-live="polite"><p class="payment__error" hidden></p>
      <dl><dd data-pay="pi">$6,321</dd><dd data-pay="taxes">$1,563</dd><dd data-pay="insurance">$938</dd>
      <dd data-pay="hoa">$400</dd><dd data-pay="total">$9,222</dd></dl></div>
    </section>`;
});

const figure = (key: string) => document.querySelector(`[data-pay="${key}"]`)!.textContent;
const set = (name: string, value: string) => {
  const el = document.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`)!;
  el.value = value;
  el.dispatchEvent(new Event('input', { bubbles: true }));
};

describe('the payment island', () => {
  it('keeps the figures the page shows at its defaults, and recomputes them as a field changes', () => {
    const host = document.querySelector<HTMLElement>('.payment')!;
    const before = host.innerHTML;
    payment(host, props);
    expect(document.querySelector('[data-pay="total"]')!.textContent).toBe('$9,222');
    expect(host.innerHTML.replace(' id="payment-error"', '')).toBe(before);
    set('down', '0');
    // 1,250,000 borrowed: 7,900.85 a month.
    expect([figure('pi'), figure('total')]).toEqual(['$7,901', '$10,802']);
    set('down', '100');
    expect([figure('pi'), figure('total')]).toEqual(['$0', '$2,901']);
    set('price', '2500000');
    expect([figure('insurance'), figure('taxes'), figure('hoa')]).toEqual(['$1,875', '$1,563', '$400']);
  });

  it('names a field it cannot read and shows no figure made from it', () => {
    payment(document.querySelector<HTMLElement>('.payment')!, props);
    const error = document.querySelector<HTMLElement>('.payment__error')!;
    for (const [name, value, message] of [
      ['down', '', props.bad_down],
      ['down', '-5', props.bad_down],
      ['down', '101', props.bad_down],
      ['rate', '31', props.bad_rate],
      ['price', '0', props.bad_price],
    ]) {
      set(name, value);
      expect(error.hidden).toBe(false);
      expect(error.textContent).toBe(message);
      expect(document.querySelector(`[name="${name}"]`)!.getAttribute('aria-invalid')).toBe('true');
      expect(document.querySelector(`[name="${name}"]`)!.getAttribute('aria-describedby')).toBe(error.id);
      for (const key of ['pi', 'taxes', 'insurance', 'hoa', 'total']) expect(figure(key)).toBe('—');
      expect(document.body.textContent).not.toContain('NaN');
      set(name, name === 'price' ? '1250000' : name === 'down' ? '20' : '6.5');
      expect(error.hidden).toBe(true);
      expect(figure('total')).toBe('$9,222');
    }
  });

  it('reads a zero rate and a full down payment, and refuses words', () => {
    const base = { price: '1000000', down: '20', rate: '6.5' };
    expect(problems(base, props)).toEqual({});
    expect(problems({ ...base, rate: '0', down: '100' }, props)).toEqual({});
    expect(problems({ price: 'x', down: '', rate: 'NaN' }, props)).toEqual({
      price: props.bad_price,
      down: props.bad_down,
      rate: props.bad_rate,
    });
  });
});
