// Generated from generator/src/editor — do not edit.
// Regenerate with `cargo run -p generator -- schemas` (from the repository's root).

/** The file formats the editor's configuration names (registered by src/admin/main.ts). */
export const YAML_FORMAT = 'jax-yaml';
export const FRONTMATTER_FORMAT = 'jax-frontmatter';

/** decap-server, which make dev runs on loopback: the editor's files on this machine. */
export const LOCAL_PROXY = 'http://127.0.0.1:8081/api/v1';

/** generator serve, which make dev runs on loopback: the page an unsaved entry makes. */
export const LOCAL_PREVIEW = 'http://127.0.0.1:4040/__preview';
