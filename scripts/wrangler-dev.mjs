// `wrangler dev` as the edge tests and the cold-start figure run it: on loopback, without
// telemetry or its Request.cf fetch, its config inside the clone, its output kept for a failure.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A loopback port nobody listens on now. */
export const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

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
 * it answers: any answer, since a worker whose pages fail on purpose answers them with an error. A
 * wrangler that exits or stays silent for 5 minutes is stopped, and its output thrown. */
export async function wranglerWithVars(port, vars, envFile, args) {
  fs.writeFileSync(envFile, Object.entries(vars).map(([k, v]) => `${k}="${v}"`).join('\n'));
  const wrangler = await wranglerDev(port, ['--env-file', envFile, ...args]);
  for (const deadline = Date.now() + 300_000; ; await new Promise((r) => setTimeout(r, 300))) {
    try {
      await fetch(`http://127.0.0.1:${port}/`);
      return wrangler;
    } catch {}
    if (wrangler.child.exitCode !== null || Date.now() > deadline) {
      await wrangler.stop();
      throw new Error(`wrangler dev did not start:\n${wrangler.log()}`);
    }
  }
}
