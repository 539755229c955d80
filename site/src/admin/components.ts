// The reports' components as the editor inserts them (`<Snapshot area="ortega" />`, `<Cta
// form="consultation">Talk to me</Cta>`): their shapes from the model's table (COMPONENTS,
// generated), each attribute's choices from the build (/admin/choices.json: published
// neighborhoods and listings, the figures, the request forms), so she picks values, never types
// them. A component's line reads back into its form and is written back byte for byte.
export { COMPONENTS } from '../lib/editor';

export interface Choice {
  value: string;
  label: string;
}

/** Each attribute's choices, by attribute name. */
export type Choices = Record<string, Choice[] | undefined>;

export interface Attribute {
  name: string;
  label: string;
  multiple: boolean;
}

export interface Component {
  name: string;
  label: string;
  attributes: Attribute[];
  /** It holds a line of text between its tags (`<Cta …>text</Cta>`). */
  text: boolean;
}

export type Values = Record<string, string | string[] | undefined>;

const ATTRIBUTE = /(\w+)=(?:"([^"]*)"|\{(\[[^\]]*\])\})/g;

/** The line of a report that is this component (it stands on a line of its own). */
export function pattern(c: Component): RegExp {
  const attrs = String.raw`((?:\s+\w+=(?:"[^"]*"|\{\[[^\]]*\]\}))*)`;
  return c.text
    ? new RegExp(String.raw`^<${c.name}${attrs}>(.*)</${c.name}>$`)
    : new RegExp(String.raw`^<${c.name}${attrs}\s*/>$`);
}

/** The form's values from a matched line. */
export function fromBlock(c: Component, match: RegExpMatchArray): Values {
  const values: Values = {};
  for (const [, name, text, list] of (match[1] ?? '').matchAll(ATTRIBUTE)) {
    values[name] = list === undefined ? text : (JSON.parse(list) as string[]);
  }
  if (c.text) values.text = match[2] ?? '';
  return values;
}

/** The line the form's values make: attributes in the model's order, a list as `{["a", "b"]}`. */
export function toBlock(c: Component, values: Values): string {
  const attrs = c.attributes.flatMap((a) => {
    const v = values[a.name];
    if (v === undefined || v === '' || (Array.isArray(v) && v.length === 0)) return [];
    const list = Array.isArray(v) ? v : [v];
    return [a.multiple ? `${a.name}={[${list.map((x) => JSON.stringify(x)).join(', ')}]}` : `${a.name}="${list[0]}"`];
  });
  const open = [c.name, ...attrs].join(' ');
  return c.text ? `<${open}>${String(values.text ?? '')}</${c.name}>` : `<${open} />`;
}

/** Decap's editor component for `c`: one choice per attribute, and the text where it holds one. */
export function editorComponent(c: Component, choices: Choices) {
  const fields: Record<string, unknown>[] = c.attributes.map((a) => ({
    name: a.name,
    label: a.label,
    widget: 'select',
    options: choices[a.name] ?? [],
    multiple: a.multiple,
  }));
  if (c.text) fields.push({ name: 'text', label: 'Text', widget: 'string' });
  return {
    id: c.name,
    label: c.label,
    fields,
    pattern: pattern(c),
    fromBlock: (match: RegExpMatchArray) => fromBlock(c, match),
    toBlock: (values: Values) => toBlock(c, values),
    toPreview: (values: Values) => toBlock(c, values),
  };
}
