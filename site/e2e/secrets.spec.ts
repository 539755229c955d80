// No secret in what is published: every file under dist/ is searched for the stack's EmailJS keys
// and link secret (stack.env), which `make test` puts in the environment of the build itself.
// What the browser receives is searched in every test (fixtures.ts, noSecrets).
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from './fixtures';
import { SECRETS } from './stack';

const dist = resolve(import.meta.dirname, '../../dist');

test('no file under dist/ holds a secret', () => {
  const files = readdirSync(dist, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  expect(files.length).toBeGreaterThan(25);
  const leaks = files.flatMap((f) => {
    const text = readFileSync(join(f.parentPath, f.name)).toString('latin1');
    return SECRETS.filter((s) => text.includes(s)).map((s) => `${join(f.parentPath, f.name)} holds ${s}`);
  });
  expect(leaks).toEqual([]);
});
