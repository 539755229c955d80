// A listing's payment estimate (no React): the page shows it at the site's figures; this recomputes
// each line as the buyer changes the price, the down payment, the rate or the term (../lib/payment.ts,
// the generator's arithmetic), and names a field it cannot read instead of showing a figure made
// from it. It reads the fields when it wakes, so what was typed before then counts.
import type { PaymentProps } from '../lib/props';
import { dollars, estimate, readNumber, wholeDollars } from '../lib/payment';

/** The message for each field that cannot be read, in the fields' order. */
export function problems(
  fields: { price: string; down: string; rate: string },
  props: Pick<PaymentProps, 'bad_price' | 'bad_down' | 'bad_rate' | 'max_rate'>,
): Partial<Record<'price' | 'down' | 'rate', string>> {
  const price = readNumber(fields.price);
  const down = readNumber(fields.down);
  const rate = readNumber(fields.rate);
  const out: Partial<Record<'price' | 'down' | 'rate', string>> = {};
  if (price === undefined || price <= 0) out.price = props.bad_price;
  if (down === undefined || down < 0 || down > 100) out.down = props.bad_down;
  if (rate === undefined || rate < 0 || rate > props.max_rate) out.rate = props.bad_rate;
  return out;
}

export default function payment(host: HTMLElement, props: PaymentProps) {
  const input = (name: string) => host.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
  const fields = { price: input('price'), down: input('down'), rate: input('rate') };
  const years = host.querySelector<HTMLSelectElement>('[name="years"]')!;
  const error = host.querySelector<HTMLElement>('.payment__error')!;
  error.id ||= 'payment-error';
  const show = (key: string, text: string) => {
    const dd = host.querySelector(`[data-pay="${key}"]`);
    if (dd && dd.textContent !== text) dd.textContent = text;
  };

  const update = () => {
    const values = { price: fields.price.value, down: fields.down.value, rate: fields.rate.value };
    const bad = problems(values, props);
    for (const [name, el] of Object.entries(fields)) {
      for (const [attr, value] of [
        ['aria-invalid', 'true'],
        ['aria-describedby', error.id],
      ])
        if (name in bad) el.setAttribute(attr, value);
        else el.removeAttribute(attr);
    }
    const messages = Object.values(bad).join(' ');
    error.textContent = messages;
    error.hidden = !messages;
    const lines = ['pi', 'taxes', 'insurance', 'hoa', 'total'];
    if (messages) return lines.forEach((key) => show(key, '—'));
    const e = estimate(
      { price: Number(values.price), down: Number(values.down), rate: Number(values.rate), years: Number(years.value) },
      props.insurance_percent,
      props.tax_annual,
      props.hoa,
    );
    const figures = [e.principalAndInterest, e.taxes, e.insurance, e.hoa];
    figures.forEach((c, i) => c !== null && show(lines[i], dollars(wholeDollars(c))));
    show('total', dollars(e.total));
  };
  host.addEventListener('input', update);
  host.addEventListener('change', update);
  update();
}
