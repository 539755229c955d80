// The worker's cold start (scripts/cold-start.mjs). The times are printed for the record, never
// asserted (they depend on the machine); the instructions V8 runs to compile the wasm do not, so
// they are a budget: a worker that grows past it fails the day it lands.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { coldStart, wasmInstructions } from '../../scripts/cold-start.mjs';

/** The most instructions V8's compile of the worker may run, in millions (callgrind's count).
 * Raise it only with the reason in the commit; docs/benchmarks.md has the figure it was set from. */
const COMPILE_BUDGET_M = 39;

// Counted once, for the printed line and the budget.
const instructions = await wasmInstructions();

test('the cold start is printed', async () => {
  for (const line of await coldStart(instructions)) console.log(line);
});

test("V8's compile of the worker stays within its instruction budget", async () => {
  assert.ok(instructions !== null, 'valgrind is missing: scripts/setup.sh --test installs it');
  assert.equal(typeof instructions, 'number', `callgrind could not count: ${instructions}`);
  const millions = instructions / 1e6;
  console.log(`V8 compiling the worker: ${millions.toFixed(2)} M instructions (budget ${COMPILE_BUDGET_M} M)`);
  assert.ok(millions <= COMPILE_BUDGET_M, `${millions.toFixed(2)} M instructions, over the budget of ${COMPILE_BUDGET_M} M`);
});
