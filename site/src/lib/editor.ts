// Generated from generator/codegen/src/editor — do not edit.
// Regenerate with `cargo run -p generator -- schemas` (from the repository's root).

/** The file formats the editor's configuration names (registered by src/admin/main.ts). */
export const YAML_FORMAT = 'jax-yaml';
export const FRONTMATTER_FORMAT = 'jax-frontmatter';

/** The data key under which the formats keep a file's text (a new entry's from its hidden field). */
export const SOURCE = '__source';

/** decap-server, which make dev runs on loopback: the editor's files on this machine. */
export const LOCAL_PROXY = 'http://127.0.0.1:8081/api/v1';

/** generator serve, which make dev runs on loopback: the page an unsaved entry makes. */
export const LOCAL_PREVIEW = 'http://127.0.0.1:4040/__preview';

/** The worker's answer to whether the GitHub sign-in is on: {"sign_in": boolean}. */
export const AUTH_STATUS = '/api/auth/status';

/** Where the editor renews its GitHub token (POST; {"token", "expires_in"}, or 401 once the sign-in has ended). */
export const AUTH_REFRESH = '/api/auth/refresh';

/** The reports' components (jax_model::report::COMPONENTS); their choices come with the build. */
export const COMPONENTS = [
  {
    "attributes": [
      {
        "label": "Neighborhood",
        "multiple": false,
        "name": "area"
      }
    ],
    "label": "Market snapshot",
    "name": "Snapshot",
    "text": false
  },
  {
    "attributes": [
      {
        "label": "Neighborhoods",
        "multiple": true,
        "name": "areas"
      },
      {
        "label": "Figure",
        "multiple": false,
        "name": "figure"
      }
    ],
    "label": "Trend chart",
    "name": "Trend",
    "text": false
  },
  {
    "attributes": [
      {
        "label": "Listing",
        "multiple": false,
        "name": "id"
      }
    ],
    "label": "Featured listing",
    "name": "Listing",
    "text": false
  },
  {
    "attributes": [
      {
        "label": "Form it opens",
        "multiple": false,
        "name": "form"
      }
    ],
    "label": "Call to action",
    "name": "Cta",
    "text": true
  }
];
