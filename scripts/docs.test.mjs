// The documentation names only what exists: README.md and docs/*.md are read, and every
// `make X`, repository path, setting of the deploy guide's table and link they name is checked
// against the repository. Each problem is printed as file:line: what is wrong.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const MAX_LINE = 200;

// The repository's top-level folders and files a path in the docs may start with.
const TOP_FOLDERS = ['content', 'generator', 'site', 'edge', 'scripts', 'spec', 'docs', '.github', '.ci'];
const TOP_FILES = [
  'wrangler.toml', 'Makefile', 'package.json', 'package-lock.json', 'Cargo.toml', 'Cargo.lock',
  'rustfmt.toml', 'README.md',
];
// Where a setting must be read for it to exist.
const CODE = ['edge', 'generator', 'scripts', 'site', 'Makefile', 'wrangler.toml', '.github'];
const SKIP_DIRS = new Set(['node_modules', 'target', 'dist', 'test-output', '.cache', '.wrangler', '.git']);
const CODE_EXT = /\.(rs|ts|tsx|mts|js|mjs|cjs|sh|toml|ya?ml|json|env|html|css)$|^Makefile$|^CODEOWNERS$/;

function docFiles() {
  const docs = existsSync(join(root, 'docs'))
    ? readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)
    : [];
  return ['README.md', ...docs.sort()];
}

// A doc's prose (fenced blocks blanked, so offsets and line numbers stay) and its fenced lines.
function parse(file) {
  const text = readFileSync(join(root, file), 'utf8');
  const lines = text.split('\n');
  const prose = [];
  const fenced = [];
  let fence = null;
  lines.forEach((line, i) => {
    const open = line.match(/^\s*(```+|~~~+)/);
    if (fence) {
      if (open && open[1].startsWith(fence)) fence = null;
      else fenced.push({ line: i + 1, text: line });
      prose.push('');
    } else {
      if (open) fence = open[1];
      prose.push(open ? '' : line);
    }
  });
  return { text, lines, prose: prose.join('\n'), fenced };
}

function lineAt(text, offset) {
  let n = 1;
  for (let i = 0; i < offset; i++) if (text.charCodeAt(i) === 10) n++;
  return n;
}

// Inline code spans (`…`, possibly across a line break) with the line they start on.
function spans(doc) {
  const out = [];
  for (const m of doc.prose.matchAll(/`([^`]+)`/g)) {
    out.push({ line: lineAt(doc.prose, m.index), code: m[1].replace(/\s+/g, ' ').trim() });
  }
  return out;
}

function makeTargets() {
  const targets = new Set();
  for (const line of readFileSync(join(root, 'Makefile'), 'utf8').split('\n')) {
    const phony = line.match(/^\.PHONY\s*:(.*)$/);
    if (phony) phony[1].trim().split(/\s+/).filter(Boolean).forEach((t) => targets.add(t));
    const rule = line.match(/^([\w-]+)\s*:(?!=)/);
    if (rule) targets.add(rule[1]);
  }
  return targets;
}

// `make X …` in a span, or a shell line of a fenced block that runs make X.
function makeProblems(file, doc, targets) {
  const problems = [];
  const check = (line, target) => {
    if (!targets.has(target)) problems.push(`${file}:${line}: \`make ${target}\`: no target ${target} in the Makefile`);
  };
  for (const { line, code } of spans(doc)) {
    const m = code.match(/^make\s+([A-Za-z][\w-]*)(?=\s|$)/);
    if (m) check(line, m[1]);
  }
  for (const { line, text } of doc.fenced) {
    for (const m of text.matchAll(/(?:^|[\s;&|(])make\s+([A-Za-z][\w-]*)(?=[\s;&|)]|$)/g)) {
      // `make X` inside a shell comment is prose, not a command; `VAR=1 make X` is one.
      const before = text.slice(0, m.index);
      if (!before.includes('#')) check(line, m[1]);
    }
  }
  return problems;
}

function looksLikeRepoPath(token) {
  if (TOP_FILES.includes(token)) return true;
  const first = token.split('/')[0];
  return token.includes('/') && TOP_FOLDERS.includes(first);
}

// A path with a glob, a placeholder or an ellipsis names a family of files, not one.
function isPattern(token) {
  return /[*?<>{}$…]|\.\.\.|\[|\]/.test(token);
}

function pathProblems(file, doc) {
  const problems = [];
  for (const { line, code } of spans(doc)) {
    for (const raw of code.split(' ')) {
      const token = raw.replace(/^[("']+|[)"',;:.]+$/g, '');
      if (!looksLikeRepoPath(token) || isPattern(token)) continue;
      if (!existsSync(join(root, token))) problems.push(`${file}:${line}: \`${token}\`: no such path in the repository`);
    }
  }
  return problems;
}

// GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens.
function anchors(text) {
  const seen = new Map();
  const out = new Set();
  for (const line of text.split('\n')) {
    const m = line.match(/^#{1,6}\s+(.*?)\s*#*\s*$/);
    if (!m) continue;
    const base = m[1].toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n ? `${base}-${n}` : base);
  }
  return out;
}

function linkProblems(file, doc) {
  const problems = [];
  for (const m of doc.prose.matchAll(/\]\(([^)\s]+)\)/g)) {
    const href = m[1];
    if (/^[a-z]+:/i.test(href)) continue;
    const line = lineAt(doc.prose, m.index);
    const [target, anchor] = href.split('#');
    const path = target ? join(dirname(join(root, file)), target) : join(root, file);
    if (!existsSync(path)) {
      problems.push(`${file}:${line}: link ${href}: no file ${relative(root, path)}`);
      continue;
    }
    if (anchor && path.endsWith('.md') && !anchors(readFileSync(path, 'utf8')).has(anchor)) {
      problems.push(`${file}:${line}: link ${href}: no heading #${anchor} in ${relative(root, path)}`);
    }
  }
  return problems;
}

function lengthProblems(file, doc) {
  const problems = [];
  doc.lines.forEach((line, i) => {
    const n = [...line].length;
    if (n > MAX_LINE) problems.push(`${file}:${i + 1}: line of ${n} characters (at most ${MAX_LINE})`);
  });
  return problems;
}

// The names in the first column of the deploy guide's settings table (the one headed
// `| name | what |` under "## Settings").
function settings() {
  const file = 'docs/deploy.md';
  if (!existsSync(join(root, file))) return { file, names: [], missingTable: true };
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  const start = lines.findIndex((l) => /^##\s+Settings\s*$/.test(l));
  const names = [];
  if (start < 0) return { file, names, missingTable: true };
  let inTable = false;
  for (let i = start + 1; i < lines.length && !/^##\s/.test(lines[i]); i++) {
    const line = lines[i];
    if (!line.startsWith('|')) {
      if (inTable) break;
      continue;
    }
    inTable = true;
    const first = line.split('|')[1] ?? '';
    for (const m of first.matchAll(/`([A-Z][A-Z0-9_]{2,})`/g)) names.push({ line: i + 1, name: m[1] });
  }
  return { file, names, missingTable: names.length === 0 };
}

function codeText() {
  const parts = [];
  const walk = (path) => {
    const st = statSync(path);
    if (st.isDirectory()) {
      for (const entry of readdirSync(path)) if (!SKIP_DIRS.has(entry)) walk(join(path, entry));
    } else if (CODE_EXT.test(path.split('/').pop()) && st.size < 2_000_000) {
      parts.push(readFileSync(path, 'utf8'));
    }
  };
  for (const top of CODE) if (existsSync(join(root, top))) walk(join(root, top));
  return parts.join('\n');
}

function settingProblems() {
  const { file, names, missingTable } = settings();
  if (missingTable) return [`${file}:1: no settings table (| name | what |) under "## Settings"`];
  const code = codeText();
  return names
    .filter(({ name }) => !new RegExp(`\\b${name}\\b`).test(code))
    .map(({ line, name }) => `${file}:${line}: setting ${name} is read nowhere in ${CODE.join(', ')}`);
}

function report(problems) {
  if (problems.length) console.error(problems.join('\n'));
  assert.deepEqual(problems, [], `\n${problems.join('\n')}`);
}

const docs = docFiles().map((file) => ({ file, doc: parse(file) }));

test('every `make X` the docs name is a target of the Makefile', () => {
  const targets = makeTargets();
  report(docs.flatMap(({ file, doc }) => makeProblems(file, doc, targets)));
});

test('every repository path the docs name exists', () => {
  report(docs.flatMap(({ file, doc }) => pathProblems(file, doc)));
});

test('every setting of the deploy guide\'s table is read by the code', () => {
  report(settingProblems());
});

test('every link between the docs leads to a file and a heading that exist', () => {
  report(docs.flatMap(({ file, doc }) => linkProblems(file, doc)));
});

test(`no line of the docs is longer than ${MAX_LINE} characters`, () => {
  report(docs.flatMap(({ file, doc }) => lengthProblems(file, doc)));
});
