// A row of /data/market.json for the market table's tests; the texts are not what they test.
import type { MarketRow } from '../lib/props';

export const marketRow = (
  slug: string,
  name: string,
  area: string,
  median_price: number,
  yoy_growth: number,
  days_on_market = 30,
  zip = '32202',
): MarketRow => ({
  slug,
  name,
  area,
  url: `/neighborhoods/${slug}/`,
  median_price,
  yoy_growth,
  days_on_market,
  zip,
  median_text: `$${median_price / 1000}K`,
  yoy_text: `+${yoy_growth}%`,
  days_text: String(days_on_market),
});
