// scripts/circles.mjs on small crates written here: the circles it must find (siblings, a parent
// and the child that takes its helpers, one through a path in the code) and the layering it must
// let through. Run: node --test scripts/ (make test does).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { circles, usePaths, workspaceSources } from './circles.mjs';

/** A crate of `files` (path → source) in a new temporary folder. */
function crate(files) {
  const src = fs.mkdtempSync(path.join(os.tmpdir(), 'circles-'));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(src, file)), { recursive: true });
    fs.writeFileSync(path.join(src, file), text);
  }
  return src;
}

test('use trees name every path, renamed or nested', () => {
  assert.deepEqual(usePaths('crate::a::{self, b::{C, d as e}, f}'), ['crate::a::self', 'crate::a::b::C', 'crate::a::b::d', 'crate::a::f']);
  assert.deepEqual(usePaths('super::x as y'), ['super::x']);
});

test('siblings that use each other are a circle; one through a path in the code too', () => {
  const src = crate({
    'lib.rs': 'mod a;\nmod b;\n',
    'a.rs': 'use crate::b::Thing;\n',
    'b.rs': 'pub fn f() { super::a::g() }\n',
  });
  assert.deepEqual(circles(src), [['a', 'b']]);
});

test('a parent whose child takes its helpers is a circle; the helpers in a module of their own are not', () => {
  const circle = crate({
    'lib.rs': 'mod routes;\n',
    'routes/mod.rs': 'mod forms;\npub fn client() {}\npub fn route() { forms::post() }\n',
    'routes/forms.rs': 'use super::client;\npub fn post() { client() }\n',
  });
  assert.deepEqual(circles(circle), [['routes', 'routes::forms']]);
  const layered = crate({
    'lib.rs': 'mod routes;\n',
    'routes/mod.rs': 'mod forms;\nmod request;\npub fn route() { forms::post() }\n',
    'routes/request.rs': 'pub fn client() {}\n',
    'routes/forms.rs': 'use super::request::client;\npub fn post() { client() }\n',
  });
  assert.deepEqual(circles(layered), []);
});

test('a test module at the end of a file may reach anywhere', () => {
  const src = crate({
    'lib.rs': 'mod a;\nmod b;\n',
    'a.rs': 'use crate::b::Thing;\n',
    'b.rs': 'pub struct Thing;\n#[cfg(test)]\nmod tests {\n    use crate::a;\n}\n',
  });
  assert.deepEqual(circles(src), []);
});

test('`super` inside an inline module names the file\'s own module first', () => {
  const src = crate({
    'lib.rs': 'mod market;\nmod content;\npub fn schemas() { market::f() }\n',
    'market.rs': 'pub struct Figures;\npub fn f() {}\npub mod format {\n    use super::Figures;\n}\n',
    'content.rs': 'pub mod inner {\n    pub fn g() { super::super::market::f() }\n}\n',
  });
  assert.deepEqual(circles(src), []);
  const circle = crate({
    'lib.rs': 'mod market;\npub struct Root;\npub fn schemas() { market::f() }\n',
    'market.rs': 'pub fn f() {}\npub mod format {\n    use super::super::Root;\n}\n',
  });
  assert.deepEqual(circles(circle), [['(crate root)', 'market']]);
});

test('with no folder named, every member of the workspace is checked', () => {
  const root = crate({ 'Cargo.toml': '[workspace]\nresolver = "2"\nmembers = ["app", "app/model", "edge"]\n' });
  assert.deepEqual(workspaceSources(root), ['app/src', 'app/model/src', 'edge/src']);
});
