import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { frontmatterFromFile, frontmatterToFile, SOURCE, yamlFromFile, yamlToFile } from './formats';

const content = join(import.meta.dirname, '../../../content');

/** Every content file the editor opens, by its path under content/. */
function files(): string[] {
  const out = ['site.yaml', 'home.yaml', 'sell.yaml', 'quiz.yaml', 'forms.yaml', 'concierge.yaml'];
  for (const dir of ['listings', 'neighborhoods', 'market', 'reports', 'testimonials', 'sold', 'legal']) {
    for (const f of readdirSync(join(content, dir))) out.push(`${dir}/${f}`);
  }
  return out;
}

const isYaml = (path: string) => path.endsWith('.yaml');
const read = (path: string) => (isYaml(path) ? yamlFromFile : frontmatterFromFile);
const write = (path: string) => (isYaml(path) ? yamlToFile : frontmatterToFile);

/** What the editor gives back: a copy of the data with each object's keys in another order, as
 * Decap's Immutable maps give them. */
function roundTrip<T>(v: T): T {
  if (Array.isArray(v)) return v.map(roundTrip) as T;
  if (v === null || typeof v !== 'object') return v;
  return Object.fromEntries(
    Object.entries(v)
      .reverse()
      .map(([k, x]) => [k, roundTrip(x)]),
  ) as T;
}

describe('the editor saves a file it opened unchanged byte for byte', () => {
  it.each(files())('%s', (path) => {
    const text = readFileSync(join(content, path), 'utf8');
    expect(write(path)(roundTrip(read(path)(text)))).toBe(text);
  });
});

describe('an edit changes only what she changed', () => {
  it('a phone number in site.yaml is a one-line diff, and the schema line stays', () => {
    const text = readFileSync(join(content, 'site.yaml'), 'utf8');
    const data = roundTrip(yamlFromFile(text));
    (data.agent as { phone: string }).phone = '(904) 555-0199';
    const out = yamlToFile(data);
    const before = text.split('\n');
    const after = out.split('\n');
    expect(after).toHaveLength(before.length);
    const changed = after.filter((line, i) => line !== before[i]);
    expect(changed).toEqual([expect.stringContaining('(904) 555-0199')]);
    expect(after[0]).toMatch(/^# yaml-language-server: \$schema=/);
  });

  it("a listing's price changes one line of its front matter and none of its text", () => {
    const path = join(content, 'listings', readdirSync(join(content, 'listings'))[0]);
    const text = readFileSync(path, 'utf8');
    const data = roundTrip(frontmatterFromFile(text));
    data.price = '$9,999,000';
    // The editor gives the fields the file leaves out a key too.
    data.mls_number = undefined;
    const out = frontmatterToFile(data);
    const [before, after] = [text.split('\n'), out.split('\n')];
    expect(after.filter((line, i) => line !== before[i])).toEqual(['price: "$9,999,000"']);
  });

  it('a field she adds is written, and the comments and other fields stay', () => {
    const text = '# yaml-language-server: $schema=../schemas/sale.schema.json\nprice: "$1"\nside: seller\n';
    const data = roundTrip(yamlFromFile(text));
    data.beds = 3;
    const out = yamlToFile(data);
    expect(out).toBe(
      '# yaml-language-server: $schema=../schemas/sale.schema.json\nprice: "$1"\nside: seller\nbeds: 3\n',
    );
  });

  it('a new file has no source and is written plainly', () => {
    expect(frontmatterToFile({ title: 'A', body: 'Text\n' })).toBe('---\ntitle: A\n---\nText\n');
    expect(yamlToFile({ source: 'MLS' })).toBe('source: MLS\n');
    expect(SOURCE in yamlFromFile('a: 1\n')).toBe(true);
  });

  it("a new entry is written from its folder's template: the schema line, the form's order", () => {
    const collections = JSON.parse(readFileSync(join(content, 'schemas/editor.collections.json'), 'utf8')) as {
      name: string;
      fields: { name: string; default?: string }[];
    }[];
    const reports = collections.find((c) => c.name === 'reports')!;
    const template = reports.fields.find((f) => f.name === SOURCE)!.default!;
    // As Decap hands it: the form's values in its own order, some left unset.
    const data = { draft: false, [SOURCE]: template, body: 'Text\n', description: 'D', date: '2026-11-20', title: 'T' };
    expect(frontmatterToFile(data)).toBe(
      '---\n# yaml-language-server: $schema=../schemas/report.schema.json\n' +
        'title: T\ndate: 2026-11-20\ndescription: D\ndraft: false\n---\nText\n',
    );
  });

  it("a new month from the latest's text changes only the figure she changed, in its flow map", () => {
    const market = join(content, 'market');
    const latest = readFileSync(join(market, readdirSync(market).sort().at(-1)!), 'utf8');
    const data = roundTrip(yamlFromFile(latest)) as { neighborhoods: Record<string, { yoy_growth: number }> };
    // As the form hands it: the neighborhoods in the content's order, its switch off.
    const [first, ...rest] = Object.keys(data.neighborhoods);
    const neighborhoods = Object.fromEntries([...rest, first].map((k) => [k, { ...data.neighborhoods[k] }]));
    neighborhoods[first].yoy_growth = 99.9;
    const out = yamlToFile({ ...data, neighborhoods, draft: false });
    const [before, after] = [latest.split('\n'), out.split('\n')];
    expect(after).toHaveLength(before.length);
    expect(after.filter((line, i) => line !== before[i])).toEqual([
      expect.stringMatching(/^ {2}[\w-]+: \{.*yoy_growth: 99\.9,.*\}$/),
    ]);
  });
});
