// The editor's file formats (registered with Decap CMS by main.ts under the names the generator's
// configuration uses): a file saved from the editor keeps its bytes except the values she
// changed — its `# yaml-language-server: $schema=` line, its comments, its field order, quoting
// and folded lines. Decap hands a format only the entry's data, so the text a file was read from
// travels in the data under SOURCE (no form field shows it) and is taken out again on save.
import { Composer, CST, Document, isScalar, Parser, type Scalar } from 'yaml';
import { SOURCE } from '../lib/editor';

export { SOURCE };

type Data = Record<string, unknown>;

interface Read {
  tokens: CST.Token[];
  doc: Document.Parsed;
}

function parse(text: string): Read {
  const tokens = [...new Parser().parse(text)];
  const docs = [...new Composer({ keepSourceTokens: true }).compose(tokens)];
  return { tokens, doc: docs[0] ?? new Document() };
}

/**
 * Every scalar of `value` with its path: `[['agent', 'phone'], '(904) 555-0100']`. A key whose
 * value is undefined is absent (the editor gives every field of the form a key, set or not).
 */
function leaves(value: unknown, path: (string | number)[] = [], out: [(string | number)[], unknown][] = []) {
  if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (v !== undefined) leaves(v, [...path, Array.isArray(value) ? Number(k) : k], out);
    }
  } else {
    out.push([path, value]);
  }
  return out;
}

/**
 * The same data, by value, whatever the order of an object's keys (the editor gives them back in
 * its own) and with an undefined value the same as no key.
 */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => same(v, b[i]));
  }
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  const keys = (o: object) => Object.entries(o).filter(([, v]) => v !== undefined);
  const [ka, kb] = [keys(a), keys(b)];
  const bs = b as Data;
  return ka.length === kb.length && ka.every(([k, v]) => same(v, bs[k]));
}

/** The data of a YAML file, with the file's text under SOURCE. */
export function yamlFromFile(text: string): Data {
  const data = (parse(text).doc.toJS() ?? {}) as Data;
  return { ...data, [SOURCE]: text };
}

/**
 * `data` as YAML: the text it was read from where nothing changed; else that text with only
 * the changed scalars rewritten; else (a field added or removed, a list grown) the document
 * rewritten from its parse, which keeps comments and order but may rewrap long lines.
 */
export function yamlToFile(data: Data): string {
  const { [SOURCE]: source, ...given } = data;
  if (typeof source !== 'string') return new Document(given).toString({ lineWidth: 0 });
  const { tokens, doc } = parse(source);
  const before = doc.toJS() as unknown;
  const values = withoutUnsetFalse(given, before) as Data;
  if (same(before, values)) return source;
  const now = leaves(values);
  const paths = new Set(leaves(before).map(([p]) => JSON.stringify(p)));
  const sameShape = now.length === paths.size && now.every(([p]) => paths.has(JSON.stringify(p)));
  if (sameShape) {
    for (const [path, value] of now) {
      const node = doc.getIn(path, true);
      if (!isScalar(node) || same(node.value, value)) continue;
      const scalar = node as Scalar & { srcToken?: CST.FlowScalar | CST.BlockScalar };
      if (!scalar.srcToken || !(typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')) {
        continue;
      }
      const block = scalar.type === 'BLOCK_FOLDED' || scalar.type === 'BLOCK_LITERAL';
      CST.setScalarValue(scalar.srcToken, String(value), {
        type: typeof value === 'string' ? scalar.type : 'PLAIN',
        afterKey: block,
      });
    }
    const text = tokens.map((t) => CST.stringify(t)).join('');
    if (same(parse(text).doc.toJS(), values)) return text;
  }
  // Structural edits: set each changed value on the parsed document, which keeps comments,
  // order and each map's style.
  const edited = doc.clone();
  apply(edited, [], before, values);
  return edited.toString({ lineWidth: 0 });
}

const isMap = (v: unknown): v is Data => v !== null && typeof v === 'object' && !Array.isArray(v);

/** `values` without the false booleans `before` leaves out: the form gives every switch a value,
 * and a file leaves out what is off (the model reads a missing switch as off). */
function withoutUnsetFalse(values: unknown, before: unknown): unknown {
  if (!isMap(values)) return values;
  const out: Data = {};
  for (const [key, value] of Object.entries(values)) {
    const was = isMap(before) ? before[key] : undefined;
    if (value === false && was === undefined) continue;
    out[key] = withoutUnsetFalse(value, was);
  }
  return out;
}

/** Sets what changed from `before` to `values` under `path`, map by map. */
function apply(doc: Document, path: string[], before: unknown, values: Data): void {
  const was = isMap(before) ? before : {};
  for (const key of Object.keys(was)) if (values[key] === undefined) doc.deleteIn([...path, key]);
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || same(was[key], value)) continue;
    if (isMap(was[key]) && isMap(value)) apply(doc, [...path, key], was[key], value);
    else doc.setIn([...path, key], doc.createNode(value));
  }
}

const FENCE = '---\n';

/** A Markdown (or MDX) file's front matter as data, its text after it under `body`. */
export function frontmatterFromFile(text: string): Data {
  if (!text.startsWith(FENCE)) return { body: text, [SOURCE]: '' };
  const end = text.indexOf(`\n${FENCE}`, FENCE.length - 1);
  if (end < 0) return { body: text, [SOURCE]: '' };
  const head = text.slice(FENCE.length, end + 1);
  const body = text.slice(end + 1 + FENCE.length);
  return { ...yamlFromFile(head), body };
}

/** `data` as front matter (written as `yamlToFile` writes YAML) and its `body`. */
export function frontmatterToFile(data: Data): string {
  const { body, ...fields } = data;
  const head = yamlToFile(fields);
  return `${FENCE}${head.endsWith('\n') ? head : `${head}\n`}${FENCE}${typeof body === 'string' ? body : ''}`;
}
