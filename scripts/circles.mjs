// The circles among a Rust crate's modules: module A uses B (a `use` path or a path in the code,
// `crate::`, `super::`, `self::` or a child's name) and B, directly or through others, uses A.
// A parent counts as using the children it re-exports or calls, so shared helpers belong in a
// module of their own, not in the parent its children import. `#[cfg(test)] mod tests` blocks at
// a file's end are left out (tests may reach anywhere).
//
//   node scripts/circles.mjs [edge/src ...]   (make lint runs it on every crate of the workspace;
//                                              exit 1 and each circle when any)
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Every module of the crate under `src`: its path (segments, [] for the root) → its file. */
function modules(src) {
  const found = new Map();
  for (const file of fs.readdirSync(src, { recursive: true })) {
    if (!file.endsWith('.rs')) continue;
    const segs = file.slice(0, -3).split(path.sep);
    if (['mod', 'lib', 'main'].includes(segs.at(-1))) segs.pop();
    found.set(segs.join('::'), path.join(src, file));
  }
  return found;
}

/** A `use` tree (`a::{b, c::{d as e}}`) as the paths it names. */
export function usePaths(tree) {
  const flat = tree.replace(/\s+/g, ' ');
  const out = [];
  const walk = (prefix, rest) => {
    let depth = 0;
    let item = '';
    const items = [];
    for (const ch of rest) {
      if (ch == '{') depth++;
      if (ch == '}') depth--;
      if (ch == ',' && depth == 0) (items.push(item), (item = ''));
      else item += ch;
    }
    items.push(item);
    for (const raw of items) {
      const it = raw.trim();
      if (!it) continue;
      const brace = it.indexOf('{');
      if (brace < 0) out.push(prefix + it.split(/\s+as\s+/)[0].trim());
      else walk(prefix + it.slice(0, brace).replace(/\s/g, ''), it.slice(brace + 1, it.lastIndexOf('}')));
    }
  };
  walk('', flat);
  return out;
}

/** The spans of the inline modules (`mod x { … }`) in `code`: [start, end] offsets. */
function inlineModules(code) {
  const spans = [];
  for (const m of code.matchAll(/\bmod\s+\w+\s*\{/g)) {
    let depth = 0;
    for (let i = m.index + m[0].length - 1; i < code.length; i++) {
      if (code[i] == '{') depth++;
      else if (code[i] == '}' && --depth == 0) {
        spans.push([m.index, i]);
        break;
      }
    }
  }
  return spans;
}

/** The modules `file` (module `self`) uses, of those in `mods`. */
function uses(self, file, mods) {
  const text = fs.readFileSync(file, 'utf8').replace(/#\[cfg\(test\)\]\s*mod tests\s*\{[\s\S]*$/, '');
  const code = text.replace(/\/\/.*$/gm, '');
  const inline = inlineModules(code);
  const at = (index) => inline.filter(([from, to]) => from < index && index < to).length;
  const paths = [...code.matchAll(/\buse\s+([^;]+);/g)].flatMap((m) => usePaths(m[1]).map((p) => [p, at(m.index)]));
  paths.push(...[...code.matchAll(/(?<![\w:])((?:crate|super|self|[a-z_]\w*)(?:::\w+)+)/g)].map((m) => [m[1], at(m.index)]));
  const here = self ? self.split('::') : [];
  const found = new Set();
  for (const [p, depth] of paths) {
    let segs = p.split('::').filter(Boolean);
    let base;
    if (segs[0] == 'crate') (base = []), (segs = segs.slice(1));
    else if (segs[0] == 'super' || segs[0] == 'self') {
      // Inside an inline `mod x { … }`, the first `super`s climb back to the file's own module.
      let climb = depth;
      while (climb > 0 && segs[0] == 'super') (climb--, (segs = segs.slice(1)));
      if (climb > 0) continue;
      base = [...here];
      while (segs[0] == 'super') (base.pop(), (segs = segs.slice(1)));
      if (segs[0] == 'self') segs = segs.slice(1);
    } else if (mods.has([...here, segs[0]].join('::'))) base = [...here];
    else continue;
    const full = [...base, ...segs.filter((s) => s != 'self')];
    for (let n = full.length; n >= 0; n--) {
      const target = full.slice(0, n).join('::');
      if (mods.has(target)) {
        if (target != self) found.add(target);
        break;
      }
    }
  }
  return found;
}

/** The circles among the modules under `src`: each a sorted list of module paths. */
export function circles(src) {
  const mods = modules(src);
  const edges = new Map([...mods].map(([m, file]) => [m, uses(m, file, mods)]));
  // Tarjan's strongly connected components: a component of more than one module is a circle.
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v)) {
      if (!index.has(w)) (visit(w), low.set(v, Math.min(low.get(v), low.get(w))));
      else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) == index.get(v)) {
      const part = [];
      let w;
      do (w = stack.pop()), onStack.delete(w), part.push(w || '(crate root)');
      while (w != v);
      if (part.length > 1) found.push(part.sort());
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** The `src` folder of every member of the Cargo workspace at `root`. */
export function workspaceSources(root) {
  const manifest = fs.readFileSync(path.join(root, 'Cargo.toml'), 'utf8');
  const members = manifest.match(/^members\s*=\s*\[([^\]]*)\]/m);
  if (!members) throw new Error(`${root}/Cargo.toml names no workspace members`);
  return [...members[1].matchAll(/"([^"]+)"/g)].map((m) => path.join(m[1], 'src'));
}

if (import.meta.url == pathToFileURL(process.argv[1]).href) {
  let bad = 0;
  const sources = process.argv.length > 2 ? process.argv.slice(2) : workspaceSources('.');
  for (const src of sources) {
    for (const circle of circles(src)) {
      bad++;
      console.error(`circles: ${src}: ${circle.join(' ↔ ')} use each other (move what they share down a layer)`);
    }
  }
  if (bad) process.exit(1);
  console.log(`circles: none in ${sources.join(', ')}`);
}
