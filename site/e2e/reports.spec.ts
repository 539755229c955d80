// The market reports (content/reports/*.mdx, compiled by mdx-js at build time): a report page is
// complete without JavaScript — its text, the market snapshot, the listing card and the call to
// action, a link to the contact form — and with it the call to action opens its dialog. The list
// is newest first and the footer leads to it.
import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { contentValue, dialog, expect, test } from './fixtures';
import { REPORT } from './page-types.mjs';
import { BASE } from './stack';

const reports = resolve(import.meta.dirname, '../../content/reports');
const source = readFileSync(resolve(reports, `${REPORT.split('/')[2]}.mdx`), 'utf8');
const field = (key: string) => source.match(new RegExp(`^${key}: "?(.*?)"?$`, 'm'))?.[1] ?? '';
/** The report's <Cta>: its form and its label, as the agent wrote them. */
const [, ctaForm, ctaLabel] = source.match(/<Cta form="([^"]+)">([^<]+)<\/Cta>/) ?? [];
/** The report's <Listing id>. */
const [, listingId] = source.match(/<Listing id="([^"]+)" \/>/) ?? [];

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a report page holds its text, its listing card and a call to action that leads to the contact form', async ({
    page,
  }) => {
    expect(ctaLabel && listingId, 'the sample report uses <Cta> and <Listing>').toBeTruthy();
    const response = await page.goto(REPORT);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(field('title'));
    await expect(page.locator('main time').first()).toHaveAttribute('datetime', field('date'));
    // The listing card, as on the home page.
    const card = page.locator('main .slide__card');
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('link', { name: /View details/ })).toHaveAttribute('href', `/listings/${listingId}/`);
    // The market snapshot's tiles, as on the neighborhood page.
    const [, area] = source.match(/<Snapshot area="([^"]+)" \/>/) ?? [];
    if (area) await expect(page.locator('main .report__snapshot .snapshot__value')).toHaveCount(4);
    // The call to action: a link to the contact form, which works without JavaScript.
    const cta = page.getByRole('link', { name: ctaLabel, exact: true });
    await expect(cta).toHaveAttribute('href', '/#contact');
    await expect(cta).toHaveAttribute('data-type', ctaForm);
    await cta.click();
    await expect(page).toHaveURL(`${BASE}/#contact`);
    await expect(page.locator('#contact-form')).toBeVisible();
  });
});

test("a report's call to action opens its dialog", async ({ page, consoleErrors }) => {
  await page.goto(REPORT);
  const cta = page.locator('main [data-open]').filter({ hasText: ctaLabel });
  await expect(cta).toHaveAttribute('role', 'button');
  await cta.click();
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page)).toHaveAccessibleName('Schedule a Private Consultation');
  await expect(page).toHaveURL(`${BASE}${REPORT}`);
  expect(consoleErrors).toEqual([]);
});

test('the reports are listed newest first, and every footer leads to the list', async ({ page }) => {
  const dates = readdirSync(reports)
    .filter((f) => f.endsWith('.mdx'))
    .map((f) => readFileSync(resolve(reports, f), 'utf8'))
    .filter((text) => !/^draft: true$/m.test(text))
    .map((text) => text.match(/^date: "?([\d-]+)"?$/m)?.[1] ?? '')
    .sort()
    .reverse();
  await page.goto('/');
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: contentValue('site.yaml', 'reports'), exact: true })
    .click();
  await expect(page).toHaveURL(`${BASE}/reports/`);
  const shown = await page
    .locator('.report-entry time')
    .evaluateAll((els) => els.map((el) => el.getAttribute('datetime')));
  expect(shown).toEqual(dates);
  await page.locator('.report-entry').first().getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
