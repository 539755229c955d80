// Prints the worker's cold start (scripts/cold-start.mjs): wasm compile and instantiate in V8, and
// workerd's start to the worker's first answer. A figure for the record (docs/benchmarks.md), never
// asserted: the time on a shared machine is no verdict.
import { test } from 'node:test';
import { coldStart } from '../../scripts/cold-start.mjs';

test('the cold start is printed', async () => {
  for (const line of await coldStart()) console.log(line);
});
