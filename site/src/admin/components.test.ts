import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMPONENTS, type Component, fromBlock, pattern, toBlock } from './components';

const root = join(import.meta.dirname, '../../..');
const [, trend, , cta] = COMPONENTS as Component[];

describe("the reports' components read back into their forms and are written back as they were", () => {
  it('a trend: a list of neighborhoods and a figure', () => {
    const line = '<Trend areas={["riverside", "san-marco"]} figure="median" />';
    const match = pattern(trend).exec(line);
    expect(match).not.toBeNull();
    const values = fromBlock(trend, match!);
    expect(values).toEqual({ areas: ['riverside', 'san-marco'], figure: 'median' });
    expect(toBlock(trend, values)).toBe(line);
  });

  it('a call to action: a form and its text', () => {
    const line = '<Cta form="consultation">Talk through your move with **Alexandra**</Cta>';
    const values = fromBlock(cta, pattern(cta).exec(line)!);
    expect(values).toEqual({ form: 'consultation', text: 'Talk through your move with **Alexandra**' });
    expect(toBlock(cta, values)).toBe(line);
    expect(pattern(cta).test('<Cta form="x">one</Cta> and more')).toBe(false);
  });

  it('every component line of every report', () => {
    const components = COMPONENTS as Component[];
    expect(components.map((c) => c.name)).toEqual(['Snapshot', 'Trend', 'Listing', 'Cta']);
    const dir = join(root, 'content/reports');
    const lines = readdirSync(dir)
      .filter((f) => f.endsWith('.mdx'))
      .flatMap((f) => readFileSync(join(dir, f), 'utf8').split('\n'))
      .filter((l) => /^<[A-Z]/.test(l));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      const c = components.find((c) => pattern(c).test(line));
      expect(c, line).toBeDefined();
      expect(toBlock(c!, fromBlock(c!, pattern(c!).exec(line)!))).toBe(line);
    }
  });
});
