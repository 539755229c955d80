// A site of a test's own: the generator `make test` built, writing into test-output/, and a worker
// of its own serving what it wrote (wrangler dev on a port of its own, local R2 kept across
// restarts). A restart after a build is the local form of a deploy: wrangler dev serves no asset
// file added after it started.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { freePort, root, wranglerWithVars } from '../../scripts/wrangler-dev.mjs';
import { STACK_ENV } from './stack';

export { root };

/** The generator `make test` built (make build PROFILE=test): its output, or its error's. */
export function generator(...args: string[]): string {
  return execFileSync(resolve(root, 'target/debug/generator'), args, {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** A build's flags for test-output/`name`, with an image cache of its own (the preview's generator
 * serve and the other tests' builds use theirs meanwhile), given the images `make test`'s build
 * encoded (the image cache is content-addressed: it only spares encoding them again, the slow
 * part of a debug build), and the listings in `mls`. */
export function beside(name: string, mls = '.cache/mls'): string[] {
  const out = resolve(root, 'test-output', name);
  const built = resolve(root, '.cache/generator');
  mkdirSync(`${out}-cache`, { recursive: true });
  for (const f of readdirSync(built, { withFileTypes: true })) {
    if (f.isFile()) copyFileSync(resolve(built, f.name), resolve(`${out}-cache`, f.name));
  }
  return ['--out', out, '--cache', `${out}-cache`, '--islands', 'site/dist', '--mls', mls];
}

/** The worker of a test's own on `assets`, with the suite's settings (stack.env) and `vars` over
 * them; `SITE_URL` is its own address. Started and stopped as often as the test deploys. */
export class OwnWorker {
  base = '';
  private stopWorker?: () => Promise<void>;
  private readLog = () => '';

  constructor(
    private dir: string,
    private assets: string,
    private vars: Record<string, string> = {},
  ) {}

  async start() {
    if (!this.base) this.base = `http://127.0.0.1:${await freePort()}`;
    mkdirSync(this.dir, { recursive: true });
    const vars = { ...STACK_ENV, LOCAL_DEVELOPMENT: 'true', SITE_URL: this.base, ...this.vars };
    const args = ['--test-scheduled', '--persist-to', resolve(this.dir, 'state'), '--assets', this.assets];
    const wrangler = await wranglerWithVars(
      Number(new URL(this.base).port),
      vars,
      resolve(this.dir, 'worker.env'),
      args,
    );
    this.stopWorker = wrangler.stop;
    this.readLog = wrangler.log;
  }

  log() {
    return this.readLog();
  }

  async stop() {
    writeFileSync(resolve(this.dir, 'wrangler.log'), this.readLog());
    await this.stopWorker?.();
  }

  /** One cron run at `time` (ms), waited for (each ends with retention's line): its line about the
   * saved searches' alerts, or null when it owed them no sweep. */
  async cron(time = Date.now()): Promise<string | null> {
    const lines = (what: string) => this.log().match(new RegExp(`${what}: [^\\n]*`, 'g')) ?? [];
    const [runs, said] = [lines('retention').length, lines('alerts').length];
    await (await fetch(`${this.base}/cdn-cgi/handler/scheduled?time=${time}`)).text();
    for (
      const deadline = Date.now() + 20_000;
      lines('retention').length === runs;
      await new Promise((r) => setTimeout(r, 100))
    ) {
      if (Date.now() > deadline) throw new Error(`the cron run did not end:\n${this.log().slice(-3000)}`);
    }
    return lines('alerts')[said] ?? null;
  }
}
