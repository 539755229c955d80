// What a visitor does before an island is live is never lost. Each test holds a bundle back at the
// network (until released, so the action lands in that window for certain, not by timing), acts,
// proves nothing was lost or done wrongly meanwhile (no navigation, no post), releases the bundle
// and expects the same outcome as after hydration.
import type { Locator, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { BASE, emailjs } from './stack';
import { contentField, dialog, expect, test, openContactWidget } from './fixtures';
import { REPORT } from './page-types.mjs';

const manifest = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../dist/.vite/manifest.json'), 'utf8'),
) as Record<string, { file: string }>;

/** Holds the requests for a built entry (`src/islands/carousel.tsx`…) until `release()`. */
async function holdBack(page: Page, entry: string) {
  const path = `/${manifest[entry].file}`;
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let requested = false;
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      requested = true;
      await gate;
      // The page may have moved on meanwhile (and cancelled the request).
      await route.continue().catch(() => {});
    },
  );
  return { release, requested: () => requested };
}

const island = (name: string) => `src/islands/${name}.tsx`;
const notLive = async (host: Locator) => expect(host).not.toHaveAttribute('data-hydrated', 'true');
/** The page's scroll position once it has settled. Tests that compare it ask for reduced motion
 * first: the site's smooth scrolling can stall for longer than a reading's pause on a loaded machine,
 * and a position read mid-scroll then differs from the next for no fault of the page. */
async function settledScroll(page: Page) {
  let last = -1;
  for (;;) {
    const y = await page.evaluate(() => scrollY);
    if (y === last) return y;
    last = y;
    await page.waitForTimeout(200);
  }
}
const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n%test\n') });

test.describe('neighborhood tabs', () => {
  const tabs = (page: Page) => page.locator('[data-island="neighborhood-tabs"]');
  const shownCards = (page: Page) => tabs(page).locator('.card:not([hidden])');

  test('a tab tapped before the tabs are live selects the tab instead of leaving the page', async ({ page }) => {
    const bundle = await holdBack(page, island('neighborhood-tabs'));
    await page.goto('/');
    await page.locator('#neighborhoods').scrollIntoViewIfNeeded();
    const sanMarco = page.getByRole('tab', { name: 'San Marco' });
    await sanMarco.click();
    await notLive(tabs(page));
    await expect(page).toHaveURL(`${BASE}/`);
    await expect(shownCards(page)).toHaveCount(12);
    bundle.release();
    await expect(sanMarco).toHaveAttribute('aria-selected', 'true');
    await expect(shownCards(page)).toHaveCount(1);
    await expect(shownCards(page)).toContainText('San Marco');
    await expect(page).toHaveURL(`${BASE}/`);
  });

  for (const [key, from, to] of [
    [' ', 'Jax Beach', 'Jax Beach'],
    ['ArrowRight', 'Riverside', 'San Marco'],
  ]) {
    test(`'${key}' on the '${from}' tab before the tabs are live selects '${to}'`, async ({ page }) => {
      const bundle = await holdBack(page, island('neighborhood-tabs'));
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/');
      await page.locator('#neighborhoods').scrollIntoViewIfNeeded();
      await page.getByRole('tab', { name: from }).focus();
      const scrolled = await settledScroll(page);
      await page.keyboard.press(key);
      await notLive(tabs(page));
      // Either key would have scrolled the page.
      expect(await settledScroll(page)).toBe(scrolled);
      bundle.release();
      await expect(page.getByRole('tab', { name: to })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tab', { name: to })).toBeFocused();
      await expect(shownCards(page)).toHaveCount(1);
    });
  }

  test('a tab tapped before even the runtime has arrived is held by the early script', async ({ page }) => {
    const runtime = await holdBack(page, 'src/runtime/main.ts');
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await page.locator('#neighborhoods').scrollIntoViewIfNeeded();
    await page.getByRole('tab', { name: 'Nocatee' }).click();
    // The runtime was asked for (by the tap, or by the tabs coming into view) and is held.
    await expect.poll(() => runtime.requested()).toBe(true);
    await notLive(tabs(page));
    await expect(page).toHaveURL(`${BASE}/`);
    runtime.release();
    await expect(page.getByRole('tab', { name: 'Nocatee' })).toHaveAttribute('aria-selected', 'true');
    await expect(shownCards(page)).toHaveCount(1);
    await expect(shownCards(page)).toContainText('Nocatee');
  });
});

test.describe('dialog triggers', () => {
  // [page, the control's label, the dialog's title]
  const triggers: [string, string, string][] = [
    ['/', 'Join Our Luxury Portfolio', 'Join Our Luxury Portfolio'],
    ['/', 'Schedule Consultation', 'Schedule a Private Consultation'],
    ['/', "What's Your Vibe Quiz", "What's Your Jacksonville Vibe?"],
    ['/', 'Contact Me for Details', "Let's Connect"],
    ['/', 'Inquire', "Let's Connect"],
    ['/', "Get the Buyer's Guide", "Get the Buyer's Guide"],
    ['/', "What's My Home Worth?", "What's My Home Worth?"],
    ['/neighborhoods/ortega/', 'Request a Showing', "Let's Connect"],
    [REPORT, 'Talk through your move with Alexandra', 'Schedule a Private Consultation'],
  ];
  for (const [path, label, title] of triggers) {
    test(`'${label}' tapped before the dialogs are live opens its dialog (${path})`, async ({ page }) => {
      const bundle = await holdBack(page, island('dialogs'));
      await page.goto(path);
      const control = page.locator('[data-open]:visible').filter({ hasText: label }).first();
      // With JavaScript it is announced as what it is: a button that opens a dialog.
      await expect(control).toHaveAttribute('role', 'button');
      await expect(control).toHaveAttribute('aria-haspopup', 'dialog');
      await control.click();
      await notLive(page.locator('[data-island="dialogs"]'));
      await expect(page).toHaveURL(`${BASE}${path}`);
      await expect(dialog(page)).toHaveCount(0);
      bundle.release();
      await expect(dialog(page)).toBeVisible();
      await expect(dialog(page).getByRole('heading', { name: title })).toBeVisible();
      await expect(page).toHaveURL(`${BASE}${path}`);
    });
  }

  test('Space on a dialog control before the dialogs are live opens it without scrolling the page', async ({
    page,
  }) => {
    const bundle = await holdBack(page, island('dialogs'));
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    const control = page.getByRole('button', { name: 'Contact Me for Details' });
    await control.focus();
    const scrolled = await settledScroll(page);
    await page.keyboard.press(' ');
    expect(await settledScroll(page)).toBe(scrolled);
    bundle.release();
    await expect(dialog(page).getByRole('heading', { name: "Let's Connect" })).toBeVisible();
    // Once live, Space opens it as it opens a button.
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toHaveCount(0);
    await expect(control).toBeFocused();
    await page.keyboard.press(' ');
    await expect(dialog(page).getByRole('heading', { name: "Let's Connect" })).toBeVisible();
  });
});

test('the carousel arrows pressed before the carousel is live move it', async ({ page }) => {
  const bundle = await holdBack(page, island('carousel'));
  await page.goto('/');
  await page.locator('#featured-properties').scrollIntoViewIfNeeded();
  const next = page.getByRole('button', { name: /^Next/ });
  await next.click();
  await next.click();
  await page.getByRole('button', { name: /^Previous/ }).click();
  await notLive(page.locator('[data-island="carousel"]'));
  bundle.release();
  await expect(page.locator('[data-slide="2"]')).toHaveAttribute('aria-current', 'true');
  await expect
    .poll(() =>
      page.locator('.slide').evaluateAll((ss) => ss.flatMap((s, i) => ((s as HTMLElement).inert ? [] : [i + 1]))),
    )
    .toEqual([2]);
});

test('a swipe before the carousel is live is kept: it wakes on the slide the visitor chose', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const bundle = await holdBack(page, island('carousel'));
  await page.goto('/');
  await page.locator('#featured-properties').scrollIntoViewIfNeeded();
  const track = page.locator('.carousel__track');
  const third = await track.evaluate((t) => {
    const slides = t.querySelectorAll<HTMLElement>('.slide');
    t.scrollLeft = slides[2].offsetLeft - slides[0].offsetLeft;
    return t.scrollLeft;
  });
  expect(third).toBeGreaterThan(0);
  await notLive(page.locator('[data-island="carousel"]'));
  bundle.release();
  await expect(page.locator('[data-slide="3"]')).toHaveAttribute('aria-current', 'true');
  expect(await track.evaluate((t) => t.scrollLeft)).toBe(third);
});

test('the menu toggle pressed before the header is live opens the menu', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const bundle = await holdBack(page, island('nav'));
  await page.goto('/');
  const toggle = page.getByRole('button', { name: /menu/i });
  await toggle.click();
  await notLive(page.locator('[data-island="nav"]'));
  bundle.release();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('#site-nav')).toBeVisible();
});

test("the contact widget opens at once, and its 'Message' before the dialogs are live opens the contact form", async ({
  page,
}) => {
  const widget = await holdBack(page, island('contact-widget'));
  const dialogs = await holdBack(page, island('dialogs'));
  await page.goto('/');
  const toggle = page.locator('[data-island="contact-widget"] [popovertarget]');
  // A native popover: it needs no script to open.
  await openContactWidget(page);
  const panel = page.locator('[data-island="contact-widget"] [popover]');
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: 'Message', exact: true }).click();
  await notLive(page.locator('[data-island="dialogs"]'));
  await expect(page).toHaveURL(`${BASE}/`);
  widget.release();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  dialogs.release();
  await expect(dialog(page).getByRole('heading', { name: "Let's Connect" })).toBeVisible();
  await expect(panel).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
});

test.describe('Client Concierge', () => {
  const card = (page: Page) => page.locator('[data-island="concierge-form"]');
  const identify = async (page: Page) => {
    await page.getByLabel('Full Name').fill('Ana Ruiz');
    await page.getByLabel('Email').fill('ana@example.com');
    await page.getByLabel('Phone').fill('(904) 555-0147');
  };

  test('files, the acknowledgment and Submit before the form is live: each file checked, then the submit validated', async ({
    page,
    api,
  }) => {
    const bundle = await holdBack(page, island('concierge-form'));
    await page.goto('/client-concierge/', { waitUntil: 'domcontentloaded' });
    await identify(page);
    const inputs = page.locator('input[type="file"]');
    await inputs.nth(0).setInputFiles(pdf('id.pdf'));
    await inputs
      .nth(1)
      .setInputFiles({ name: 'report.pdf', mimeType: 'application/pdf', buffer: Buffer.from('GIF89a not a pdf') });
    await inputs.nth(2).setInputFiles({
      name: 'big.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 0x25),
    });
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Submit Documents' }).click();
    await notLive(card(page));
    // Held: the form was not posted without the island.
    await expect(page).toHaveURL(`${BASE}/client-concierge/`);
    bundle.release();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid file type' })).toContainText(
      'Please upload a file in the accepted format.',
    );
    await expect(page.getByRole('alert').filter({ hasText: 'File too large' })).toContainText(
      'Please upload a file smaller than 10MB.',
    );
    await expect(inputs.nth(1)).toHaveValue('');
    await expect(inputs.nth(2)).toHaveValue('');
    // The submit ran once the checks were done: the refused and missing documents are named, the
    // valid one and the acknowledgment are not.
    for (const message of [
      'Recent credit report is required',
      'Proof of income or employment is required',
      'Bank statement for month 1 is required',
    ])
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    await expect(page.getByText('Government-issued photo ID is required', { exact: true })).toHaveCount(0);
    await expect(
      page.getByText('You must acknowledge the exclusive broker agreement requirement', { exact: true }),
    ).toHaveCount(0);
    await expect(inputs.nth(1)).toBeFocused();
    expect(api.calls).toEqual([]);
  });

  test('six documents and Submit before the form is live are filed', async ({ page, api }) => {
    const bundle = await holdBack(page, island('concierge-form'));
    await page.goto('/client-concierge/', { waitUntil: 'domcontentloaded' });
    await identify(page);
    const inputs = page.locator('input[type="file"]');
    for (let i = 0; i < 6; i++) await inputs.nth(i).setInputFiles(pdf(`doc-${i}.pdf`));
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Submit Documents' }).click();
    await notLive(card(page));
    await expect(page).toHaveURL(`${BASE}/client-concierge/`);
    bundle.release();
    await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Documents submitted successfully!' })).toBeVisible();
    expect(api.calls.filter((c) => c.path === '/api/concierge/documents').map((c) => c.query.get('name'))).toEqual(
      [0, 1, 2, 3, 4, 5].map((i) => `doc-${i}.pdf`),
    );
    expect(api.calls.filter((c) => c.path === '/api/concierge').map((c) => c.json)).toEqual([
      expect.objectContaining({ name: 'Ana Ruiz', acknowledgment: true }),
    ]);
  });
});

test("'Explore More' before its island is live still returns to the neighborhoods", async ({ page }) => {
  const bundle = await holdBack(page, island('explore-more'));
  await page.goto('/neighborhoods/ortega/', { waitUntil: 'domcontentloaded' });
  // A plain link: it is not held, and needs no script to get there.
  await page.getByRole('link', { name: 'Explore More' }).click();
  await expect(page).toHaveURL(`${BASE}/#neighborhoods`);
  await expect(page.locator('#neighborhoods')).toBeInViewport();
  bundle.release();
});

test("'Save this search' sent before its island is live is held, then posts once with the bot check's token", async ({
  page,
}) => {
  const saveText = (...keys: string[]) => contentField('forms.yaml', 'saved_search', ...keys);
  const bundle = await holdBack(page, 'src/islands/checked-form.ts');
  const email = `early-${randomUUID().slice(0, 8)}@example.com`;
  await page.goto('/homes/in/ortega/');
  await page.locator('summary', { hasText: saveText('title') }).click();
  const form = page.locator('#save-search');
  await form.getByLabel(saveText('email')).fill(email);
  await form.getByLabel(saveText('frequency')).selectOption('weekly');
  const posts: string[] = [];
  page.on('request', (r) => r.method() === 'POST' && posts.push(r.postData() ?? ''));
  await form.getByRole('button', { name: saveText('submit') }).click();
  await notLive(page.locator('.save-search__panel'));
  // Held: nothing was posted without the island (it would go without the check's token).
  await expect(page).toHaveURL(`${BASE}/homes/in/ortega/`);
  expect(posts).toEqual([]);
  bundle.release();
  await expect(page).toHaveURL(/\/homes\/alerts\/sent\/$/);
  expect(posts).toHaveLength(1);
  expect(posts[0]).toMatch(/cf-turnstile-response=pass-/);
  const [sent] = await emailjs.waitFor(email);
  expect(sent.template_params.subject).toBe('Confirm your saved search: Homes for sale in Ortega');
});
