// A command in a process group of its own (so make, wrangler and workerd stop together), for the
// scripts that run `make serve` beside a fake EmailJS (reliability.mjs, flood.mjs).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { root } from '../edge/tests/workerd.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Start `command args` in a process group of its own (so make, wrangler and workerd stop
 * together), its output in .cache/<name>.log; resolves once `base` answers. */
export async function start(name, command, args, env, base) {
  const log = path.join(root, `.cache/${name}.log`);
  fs.mkdirSync(path.dirname(log), { recursive: true });
  const child = spawn(command, args, { cwd: root, detached: true, stdio: ['ignore', fs.openSync(log, 'w'), fs.openSync(log, 'a')], env: { ...process.env, ...env } });
  const stop = () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {}
  };
  for (const deadline = Date.now() + 300_000; ; await sleep(500)) {
    try {
      if ((await fetch(`${base}/`)).ok) return { pid: child.pid, stop };
    } catch {}
    if (child.exitCode !== null || Date.now() > deadline) {
      stop();
      throw new Error(`${name} did not start; see ${log}`);
    }
  }
}

