// The browser editor at /admin/, as make dev serves it: Decap CMS over the content
// files through decap-server on loopback (scripts/editor-files.sh), here on a copy of content/
// made for this run (EDITOR_ROOT, playwright.config.ts), so the repository's files stay as they are.
import AxeBuilder from '@axe-core/playwright';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, LATEST_SNAPSHOT, listingIds, test } from './fixtures';
import { REPORT } from './page-types.mjs';
import { beside, generator as runGenerator, root } from './own-site';
import { EDITOR_ROOT } from './stack';

const content = resolve(root, 'content');
const edited = resolve(EDITOR_ROOT, 'content');

/** The generator on the editor's copy of content/. */
const generator = (...args: string[]) => runGenerator(...args, '--content', edited);

/** Files of a content folder the editor's copy has and the repository has not. */
function added(folder: string): string[] {
  const before = new Set(readdirSync(resolve(content, folder)));
  return readdirSync(resolve(edited, folder)).filter((f) => !before.has(f));
}

/** The lines of a content file that differ between the repository and the editor's copy. */
function changedLines(file: string): { before: string; after: string }[] {
  const before = readFileSync(resolve(content, file), 'utf8').split('\n');
  const after = readFileSync(resolve(EDITOR_ROOT, 'content', file), 'utf8').split('\n');
  expect(after, `${file} keeps its number of lines`).toHaveLength(before.length);
  return before.flatMap((line, i) => (line === after[i] ? [] : [{ before: line, after: after[i] }]));
}

test("a listing's new price is saved into its file as one changed line", async ({ page, consoleErrors }) => {
  const id = listingIds[0];
  await page.goto(`/admin/#/collections/listings/entries/${id}`);
  // decap-server needs no account: its sign-in is one button.
  await page.getByRole('button', { name: 'Login' }).click();
  const price = page.getByLabel('Price', { exact: true });
  await expect(price).toHaveValue(/^\$[\d,]+$/);
  await price.fill('$1,234,000');
  await publish(page);
  // Saved (decap-server writes the file in place: wait for the whole of it).
  const saved = resolve(EDITOR_ROOT, 'content/listings', `${id}.md`);
  await expect.poll(() => readFileSync(saved, 'utf8'), { timeout: 10_000 }).toMatch(/\$1,234,000[^]*---\n[^]+/);
  const changed = changedLines(`listings/${id}.md`);
  expect(changed.map((l) => l.after)).toEqual(['price: "$1,234,000"']);
  expect(changed[0].before).toMatch(/^price: "\$[\d,]+"$/);
  // The schema line, the field order and every other byte stay.
  expect(readFileSync(saved, 'utf8')).toMatch(
    /^---\n# yaml-language-server: \$schema=\.\.\/schemas\/listing\.schema\.json\n/,
  );
  expect(consoleErrors.filter((e) => !e.includes('404'))).toEqual([]);
});

/** Publish what the form holds (Decap's own buttons). */
async function publish(page: import('@playwright/test').Page) {
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByText('Publish now').first().click();
}

test('a listing without a price is refused before anything is saved', async ({ page }) => {
  const id = listingIds[1];
  await page.goto(`/admin/#/collections/listings/entries/${id}`);
  await page.getByRole('button', { name: 'Login' }).click();
  const price = page.getByLabel('Price', { exact: true });
  await expect(price).toHaveValue(/^\$/);
  await price.fill('');
  await publish(page);
  await expect(page.getByText('Price is required.')).toBeVisible();
  expect(changedLines(`listings/${id}.md`)).toEqual([]);
  // What the check holds in code is refused in its words too (jax_model::rules): a price, beds.
  await price.fill('1.2M');
  await page.getByLabel('Beds', { exact: true }).fill('0');
  await publish(page);
  await expect(page.getByText('expected a price such as "$1,250,000"')).toBeVisible();
  await expect(page.getByText('expected 1 to 50 bedrooms')).toBeVisible();
  expect(changedLines(`listings/${id}.md`)).toEqual([]);
});

test("a growth of 9.25 is refused in generator check's words before anything is saved", async ({ page, request }) => {
  // The words the configuration carries: the model's (generator/codegen/src/editor tests they are the check's).
  const config = JSON.stringify(await (await request.get('/admin/config.json')).json());
  const words = /"pattern":\["[^"]*","(expected a percentage[^"]*)"\]/.exec(config)?.[1];
  expect(words).toBeTruthy();
  const month = LATEST_SNAPSHOT.replace(/^market\/|\.ya?ml$/g, '');
  await page.goto(`/admin/#/collections/market/entries/${month}`);
  await page.getByRole('button', { name: 'Login' }).click();
  const growth = page.getByLabel('Growth over the year (%)').first();
  await expect(growth).toHaveValue(/^-?\d+(\.\d)?$/);
  await growth.fill('9.25');
  await publish(page);
  await expect(page.getByText(words!).first()).toBeVisible();
  expect(changedLines(LATEST_SNAPSHOT)).toEqual([]);
});

test('the editor lists every kind of her content and none of the MLS listings', async ({ page }) => {
  await page.goto('/admin/');
  await page.getByRole('button', { name: 'Login' }).click();
  const collections = page.getByRole('navigation').getByRole('link');
  await expect(collections.first()).toBeVisible();
  await expect(page.getByText('Featured listings', { exact: true })).toBeVisible();
  for (const name of [
    'Site and pages',
    'Neighborhoods',
    'Market snapshots',
    'Market reports',
    'Testimonials',
    'Sold homes',
    'Legal pages',
  ]) {
    await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(page.getByText(/MLS listings/)).toHaveCount(0);
});

test('the public site pays nothing for the editor', async ({ request }) => {
  const admin = await request.get('/admin/');
  expect(admin.status()).toBe(200);
  expect(admin.headers()['x-robots-tag']).toBe('noindex');
  const policy = admin.headers()['content-security-policy'];
  expect(policy).toContain("script-src 'self' 'unsafe-eval'");
  expect(policy).toContain("connect-src 'self' blob: http://127.0.0.1:8081 http://127.0.0.1:4040 ");
  expect(await admin.text()).toContain('<meta name="robots" content="noindex, nofollow">');
  // Its sign-in window keeps it as its opener; no other page lets another window reach into it.
  expect(admin.headers()['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  const home = await request.get('/');
  expect(home.headers()['content-security-policy']).not.toContain('unsafe-eval');
  expect(home.headers()['cross-origin-opener-policy']).toBe('same-origin');
  expect((await request.get('/api/bot-check')).headers()['cross-origin-opener-policy']).toBe('same-origin');
  expect(await home.text()).not.toMatch(/admin|decap/i);
  expect(await (await request.get('/sitemap.xml')).text()).not.toContain('/admin/');
  expect(await (await request.get('/robots.txt')).text()).toContain('Disallow: /admin/');
});

test('the preview beside the form is the page the generator renders from the unsaved entry', async ({ page }) => {
  const id = listingIds[2];
  await page.goto(`/admin/#/collections/listings/entries/${id}`);
  await page.getByRole('button', { name: 'Login' }).click();
  const price = page.getByLabel('Price', { exact: true });
  await expect(price).toHaveValue(/^\$[\d,]+$/);
  const shown = page.frameLocator('#preview-pane').frameLocator('iframe[title="Preview of the page"]');
  // The listing's own page, from the site's templates.
  await expect(shown.locator('main h1')).toBeVisible();
  // Each change reaches the page as she types (printed: the latency from the change to the page).
  const times: number[] = [];
  for (let i = 0; i < 20; i++) {
    const value = `$1,7${String(i).padStart(2, '0')},000`;
    const start = Date.now();
    await price.fill(value);
    await expect(shown.getByText(value).first()).toBeVisible();
    times.push(Date.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(`keystroke → preview: median ${times[10]} ms of 20 (min ${times[0]}, max ${times[19]})`);
  // What only the generator judges is shown in its words, and the file is not touched.
  await price.fill('about a million');
  await expect(page.frameLocator('#preview-pane').getByRole('alert')).toContainText(
    'price: expected a price such as "$1,250,000", found "about a million"',
  );
  expect(changedLines(`listings/${id}.md`)).toEqual([]);
});

test("a report's preview follows its text as she types, its MDX compiled by the preview's own Node", async ({
  page,
}) => {
  const slug = REPORT.split('/').filter(Boolean).pop()!;
  await page.goto(`/admin/#/collections/reports/entries/${slug}`);
  await page.getByRole('button', { name: 'Login' }).click();
  const shown = page.frameLocator('#preview-pane').frameLocator('iframe[title="Preview of the page"]');
  await expect(shown.locator('main h1')).toBeVisible();
  const body = page.locator('[data-slate-editor="true"]');
  await body.click();
  await page.keyboard.press('Control+End');
  // Each word added reaches the page (printed: the latency from the change to the page).
  const times: number[] = [];
  for (let i = 0; i < 20; i++) {
    const word = `Tidewater${i}x`;
    const start = Date.now();
    await page.keyboard.insertText(` ${word}`);
    await expect(shown.getByText(word)).toBeVisible();
    times.push(Date.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(`keystroke → report preview: median ${times[10]} ms of 20 (min ${times[0]}, max ${times[19]})`);
  expect(changedLines(`reports/${slug}.mdx`)).toEqual([]);
});

test('a report written with a <Snapshot> and a <Cta> picked from the components is saved as the check wants it', async ({
  page,
}) => {
  await page.goto('/admin/#/collections/reports/new');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByLabel('Title').fill('Riverside this month');
  await page.getByLabel('Date').fill('2026-11-20');
  await page.getByLabel('Description').fill('Where Riverside stands.');
  await page.locator('[data-slate-editor="true"]').click();
  await page.keyboard.type('Where Riverside stands this month.');
  const addComponent = async (label: string) => {
    await page.getByRole('button', { name: 'Add Component' }).click();
    await page.getByRole('menuitem', { name: label }).click();
  };
  // Every value is a choice among what the site has: nothing typed but her own words.
  await addComponent('Market snapshot');
  await page.getByLabel('Neighborhood', { exact: true }).click();
  await page.getByRole('option', { name: 'Riverside', exact: true }).click();
  await addComponent('Call to action');
  await page.getByLabel('Form it opens', { exact: true }).click();
  await page.getByRole('option', { name: 'Schedule a Private Consultation' }).click();
  await page.getByLabel('Text', { exact: true }).fill('Talk through your move with Alexandra');
  // The preview is the report's page, its snapshot drawn from the market figures.
  const shown = page.frameLocator('#preview-pane').frameLocator('iframe[title="Preview of the page"]');
  await expect(shown.locator('.snapshot').first()).toBeVisible();
  await publish(page);
  const file = resolve(edited, 'reports/riverside-this-month.mdx');
  await expect.poll(() => added('reports'), { timeout: 10_000 }).toEqual(['riverside-this-month.mdx']);
  await expect.poll(() => readFileSync(file, 'utf8')).toContain('</Cta>');
  expect(readFileSync(file, 'utf8')).toBe(
    '---\n# yaml-language-server: $schema=../schemas/report.schema.json\n' +
      'title: Riverside this month\ndate: 2026-11-20\ndescription: Where Riverside stands.\ndraft: false\n---\n' +
      'Where Riverside stands this month.\n\n<Snapshot area="riverside" />\n\n' +
      '<Cta form="consultation">Talk through your move with Alexandra</Cta>\n',
  );
  generator('check');
});

test("a new month starts as a copy of the latest; published, the neighborhoods' pages show the change and a trend", async ({
  page,
}) => {
  await page.goto('/admin/#/collections/market/new');
  await page.getByRole('button', { name: 'Login' }).click();
  const growth = page.getByLabel('Growth over the year (%)').first();
  await expect(growth).toHaveValue(/^-?\d+(\.\d)?$/);
  const latest = readFileSync(resolve(content, LATEST_SNAPSHOT), 'utf8');
  const before = await growth.inputValue();
  const now = (Number(before) + 1.3).toFixed(1);
  await growth.fill(now);
  await publish(page);
  await expect.poll(() => added('market'), { timeout: 10_000 }).toHaveLength(1);
  const [month] = added('market');
  const path = resolve(edited, 'market', month);
  await expect.poll(() => readFileSync(path, 'utf8')).toContain('\n');
  // The latest month's file, with only the figure she changed.
  const [a, b] = [latest.split('\n'), readFileSync(path, 'utf8').split('\n')];
  expect(b).toHaveLength(a.length);
  const changed = a.flatMap((line, i) => (line === b[i] ? [] : [[line, b[i]]]));
  expect(changed).toHaveLength(1);
  const [[was, is]] = changed;
  expect(is).toBe(was.replace(`yoy_growth: ${before},`, `yoy_growth: ${now},`));
  // Built as publishing builds it: the neighborhood shows this month's figure, its change and a trend.
  const out = resolve(root, 'test-output/editor-site');
  generator('build', ...beside('editor-site'));
  const slug = /^ {2}([\w-]+):/.exec(is)![1];
  const pageHtml = readFileSync(resolve(out, 'neighborhoods', slug, 'index.html'), 'utf8');
  expect(pageHtml).toContain(`+${now}%`);
  expect(pageHtml).toContain('snapshot__trend');
});

test('a listing created with an uploaded photo is saved with its alt text and published', async ({ page }) => {
  await page.goto('/admin/#/collections/listings/new');
  await page.getByRole('button', { name: 'Login' }).click();
  const fill = (label: string, value: string) => page.getByLabel(label, { exact: true }).fill(value);
  await fill('Id', 'harbor-view');
  await fill('Address', '12 Harbor View Ln, Jacksonville, FL 32207');
  await fill('Neighborhood', 'San Marco');
  await fill('Price', '$1,450,000');
  await fill('Beds', '4');
  await fill('Baths', '3.5');
  await fill('Sqft', '3,100');
  // The photo, uploaded through the editor's media library into content/images.
  await page.getByRole('button', { name: 'Choose an image' }).click();
  const photo = readFileSync(resolve(content, 'images/og-default.png'));
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'harbor-view.png', mimeType: 'image/png', buffer: photo });
  await page.getByRole('button', { name: 'Choose selected' }).click();
  await fill('Image alt', 'The river side of 12 Harbor View Lane at dusk');
  for (const feature of ['Private dock', 'Chef kitchen', 'Saltwater pool', 'Three-car garage']) {
    await page.getByRole('button', { name: 'Add features' }).click();
    await page.getByRole('textbox', { name: 'Features', exact: true }).last().fill(feature);
  }
  await page.locator('[data-slate-editor="true"]').click();
  await page.keyboard.type('A deep-water dock on the St. Johns, five minutes from San Marco Square.');
  await publish(page);
  const file = resolve(edited, 'listings/harbor-view.md');
  await expect.poll(() => added('listings'), { timeout: 10_000 }).toEqual(['harbor-view.md']);
  await expect.poll(() => readFileSync(file, 'utf8')).toContain('San Marco Square.');
  // decap-server writes the entry before its assets: wait for the photo too.
  const stored = resolve(edited, 'images/listings/harbor-view.png');
  await expect.poll(() => existsSync(stored) && readFileSync(stored).equals(photo)).toBe(true);
  const saved = readFileSync(file, 'utf8');
  expect(saved).toMatch(
    /^---\n# yaml-language-server: \$schema=\.\.\/schemas\/listing\.schema\.json\nid: harbor-view\n/,
  );
  expect(saved).toContain(
    'image: images/listings/harbor-view.png\nimage_alt: The river side of 12 Harbor View Lane at dusk\n',
  );
  // Published as the workflow publishes: checked, built; its page shows the photo with its alt text.
  const out = resolve(root, 'test-output/editor-listing-site');
  generator('build', ...beside('editor-listing-site'));
  const listing = readFileSync(resolve(out, 'listings/harbor-view/index.html'), 'utf8');
  expect(listing).toContain('$1,450,000');
  expect(listing).toMatch(/<img[^>]+alt="The river side of 12 Harbor View Lane at dusk"/);
});

/** Every entry of the editor: each file collection's files and each folder's files, by URL. */
function everyEntry(): { url: string; file: string }[] {
  const collections = JSON.parse(readFileSync(resolve(content, 'schemas/editor.collections.json'), 'utf8')) as {
    name: string;
    files?: { name: string; file: string }[];
    folder?: string;
    extension?: string;
  }[];
  return collections.flatMap((c) =>
    c.files
      ? c.files
          .filter((f) => existsSync(resolve(root, f.file)))
          .map((f) => ({
            url: `/admin/#/collections/${c.name}/entries/${f.name}`,
            file: f.file.replace('content/', ''),
          }))
      : readdirSync(resolve(root, c.folder!))
          .filter((f) => f.endsWith(`.${c.extension}`))
          .map((f) => ({
            url: `/admin/#/collections/${c.name}/entries/${f.replace(/\.[^.]+$/, '')}`,
            file: `${c.folder!.replace('content/', '')}/${f}`,
          })),
  );
}

test('every file opened in the editor would be saved byte for byte as it is', async ({ page }) => {
  // Decap saves nothing it holds unchanged; what a save would write is what its preview is sent:
  // the entry as loaded, through the site's formats (site/src/admin/preview.ts).
  test.setTimeout(180_000);
  // All but the one file another test here saves (its own test checks that save).
  const entries = everyEntry().filter(({ file }) => file !== `listings/${listingIds[0]}.md`);
  expect(entries.length).toBeGreaterThan(30);
  await page.goto('/admin/');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('navigation').getByRole('link').first()).toBeVisible();
  for (const { url, file } of entries) {
    const sent = page.waitForRequest(
      (r) =>
        r.url().endsWith('/__preview') &&
        (JSON.parse(r.postData() ?? '{}') as { file?: string }).file === `content/${file}`,
    );
    // Through the collection's list: the editor keeps an entry's form when the next one is opened
    // from it directly, and a fresh load of the editor for each would cost more than the check.
    const hash = url.slice(url.indexOf('#'));
    await page.evaluate((to) => (location.hash = to), hash.replace(/\/entries\/.*$/, ''));
    await expect(page.locator('#preview-pane')).toHaveCount(0);
    await page.evaluate((to) => (location.hash = to), hash);
    const { text } = JSON.parse((await sent).postData()!) as { text: string };
    expect(text, file).toBe(readFileSync(resolve(content, file), 'utf8'));
  }
});

test("axe finds nothing in what the project adds to the editor's pages", async ({ page, request }) => {
  // The editor's start and three axe runs: a slow 2-core machine took the default 30 s to its last.
  test.setTimeout(60_000);
  // The page shell, the preview's frame and the generator's problems (Decap's own UI is not ours).
  await page.goto(`/admin/#/collections/listings/entries/${listingIds[3]}`);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByLabel('Price', { exact: true }).fill('about a million');
  await expect(page.frameLocator('#preview-pane').getByRole('alert')).toBeVisible();
  const shell = await new AxeBuilder({ page })
    .withRules(['html-has-lang', 'html-lang-valid', 'document-title', 'meta-viewport'])
    .analyze();
  expect(shell.violations).toEqual([]);
  // The problems list, inside the preview's frame (a frame path: the frame, then the element).
  const problems = await new AxeBuilder({ page }).include(['#preview-pane', '.preview-problems']).analyze();
  expect(problems.passes.length).toBeGreaterThan(0);
  expect(problems.violations).toEqual([]);
  // Served anywhere but this machine by a worker without the GitHub sign-in's keys, the page
  // that says the editor is off, whole.
  await page.route('https://editor.example/**', async (route) => {
    const answer = await request.get(new URL(route.request().url()).pathname);
    await route.fulfill({ status: answer.status(), headers: answer.headers(), body: await answer.body() });
  });
  await page.route('https://editor.example/api/auth/status', (route) => route.fulfill({ json: { sign_in: false } }));
  await page.goto('https://editor.example/admin/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The editor is not set up here yet');
  await expect(
    page.getByText('The editor is off: its GitHub sign-in has no GitHub App on this site yet'),
  ).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
});
