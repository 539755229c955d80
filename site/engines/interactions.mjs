// The interactive parts, acted on through the engine's own input (WebDriver / BiDi clicks, keys
// and file choosers), against the real worker: what the fake EmailJS receives is checked too.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { after, describe, test } from 'node:test';
import { BASE, sends } from './stack.mjs';
import { errors, pick, tap, until } from './suite.mjs';

/** Types `value` into the open dialog's (or the page's) field whose label contains `label`. */
async function fill(b, label, value, scope = 'dialog[open]') {
  const id = await b.eval(
    (scope, label) => {
      const l = [...document.querySelectorAll(`${scope} label`)].find(
        (l) => l.textContent.toLowerCase().includes(label.toLowerCase()) && l.control,
      );
      if (!l) return null;
      l.control.setAttribute('data-engines-field', label);
      return label;
    },
    scope,
    label,
  );
  assert.ok(id, `${b.name}: no field labelled ${label}`);
  await b.type(`[data-engines-field="${id}"]`, value);
}

/** The fake EmailJS's sends that mention `marker`, once there is one. */
async function sendAbout(marker) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mine = (await sends()).filter((s) => JSON.stringify(s).includes(marker));
    if (mine.length) return mine;
    if (Date.now() > deadline) throw new Error(`the fake EmailJS got no e-mail mentioning ${marker}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Section `id` lands exactly below the sticky header (its scroll-margin-top), though the sections
 * between are drawn only as they near the screen (content-visibility) and their heights were
 * guesses; on failure, how far off it stopped. */
async function landsBelowTheHeader(b, id) {
  // Run in the page, so each self-contained.
  const off = (id) => {
    const s = document.getElementById(id);
    return s.getBoundingClientRect().top - parseFloat(getComputedStyle(s).scrollMarginTop);
  };
  const landed = (id) => {
    const s = document.getElementById(id);
    return Math.abs(s.getBoundingClientRect().top - parseFloat(getComputedStyle(s).scrollMarginTop)) < 1;
  };
  try {
    await until(b, `#${id} right below the header`, landed, id);
  } catch (e) {
    throw new Error(`${e.message}: it stopped ${Math.round(await b.eval(off, id))} px from there`);
  }
}

// Run in the page (so self-contained): the neighborhood cards shown, the links they explore.
const cardLinks = () =>
  [...document.querySelectorAll('#neighborhoods .card')]
    .filter((c) => c.getClientRects().length > 0)
    .map((c) => c.querySelector('a[href]').getAttribute('href'));

export function interactions(b) {
  const run = randomUUID().slice(0, 8);
  const files = mkdtempSync(join(tmpdir(), 'engines-files-'));
  after(() => rmSync(files, { recursive: true, force: true }));
  const noErrors = async () => assert.deepEqual(await errors(b), [], `${b.name}: errors recorded`);

  describe('interactions', () => {
    test('the error recorder sees what the console would show', async () => {
      await b.size(1280, 900);
      await b.goto(`${BASE}/no-such-page`);
      // Only an engine with preload scripts sees the 404 page's own report, made while loading.
      if (b.preload)
        await until(b, "the 404 page's report", () =>
          window.__engineErrors.some((e) =>
            e.includes('404 Error: User attempted to access non-existent route: /no-such-page'),
          ),
        );
      await b.eval(() => {
        setTimeout(() => {
          throw new Error('probe-thrown');
        });
        Promise.reject(new Error('probe-rejected'));
        console.error('probe-logged');
      });
      const seen = await until(b, 'the probes', () => {
        const all = window.__engineErrors.join('\n');
        return ['probe-thrown', 'probe-rejected', 'probe-logged'].every((p) => all.includes(p)) && all;
      });
      assert.ok(seen);
    });

    test('the neighborhood tabs filter the cards', async () => {
      await b.size(1280, 900);
      await b.goto(`${BASE}/`);
      await pick(b, '#neighborhoods h2');
      await until(b, 'the tabs island', () => !!document.querySelector('.neighborhoods[data-hydrated="true"]'));
      assert.equal((await b.eval(cardLinks)).length, 12);
      for (const [tab, route] of [
        ['Riverside', 'riverside'],
        ['Jax Beach', 'jacksonville-beach'],
      ]) {
        await tap(b, '[role="tab"]', tab);
        await until(
          b,
          `${tab} alone`,
          async () =>
            document.querySelector('[aria-selected="true"]') &&
            [...document.querySelectorAll('#neighborhoods .card')].filter((c) => c.getClientRects().length > 0)
              .length === 1,
        );
        assert.deepEqual(await b.eval(cardLinks), [`/neighborhoods/${route}/`]);
      }
      await tap(b, '[role="tab"]', 'All Neighborhoods');
      await until(
        b,
        'all twelve cards',
        () =>
          [...document.querySelectorAll('#neighborhoods .card')].filter((c) => c.getClientRects().length > 0).length ===
          12,
      );
      await noErrors();
    });

    test('the consultation dialog reaches the fake EmailJS', async () => {
      await b.size(1280, 900);
      await b.goto(`${BASE}/`);
      await tap(b, '#hero [data-open="lead"]', 'Schedule Consultation');
      await until(b, 'the dialog', () =>
        document.querySelector('dialog[open]')?.textContent.includes('Schedule a Private Consultation'),
      );
      const marker = `consultation-${b.name}-${run}`;
      for (const [label, value] of [
        ['First Name', 'Ana'],
        ['Last Name', 'Ruiz'],
        ['Email', `${b.name}@example.com`],
        ['Phone', '(904) 555-0199'],
        ['Message', marker],
      ])
        await fill(b, label, value);
      await tap(b, 'dialog[open] button[type="submit"]', 'Request Consultation');
      await until(b, 'the success toast', () =>
        [...document.querySelectorAll('[role="status"]')].some((s) =>
          s.textContent.includes('Thank you, your message has been received'),
        ),
      );
      assert.equal(await b.eval(() => document.querySelectorAll('dialog[open]').length), 0);
      const [mail] = await sendAbout(marker);
      assert.equal(mail.refusedWith, undefined);
      assert.match(JSON.stringify(mail.template_params), new RegExp(`${b.name}@example\\.com`));
      await noErrors();
    });

    test('the quiz gives its result and e-mails it', async () => {
      await b.size(1280, 900);
      await b.goto(`${BASE}/`);
      await tap(b, '[data-open="quiz"]');
      for (let i = 1; i <= 6; i++) {
        await until(
          b,
          `question ${i}`,
          (i) =>
            document.querySelector('dialog[open] [role="progressbar"]')?.getAttribute('aria-valuenow') === String(i) &&
            document.querySelectorAll('dialog[open] input[type="radio"]').length === 5,
          i,
        );
        await tap(b, 'dialog[open] label.quiz__option:has(input[value="coastal"])');
        assert.ok(await b.eval(() => document.querySelector('dialog[open] input[value="coastal"]').checked));
        await tap(b, 'dialog[open] button[type="submit"]', i === 6 ? 'Get My Results!' : 'Next');
      }
      const email = `quiz-${b.name}-${run}@example.com`;
      await until(b, 'the e-mail step', () => !!document.querySelector('dialog[open] input[type="email"]'));
      await fill(b, 'mail', email);
      await tap(b, 'dialog[open] button', 'See My Match');
      await until(b, 'the result', () =>
        [...document.querySelectorAll('dialog[open] h2, dialog[open] h3')].some((h) =>
          h.textContent.includes('Coastal Chill'),
        ),
      );
      const [mail] = await sendAbout(email);
      assert.equal(mail.refusedWith, undefined);
      assert.match(JSON.stringify(mail.template_params), /Coastal Chill/);
      await noErrors();
    });

    test('the concierge refuses a wrong file, then files six documents', async () => {
      await b.size(1280, 900);
      await b.goto(`${BASE}/client-concierge/`);
      await until(b, 'the concierge island', () => !!document.querySelector('.concierge__card[data-hydrated="true"]'));
      // A GIF named .pdf: refused by its first bytes, in the browser.
      writeFileSync(join(files, 'statement.pdf'), 'GIF89a not a pdf');
      await b.upload('#concierge-bankStatement1', join(files, 'statement.pdf'));
      await until(b, 'the refusal', () =>
        [...document.querySelectorAll('[role="alert"]')].some((a) => a.textContent.includes('Invalid file type')),
      );
      assert.equal(await b.eval(() => document.querySelector('#concierge-bankStatement1').value), '');
      // Who the client is, before the documents.
      await fill(b, 'Full Name', 'Ana Ruiz', '#concierge-form');
      await fill(b, 'Email', 'ana@example.com', '#concierge-form');
      await fill(b, 'Phone', '(904) 555-0147', '#concierge-form');
      const fields = ['photoId', 'creditReport', 'proofOfIncome', 'bankStatement1', 'bankStatement2', 'bankStatement3'];
      for (const [i, field] of fields.entries()) {
        const name = i === 0 ? `id-${i}.png` : `doc-${i}.pdf`;
        const head = i === 0 ? Buffer.from('\x89PNG\r\n\x1a\n', 'latin1') : Buffer.from('%PDF-1.7\n');
        writeFileSync(join(files, name), Buffer.concat([head, randomBytes(2048)]));
        await b.upload(`#concierge-${field}`, join(files, name));
      }
      await tap(b, 'label:has(#concierge-acknowledgment), label[for="concierge-acknowledgment"]');
      assert.ok(await b.eval(() => document.querySelector('#concierge-acknowledgment').checked));
      await tap(b, 'button[type="submit"]', 'Submit Documents');
      await until(b, 'Thank You', () =>
        [...document.querySelectorAll('h2, h3')].some((h) => h.textContent.includes('Thank You!')),
      );
      const submission = await b.eval(() =>
        performance
          .getEntriesByType('resource')
          .map((e) => new URL(e.name))
          .find((u) => u.pathname === '/api/concierge/documents')
          ?.searchParams.get('submission'),
      );
      assert.ok(submission, 'the documents went to /api/concierge/documents');
      const [mail] = await sendAbout(submission);
      assert.equal(mail.template_params.subject, 'New Client Concierge Document Submission');
      assert.equal((mail.template_params.message.match(/\/api\/documents\/\S+/g) ?? []).length, 6);
      await noErrors();
    });

    test('the mobile menu at 360 px opens, stacks its links, and goes to a section', async () => {
      await b.size(360, 800);
      await b.goto(`${BASE}/`);
      const state = () => [
        document.querySelector('.menu-toggle').getAttribute('aria-expanded'),
        document.querySelector('#site-nav').getClientRects().length > 0,
      ];
      assert.deepEqual(await b.eval(state), ['false', false]);
      await b.click('.menu-toggle');
      await until(
        b,
        'the open menu',
        () => document.querySelector('.menu-toggle').getAttribute('aria-expanded') === 'true',
      );
      // The links shown: the Homes menu's stay folded until it is opened (below).
      const tops = await b.eval(() =>
        [...document.querySelectorAll('#site-nav a')]
          .filter((a) => a.getClientRects().length > 0 && !a.closest('details:not([open])'))
          .map((a) => [a.textContent.trim(), a.getBoundingClientRect().top]),
      );
      // The nav's five, then the agent's phone and the consultation.
      assert.deepEqual(tops.map(([t]) => t).slice(0, 5), [
        'Properties',
        'Neighborhoods',
        'New Developments',
        'Client Concierge',
        'Sell',
      ]);
      assert.match(tops[5][0], /^\(\d{3}\) \d{3}-\d{4}$/);
      assert.equal(tops[6][0], 'Schedule Consultation');
      assert.deepEqual(
        tops.map(([, y]) => y),
        [...tops.map(([, y]) => y)].sort((x, y) => x - y),
      );
      assert.equal(new Set(tops.map(([, y]) => y)).size, 7);
      await b.click('#site-nav details summary');
      const homes = () =>
        [...document.querySelectorAll('#site-nav details[open] a')]
          .filter((a) => a.getClientRects().length > 0)
          .map((a) => a.textContent.trim());
      assert.deepEqual(await b.eval(homes), ['Homes for Sale', 'Open Houses', 'Saved homes']);
      await b.click('#site-nav details summary');
      assert.deepEqual(await b.eval(homes), []);
      await tap(b, '#site-nav a', 'Neighborhoods');
      await landsBelowTheHeader(b, 'neighborhoods');
      await until(
        b,
        'the menu closed',
        () => document.querySelector('.menu-toggle').getAttribute('aria-expanded') === 'false',
      );
      assert.deepEqual(await b.eval(state), ['false', false]);
      await noErrors();
    });

    test('the header links bring each section right below the header', async () => {
      await b.size(1280, 900);
      await b.goto(`${BASE}/`);
      for (const [name, id] of [
        ['New Developments', 'new-developments'],
        ['Neighborhoods', 'neighborhoods'],
        ['Properties', 'featured-properties'],
      ]) {
        await tap(b, '#site-nav a', name);
        await landsBelowTheHeader(b, id);
      }
      await noErrors();
    });

    for (const width of [360, 1280]) {
      test(`the carousel's arrows wrap around at ${width} px`, async () => {
        await b.size(width, 900);
        await b.goto(`${BASE}/`);
        await pick(b, '#featured-properties h2');
        await until(b, 'the carousel island', () => !!document.querySelector('.carousel[data-hydrated="true"]'));
        // The slides not inert (the one shown), as 1-based numbers joined, compared in the page.
        const showing = (want) =>
          [...document.querySelectorAll('.slide')].flatMap((s, i) => (s.inert ? [] : [i + 1])).join() === want;
        assert.ok(await b.eval(showing, '1'));
        await tap(b, '.carousel [data-carousel="previous"]');
        await until(b, 'the last slide', showing, '8');
        await tap(b, '.carousel [data-carousel="next"]');
        await until(b, 'the first slide', showing, '1');
        await tap(b, '.carousel [data-carousel="next"]');
        await until(b, 'the second slide', showing, '2');
        await noErrors();
      });
    }
  });
}
