// Firefox ESR (apt), headless, driven over WebDriver BiDi by npm puppeteer-core (never a
// downloaded browser). A fresh profile whose proxy (port 9, where nothing listens) refuses every
// request outside 127.0.0.1.
import puppeteer from 'puppeteer-core';
import { RECORDER } from './recorder.mjs';

export async function launch() {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: '/usr/bin/firefox-esr',
    headless: true,
    extraPrefsFirefox: {
      // Scrollbars over the page, as on phones and in the Chromium suite, not beside it.
      'ui.useOverlayScrollbars': 1,
      'network.proxy.type': 1,
      'network.proxy.http': '127.0.0.1',
      'network.proxy.http_port': 9,
      'network.proxy.ssl': '127.0.0.1',
      'network.proxy.ssl_port': 9,
      'network.proxy.no_proxies_on': '127.0.0.1',
      'network.proxy.allow_hijacking_localhost': true,
      'app.update.enabled': false,
      'browser.safebrowsing.malware.enabled': false,
      'browser.safebrowsing.phishing.enabled': false,
      'datareporting.policy.dataSubmissionEnabled': false,
      'toolkit.telemetry.enabled': false,
    },
  });
  const page = await browser.newPage();
  page.setDefaultTimeout(30_000);
  await page.evaluateOnNewDocument(RECORDER);
  return {
    name: 'firefox',
    preload: true,
    async size(width, height) {
      await page.setViewport({ width, height });
      const w = await page.evaluate(() => innerWidth);
      if (w !== width) throw new Error(`Firefox's viewport is ${w} px wide, not ${width}`);
    },
    goto: (url) => page.goto(url, { waitUntil: 'load' }),
    eval: (fn, ...args) => page.evaluate(fn, ...args),
    click: (css) => page.click(css),
    type: (css, text) => page.type(css, text),
    upload: async (css, path) => (await page.$(css)).uploadFile(path),
    screenshot: (path) => page.screenshot({ path, fullPage: true }),
    close: () => browser.close(),
  };
}
