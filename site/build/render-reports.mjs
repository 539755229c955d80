// Compiles the reports' MDX for the generator (one run per build, started by generator/reports/src/node.rs).
// stdin: {components, reports}: the components' names (the generator's list) and [{body, shift}],
// the MDX texts and how far their headings move. stdout: [{html, components}]
// where each component the text uses is a placeholder <jax-component n="…"></jax-component> in
// `html` and {name, children_html} in `components`, in document order: the generator renders
// the components itself (the same templates as elsewhere on the site) and checks their
// attributes before this runs. A report mdx-js cannot compile gives {error: {index, line, column,
// message}} instead, and the exit status is 1.
// With --serve (generator serve keeps it running) it reads one such request per line and writes
// one answer per line, for as long as stdin stays open.
import { evaluate } from '@mdx-js/mdx';
import { createInterface } from 'node:readline';
import { createElement } from 'react';
import * as runtime from 'react/jsx-runtime';
import { renderToStaticMarkup } from 'react-dom/server';

async function read() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

async function render(names, { body, shift }) {
  const { default: Content } = await evaluate(body, { ...runtime, development: false });
  const components = [];
  const mapped = {};
  for (const name of names) {
    mapped[name] = ({ children }) => {
      const n = components.length;
      components.push({ name, children_html: children === undefined ? null : renderToStaticMarkup(children) });
      return createElement('jax-component', { n: String(n) });
    };
  }
  // Headings go under the page's <h1>; images become their description (their size is unknown).
  for (let level = 1; level <= 6; level++) {
    const to = `h${Math.min(6, Math.max(1, level + shift))}`;
    mapped[`h${level}`] = (props) => createElement(to, props);
  }
  mapped.img = ({ alt }) => alt ?? '';
  const html = renderToStaticMarkup(createElement(Content, { components: mapped }));
  return { html, components };
}

/** The answer to one request: the compiled reports, or the first one mdx-js refused. */
async function compile({ components: names, reports }) {
  const out = [];
  for (const [index, report] of reports.entries()) {
    try {
      out.push(await render(names, report));
    } catch (e) {
      return { error: refusal(index, e) };
    }
  }
  return out;
}

function refusal(index, e) {
  let message = String(e?.reason ?? e?.message ?? e);
  let line = e?.line ?? e?.place?.start?.line;
  let column = e?.column ?? e?.place?.start?.column;
  // Some messages carry their place only in the text: "… (3:1-3:15)", lines of the body.
  const at = /\s*\((\d+):(\d+)(?:-\d+:\d+)?\)$/.exec(message);
  if (at) {
    line ??= Number(at[1]);
    column ??= Number(at[2]);
    message = message.slice(0, at.index);
  }
  return { index, line: line ?? 1, column: column ?? 1, message };
}

if (process.argv.includes('--serve')) {
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
    if (line.trim()) process.stdout.write(`${JSON.stringify(await compile(JSON.parse(line)))}\n`);
  }
} else {
  const answer = await compile(await read());
  if (answer.error) process.exitCode = 1;
  process.stdout.write(JSON.stringify(answer));
}
