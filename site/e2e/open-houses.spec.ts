// Open houses (the sample `make build` imported, whose open houses fall on this weekend and the
// next whatever the day, though on a Sunday evening this weekend's have all ended):
// /homes/open-houses/ by day, reached from the nav's Homes menu, each entry linking its home;
// there "Add to calendar" downloads the open house's .ics, parsed here and checked against the
// stored record: start, end, time zone, summary, location, link.
import AxeBuilder from '@axe-core/playwright';
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { contentField, contentValue, expect, test } from './fixtures';

type OpenHouse = { OpenHouseKey?: string; OpenHouseStartTime: string; OpenHouseEndTime: string };
type Listing = {
  ListingId: string;
  UnparsedAddress?: string;
  City: string;
  PostalCode: string;
  StandardStatus: string;
  InternetAddressDisplayYN: boolean;
  OpenHouse?: OpenHouse[];
};
const root = resolve(import.meta.dirname, '../..');
const imported: Listing[] = readFileSync(resolve(root, '.cache/mls/current/listings.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as Listing);
const label = (key: string) => contentField('site.yaml', 'mls', 'labels', 'open_house', key);
const TZ = 'America/New_York';

/** A time as an iCalendar local DATE-TIME in Jacksonville: "20261205T130000". */
function eastern(iso: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: TZ,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const p = (type: string) => parts.find((x) => x.type === type)!.value;
  return `${p('year')}${p('month')}${p('day')}T${p('hour')}${p('minute')}${p('second')}`;
}

/** The day a time falls on in Jacksonville: "2026-12-05". */
const dayOf = (t: Date) => eastern(t.toISOString()).replace(/^(\d{4})(\d{2})(\d{2}).*/, '$1-$2-$3');
/** The day `n` days after `day`. */
const plus = (day: string, n: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
/** The Saturday of the weekend `day` is in, or of the next one on a weekday (as the page counts). */
function saturdayOf(day: string): string {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return plus(day, weekday === 6 ? 0 : weekday === 0 ? -1 : 6 - weekday);
}
/** How many open houses the page lists under this weekend and the next: the stored ones of the
 * listings for sale not over when the page was written (its file's time: the build's), by the
 * day they start, from the build's day on. */
function expectedByWeekend(built: Date): [number, number] {
  const today = dayOf(built);
  const ahead = imported
    .filter((r) => r.StandardStatus !== 'Closed')
    .flatMap((r) => r.OpenHouse ?? [])
    .filter((o) => new Date(o.OpenHouseEndTime) > built)
    .map((o) => dayOf(new Date(o.OpenHouseStartTime)));
  const count = (saturday: string) =>
    ahead.filter((d) => [saturday, plus(saturday, 1)].includes(d) && d >= today).length;
  const first = saturdayOf(today);
  return [count(first), count(plus(first, 7))];
}

type Property = { params: Record<string, string>; value: string };
/** An iCalendar file (RFC 5545 3.1: lines unfolded, parameters apart, TEXT unescaped): its
 * components in the order they begin, and each property by its component and name
 * ("VEVENT:DTSTART"), with every value it has there. */
function parseIcs(text: string): { components: string[]; props: Map<string, Property[]> } {
  const components: string[] = [];
  const open: string[] = [];
  const props = new Map<string, Property[]>();
  for (const line of text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean)) {
    const colon = line.indexOf(':');
    const [name, ...params] = line.slice(0, colon).split(';');
    const value = line.slice(colon + 1).replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
    if (name === 'BEGIN') {
      components.push(value);
      open.push(value);
      continue;
    }
    if (name === 'END') {
      expect(open.pop(), `END:${value}`).toBe(value);
      continue;
    }
    const key = `${open.at(-1)}:${name}`;
    const list = props.get(key) ?? [];
    list.push({ params: Object.fromEntries(params.map((p) => p.split('=') as [string, string])), value });
    props.set(key, list);
  }
  expect(open).toEqual([]);
  return { components, props };
}

test("the nav's Homes menu leads to the open houses, without JavaScript too", async ({ browser }) => {
  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto('/homes/');
    const nav = page.locator('#site-nav');
    await nav.getByText(contentField('site.yaml', 'mls', 'labels', 'menu'), { exact: true }).click();
    await nav.getByRole('link', { name: label('title') }).click();
    await expect(page).toHaveURL(/\/homes\/open-houses\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(label('title'));
    await context.close();
  }
});

test('the Homes menu closes on Escape, and axe finds nothing with it open', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const summary = page.locator('.nav-menu summary');
  await summary.click();
  await expect(page.locator('.nav-menu__list')).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => v.id)).toEqual([]);
  // The first click loads the nav island, whose Escape closes the menu.
  await expect(async () => {
    await page.keyboard.press('Escape');
    await expect(page.locator('.nav-menu__list')).toBeHidden({ timeout: 500 });
  }).toPass();
  await expect(summary).toBeFocused();
});

test('an open house of this weekend or the next, added to a calendar: its .ics says when, where and what', async ({
  page,
}) => {
  await page.goto('/homes/open-houses/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(label('title'));
  // Each weekend lists the open houses of its days not over when the page was built: the next
  // always has some of the sample's, this one none once its Sunday's have ended, and says so.
  const built = statSync(resolve(root, 'dist/homes/open-houses/index.html')).mtime;
  const expected = expectedByWeekend(built);
  expect(expected[1], 'the sample has open houses next weekend').toBeGreaterThan(0);
  for (const [i, id] of ['this-weekend', 'next-weekend'].entries()) {
    const section = page.locator(`section[aria-labelledby="${id}"]`);
    await expect(section.locator('.open-entry'), id).toHaveCount(expected[i]);
    await expect(section.getByText(label('none'))).toHaveCount(expected[i] ? 0 : 1);
  }
  // Every calendar link on the page is one of a stored open house.
  const stored = new Set(imported.flatMap((r) => (r.OpenHouse ?? []).map((o) => eastern(o.OpenHouseStartTime))));
  for (const href of await page
    .locator('.open-entry__ics')
    .evaluateAll((as) => as.map((a) => a.getAttribute('href')!))) {
    const [, day, hhmm] = /open-house-(\d{4}-\d{2}-\d{2})-(\d{4})\.ics$/.exec(href)!;
    expect(stored.has(`${day.replaceAll('-', '')}T${hhmm}00`), href).toBe(true);
  }
  const a11y = await new AxeBuilder({ page }).analyze();
  expect(a11y.violations.map((v) => v.id)).toEqual([]);

  // The first entry whose street may be shown (the address is what the calendar's LOCATION says).
  const entry = page
    .locator('.open-entry', {
      hasNot: page.getByText(contentField('site.yaml', 'mls', 'labels', 'address_hidden')),
    })
    .first();
  const href = (await entry.locator('.open-entry__ics').getAttribute('href'))!;
  await entry.locator('.open-entry__link').click();
  const path = new URL(page.url()).pathname;
  const record = imported.find((r) => path.endsWith(`-${r.ListingId}/`))!;
  expect(record, path).toBeTruthy();
  // Its page lists the open house with its link to the calendar, named by its day and hours.
  const add = page.locator(`.open-houses a[href="${href}"]`);
  await expect(add).toHaveAccessibleName(new RegExp(`^${label('add_to_calendar')} ?: \\w+day, `));
  const downloading = page.waitForEvent('download');
  await add.click();
  const download = await downloading;
  const text = readFileSync(await download.path(), 'utf8');
  const response = await page.request.get(download.url());
  expect(response.headers()['content-type']).toMatch(/^text\/calendar/);
  expect(await response.text()).toBe(text);

  expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  const ics = parseIcs(text);
  const one = (name: string, component = 'VEVENT') => {
    const values = ics.props.get(`${component}:${name}`);
    expect(values, `${component}:${name}`).toHaveLength(1);
    return values![0];
  };
  expect(one('VERSION', 'VCALENDAR').value).toBe('2.0');
  expect(ics.components).toEqual(['VCALENDAR', 'VTIMEZONE', 'DAYLIGHT', 'STANDARD', 'VEVENT']);
  expect(one('TZID', 'VTIMEZONE').value).toBe(TZ);
  const [day, hhmm] = /open-house-(\d{4}-\d{2}-\d{2})-(\d{4})\.ics$/.exec(download.url())!.slice(1);
  const open = record.OpenHouse!.find((o) => eastern(o.OpenHouseStartTime) === `${day.replaceAll('-', '')}T${hhmm}00`)!;
  expect(one('DTSTART')).toEqual({ params: { TZID: TZ }, value: eastern(open.OpenHouseStartTime) });
  expect(one('DTEND')).toEqual({ params: { TZID: TZ }, value: eastern(open.OpenHouseEndTime) });
  const zip = record.PostalCode.slice(0, 5);
  const address = `${record.UnparsedAddress}, ${record.City}, FL ${zip}`;
  expect(one('SUMMARY').value).toBe(label('summary').replace('{home}', address));
  expect(one('LOCATION').value).toBe(address);
  const link = `${contentValue('site.yaml', 'base_url')}${path}`;
  expect(one('URL').value).toBe(link);
  expect(one('DESCRIPTION').value).toContain(link);
  expect(one('UID').value).toBe(`${open.OpenHouseKey}@${new URL(link).host}`);
  expect(one('DTSTAMP').value).toMatch(/^\d{8}T\d{6}Z$/);
});

test('the sitemap lists the open houses', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain(`<loc>${contentValue('site.yaml', 'base_url')}/homes/open-houses/</loc>`);
});
