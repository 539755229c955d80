// The preview beside the editor's form, on this machine: the unsaved entry as the file it would
// be saved as, sent to `generator serve`, which answers with the page the generator would write
// (its templates, styles and islands) or with the problems it finds, in `generator check`'s words.
import { LOCAL_PREVIEW } from '../lib/editor';
import { frontmatterToFile, yamlToFile } from './formats';

type Data = Record<string, unknown>;

/** One problem the generator found, at a field of a file where it can say. */
export interface Problem {
  file?: string;
  line?: number;
  column?: number;
  field?: string;
  message: string;
}

export type Shown = { page: string } | { problems: Problem[] };

/** The file as the editor would save it, in the format its extension names. */
export function fileText(path: string, data: Data): string {
  return /\.ya?ml$/.test(path) ? yamlToFile(data) : frontmatterToFile(data);
}

/** Asks `generator serve` for the page `path` makes with `text` in it. */
export async function preview(
  path: string,
  text: string,
  signal?: AbortSignal,
  fetchImpl: typeof fetch = fetch,
): Promise<Shown> {
  const response = await fetchImpl(LOCAL_PREVIEW, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ file: path, text }),
    signal,
  });
  if (response.ok) return { page: await response.text() };
  const answer = (await response.json().catch(() => null)) as { problems?: Problem[] } | null;
  return { problems: answer?.problems ?? [{ message: `The preview failed (${response.status}).` }] };
}

/** A problem as one line: `price: expected a price … (line 6)`. */
export function problemLine(p: Problem): string {
  const where = p.line ? ` (line ${p.line})` : '';
  return `${p.field ? `${p.field}: ` : ''}${p.message}${where}`;
}
