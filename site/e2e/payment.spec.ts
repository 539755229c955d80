// A listing's payment estimate: without JavaScript its figures at the site's defaults
// (content/site.yaml `mls.payment`), each named an estimate; with it, its code fetched only once
// the estimate scrolls into view, the figures recomputed when the down payment changes, and a
// down payment it cannot read named, with no figure made from it. The expected figures come from
// the island's arithmetic (src/lib/payment.ts), which the generator's is tested against.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';
import { dollars, estimate, wholeDollars } from '../src/lib/payment';
import type { PaymentProps } from '../src/lib/props';
import { contentField, expect, test } from './fixtures';
import { FOR_SALE } from './page-types.mjs';

const site = parse(readFileSync(resolve(import.meta.dirname, '../../content/site.yaml'), 'utf8')) as {
  mls: { payment: { down_percent: number; rate_percent: number; years: number; insurance_percent: number } };
};
const defaults = site.mls.payment;
const label = (key: string) => contentField('site.yaml', 'mls', 'labels', 'payment', key);
const PAYMENT_CODE = /\/assets\/payment-[^/]*\.js$/;

const section = (page: Page) => page.getByRole('region', { name: label('heading') });
const figure = (page: Page, key: string) => page.locator(`.payment [data-pay="${key}"]`);

/** The page's price and the listing's own figures the island is handed. */
async function listing(page: Page) {
  const price = Number(await section(page).getByLabel(label('price')).inputValue());
  const props = JSON.parse((await page.locator('.payment > script[data-props]').textContent()) ?? '{}') as PaymentProps;
  return { price, props };
}

/** Each line's text as the page should show it for a down payment of `down` percent. */
function expected(price: number, props: PaymentProps, down: number) {
  const e = estimate(
    { price, down, rate: defaults.rate_percent, years: defaults.years },
    defaults.insurance_percent,
    props.tax_annual,
    props.hoa,
  );
  return {
    pi: dollars(wholeDollars(e.principalAndInterest)),
    insurance: dollars(wholeDollars(e.insurance)),
    total: dollars(e.total),
  };
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the estimate shows principal and interest at the defaults, every figure named an estimate', async ({
    page,
  }) => {
    await page.goto(FOR_SALE);
    const s = section(page);
    await expect(s.getByRole('heading', { level: 2 })).toHaveText(label('heading'));
    await expect(s.getByLabel(label('down'))).toHaveValue(String(defaults.down_percent));
    await expect(s.getByLabel(label('rate'))).toHaveValue(String(defaults.rate_percent));
    await expect(s.getByLabel(label('term'))).toHaveValue(String(defaults.years));
    const { price, props } = await listing(page);
    expect(price).toBeGreaterThan(0);
    const at = expected(price, props, defaults.down_percent);
    await expect(figure(page, 'pi')).toHaveText(at.pi);
    await expect(figure(page, 'insurance')).toHaveText(at.insurance);
    await expect(figure(page, 'total')).toHaveText(at.total);
    for (const dt of await s.locator('dt').allInnerTexts()) expect(dt.toLowerCase()).toContain('estimate');
    await expect(s.locator('.payment__note')).toContainText(`${defaults.insurance_percent}%`);
  });
});

test('the payment estimate is recomputed when the down payment changes, its code fetched once in view', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const fetched: string[] = [];
  page.on('request', (r) => fetched.push(r.url()));
  await page.goto(FOR_SALE);
  await page.waitForLoadState('networkidle');
  expect(
    fetched.filter((u) => PAYMENT_CODE.test(u)),
    'not before it is in view',
  ).toEqual([]);

  const s = section(page);
  await s.scrollIntoViewIfNeeded();
  await expect(s).toHaveAttribute('data-hydrated', 'true');
  expect(fetched.filter((u) => PAYMENT_CODE.test(u))).toHaveLength(1);
  const { price, props } = await listing(page);
  await expect(figure(page, 'total')).toHaveText(expected(price, props, defaults.down_percent).total);

  const down = s.getByLabel(label('down'));
  for (const percent of [0, 35, 100]) {
    await down.fill(String(percent));
    const at = expected(price, props, percent);
    await expect(figure(page, 'pi')).toHaveText(at.pi);
    await expect(figure(page, 'total')).toHaveText(at.total);
  }
  // Paid in cash: the taxes, insurance and HOA alone.
  await expect(figure(page, 'pi')).toHaveText('$0');

  // A down payment past the price is named; no figure is made from it.
  await down.fill('120');
  await expect(s.getByText(props.bad_down)).toBeVisible();
  await expect(down).toHaveAttribute('aria-invalid', 'true');
  await expect(figure(page, 'total')).toHaveText('—');
  await expect(s).not.toContainText('NaN');
  const { violations } = await new AxeBuilder({ page }).include('.payment').analyze();
  expect(violations.map((v) => v.id)).toEqual([]);

  await down.fill(String(defaults.down_percent));
  await expect(s.getByText(props.bad_down)).toBeHidden();
  await expect(figure(page, 'total')).toHaveText(expected(price, props, defaults.down_percent).total);
});
