// WebKit (Safari's engine): WebKitGTK's MiniBrowser driven by WebKitWebDriver (W3C WebDriver,
// npm selenium-webdriver), both under xvfb-run. Every request outside 127.0.0.1 goes to a proxy
// on port 9 where nothing listens, so it is refused.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Builder, By } from 'selenium-webdriver';
import { RECORDER } from './recorder.mjs';

const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
// The screen is tall enough to hold a whole page in one window (full-page screenshots).
const SCREEN = '-screen 0 1920x16384x24';
const DRIVER_PORT = Number(process.env.ENGINES_WEBKIT_DRIVER_PORT ?? 4446);

// MiniBrowser's toolbar keeps the window at least ~447 px wide; without its minimum widths and
// padding a 360 px viewport fits.
const GTK_CSS = `* { min-width: 0; min-height: 0; }
toolbar, toolbar *, entry, button, headerbar { min-width: 0; padding: 0; margin: 0; }
`;

async function waitDriver(within) {
  const deadline = Date.now() + within;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${DRIVER_PORT}/status`)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error('WebKitWebDriver did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function launch() {
  const home = mkdtempSync(join(tmpdir(), 'engines-webkit-'));
  mkdirSync(join(home, 'gtk-3.0'), { recursive: true });
  writeFileSync(join(home, 'gtk-3.0/gtk.css'), GTK_CSS);
  const server = spawn('xvfb-run', ['-a', '-s', SCREEN, 'WebKitWebDriver', `--port=${DRIVER_PORT}`], {
    env: {
      ...process.env,
      XDG_CONFIG_HOME: home,
      XDG_CACHE_HOME: join(home, 'cache'),
      XDG_DATA_HOME: join(home, 'data'),
    },
    stdio: 'ignore',
    detached: true,
  });
  await waitDriver(15_000);
  const driver = await new Builder()
    .usingServer(`http://127.0.0.1:${DRIVER_PORT}`)
    .withCapabilities({
      browserName: 'MiniBrowser',
      'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
      proxy: { proxyType: 'manual', httpProxy: '127.0.0.1:9', sslProxy: '127.0.0.1:9', noProxy: ['127.0.0.1'] },
    })
    .build();
  await driver.manage().setTimeouts({ script: 30_000, pageLoad: 30_000 });

  const find = (css) => driver.findElement(By.css(css));
  // What the window's chrome takes of its rect (toolbar; borders), learnt as the window resizes.
  const chrome = { w: 0, h: 0 };
  const inner = () => driver.executeScript('return [innerWidth, innerHeight]');
  /** Sets the viewport to width × height CSS pixels. */
  async function size(width, height) {
    for (let attempt = 0; attempt < 3; attempt++) {
      await driver
        .manage()
        .window()
        .setRect({ width: width + chrome.w, height: height + chrome.h });
      // GTK resizes the window asynchronously.
      let w, h;
      for (let i = 0; i < 20; i++) {
        [w, h] = await inner();
        if (w === width && h === height) return;
        await new Promise((r) => setTimeout(r, 50));
      }
      const rect = await driver.manage().window().getRect();
      Object.assign(chrome, { w: rect.width - w, h: rect.height - h });
    }
    const [w, h] = await inner();
    throw new Error(`WebKit's viewport is ${w}×${h} px, not ${width}×${height}`);
  }
  return {
    name: 'webkit',
    preload: false,
    size,
    async goto(url) {
      await driver.get(url);
      await driver.executeScript(RECORDER);
    },
    /** Runs `fn(...args)` in the page and returns its (JSON-able) result. */
    eval: (fn, ...args) => driver.executeScript(`return (${fn}).apply(null, arguments)`, ...args),
    click: async (css) => (await find(css)).click(),
    type: async (css, text) => (await find(css)).sendKeys(text),
    upload: async (css, path) => (await find(css)).sendKeys(path),
    // WebDriver screenshots stop at the viewport: the window is made as tall as the page (twice,
    // as a taller viewport can lengthen it), shot, and put back.
    async screenshot(path) {
      const [width, height] = await driver.executeScript('return [innerWidth, innerHeight]');
      for (let i = 0; i < 2; i++)
        await size(width, await driver.executeScript('return document.documentElement.scrollHeight'));
      writeFileSync(path, Buffer.from(await driver.takeScreenshot(), 'base64'));
      await size(width, height);
    },
    async close() {
      await driver.quit().catch(() => {});
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
      rmSync(home, { recursive: true, force: true });
    },
  };
}
