// The MLS's listings (the sample `make build` imported): /homes/ and its pages without
// JavaScript, a neighborhood's list, a listing's page with the listing office and the MLS's notice,
// its facts by group and its virtual tour, and 'Request a Showing' reaching the agent's e-mail with
// the home, its MLS number and link.
import { randomUUID } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { contentField, contentValue, dialog, expect, fillDialog, test } from './fixtures';
import { FOR_SALE } from './page-types.mjs';
import { emailjs } from './stack';

const cards = (page: import('@playwright/test').Page) => page.locator('article.home-card');

type Listing = { [field: string]: unknown; ListingId: string; StandardStatus: string };
const root = resolve(import.meta.dirname, '../..');
/** The listings the build imported (the sample's records as the import kept them, the facts it
 * keeps apart under `Facts` put back beside the other fields, as RESO names them). */
const imported: Listing[] = readFileSync(resolve(root, '.cache/mls/current/listings.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => {
    const { Facts, ...rest } = JSON.parse(line) as Listing & { Facts?: object };
    return { ...rest, ...Facts };
  });
/** The page of the first listing for sale whose record passes `test`, and the record. */
function listingWhere(test: (r: Listing) => boolean): [string, Listing] {
  const r = imported.find((r) => r.StandardStatus !== 'Closed' && r.InternetAddressDisplayYN !== false && test(r));
  if (!r) throw new Error('the sample has no such listing');
  const dir = readdirSync(resolve(root, 'dist/homes')).find((d) => d.endsWith(`-${r.ListingId}`));
  return [`/homes/${dir}/`, r];
}
const facts = (key: string) => contentField('site.yaml', 'mls', 'labels', 'facts', key);

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/homes/ pages through every listing, 24 at a time, and each neighborhood has its list', async ({ page }) => {
    await page.goto('/homes/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Homes for Sale');
    const total = Number((await page.locator('.homes__count').innerText()).split(' ')[0]);
    expect(total).toBeGreaterThan(48);
    await expect(cards(page)).toHaveCount(24);
    const pages = Math.ceil(total / 24);
    const seen = new Set<string>();
    for (let n = 1; ; n++) {
      // The paging closes the list: once it names this page, every card above it has been parsed
      // (a URL changes before the page has arrived).
      await expect(page.locator('.paging')).toContainText(`Page ${n} of ${pages}`);
      for (const href of await cards(page)
        .locator('h2 a')
        .evaluateAll((as) => as.map((a) => a.getAttribute('href'))))
        seen.add(href!);
      const next = page.getByRole('link', { name: 'Next page' });
      if (!(await next.count())) break;
      await next.click();
      await expect(page).toHaveURL(new RegExp(`/homes/page/${n + 1}/$`));
    }
    expect(seen.size).toBe(total);
    await page.getByRole('link', { name: 'Previous page' }).click();
    await expect(page.locator('.paging')).toContainText(`Page ${pages - 1} of ${pages}`);

    await page
      .locator('.homes__areas')
      .getByRole('link', { name: /^Riverside \d+$/ })
      .click();
    await expect(page).toHaveURL(/\/homes\/in\/riverside\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Homes for Sale in Riverside');
    const here = Number((await page.locator('.homes__count').innerText()).split(' ')[0]);
    await expect(cards(page)).toHaveCount(Math.min(here, 24));
    for (const place of await cards(page).locator('.home-card__place').allInnerTexts())
      expect(place).toMatch(/, FL \d{5}$/);
  });

  test("a listing's page names its office, says it is a sample, and carries the MLS's notice", async ({ page }) => {
    await page.goto(FOR_SALE);
    await expect(page.locator('.for-sale__office')).toContainText(/^Listed by .+/);
    await expect(page.getByText('Sample listing', { exact: true })).toBeVisible();
    const notice = page.getByRole('complementary', { name: 'Northeast Florida Multiple Listing Service' });
    await expect(notice).toContainText('comes in part from the Internet Data Exchange (IDX)');
    await expect(notice).toContainText(/Listing data last updated \w+ \d+, \d{4}, \d+:\d\d [AP]M E[SD]T/);
    // Without JavaScript, 'Request a Showing' leads to the contact form.
    await expect(page.getByRole('link', { name: 'Request a Showing' })).toHaveAttribute('href', '/#contact');
  });

  test('a waterfront listing shows its water group and its virtual tour; one without shows neither, and no group is empty', async ({
    page,
  }) => {
    const group = (heading: string) =>
      page.locator('.for-sale__group').filter({ has: page.getByRole('heading', { name: heading, exact: true }) });
    const tour = page.getByRole('link', { name: facts('virtual_tour'), exact: true });
    const [waterfront, record] = listingWhere((r) => r.WaterfrontYN === true && !!r.VirtualTourURLUnbranded);
    await page.goto(waterfront);
    const water = group(facts('water'));
    await expect(water).toBeVisible();
    await expect(water.locator('div', { has: page.getByText(facts('waterfront'), { exact: true }) })).toContainText(
      facts('yes_text'),
    );
    await expect(water).toContainText((record.WaterfrontFeatures as string[]).join(', '));
    await expect(tour).toHaveAttribute('href', record.VirtualTourURLUnbranded as string);

    const [dry] = listingWhere(
      (r) => !r.WaterfrontYN && !r.WaterfrontFeatures && !r.View && !r.VirtualTourURLUnbranded && !r.PoolPrivateYN,
    );
    await page.goto(dry);
    await expect(page.locator('.for-sale__group').first()).toBeVisible();
    await expect(group(facts('water'))).toHaveCount(0);
    await expect(tour).toHaveCount(0);
    await expect(page.getByText(facts('pool'), { exact: true })).toHaveCount(0);
    // Every group shown says something under its heading, and nothing says N/A.
    for (const g of await page.locator('.for-sale__group').all())
      await expect(g.locator('dd, p').first()).not.toBeEmpty();
    await expect(page.locator('main')).not.toContainText('N/A');
  });
});

test("'Request a Showing' opens the listing request about the home: the agent's e-mail has its address, MLS number and link", async ({
  page,
}) => {
  const tag = randomUUID().slice(0, 8);
  const email = `ana.${tag}@example.com`;
  await page.goto(FOR_SALE);
  const street = await page.getByRole('heading', { level: 1 }).innerText();
  const number = (await page.locator('.for-sale__facts').innerText()).match(/MLS #\s+(\S+)/)![1];
  await page.getByRole('button', { name: 'Request a Showing' }).click();
  await expect(dialog(page)).toHaveAccessibleName(new RegExp(`^Join Our Luxury Portfolio — ${street}, `));
  const address = dialog(page).getByLabel('Property Address', { exact: false });
  await expect(address).toHaveValue(new RegExp(`^${street}, .+, FL \\d{5}$`));
  await expect(dialog(page).getByLabel('Notes', { exact: false })).toHaveValue(
    new RegExp(`^I would like to see ${street}, .+ \\(MLS # ${number}\\)\\.`),
  );
  const home = await address.inputValue();
  await fillDialog(page, { 'Full Name': 'Ana Ruiz', Email: email, Phone: '904 555 0199' });
  await dialog(page).getByRole('button', { name: 'Request Listing Consultation' }).click();
  await expect(page.getByRole('status')).toContainText('We will contact you within 24 hours');
  const [sent] = await emailjs.waitFor(email);
  expect(sent.template_params.property_address).toBe(home);
  expect(sent.template_params.notes).toContain(`(MLS # ${number})`);
  expect(sent.template_params.listing).toBe(`${contentValue('site.yaml', 'base_url')}${new URL(page.url()).pathname}`);
});
