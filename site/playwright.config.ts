// Browser tests against the real local stack: `wrangler dev` (workerd) serving the built site
// (dist/, built by `make test` before this runs), in the apt Chromium kept off the network.
import { defineConfig } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS } from './e2e/chromium';

const PORT = Number(process.env.E2E_PORT ?? 8790);

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: 'list',
  timeout: 30_000,
  // Two workers share two cores with workerd and Chromium.
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_FLAGS },
    trace: 'off',
  },
  webServer: {
    command: `node_modules/.bin/wrangler dev --ip 127.0.0.1 --port ${PORT} --persist-to .wrangler/e2e-state --show-interactive-dev-session=false`,
    cwd: '..',
    url: `http://127.0.0.1:${PORT}/`,
    // `make test` starts the server itself (scripts/with-site.sh); alone, Playwright starts one.
    reuseExistingServer: true,
    timeout: 60_000,
    env: {
      WRANGLER_SEND_METRICS: 'false',
      CLOUDFLARE_CF_FETCH_ENABLED: 'false',
      XDG_CONFIG_HOME: '../.cache/wrangler-config',
    },
  },
});
