// A file's type by its first bytes, as the server decides it (jax_model::forms::FileType::sniff,
// whose table ../../lib/signatures.ts is generated from): names and browser-reported types can lie.
import type { FileType } from '../../lib/props';
import { SIGNATURES, SNIFF_BYTES } from '../../lib/signatures';

export function sniffBytes(head: Uint8Array): FileType | undefined {
  return SIGNATURES.find(([, sig]) => sig.every((b, i) => head[i] === b))?.[0];
}

export async function sniff(file: Blob): Promise<FileType | undefined> {
  return sniffBytes(new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()));
}

export type Rejection = 'too_large' | 'invalid_type';

/** Why a chosen file can't be kept, if it can't. */
export async function check(file: File, accept: FileType[], maxBytes: number): Promise<Rejection | undefined> {
  if (file.size > maxBytes) return 'too_large';
  const kind = await sniff(file);
  return kind && accept.includes(kind) ? undefined : 'invalid_type';
}
