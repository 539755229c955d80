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
      const l = [...document.querySelectorAll(`${scope} label`)].find((l) => l.textContent.toLowerCase().includes(label.toLowerCase()) && l.control);
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

// Run in the page (so self-contained): the neighborhood cards shown, the links they explore.
const cardLinks = () =>
  [...document.querySelectorAll('#neighborhoods .card')].filter((c) => c.getClientRects().length > 0).map((c) => c.querySelector('a[href]').getAttribute('href'));

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
      if (b.preload) await until(b, "the 404 page's report", () => window.__engineErrors.some((e) => e.includes('404 Error: User attempted to access non-existent route: /no-such-page')));
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
        await until(b, `${tab} alone`, async (route) => document.querySelector('[aria-selected="true"]') && [...document.querySelectorAll('#neighborhoods .card')].filter((c) => c.getClientRects().length > 0).length === 1, route);
        assert.deepEqual(await b.eval(cardLinks), [`/neighborhoods/${route}/`]);
      }
      await tap(b, '[role="tab"]', 'All Neighborhoods');
      await until(b, 'all twelve cards', () => [...document.querySelectorAll('#neighborhoods .card')].filter((c) => c.getClientRects().length > 0).length === 12);
      await noErrors();
    });
  });
}
