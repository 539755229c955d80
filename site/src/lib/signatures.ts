// Generated from jax_model::forms::SIGNATURES — do not edit.
// Regenerate with `cargo run -p generator -- schemas` (from the repository's root).
import type { FileType } from './props';

/**
 * The bytes each accepted document type's files start with: the server decides a file's type
 * by them (jax_model::forms::FileType::sniff), whatever its name or reported type says.
 */
export const SIGNATURES: readonly (readonly [FileType, readonly number[]])[] = [
  ['jpeg', [0xff, 0xd8, 0xff]],
  ['png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['pdf', [0x25, 0x50, 0x44, 0x46, 0x2d]],
];

/** How many leading bytes decide: the longest signature. */
export const SNIFF_BYTES = 8;
