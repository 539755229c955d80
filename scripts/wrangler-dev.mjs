// `wrangler dev` as the edge tests and the cold-start figure run it: on loopback, without
// telemetry or its Request.cf fetch, its config inside the clone, its output kept for a failure.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Whether nothing listens on 127.0.0.1:`port` now. */
const bindable = (port) =>
  new Promise((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });

/** The kernel's ephemeral ports (where a socket bound to port 0 lands), low and high. */
const ephemeral = () => {
  try {
    return fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
  } catch {
    return [32768, 60999];
  }
};

/** A loopback port nobody listens on now, for a server started next. It is picked above the ports
 * the project's servers keep (all under 10,000) and below the kernel's ephemeral range: a port
 * picked there was now and then taken, before wrangler bound it, by another test's fake or
 * workerd's own sockets (bound to port 0), and a test then talked to them. */
export async function freePort() {
  const [low] = ephemeral();
  const from = 20_000;
  for (let tries = 0; tries < 100; tries++) {
    const port = from + Math.floor(Math.random() * Math.max(low - from, 1_000));
    if (await bindable(port)) return port;
  }
  throw new Error(`no free loopback port between ${from} and ${low}`);
}

/** Start `wrangler dev` on 127.0.0.1:`port` with `args` after it. Returns the process, its
 * output so far, and a stop that waits for it to exit. Its inspector gets a free port of its own:
 * wrangler's default (9229, checked then bound) fails one of two instances started together. */
export async function wranglerDev(port, args) {
  const inspector = await freePort();
  const child = spawn(
    path.join(root, 'node_modules/.bin/wrangler'),
    ['dev', '--ip', '127.0.0.1', '--port', String(port), '--inspector-port', String(inspector), '--show-interactive-dev-session=false', ...args],
    {
      cwd: root,
      env: {
        ...process.env,
        PATH: `${path.join(root, 'node_modules/.bin')}:${process.env.PATH}`,
        WRANGLER_SEND_METRICS: 'false',
        CLOUDFLARE_CF_FETCH_ENABLED: 'false',
        XDG_CONFIG_HOME: path.join(root, '.cache/wrangler-config'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  };
  return { child, log: () => log, stop };
}

/** `wranglerDev` with the worker's settings `vars` (written to `envFile`, for `--env-file`), once
 * it says it is ready on `port` and answers there: any answer, since a worker whose pages fail on
 * purpose answers them with an error (an answer alone could come from whatever else took the port).
 * A wrangler that exits or stays silent for 5 minutes is stopped, and its output thrown. */
export async function wranglerWithVars(port, vars, envFile, args) {
  fs.writeFileSync(envFile, Object.entries(vars).map(([k, v]) => `${k}="${v}"`).join('\n'));
  const wrangler = await wranglerDev(port, ['--env-file', envFile, ...args]);
  for (const deadline = Date.now() + 300_000; ; await new Promise((r) => setTimeout(r, 300))) {
    // Colored when the caller's environment asks for it (Playwright's FORCE_COLOR).
    if (stripVTControlCharacters(wrangler.log()).includes(`Ready on http://127.0.0.1:${port}`)) {
      try {
        await fetch(`http://127.0.0.1:${port}/`);
        return wrangler;
      } catch {}
    }
    if (wrangler.child.exitCode !== null || Date.now() > deadline) {
      await wrangler.stop();
      throw new Error(`wrangler dev did not start:\n${wrangler.log()}`);
    }
  }
}
