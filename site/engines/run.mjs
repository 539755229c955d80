// Runs the cross-engine suite: starts the stack (stack.mjs) on its own ports, runs the engines'
// files side by side with Node's test runner, then stops the stack. Side by side on two cores:
// each engine waits on the worker and on its driver much of the time, so together they finish well
// before one after the other would (docs/benchmarks.md).
import { spawnSync } from 'node:child_process';
import { startStack } from './stack.mjs';

// Arguments: test files (default both engines) and node --test options (--test-name-pattern=…).
const args = process.argv.slice(2);
const files = args.filter((a) => !a.startsWith('--'));
if (!files.length) files.push('engines/webkit.test.mjs', 'engines/firefox.test.mjs');
const started = Date.now();
const stop = await startStack();
let status = 1;
try {
  status =
    spawnSync(
      process.execPath,
      ['--test', '--test-concurrency=2', ...args.filter((a) => a.startsWith('--')), ...files],
      { stdio: 'inherit' },
    ).status ?? 1;
} finally {
  await stop();
}
console.log(`engines: ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(status);
