// A file's type by its first bytes, as the server decides it (jax_model::forms::FileType::sniff):
// names and browser-reported types can lie.
import type { FileKind } from '../../lib/props';

const SIGNATURES: [FileKind, number[]][] = [
  ['jpeg', [0xff, 0xd8, 0xff]],
  ['png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['pdf', [0x25, 0x50, 0x44, 0x46, 0x2d]], // %PDF-
];

export function sniffBytes(head: Uint8Array): FileKind | undefined {
  return SIGNATURES.find(([, sig]) => sig.every((b, i) => head[i] === b))?.[0];
}

export async function sniff(file: Blob): Promise<FileKind | undefined> {
  return sniffBytes(new Uint8Array(await file.slice(0, 8).arrayBuffer()));
}

export type Rejection = 'too_large' | 'invalid_type';

/** Why a chosen file can't be kept, if it can't. */
export async function check(file: File, accept: FileKind[], maxBytes: number): Promise<Rejection | undefined> {
  if (file.size > maxBytes) return 'too_large';
  const kind = await sniff(file);
  return kind && accept.includes(kind) ? undefined : 'invalid_type';
}
