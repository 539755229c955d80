// `make serve` (the last step of `make dev`): `wrangler dev` on wrangler.toml, started through
// wrangler's programmatic API so that it serves each build's files once the build ends.
//
// workerd serves the static assets that were in the folder at its last reload, so a file a build
// adds answers 404 and one it removes stays until the next. `wrangler dev` reloads on a change to
// the folder only in its own bundling mode: with a [build] command (ours builds the worker) its
// watcher of the folder reloads nothing (wrangler 4.155 keeps no bundle to reload in that mode).
// Reloading the config instead runs the [build] command, which after a content edit rebuilds the
// worker (it embeds content: 1–2 minutes). So here, when a build ends, the server is loaded again
// with the worker it already has, which reads the folder afresh: one reload of workerd per build
// (about a second). A build ends when its staging folder goes: `generator build` stages its pages
// in `<folder>/.staging` and removes it last, also when it fails (STAGING,
// generator/build/src/staged.rs). The worker is rebuilt and reloaded by wrangler as before
// ([build] watch_dir). edge/tests/dev-loop.test.mjs checks all this.
//
//   node scripts/serve.mjs --ip 127.0.0.1 --port 8787 [--env-file FILE] [--persist-to DIR]
//     [--test-scheduled] [--assets DIR]
//
// The flags are `wrangler dev`'s; wrangler's environment (WRANGLER_SEND_METRICS, …) applies.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { unstable_DevEnv as DevEnv } from 'wrangler';

const { values: args } = parseArgs({
  options: {
    ip: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string', default: '8787' },
    'env-file': { type: 'string', multiple: true },
    'persist-to': { type: 'string' },
    'test-scheduled': { type: 'boolean', default: false },
    assets: { type: 'string' },
  },
});

/** wrangler's dev environment, keeping the last worker it was given so as to load it again. */
class DevLoop extends DevEnv {
  #loaded;
  dispatch(event) {
    if (event.type === 'bundleComplete') this.#loaded = event;
    super.dispatch(event);
  }
  /** workerd loaded again with the last worker (which reads the assets anew); none before the first. */
  reload() {
    if (this.#loaded) super.dispatch(this.#loaded);
  }
}

const devEnv = new DevLoop();
const worker = await devEnv.startWorker({
  config: 'wrangler.toml',
  envFiles: args['env-file'],
  assets: args.assets,
  dev: {
    remote: false,
    server: { hostname: args.ip, port: Number(args.port) },
    persist: args['persist-to'],
    testScheduled: args['test-scheduled'],
    watch: true,
  },
});

// Watched before the first load: a build that ends after it has read the folder is loaded again.
const assets = worker.config.assets?.directory && path.resolve(worker.config.assets.directory);
const watcher =
  assets &&
  fs.watch(assets, (_event, name) => {
    if (name === '.staging' && !fs.existsSync(path.join(assets, '.staging'))) devEnv.reload();
  });
await worker.ready;

const stop = async () => {
  watcher?.close();
  await worker.dispose();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
