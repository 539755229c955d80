import { randomUUID } from 'node:crypto';
import { contentValue, dialog, expect, fillDialog, test, openContactWidget } from './fixtures';
import { emailjs } from './stack';

test('header buttons scroll to their sections', async ({ page }) => {
  await page.goto('/');
  for (const [name, id] of [
    ['New Developments', 'new-developments'],
    ['Neighborhoods', 'neighborhoods'],
    ['Properties', 'featured-properties'],
  ]) {
    await page.getByRole('navigation').getByRole('link', { name, exact: true }).click();
    // At the top, below the sticky header (scroll-margin-top), though the sections between are drawn
    // only as they near the screen (content-visibility) and their heights were guesses.
    const offset = () =>
      page.evaluate((id) => {
        const section = document.getElementById(id)!;
        return Math.abs(section.getBoundingClientRect().top - parseFloat(getComputedStyle(section).scrollMarginTop));
      }, id);
    await expect
      .poll(offset, { message: `#${id}'s distance (px) from where its link should bring it` })
      .toBeLessThan(1);
  }
});

test('below the md breakpoint the nav hides behind a menu toggle', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const toggle = page.getByRole('button', { name: /menu/i });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.locator('#site-nav')).toBeHidden();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  // The Homes menu's links show once it is opened (below).
  const items = page.locator('#site-nav a:visible');
  const phone = contentValue('site.yaml', 'phone');
  await expect(items).toHaveText([
    'Properties',
    'Neighborhoods',
    'New Developments',
    'Client Concierge',
    'Sell',
    phone,
    'Schedule Consultation',
  ]);
  const boxes = await items.evaluateAll((as) => as.map((a) => a.getBoundingClientRect().top));
  expect(boxes).toEqual([...boxes].sort((a, b) => a - b));
  expect(new Set(boxes).size).toBe(7);
  // The folded menu also calls the agent and asks for a consultation.
  await expect(items.nth(5)).toHaveAttribute('href', `tel:+1${phone.replace(/\D/g, '')}`);
  const homes = page.locator('#site-nav details');
  await homes.locator('summary').click();
  await expect(homes.getByRole('link')).toHaveText(['Homes for Sale', 'Open Houses', 'Saved homes']);
  await homes.locator('summary').click();
  await items.nth(6).click();
  await expect(dialog(page)).toHaveAccessibleName('Schedule a Private Consultation');
  await dialog(page).getByRole('button', { name: 'Close dialog' }).click();
  await expect(dialog(page)).toHaveCount(0);
  if (await page.locator('#site-nav').isVisible()) await toggle.click();
  await expect(page.locator('#site-nav')).toBeHidden();
  // A menu item scrolls to its section and closes the menu.
  for (const [name, id] of [
    ['Neighborhoods', 'neighborhoods'],
    ['New Developments', 'new-developments'],
    ['Properties', 'featured-properties'],
  ]) {
    await toggle.click();
    await page.locator('#site-nav').getByRole('link', { name, exact: true }).click();
    await expect(page.locator(`#${id}`)).toBeInViewport();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('#site-nav')).toBeHidden();
  }
  // The header stays at hand while scrolled.
  await expect(page.getByRole('banner')).toBeInViewport();
  // Wide, the nav is its links alone: the four and Sell.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.locator('#site-nav a:visible')).toHaveCount(5);
});

test.describe('featured carousel', () => {
  const shown = (page: import('@playwright/test').Page) =>
    page.locator('.slide').evaluateAll((ss) => ss.flatMap((s, i) => ((s as HTMLElement).inert ? [] : [i + 1])));

  test('arrows wrap around, thumbnails select, inactive slides are hidden from assistive technology', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/');
    await page.locator('#featured-properties').scrollIntoViewIfNeeded();
    await expect(page.locator('.carousel[data-hydrated="true"]')).toBeAttached();
    const previous = page.getByRole('button', { name: /^Previous/ });
    const next = page.getByRole('button', { name: /^Next/ });
    await expect(next).toBeVisible();
    await previous.click();
    await expect.poll(() => shown(page)).toEqual([8]);
    await next.click();
    await expect.poll(() => shown(page)).toEqual([1]);
    await page.getByRole('button', { name: 'Show property 4' }).click();
    await expect.poll(() => shown(page)).toEqual([4]);
    await expect(page.locator('.slide[aria-hidden="true"]')).toHaveCount(7);
    const slide = page.locator('#slide-4');
    for (const part of ['.eyebrow', '.price', '.slide__title', '.facts'])
      await expect(slide.locator(part)).toBeVisible();
    await expect(slide.locator('.features li')).toHaveCount(3);
  });

  test('advances every 6000 ms and pauses while hovered', async ({ page }) => {
    // Time stands still until the test moves it.
    await page.clock.install({ time: new Date('2026-01-01T09:00:00') });
    await page.clock.pauseAt(new Date('2026-01-01T09:00:01'));
    await page.goto('/');
    await page.locator('#featured-properties h2').scrollIntoViewIfNeeded();
    // Visible islands start at the next idle moment (at most 1 s).
    await expect
      .poll(async () => {
        await page.clock.runFor(250);
        return page.locator('.carousel[data-hydrated="true"]').count();
      })
      .toBe(1);
    // Hovering pauses; leaving starts a fresh 6 s.
    await page.locator('#carousel-track').hover();
    await page.mouse.move(0, 0);
    await page.clock.runFor(5900);
    expect(await shown(page)).toEqual([1]);
    await page.clock.runFor(200);
    await expect.poll(() => shown(page)).toEqual([2]);
    await page.locator('#carousel-track').hover();
    await page.clock.runFor(12_500);
    expect(await shown(page)).toEqual([2]);
  });

  test("'Inquire' opens the contact form naming the home, and the agent's e-mail has its address and link", async ({
    page,
  }) => {
    const email = `ana.${randomUUID().slice(0, 8)}@example.com`;
    await page.goto('/');
    const slide = page.locator('#slide-1');
    const address = await slide.locator('.slide__title').innerText();
    const link = await slide.locator('.slide__title a').getAttribute('href');
    await slide.getByRole('button', { name: /^Inquire/ }).click();
    await expect(dialog(page)).toHaveAccessibleName(`Let's Connect — ${address}`);
    await expect(dialog(page).getByLabel('Message', { exact: false })).toHaveValue('');
    await fillDialog(page, {
      'Full Name': 'Ana Ruiz',
      Email: email,
      Phone: '904 555 0199',
      Message: 'Is it still available?',
    });
    await dialog(page).getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('status')).toContainText('We will contact you within 24 hours');
    const [sent] = await emailjs.waitFor(email);
    expect(sent.template_params.listing).toBe(`${address} — ${contentValue('site.yaml', 'base_url')}${link}`);
    expect(sent.template_params.message).toBe('Is it still available?');
  });
});

test.describe('neighborhood tabs', () => {
  test('a tab shows its one card, All shows twelve, each card explores its route', async ({ page }) => {
    await page.goto('/');
    // Before the island runs, a tab is a plain link to the area's page.
    await page.locator('#neighborhoods').scrollIntoViewIfNeeded();
    await expect(page.locator('.neighborhoods[data-hydrated="true"]')).toBeAttached();
    const cards = page.locator('#neighborhoods .card:visible');
    await expect(page.getByRole('tab', { name: 'All Neighborhoods' })).toHaveAttribute('aria-selected', 'true');
    await expect(cards).toHaveCount(12);
    for (const [tab, route] of [
      ['Riverside', 'riverside'],
      ['San Marco', 'san-marco'],
      ['Jax Beach', 'jacksonville-beach'],
      ['Nocatee', 'nocatee'],
    ]) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(cards).toHaveCount(1);
      await expect(cards.getByRole('link', { name: /Explore/ })).toHaveAttribute('href', `/neighborhoods/${route}/`);
    }
    await page.getByRole('tab', { name: 'All Neighborhoods' }).click();
    await expect(cards).toHaveCount(12);
  });

  test('clicking a card resets the tabs to All, 100 ms later', async ({ page }) => {
    await page.goto('/');
    await page.locator('#neighborhoods').scrollIntoViewIfNeeded();
    await expect(page.locator('.neighborhoods[data-hydrated="true"]')).toBeAttached();
    // The click's navigation is cancelled after the island has seen it, so the page stays to be watched.
    await page.evaluate(() => document.addEventListener('click', (e) => e.preventDefault()));
    await page.getByRole('tab', { name: 'San Marco' }).click();
    const cards = page.locator('#neighborhoods .card:visible');
    await expect(cards).toHaveCount(1);
    await cards.getByRole('link', { name: /Explore/ }).click();
    await expect(page.getByRole('tab', { name: 'All Neighborhoods' })).toHaveAttribute('aria-selected', 'true', {
      timeout: 1000,
    });
    await expect(cards).toHaveCount(12);
  });

  test("clicking a card opens its page; 'What's Your Vibe Quiz' opens the quiz", async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: "What's Your Vibe Quiz" }).click();
    await expect(dialog(page).getByRole('radio')).toHaveCount(5);
    await page.keyboard.press('Escape');
    await expect(page.locator('.neighborhoods[data-hydrated="true"]')).toBeAttached();
    await page.getByRole('tab', { name: 'San Marco' }).click();
    await page
      .locator('#neighborhoods .card:visible')
      .getByRole('link', { name: /Explore/ })
      .click();
    await expect(page).toHaveURL(/\/neighborhoods\/san-marco\/$/);
  });
});

test('neighborhood page: Explore More returns to the neighborhoods; Request a Showing opens the contact form', async ({
  page,
}) => {
  await page.goto('/neighborhoods/ortega/');
  await page.getByRole('button', { name: 'Request a Showing' }).first().click();
  await expect(dialog(page)).toHaveAccessibleName("Let's Connect");
  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: 'Explore More' }).click();
  await expect(page).toHaveURL(/\/$|\/#neighborhoods$/);
  await expect(page.locator('#neighborhoods')).toBeInViewport();
});

test("contact widget: 'Let's Connect' toggles it, 'Text Me' texts the agent, 'Message' opens the contact form", async ({
  page,
}) => {
  await page.goto('/client-concierge/');
  const toggle = await openContactWidget(page);
  const phone = contentValue('site.yaml', 'phone').replace(/[^\d+]/g, '');
  await expect(page.getByRole('link', { name: 'Text Me' })).toHaveAttribute(
    'href',
    `sms:+1${phone.replace(/^\+?1?/, '')}`,
  );
  await toggle.click();
  await expect(page.getByRole('link', { name: 'Text Me' })).toBeHidden();
  await toggle.click();
  await page.getByRole('button', { name: 'Message', exact: true }).click();
  await expect(dialog(page)).toHaveAccessibleName("Let's Connect");
});

test("a neighborhood page shows the agent's listings there, each 'Inquire' about its home", async ({ page }) => {
  await page.goto('/neighborhoods/riverside/');
  const mine = page.getByRole('region', { name: 'Featured Listings in Riverside' });
  const cards = mine.locator('article.slide__card');
  await expect(cards).toHaveCount(2);
  const address = await cards.first().getByRole('heading').innerText();
  await cards
    .first()
    .getByRole('button', { name: /^Inquire/ })
    .click();
  await expect(dialog(page)).toHaveAccessibleName(`Let's Connect — ${address}`);
  // Downtown's page also holds the listings filed under its other names (Southbank, Downtown).
  await page.goto('/neighborhoods/downtown-jacksonville/');
  await expect(
    page.getByRole('region', { name: 'Featured Listings in Downtown Jacksonville' }).locator('article.slide__card'),
  ).toHaveCount(4);
});

test("the contact widget offers 'Call' beside 'Text Me' and 'Message'", async ({ page }) => {
  await page.goto('/');
  await openContactWidget(page);
  const panel = page.locator('[data-island="contact-widget"] [popover]');
  await expect(panel.locator('a')).toHaveText(['Call', 'Text Me', 'Message']);
  const digits = contentValue('site.yaml', 'phone').replace(/\D/g, '');
  await expect(panel.getByRole('link', { name: 'Call' })).toHaveAttribute('href', `tel:+1${digits}`);
});

test('the contact widget shows on the first screen of a page, as a round button below a wide screen', async ({
  page,
}) => {
  const toggle = page.getByRole('button', { name: "Let's Connect" });
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/homes/');
  await expect(toggle).toBeVisible();
  const round = await toggle.boundingBox();
  expect(round!.width).toBe(round!.height);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/thank-you/');
  await expect(toggle).toBeVisible();
  await expect(toggle).toHaveText("Let's Connect");
  expect((await toggle.boundingBox())!.width).toBeGreaterThan(2 * (await toggle.boundingBox())!.height);
});
