// The edge worker's cold start, printed (a figure, never asserted):
//  - V8 compiling and instantiating edge/build/index_bg.wasm (Node's V8, the engine workerd embeds;
//    each in a fresh process, so V8's module cache never answers; median of 21, with the fastest
//    and slowest), what a new isolate pays before the worker's first line runs;
//  - the instructions V8 executes for that compile, counted by valgrind's callgrind when it is
//    installed: the same build gives the same count run after run, where the time on this shared
//    machine varies by a millisecond, so two builds compare by it;
//  - workerd (`wrangler dev`, as `make dev` runs it): from starting it to the worker's first answer
//    (the first request includes the worker's one-time setup, the embedded content parsed), and a
//    warm request (median of 20).
// Run: node scripts/cold-start.mjs (after scripts/build-worker.sh; `make bench` and the edge tests
// in `make test` print it).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, root, wranglerDev } from './wrangler-dev.mjs';

const WASM = path.join(root, 'edge/build/index_bg.wasm');
// Answered by the worker itself (the API runs the worker first): a 404 with its headers.
const PROBE = '/api/cold-start-probe';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => `${x.toFixed(1)} ms`;

/** V8's compile and instantiate of the worker's wasm in this process (its first: V8 caches compiled
 * modules), every import a stub (nothing runs). */
async function wasmOnce() {
  const bytes = fs.readFileSync(WASM);
  {
    let t = performance.now();
    const module = await WebAssembly.compile(bytes);
    const compile = performance.now() - t;
    const imports = {};
    for (const { module: from, name, kind } of WebAssembly.Module.imports(module)) {
      const stub = kind === 'function' ? () => {
        throw new Error(`${from}.${name} is a stub`);
      } : kind === 'tag' ? WebAssembly.JSTag : undefined; // wasm-bindgen's catch wrappers: JS exceptions
      if (stub === undefined) throw new Error(`cold-start: import ${from}.${name} is a ${kind}, not stubbed`);
      (imports[from] ??= {})[name] = stub;
    }
    t = performance.now();
    new WebAssembly.Instance(module, imports);
    return { bytes: bytes.length, compile, instantiate: performance.now() - t };
  }
}

/** wasmOnce in `runs` fresh Node processes: the medians (and the compile's fastest and slowest). */
export async function wasmStartup(runs = 21) {
  const results = [];
  for (let i = 0; i < runs; i++) {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--wasm-once'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    if (code !== 0) throw new Error(`cold-start --wasm-once exited with ${code}`);
    results.push(JSON.parse(out));
  }
  const compiles = results.map((r) => r.compile);
  return {
    bytes: results[0].bytes,
    runs,
    compile: median(compiles),
    fastest: Math.min(...compiles),
    slowest: Math.max(...compiles),
    instantiate: median(results.map((r) => r.instantiate)),
  };
}

/** The instructions V8 runs to compile the wasm (WasmEngine::SyncCompile, every function checked
 * on the one thread: --single-threaded), counted by callgrind; null without valgrind; why, as a
 * string, when callgrind could not count (a figure: its tool failing fails no test). */
export async function wasmInstructions(file = WASM) {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'edge-callgrind-')), 'callgrind.out');
  const script = 'new WebAssembly.Module(require("node:fs").readFileSync(process.argv[1]))';
  const args = [
    '--tool=callgrind', `--callgrind-out-file=${out}`, '--collect-atstart=no',
    '--toggle-collect=*WasmEngine::SyncCompile*',
    process.execPath, '--single-threaded', '-e', script, file,
  ];
  const child = spawn('valgrind', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr.on('data', (d) => (log += d));
  const code = await new Promise((resolve) => {
    child.once('error', () => resolve('missing')); // not installed
    child.once('exit', (status, signal) => resolve(status ?? signal));
  });
  fs.rmSync(path.dirname(out), { recursive: true, force: true });
  if (code === 'missing') return null;
  const collected = /Collected : (\d+)/.exec(log);
  if (code !== 0 || !collected) {
    const last = log.trim().split('\n').slice(-3).join(' / ');
    return `callgrind exited with ${code}: ${last}`;
  }
  return Number(collected[1]);
}

/** The worker in workerd: start → first answer, that first request, a warm request. */
export async function workerdStartup() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const state = fs.mkdtempSync(path.join(os.tmpdir(), 'edge-cold-start-'));
  const env = path.join(state, 'worker.env');
  // Settings like a deployment's (nothing is sent: the probe is a 404).
  fs.writeFileSync(
    env,
    [
      'EMAILJS_API_URL="http://127.0.0.1:9"',
      'EMAILJS_PUBLIC_KEY="cold-start"',
      'EMAILJS_PRIVATE_KEY="cold-start"',
      'EMAILJS_SERVICE_ID="service_cold_start"',
      'EMAILJS_TEMPLATE_ID="template_cold_start"',
      'DOCUMENT_LINK_SECRET="cold-start-link-secret-0123456789abcdef"',
      'COUNTING_SECRET="cold-start-counting-secret-0123456789abcdef"',
      'SAVED_SEARCH_SECRET="cold-start-saved-search-secret-0123456789"',
      'AGENT_EMAIL="agent@example.com"',
    ].join('\n'),
  );
  const args = ['--env-file', env, '--persist-to', path.join(state, 'state')];
  // The pages are not needed: without a built site, an empty folder stands in for dist/.
  if (!fs.existsSync(path.join(root, 'dist'))) args.push('--assets', fs.mkdtempSync(path.join(state, 'dist-')));
  const started = performance.now();
  const wrangler = await wranglerDev(port, args);
  const timed = async () => {
    const t = performance.now();
    const r = await fetch(`${base}${PROBE}`);
    await r.arrayBuffer();
    if (r.headers.get('cache-control') !== 'no-store') throw new Error(`${PROBE}: ${r.status} not from the worker`);
    return performance.now() - t;
  };
  try {
    for (const deadline = Date.now() + 300_000; ; ) {
      try {
        await timed();
        break;
      } catch (e) {
        if (e.message.includes('not from the worker')) throw e;
      }
      if (wrangler.child.exitCode !== null || Date.now() > deadline) {
        throw new Error(`wrangler dev did not start:\n${wrangler.log()}`);
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    const ready = performance.now() - started;
    const warm = [];
    for (let i = 0; i < 20; i++) warm.push(await timed());
    return { ready, warm: median(warm) };
  } finally {
    await wrangler.stop();
    fs.rmSync(state, { recursive: true, force: true });
  }
}

/** Both, as the lines printed. */
/** The cold start's lines; `counted`: the instruction count a caller already has (callgrind's
 * run is the slowest part, so the edge test counts once for its budget and its line). */
export async function coldStart(counted) {
  const wasm = await wasmStartup();
  const instructions = counted === undefined ? await wasmInstructions() : counted;
  const workerd = await workerdStartup();
  return [
    `edge worker cold start: wasm (${Math.round(wasm.bytes / 1024)} KiB) compiled in ${ms(wasm.compile)} ` +
      `(${wasm.fastest.toFixed(1)}–${ms(wasm.slowest)}), instantiated in ${ms(wasm.instantiate)} ` +
      `(V8 ${process.versions.v8}, fresh processes, median of ${wasm.runs})`,
    instructions === null
      ? 'edge worker cold start: no instruction count (valgrind is not installed)'
      : typeof instructions === 'string'
        ? `edge worker cold start: no instruction count (${instructions})`
        : `edge worker cold start: V8 compiling the wasm runs ${(instructions / 1e6).toFixed(2)} M instructions ` +
          '(callgrind, one thread; the same for the same build)',
    `edge worker cold start: workerd (wrangler dev) gave the worker's first answer ${ms(workerd.ready)} ` +
      `after starting; a warm request takes ${ms(workerd.warm)} (median of 20)`,
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv[2] === '--wasm-once') console.log(JSON.stringify(await wasmOnce()));
  else for (const line of await coldStart()) console.log(line);
}
