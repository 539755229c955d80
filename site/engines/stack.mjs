// The stack the cross-engine suite runs against, started the way playwright.config.ts starts the
// Chromium suite's, on ports of its own so both suites (or `make dev`) can run side by side:
// `make serve` (wrangler dev on workerd, fresh local R2) and the fake EmailJS, with stack.env's
// settings but EMAILJS_API_URL pointing at this fake.
import { spawn } from 'node:child_process';
import { mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
export const PORT = Number(process.env.ENGINES_PORT ?? 8789);
export const FAKE_PORT = Number(process.env.ENGINES_FAKE_PORT ?? 8798);
export const BASE = `http://127.0.0.1:${PORT}`;
export const FAKE_EMAILJS = `http://127.0.0.1:${FAKE_PORT}`;

const stackEnv = Object.fromEntries(
  readFileSync(resolve(root, 'site/e2e/stack.env'), 'utf8')
    .split('\n')
    .filter((l) => /^[A-Z_]+=/.test(l))
    .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
);

async function waitUp(url, within) {
  const deadline = Date.now() + within;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${within / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Starts both servers; resolves to a function that stops them (their whole process groups). */
export async function startStack() {
  mkdirSync(resolve(root, '.cache'), { recursive: true });
  rmSync(resolve(root, '.wrangler/engines-state'), { recursive: true, force: true });
  const log = openSync(resolve(root, '.cache/wrangler-engines.log'), 'w');
  // The bot check off: WebDriver cannot stand a fake widget in for Turnstile's script, which
  // these browsers cannot reach (the Chromium suite runs with it on).
  const noCheck = { TURNSTILE_SITE_KEY: '', TURNSTILE_SECRET_KEY: '', TURNSTILE_VERIFY_URL: '' };
  const env = {
    ...process.env,
    ...stackEnv,
    ...noCheck,
    EMAILJS_API_URL: FAKE_EMAILJS,
    WRANGLER_SEND_METRICS: 'false',
    CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  };
  const children = [
    spawn(process.execPath, ['edge/tests/fake-emailjs.mjs', String(FAKE_PORT)], {
      cwd: root,
      stdio: 'ignore',
      detached: true,
    }),
    spawn(
      'make',
      ['--no-print-directory', 'serve', `PORT=${PORT}`, 'STATE=.wrangler/engines-state', 'ENV_FILE=.cache/engines.env'],
      {
        cwd: root,
        env,
        stdio: ['ignore', log, log],
        detached: true,
      },
    ),
  ];
  const stop = async () => {
    for (const c of children) {
      try {
        process.kill(-c.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
    await Promise.all(
      children.map((c) =>
        c.exitCode === null && c.signalCode === null ? new Promise((r) => c.once('exit', r)) : null,
      ),
    );
  };
  try {
    await waitUp(`${FAKE_EMAILJS}/__sends`, 10_000);
    // wrangler first runs the worker build (quick when up to date).
    await waitUp(`${BASE}/`, 300_000);
  } catch (e) {
    await stop();
    throw new Error(`${e.message} (see .cache/wrangler-engines.log)`);
  }
  return stop;
}

/** Every send the fake EmailJS received, oldest first. */
export async function sends() {
  return (await fetch(`${FAKE_EMAILJS}/__sends`)).json();
}
