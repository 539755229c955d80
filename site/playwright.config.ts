// The browser suite, in the apt Chromium kept off the network, against the real local stack:
// the built site (dist/, built by `make test` before this runs) served like `make dev` does —
// `make serve`: `wrangler dev` on workerd with local R2 (fresh for each run) — and a fake
// EmailJS on 127.0.0.1 that records every send (e2e/stack.ts), and the editor's file server on a
// copy of content/ (scripts/editor-files.sh) with its preview (make preview). Lighthouse runs last, alone, so
// the other tests' load does not weigh on its timings.
import { defineConfig } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS } from './e2e/chromium';
import { BASE, EDITOR_ROOT, FAKE_EMAILJS, PORT, STACK_ENV } from './e2e/stack';

const fakePort = new URL(FAKE_EMAILJS).port;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  // Two workers share two cores with workerd and Chromium.
  workers: 2,
  retries: 0,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  outputDir: '../test-output/playwright',
  use: {
    baseURL: BASE,
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_FLAGS },
    trace: 'off',
  },
  projects: [
    { name: 'browser', testIgnore: /lighthouse\.spec\.ts/ },
    { name: 'lighthouse', testMatch: /lighthouse\.spec\.ts/, dependencies: ['browser'], fullyParallel: false },
  ],
  // Never reused: a server already on the port (say `make dev`) lacks the fake EmailJS.
  webServer: [
    {
      // The editor's file server (make dev's), on a fresh copy of content/ (e2e/admin.spec.ts).
      command: `rm -rf ${EDITOR_ROOT} && mkdir -p ${EDITOR_ROOT} && cp -r content ${EDITOR_ROOT}/ && scripts/editor-files.sh ${EDITOR_ROOT}`,
      cwd: '..',
      port: 8081,
      reuseExistingServer: false,
      timeout: 20_000,
    },
    {
      // The editor's preview (make dev's generator serve), on content/ itself: it never writes there.
      command: 'make --no-print-directory preview PROFILE=dev',
      cwd: '..',
      url: 'http://127.0.0.1:4040/',
      reuseExistingServer: false,
      timeout: 120_000,
    },
    {
      command: `node edge/tests/fake-emailjs.mjs ${fakePort}`,
      cwd: '..',
      url: `${FAKE_EMAILJS}/__sends`,
      reuseExistingServer: false,
      timeout: 10_000,
    },
    {
      // wrangler's output goes to a log the tests read (the 404 path) and a failure can be read in.
      command: `mkdir -p .cache && rm -rf .wrangler/e2e-state && make --no-print-directory serve PORT=${PORT} STATE=.wrangler/e2e-state ENV_FILE=.cache/e2e.env > .cache/wrangler-e2e.log 2>&1`,
      cwd: '..',
      url: `${BASE}/`,
      reuseExistingServer: false,
      // wrangler first runs the worker build (wrangler.toml [build]), which is quick when up to date.
      timeout: 300_000,
      env: {
        ...STACK_ENV,
        WRANGLER_SEND_METRICS: 'false',
        CLOUDFLARE_CF_FETCH_ENABLED: 'false',
      },
    },
  ],
});
