// Saved searches: "Save this search" on the lists of homes for sale, with and without
// JavaScript, sends the buyer a confirmation (the fake EmailJS's outbox) and nothing else; its
// link opens a page whose button confirms the search and tells the agent ("a new saved search");
// the manage page its e-mail links to changes the search and deletes everything the site keeps
// about the address.
import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { contentField, contentValue, expect, test } from './fixtures';
import { beside, generator, OwnWorker, root } from './own-site';
import { emailjs } from './stack';

const AGENT = contentValue('site.yaml', 'email');
/** A text of content/forms.yaml's `saved_search`. */
const text = (...keys: string[]) => contentField('forms.yaml', 'saved_search', ...keys);
const buyer = () => `buyer-${randomUUID().slice(0, 8)}@example.com`;

/** Opens "Save this search" on the page and saves it for `email`. */
async function saveSearch(page: Page, email: string, frequency: string) {
  await page.locator('summary', { hasText: text('title') }).click();
  const form = page.locator('#save-search');
  await form.getByLabel(text('email')).fill(email);
  await form.getByLabel(text('name')).fill('Ana Ruiz');
  await form.getByLabel(text('frequency')).selectOption(frequency);
  await form.getByRole('button', { name: text('submit') }).click();
  await expect(page).toHaveURL(/\/homes\/alerts\/sent\/$/);
  await expect(page.locator('h1')).toHaveText(text('pages', 'sent', 'title'));
}

/** Opens a link of an e-mail (confirm, unsubscribe): its page, whose one button does what it says. */
async function follow(page: Page, url: string, button: string[], title: string[]) {
  await page.goto(url);
  await page.getByRole('button', { name: text(...button) }).click();
  await expect(page.locator('h1')).toHaveText(text(...title));
}

/** The confirmation the fake EmailJS got for `email`: its params. */
async function confirmation(email: string) {
  const [sent] = await emailjs.waitFor(email);
  expect(sent.template_params.to_email).toBe(email);
  return sent.template_params;
}

test('a search saved with JavaScript is the one on screen; its link confirms it, and the agent hears of it', async ({
  page,
  consoleErrors,
}) => {
  const email = buyer();
  await page.goto('/homes/?area=ortega&beds=3&sort=price-asc');
  await expect(page.locator('.homes__count')).not.toHaveText(/^$/);
  await saveSearch(page, email, 'instant');
  const params = await confirmation(email);
  expect(params.subject).toBe('Confirm your saved search: Homes for sale in Ortega, 3+ beds');
  expect((await emailjs.about(email)).length, 'only the confirmation before it is opened').toBe(1);

  // Opening the link changes nothing (mail scanners open links): its page's button confirms.
  await page.goto(params.confirm_url);
  await expect(page.locator('h1')).toHaveText(text('pages', 'confirm', 'title'));
  expect((await emailjs.about(email)).length, 'opened, not confirmed').toBe(1);
  await page.getByRole('button', { name: text('pages', 'confirm', 'button') }).click();
  await expect(page).toHaveURL(/\/homes\/alerts\/confirmed\/$/);
  await expect(page.locator('h1')).toHaveText(text('pages', 'confirmed', 'title'));
  const [, lead] = await emailjs.waitFor(email, { count: 2 });
  expect(lead.template_params.to_email).toBe(AGENT);
  expect(lead.template_params.subject).toBe('A new saved search from Ana Ruiz: Homes for sale in Ortega, 3+ beds');
  expect(lead.template_params.message).toContain('a new saved search');

  // The manage page: the search in words, linked to its page, at the frequency chosen.
  await page.goto(params.manage_url);
  const item = page.locator('.alerts__list li');
  await expect(item).toHaveCount(1);
  await expect(item.getByRole('link')).toHaveText('Homes for sale in Ortega, 3+ beds');
  await expect(item.getByRole('link')).toHaveAttribute('href', '/homes/?area=ortega&beds=3');
  await expect(item.getByRole('combobox')).toHaveValue('instant');
  await item.getByRole('combobox').selectOption('weekly');
  await item.getByRole('button', { name: text('manage', 'pause') }).click();
  await expect(item.getByText(text('manage', 'paused'), { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.locator('.alerts__list li').getByRole('combobox')).toHaveValue('weekly');
  await page.getByRole('button', { name: text('manage', 'delete_all') }).click();
  await expect(page.locator('[data-status]')).toHaveText(
    `${text('manage', 'deleted_all')} ${text('manage', 'stopped')}`,
  );
  await expect(page.locator('.alerts__list li')).toHaveCount(0);
  // Nobody can sign the address up again for 30 days, but its owner, from this page.
  await page.getByRole('button', { name: text('manage', 'allow') }).click();
  await expect(page.locator('[data-status]')).toHaveText(text('manage', 'empty'));
  await expect(page.getByRole('button', { name: text('manage', 'allow') })).toBeHidden();
  expect(consoleErrors).toEqual([]);
});

test('the manage page opened without its key says the link is not valid', async ({ page }) => {
  await page.goto('/homes/alerts/');
  await expect(page.locator('[data-status]')).toHaveText(text('manage', 'invalid'));
  await page.goto('/homes/alerts/#0000.0000');
  await expect(page.locator('[data-status]')).toHaveText(text('manage', 'invalid'));
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("a neighborhood's list saves its own search, and the confirmation confirms it", async ({ page }) => {
    const email = buyer();
    await page.goto('/homes/in/ortega/');
    await saveSearch(page, email, 'daily');
    const params = await confirmation(email);
    expect(params.subject).toBe('Confirm your saved search: Homes for sale in Ortega');
    await follow(page, params.confirm_url, ['pages', 'confirm', 'button'], ['pages', 'confirmed', 'title']);
    // The manage page needs JavaScript, and says what to do instead.
    await page.goto(params.manage_url);
    await expect(page.locator('[data-status]')).toHaveText(text('manage', 'no_script'));
  });

  test('a save with a bad address lands on the page that says so', async ({ page }) => {
    await page.goto('/homes/');
    await page.locator('summary', { hasText: text('title') }).click();
    const form = page.locator('#save-search');
    // The browser takes "ana@example"; the worker wants a dotted domain.
    await form.getByLabel(text('email')).fill('ana@example');
    await form.getByLabel(text('frequency')).selectOption('weekly');
    await form.getByRole('button', { name: text('submit') }).click();
    await expect(page).toHaveURL(/\/homes\/alerts\/error\/$/);
    await expect(page.locator('h1')).toHaveText(text('pages', 'error', 'title'));
  });
});

/** What this test reads of a RESO Property record. */
type Listing = {
  ListingKey: string;
  WaterfrontYN?: boolean;
  PoolPrivateYN?: boolean;
  ListPrice: number;
  SubdivisionName: string;
  BedroomsTotal: number;
  UnparsedAddress: string;
  ListOfficeName: string;
};

/** The sample feed's records, as `generator sample reso` writes it after `round` rounds of news. */
function sampleFeed(dir: string, round: number): Listing[] {
  const out = resolve(dir, `feed-${round}`);
  generator('sample', 'reso', '--round', String(round), '--page-size', '100000', '--out', out);
  return (JSON.parse(readFileSync(resolve(out, 'page-000001.json'), 'utf8')) as { value: Listing[] }).value;
}

/** The alert e-mail as a template lays it out (docs/deploy.md): the homes, why, the links, the sender. */
const alertPage = (p: Record<string, string>) =>
  `<main>${p.homes_html}<p>${p.why}</p><p><a href="${p.manage_url}">Manage</a> <a href="${p.unsubscribe_url}">Unsubscribe</a></p><p>${p.sender}</p><p>${p.disclaimer}</p></main>`;

test("an import's new listing and price cut reach a saved search in one alert; unsubscribed, nothing after the next import", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  // The site as the publishing job makes it, in a folder of its own: an import of the sample,
  // a build, a deploy (here a restart of the test's own worker), each round.
  // One folder for each of the suite's workers, which may run this test at once (--repeat-each).
  const name = `alerts-import-${test.info().parallelIndex}`;
  const dir = resolve(root, 'test-output', name);
  rmSync(dir, { recursive: true, force: true });
  const mls = resolve(dir, 'mls');
  const [flags, out] = [beside(`${name}/site`, mls), resolve(dir, 'site')];
  const publish = async (round: number) => {
    await worker.stop();
    generator('import', 'reso', '--sample', '--round', String(round), '--into', mls);
    generator('build', ...flags);
    await worker.start();
  };
  const worker = new OwnWorker(resolve(dir, 'worker'), out);
  // The first round's news, from the sample writer's own feed: a new listing, and a price cut on
  // the listing it is like.
  const [before, after] = [sampleFeed(dir, 0), sampleFeed(dir, 1)];
  const keys = new Set(before.map((r) => r.ListingKey));
  const added = after.filter((r) => !keys.has(r.ListingKey));
  const cut = after.filter((r, i) => i < before.length && r.ListPrice < before[i].ListPrice);
  expect([added.length, cut.length]).toEqual([1, 1]);
  const [home, cheaper] = [added[0], cut[0]];
  generator('import', 'reso', '--sample', '--into', mls);
  generator('build', ...flags);
  await worker.start();
  try {
    // Two buyers save the search those homes match: one with JavaScript (its neighbourhood and
    // rooms, on /homes/), one without (the neighbourhood's list).
    const [js, noJs] = [buyer(), buyer()];
    await page.goto(`${worker.base}/homes/`);
    const filters = page.getByRole('search', { name: 'Search homes for sale' });
    // The choices go up to 5+.
    const beds = Math.min(home.BedroomsTotal, 5);
    await filters.getByLabel('Neighborhood').selectOption({ label: home.SubdivisionName });
    await filters.getByLabel('Beds').selectOption(String(beds));
    await expect(page).toHaveURL(/beds=/);
    const area = await filters.getByLabel('Neighborhood').inputValue();
    await saveSearch(page, js, 'instant');
    // A third saves a search for waterfront homes with a pool: each round's new home is one.
    const water = buyer();
    await page.goto(`${worker.base}/homes/`);
    await filters.getByRole('group', { name: 'Features' }).getByLabel('Waterfront').check();
    await filters.getByRole('group', { name: 'Features' }).getByLabel('Pool').check();
    await expect(page).toHaveURL(/\?waterfront=1&pool=1$/);
    await saveSearch(page, water, 'instant');
    const plain = await browser.newContext({
      javaScriptEnabled: false,
      extraHTTPHeaders: { 'CF-Connecting-IP': '10.250.0.1' },
    });
    const noScript = await plain.newPage();
    await noScript.goto(`${worker.base}/homes/in/${area}/`);
    await saveSearch(noScript, noJs, 'instant');
    for (const email of [js, noJs, water]) {
      await follow(
        noScript,
        (await confirmation(email)).confirm_url,
        ['pages', 'confirm', 'button'],
        ['pages', 'confirmed', 'title'],
      );
    }
    await plain.close();
    const alerts = async (email: string) =>
      (await emailjs.acceptedAbout(email)).filter(
        (s) => s.template_params.to_email === email && 'homes_html' in s.template_params,
      );

    await publish(1);
    expect(await worker.cron()).toMatch(/3 alert\(s\) sent.*the sweep is done/);
    // The waterfront search's alert: the new home, on the water with a pool, and nothing that is not.
    const [wet] = await alerts(water);
    expect(wet.template_params.subject).toMatch(/^\d new for your search: Homes for sale, on the water, with a pool$/);
    expect(wet.template_params.homes_html).toContain(home.UnparsedAddress);
    const dry = after.filter((r) => !(r.WaterfrontYN === true && r.PoolPrivateYN === true));
    for (const r of dry.filter((r) => r.ListingKey === cheaper.ListingKey))
      expect(wet.template_params.homes_html).not.toContain(r.UnparsedAddress);
    const [alert] = await alerts(js);
    expect(await alerts(js)).toHaveLength(1);
    const p = alert.template_params;
    expect(p.subject).toBe(`2 new for your search: Homes for sale in ${home.SubdivisionName}, ${beds}+ beds`);
    expect(p.homes_html).toContain(
      `Price reduced from $${before.find((r) => r.ListingKey === cheaper.ListingKey)!.ListPrice.toLocaleString('en-US')}`,
    );
    expect(p.homes_html).toContain('New listing');
    expect(p.message).toContain(contentValue('site.yaml', 'address'));
    await page.setContent(alertPage(p));
    for (const listing of [home, cheaper]) {
      const title = listing.UnparsedAddress;
      // Each home names its listing office (IDX attribution), as its page does.
      await expect(page.locator('p', { hasText: title })).toContainText(`Listed by ${listing.ListOfficeName}`);
      await page.getByRole('link', { name: title }).click();
      await expect(page.locator('h1')).toHaveText(title);
      await expect(page.locator('.for-sale__office')).toContainText(`Listed by ${listing.ListOfficeName}`);
      await expect(page.locator('.price--large')).toHaveText(`$${listing.ListPrice.toLocaleString('en-US')}`);
      await page.setContent(alertPage(p));
    }
    // The link opens a page whose button unsubscribes.
    await page.getByRole('link', { name: 'Unsubscribe' }).click();
    await expect(page.locator('h1')).toHaveText(text('pages', 'unsubscribe', 'title'));
    await page.getByRole('button', { name: text('pages', 'unsubscribe', 'button') }).click();
    await expect(page.locator('h1')).toHaveText(text('pages', 'unsubscribed', 'title'));

    // The next import has news for the same search: the buyer still subscribed hears of it alone.
    await publish(2);
    expect(await worker.cron()).toMatch(/2 alert\(s\) sent.*the sweep is done/);
    expect(await alerts(noJs)).toHaveLength(2);
    expect(await alerts(water)).toHaveLength(2);
    expect(await alerts(js)).toHaveLength(1);
  } finally {
    await worker.stop();
  }
});
