// The search of /homes/ in a real browser, on the sample `make build` imported: every filter
// narrows the results to what it asks for (checked on the cards themselves, and against the
// neighborhoods' static lists, which the generator writes by another path), the sorts order them,
// the query lives in the URL (a reload and a shared link open on it, Back and Forward restore it),
// paging, and a choice made before the island woke.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from './fixtures';

type Page = import('@playwright/test').Page;

const cards = (page: Page) => page.locator('.homes-search article.home-card');
const count = (page: Page) => page.locator('.homes__count');
const form = (page: Page) => page.getByRole('search', { name: 'Search homes for sale' });
/** The island is live once it has marked its host. */
const live = (page: Page) => expect(page.locator('.homes-search[data-hydrated="true"]')).toHaveCount(1);
const dollars = (text: string) => Number(text.replace(/[$,]/g, ''));
const figure = (facts: string, unit: string) => Number(new RegExp(`(\\d+) ${unit}`).exec(facts)?.[1] ?? 0);
const hrefs = (page: Page) =>
  cards(page)
    .locator('h2 a')
    .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
/** The results once every card is in (the first ones show before the rest). */
async function settled(page: Page) {
  await expect(page.locator('.homes-search[aria-busy]')).toHaveCount(0);
  return hrefs(page);
}
const total = async (page: Page) => Number((await count(page).innerText()).replace(/,/g, '').split(' ')[0]);
/** The count once the search the URL names has run: each choice starts a search, and an earlier
 * one's count can show for a moment before the latest replaces it. */
async function totalFor(page: Page, url: RegExp) {
  await expect(page).toHaveURL(url);
  await settled(page);
  return total(page);
}

test('price, beds and baths narrow the results to homes that have them', async ({ page }) => {
  await page.goto('/homes/');
  await live(page);
  const all = await total(page);
  await form(page).getByLabel('Min price').selectOption({ label: '$500K' });
  await form(page).getByLabel('Max price').selectOption({ label: '$1.5M' });
  await form(page).getByLabel('Beds').selectOption({ label: '3+' });
  await form(page).getByLabel('Baths').selectOption({ label: '2+' });
  await expect(count(page)).toHaveText(/^\d[\d,]* homes match your search$/);
  const found = await totalFor(page, /\/homes\/\?min_price=500000&max_price=1500000&beds=3&baths=2$/);
  expect(found).toBeGreaterThan(0);
  expect(found).toBeLessThan(all);
  await expect(cards(page)).toHaveCount(Math.min(found, 24));
  for (const price of await cards(page).locator('.price').allInnerTexts()) {
    expect(dollars(price)).toBeGreaterThanOrEqual(500_000);
    expect(dollars(price)).toBeLessThanOrEqual(1_500_000);
  }
  for (const facts of await cards(page).locator('.home-card__facts').allInnerTexts()) {
    expect(figure(facts, 'Beds')).toBeGreaterThanOrEqual(3);
    expect(figure(facts, 'Baths')).toBeGreaterThanOrEqual(2);
  }
  await expect(page).toHaveURL(/\/homes\/\?min_price=500000&max_price=1500000&beds=3&baths=2$/);
  // Clearing the filters brings back every home.
  await page.getByRole('link', { name: 'Clear all filters' }).click();
  await expect(count(page)).toHaveText(`${all.toLocaleString('en-US')} homes for sale`);
});

test("a neighborhood's results are its static list's homes, and sorting orders them", async ({ page }) => {
  // The generator's list of Ortega, built without the search.
  await page.goto('/homes/in/ortega/');
  const expected = await total(page);
  const firstStatic = await page
    .locator('article.home-card h2 a')
    .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  expect(firstStatic.length).toBe(Math.min(expected, 24));

  await page.goto('/homes/');
  await live(page);
  await form(page).getByLabel('Neighborhood').selectOption({ label: 'Ortega' });
  await expect(count(page)).toHaveText(`${expected.toLocaleString('en-US')} homes match your search`);
  // Both newest first: the same homes in the same order.
  await expect.poll(() => hrefs(page)).toEqual(firstStatic);

  await form(page).getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
  await expect(page).toHaveURL(/area=ortega&sort=price-asc$/);
  await expect
    .poll(async () => {
      const prices = (await cards(page).locator('.price').allInnerTexts()).map(dollars);
      return prices.length > 0 && prices.every((p, i) => i === 0 || prices[i - 1] <= p);
    })
    .toBe(true);
  await form(page).getByLabel('Sort by').selectOption({ label: 'Price: high to low' });
  await expect
    .poll(async () => {
      const prices = (await cards(page).locator('.price').allInnerTexts()).map(dollars);
      return prices.length > 0 && prices.every((p, i) => i === 0 || prices[i - 1] >= p);
    })
    .toBe(true);
  await form(page).getByLabel('Sort by').selectOption({ label: 'Size: largest first' });
  await expect
    .poll(async () => {
      const sizes = (await cards(page).locator('.home-card__facts').allInnerTexts()).map((f) =>
        Number(/([\d,]+) Sq/.exec(f)?.[1].replace(/,/g, '') ?? 0),
      );
      return sizes.length > 0 && sizes.every((s, i) => i === 0 || sizes[i - 1] >= s);
    })
    .toBe(true);
  // Every result is still one of Ortega's.
  expect(await total(page)).toBe(expected);
});

test('words find the homes whose pages say them; type and status narrow as asked', async ({ page, request }) => {
  await page.goto('/homes/');
  await live(page);
  await form(page).getByLabel('Keywords').pressSequentially('pool');
  await expect(count(page)).toHaveText(/homes match your search$/);
  const found = await settled(page);
  expect(found.length).toBeGreaterThan(0);
  for (const href of found.slice(0, 4))
    expect((await (await request.get(href!)).text()).toLowerCase()).toContain('pool');

  await form(page).getByLabel('Type').selectOption({ index: 1 });
  const kind = await form(page).getByLabel('Type').locator('option:checked').innerText();
  await form(page).getByLabel('Status').selectOption({ label: 'For Sale' });
  await expect.poll(async () => (await hrefs(page)).join()).not.toBe(found.join());
  for (const href of (await settled(page)).slice(0, 3)) {
    const listing = await (await request.get(href!)).text();
    expect(listing).toContain(kind);
    expect(listing.toLowerCase()).toContain('pool');
  }
  // Words no listing has leave none, and say so.
  await form(page).getByLabel('Keywords').fill('zzqx');
  await expect(count(page)).toHaveText('No homes match your search. Remove a filter to see more.');
  await expect(cards(page)).toHaveCount(0);
});

test('the query lives in the URL: a shared link opens on it, Back and Forward restore it, paging keeps it', async ({
  page,
}) => {
  await page.goto('/homes/?beds=4&sort=price-desc');
  await live(page);
  await expect(form(page).getByLabel('Beds')).toHaveValue('4');
  await expect(form(page).getByLabel('Sort by')).toHaveValue('price-desc');
  await expect(count(page)).toHaveText(/homes match your search$/);
  const fourBeds = await total(page);
  const firstPage = await settled(page);

  await page.locator('.homes-search .paging').getByRole('link', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/\?beds=4&sort=price-desc&page=2$/);
  await expect(page.locator('.homes-search .paging')).toContainText(`Page 2 of ${Math.ceil(fourBeds / 24)}`);
  const secondPage = await settled(page);
  expect(secondPage.some((h) => firstPage.includes(h))).toBe(false);

  await form(page).getByLabel('Baths').selectOption('3');
  const narrowed = await totalFor(page, /\?beds=4&baths=3&sort=price-desc$/);
  expect(narrowed).toBeLessThanOrEqual(fourBeds);

  await page.goBack();
  await expect(page).toHaveURL(/page=2$/);
  await expect(form(page).getByLabel('Baths')).toHaveValue('');
  await expect.poll(() => hrefs(page)).toEqual(secondPage);
  await page.goBack();
  await expect.poll(() => hrefs(page)).toEqual(firstPage);
  await page.goForward();
  await page.goForward();
  await expect(form(page).getByLabel('Baths')).toHaveValue('3');
  await expect(count(page)).toHaveText(`${narrowed.toLocaleString('en-US')} homes match your search`);

  // A reload opens on the same search.
  await page.reload();
  await live(page);
  await expect(count(page)).toHaveText(`${narrowed.toLocaleString('en-US')} homes match your search`);
});

test('a choice made before the island woke is searched once it does', async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/homes-search[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/homes/');
  await form(page).getByLabel('Beds').selectOption('5');
  await form(page).getByRole('button', { name: 'Search' }).click();
  release();
  await live(page);
  await expect(page).toHaveURL(/\?beds=5$/);
  await expect(count(page)).toHaveText(/homes match your search$/);
  for (const facts of await cards(page).locator('.home-card__facts').allInnerTexts())
    expect(figure(facts, 'Beds')).toBeGreaterThanOrEqual(5);
});

test('on a phone the keywords and a "Filters" button come before the homes: the first photo is on the first screen, the rest of the form in a sheet', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/homes/');
  await live(page);
  // The first home's photo, whole, on the first screen below the page's heading.
  const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
  const photo = await cards(page).first().locator('img').boundingBox();
  expect(heading && photo).toBeTruthy();
  expect(photo!.y).toBeGreaterThan(heading!.y + heading!.height);
  expect(photo!.y + photo!.height).toBeLessThanOrEqual(844);
  // The other fields wait in the sheet, which the button opens.
  await expect(form(page).getByLabel('Keywords')).toBeVisible();
  await expect(form(page).getByLabel('Beds')).toBeHidden();
  const filters = form(page).getByRole('button', { name: 'Filters', exact: true });
  await filters.click();
  await form(page).getByLabel('Beds').selectOption({ label: '3+' });
  // Each search makes its history entry once its results show (one overtaken by the next makes
  // none): the first is in before the second begins, so Back has two steps to go.
  await expect(page).toHaveURL(/\/homes\/\?beds=3$/);
  await form(page).getByLabel('Neighborhood').selectOption({ label: 'Ortega' });
  await expect(count(page)).toHaveText(/^\d[\d,]* homes match your search$/);
  const found = await totalFor(page, /\/homes\/\?beds=3&area=ortega$/);
  // Its button says how many homes they leave, and closes it; the count of filters stays on "Filters".
  await form(page)
    .getByRole('button', { name: `Show ${found} homes` })
    .click();
  await expect(form(page).getByLabel('Beds')).toBeHidden();
  await expect(form(page).getByRole('button', { name: 'Filters 2 active' })).toBeVisible();
  await expect(page).toHaveURL(/\/homes\/\?beds=3&area=ortega$/);
  // Back to no filters: no count on the button.
  await page.goBack();
  await page.goBack();
  await expect(count(page)).toHaveText(/homes for sale$/);
  await expect(filters).toHaveAccessibleName('Filters');
});

type Listing = { [field: string]: unknown; ListingId: string; StandardStatus: string };
const root = resolve(import.meta.dirname, '../..');
/** The listings the build imported, their facts beside the other fields as RESO names them. */
const imported = (): Listing[] =>
  readFileSync(resolve(root, '.cache/mls/current/listings.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const { Facts, ...rest } = JSON.parse(line) as Listing & { Facts?: object };
      return { ...rest, ...Facts };
    });
/** The MLS numbers of every result, page after page of the island's paging. */
async function everyResult(page: Page): Promise<string[]> {
  const numbers: string[] = [];
  for (;;) {
    for (const href of await settled(page)) numbers.push(/-(\d+)\/$/.exec(href!)![1]);
    const next = page.locator('.homes-search .paging').getByRole('link', { name: 'Next page' });
    if (!(await next.count())) return numbers.sort();
    await next.click();
    await expect(page).toHaveURL(/page=\d+/);
  }
}

test("the features' boxes find exactly the sample's waterfront homes with a pool, and the lot, garage and newness narrow", async ({
  page,
}) => {
  const forSale = imported().filter((r) => r.StandardStatus !== 'Closed' && r.InternetEntireListingDisplayYN !== false);
  const want = forSale.filter((r) => r.WaterfrontYN === true && r.PoolPrivateYN === true).map((r) => r.ListingId);
  expect(want.length).toBeGreaterThan(1);
  expect(want.length).toBeLessThan(forSale.length / 4);
  await page.goto('/homes/');
  await live(page);
  const features = form(page).getByRole('group', { name: 'Features' });
  await features.getByLabel('Waterfront').check();
  await features.getByLabel('Pool').check();
  const found = await totalFor(page, /\/homes\/\?waterfront=1&pool=1$/);
  expect(found).toBe(want.length);
  expect(await everyResult(page)).toEqual(want.sort());

  // A shared link opens on it, the boxes ticked; the lot and the garage narrow it further.
  await page.goto('/homes/?waterfront=1&pool=1');
  await live(page);
  await expect(features.getByLabel('Waterfront')).toBeChecked();
  await expect(features.getByLabel('Open house this weekend')).not.toBeChecked();
  await form(page).getByLabel('Lot size').selectOption({ label: '0.5+ acres' });
  await form(page).getByLabel('Garage').selectOption({ label: '2+' });
  const narrower = forSale.filter(
    (r) =>
      want.includes(r.ListingId) &&
      Number(r.LotSizeAcres ?? 0) >= 0.5 - 1e-9 &&
      Math.floor(Number(r.GarageSpaces ?? 0)) >= 2,
  );
  expect(await totalFor(page, /\/homes\/\?waterfront=1&pool=1&garage=2&min_acres=0\.5$/)).toBe(narrower.length);

  // New construction: the feed's flag, or built this year or last.
  await page.goto('/homes/?new=1');
  await live(page);
  const year = new Date().getFullYear();
  const fresh = forSale.filter((r) => r.NewConstructionYN === true || Number(r.YearBuilt ?? 0) >= year - 1);
  expect(fresh.length).toBeGreaterThan(0);
  expect(await totalFor(page, /\/homes\/\?new=1$/)).toBe(fresh.length);
  // The phone's "Filters" button counts the boxes as filters.
  await expect(form(page).locator('[data-active]')).toContainText('1');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the worker answers the form: waterfront with a pool finds exactly the sample’s, page after page, the form as asked', async ({
    page,
  }) => {
    const forSale = imported().filter(
      (r) => r.StandardStatus !== 'Closed' && r.InternetEntireListingDisplayYN !== false,
    );
    const want = forSale.filter((r) => r.WaterfrontYN === true && r.PoolPrivateYN === true).map((r) => r.ListingId);
    await page.goto('/homes/');
    const features = form(page).getByRole('group', { name: 'Features' });
    await features.getByLabel('Waterfront').check();
    await features.getByLabel('Pool').check();
    await form(page).getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/homes\/search\/\?.*waterfront=1&pool=1&sort=newest$/);
    await expect(count(page)).toHaveText(`${want.length} homes match your search`);
    await expect(features.getByLabel('Waterfront')).toBeChecked();
    await expect(features.getByLabel('Pool')).toBeChecked();
    await expect(features.getByLabel('New construction')).not.toBeChecked();
    await expect(page.getByRole('link', { name: 'Clear all filters' })).toHaveAttribute('href', '/homes/');
    const numbers: string[] = [];
    for (let n = 1; ; n++) {
      const mine = await page
        .locator('.home-cards article.home-card h2 a')
        .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      numbers.push(...mine.map((href) => /-(\d+)\/$/.exec(href!)![1]));
      const next = page.locator('.paging').getByRole('link', { name: 'Next page' });
      if (!(await next.count())) break;
      await next.click();
      await expect(page).toHaveURL(new RegExp(`/homes/search/\\?waterfront=1&pool=1&page=${n + 1}$`));
      await expect(features.getByLabel('Pool')).toBeChecked();
    }
    expect(numbers.sort()).toEqual(want.sort());

    // A sort and a lot size, kept by the form; the dearest first.
    await page.goto('/homes/search/?waterfront=1&min_acres=0.5&sort=price-desc');
    await expect(form(page).getByLabel('Lot size')).toHaveValue('0.5');
    await expect(form(page).getByLabel('Sort by')).toHaveValue('price-desc');
    const prices = (await cards(page).locator('.price').allInnerTexts()).map(dollars);
    expect(prices.length).toBeGreaterThan(0);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    const wide = forSale.filter((r) => r.WaterfrontYN === true && Number(r.LotSizeAcres ?? 0) >= 0.5 - 1e-9);
    await expect(count(page)).toHaveText(`${wide.length} homes match your search`);
  });

  test('nothing found, or too many words, is said; a phone submits from its filters sheet', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/homes/');
    await form(page).getByLabel('Keywords').fill('qqzzxq');
    await form(page).getByRole('button', { name: 'Filters' }).click();
    await form(page).getByLabel('Garage').selectOption({ label: '2+' });
    await form(page).locator('[data-no-script]').click();
    await expect(page).toHaveURL(/\/homes\/search\/\?q=qqzzxq&.*garage=2/);
    await expect(form(page).getByLabel('Keywords')).toHaveValue('qqzzxq');
    await expect(count(page)).toHaveText('No homes match your search. Remove a filter to see more.');
    await expect(page.locator('.home-cards article')).toHaveCount(0);

    // Nine keywords of nine beginnings: more word shards than the worker reads for one search.
    const nine = 'pool dock river view ortega beach water garage kitchen';
    await page.goto(`/homes/search/?q=${encodeURIComponent(nine)}`);
    await expect(count(page)).toHaveText('Too many keywords to search at once. Remove a few to search again.');
    await expect(page.locator('.home-cards article')).toHaveCount(0);
    await expect(form(page).getByLabel('Keywords')).toHaveValue(nine);
  });
});
