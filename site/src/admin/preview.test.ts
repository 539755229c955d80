import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCAL_PREVIEW } from '../lib/editor';
import { frontmatterFromFile, yamlFromFile } from './formats';
import { previewNames } from './main';
import { fileText, preview, problemLine } from './preview';

const content = (rel: string) => readFileSync(join(import.meta.dirname, '../../../content', rel), 'utf8');

describe('the preview sends the entry as the file it would be saved as', () => {
  it.each([
    ['content/site.yaml', yamlFromFile],
    ['content/listings/downtown-skyline-loft.md', frontmatterFromFile],
  ])('%s, unchanged, is its own text', (path, read) => {
    const text = content(path.replace('content/', ''));
    expect(fileText(path, read(text))).toBe(text);
  });

  it('asks generator serve and shows its page, or its problems', async () => {
    const asked: { url: string; body: unknown }[] = [];
    const answer = (status: number, body: string) => (url: RequestInfo | URL, init?: RequestInit) => {
      asked.push({ url: url as string, body: JSON.parse(init?.body as string) });
      return Promise.resolve(new Response(body, { status }));
    };
    expect(await preview('content/a.md', 'x', undefined, answer(200, '<p>page</p>'))).toEqual({ page: '<p>page</p>' });
    expect(asked[0]).toEqual({ url: LOCAL_PREVIEW, body: { file: 'content/a.md', text: 'x' } });
    const problem = { field: 'price', line: 6, message: 'expected a price such as "$1,250,000", found "-5"' };
    const shown = await preview('content/a.md', 'x', undefined, answer(422, JSON.stringify({ problems: [problem] })));
    expect(shown).toEqual({ problems: [problem] });
    expect(problemLine(problem)).toBe('price: expected a price such as "$1,250,000", found "-5" (line 6)');
    expect(await preview('content/a.md', 'x', undefined, answer(502, 'gateway'))).toEqual({
      problems: [{ message: 'The preview failed (502).' }],
    });
  });

  it('has a template for every file and folder of the configuration', () => {
    const config = JSON.parse(content('schemas/editor.collections.json')) as unknown[];
    const names = previewNames({ collections: config });
    expect(names).toContain('site');
    expect(names).toContain('listings');
    expect(names).not.toContain('pages');
  });
});
