//! The browser editor at `/admin/` (Decap CMS) over the same files `generator build` reads: its
//! collections — which files, with which form — made from the content's JSON Schemas (`fields`),
//! never written by hand. `generator schemas` ships them beside the schemas (a test fails when
//! they are stale); the build adds what only the content knows (`config`, and the reports'
//! components with their choices: `components`).

pub mod components;
mod fields;

use anyhow::Result;
use jax_images::ImageInfo;
use jax_model::Content;
use jax_output::Output;
use serde_json::{json, Map, Value};
use std::path::Path;

/// Where the editor is served, and where the islands' build leaves its scripts (Decap CMS's
/// bundle and `site/src/admin/main.ts`, built by `site/vite.admin.config.ts`).
pub const DIR: &str = "admin";

/// The editor's page: Decap CMS draws everything; this script starts it (and must run first:
/// it tells Decap to wait for the configuration).
const PAGE: &str = r#"<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Editor · {brand}</title>
{icon}<script src="/admin/admin.js" defer></script>
<script src="/admin/decap-cms.js" defer></script>
</head>
<body>
<noscript>The editor needs JavaScript.</noscript>
</body>
</html>
"#;

/// The file formats the editor's script registers (`site/src/admin`): they keep a file's
/// comments and field order and rewrite only the values that changed.
pub const YAML_FORMAT: &str = "jax-yaml";
pub const FRONTMATTER_FORMAT: &str = "jax-frontmatter";

/// decap-server's API as `make dev` runs it (its default port, on loopback only): the editor
/// opened from this machine edits the files on disk through it.
pub const LOCAL_PROXY: &str = "http://127.0.0.1:8081/api/v1";

/// `generator serve` for the editor's preview as `make dev` runs it (on loopback only): the
/// unsaved entry rendered as the page it makes (`serve::preview`).
pub const LOCAL_PREVIEW: &str = "http://127.0.0.1:4040/__preview";

/// What the editor may connect to on the agent's machine: decap-server and the preview, which only
/// `make dev` runs; nothing in a build for publishing (`deploy`).
pub fn local_connections(deploy: bool) -> &'static [&'static str] {
    if deploy {
        &[]
    } else {
        &[LOCAL_PROXY, LOCAL_PREVIEW]
    }
}

/// The content folder as the editor's paths name it, from the repository's root.
pub const CONTENT_DIR: &str = "content";

/// The entry's data key under which the editor's formats keep the text a file was read from
/// (`site/src/admin/formats.ts`); a new entry starts from the text its hidden field gives.
pub const SOURCE_FIELD: &str = "__source";

/// The text a new entry of a folder starts from: the schema line, then every field in the
/// form's order, so a new file has the line and the order the existing ones have.
fn new_file(schema: &str, fields: &[Value]) -> String {
    let mut text = format!("# yaml-language-server: $schema=../schemas/{schema}\n");
    for name in fields.iter().filter_map(|f| f["name"].as_str()) {
        text.push_str(&format!("{name}: null\n"));
    }
    text
}

/// `fields` and the hidden one that carries the file's text (the editor keeps only the keys its
/// fields name), starting a new entry from `new_file`.
fn with_source(schema: &str, mut fields: Vec<Value>) -> Vec<Value> {
    let text = new_file(schema, &fields);
    fields.push(
        json!({ "name": SOURCE_FIELD, "label": "Source text", "widget": "hidden", "default": text, "required": false }),
    );
    fields
}

/// One of the agent's content kinds as the editor offers it.
struct Kind {
    name: &'static str,
    label: &'static str,
    /// Its schema's file name in `content/schemas/` (`jax_model::schemas`).
    schema: &'static str,
    place: Place,
}

enum Place {
    /// One file at the content folder's top (`site.yaml`).
    File(&'static str),
    /// A folder of Markdown (or MDX) files with front matter: one entry per file.
    Folder { dir: &'static str, extension: &'static str, id: &'static str, body: &'static str, create: bool },
    /// A folder of YAML files.
    Yaml { dir: &'static str },
}

/// Everything she edits. The imported MLS listings are not hers to edit and are not here.
const KINDS: &[Kind] = &[
    Kind { name: "site", label: "Site settings", schema: "site.schema.json", place: Place::File(jax_load::SITE) },
    Kind { name: "home", label: "Home page", schema: "home.schema.json", place: Place::File(jax_load::HOME) },
    Kind { name: "sell", label: "Sellers' page", schema: "sell.schema.json", place: Place::File(jax_load::SELL) },
    Kind { name: "quiz", label: "Neighborhood quiz", schema: "quiz.schema.json", place: Place::File(jax_load::QUIZ) },
    Kind { name: "forms", label: "Forms", schema: "forms.schema.json", place: Place::File(jax_load::FORMS) },
    Kind {
        name: "concierge",
        label: "Client Concierge",
        schema: "concierge.schema.json",
        place: Place::File(jax_load::CONCIERGE),
    },
    Kind {
        name: "listings",
        label: "Featured listings",
        schema: "listing.schema.json",
        place: Place::Folder { dir: jax_load::LISTINGS, extension: "md", id: "id", body: "Description", create: true },
    },
    Kind {
        name: "neighborhoods",
        label: "Neighborhoods",
        schema: "neighborhood.schema.json",
        place: Place::Folder { dir: jax_load::NEIGHBORHOODS, extension: "md", id: "slug", body: "Text", create: true },
    },
    Kind {
        name: "market",
        label: "Market snapshots",
        schema: "market.schema.json",
        place: Place::Yaml { dir: jax_load::MARKET },
    },
    Kind {
        name: "reports",
        label: "Market reports",
        schema: "report.schema.json",
        place: Place::Folder { dir: jax_load::REPORTS, extension: "mdx", id: "title", body: "Report", create: true },
    },
    Kind {
        name: "testimonials",
        label: "Testimonials",
        schema: "testimonial.schema.json",
        place: Place::Folder {
            dir: jax_load::TESTIMONIALS,
            extension: "md",
            id: "client",
            body: "Their words",
            create: true,
        },
    },
    Kind {
        name: "sold",
        label: "Sold homes",
        schema: "sale.schema.json",
        place: Place::Folder { dir: jax_load::SOLD, extension: "md", id: "address", body: "Notes", create: true },
    },
    Kind {
        name: "legal",
        label: "Legal pages",
        schema: "legal.schema.json",
        place: Place::Folder { dir: jax_load::LEGAL, extension: "md", id: "title", body: "Text", create: false },
    },
];

/// The editor's collections, from the model alone (what `generator schemas` ships).
pub fn collections() -> Value {
    let schemas = jax_model::schemas();
    let schema = |name: &str| &schemas.iter().find(|(n, _)| *n == name).expect("every kind has a schema").1;
    let files: Vec<Value> = KINDS
        .iter()
        .filter_map(|k| match k.place {
            Place::File(file) => Some(json!({
                "name": k.name,
                "label": k.label,
                "file": format!("{CONTENT_DIR}/{file}"),
                "format": YAML_FORMAT,
                "fields": with_source(k.schema, fields::of_object(schema(k.schema))),
            })),
            _ => None,
        })
        .collect();
    let mut out = vec![json!({ "name": "pages", "label": "Site and pages", "format": YAML_FORMAT, "files": files })];
    for k in KINDS {
        let fields = with_source(k.schema, fields::of_object(schema(k.schema)));
        out.push(match k.place {
            Place::File(_) => continue,
            Place::Yaml { dir } => json!({
                "name": k.name,
                "label": k.label,
                "folder": format!("{CONTENT_DIR}/{dir}"),
                "extension": "yaml",
                "format": YAML_FORMAT,
                "create": true,
                // A month's file is named by its month (`2024-12.yaml`).
                "slug": "{{year}}-{{month}}",
                "identifier_field": "source",
                "fields": fields,
            }),
            Place::Folder { dir, extension, id, body, create } => {
                let mut fields = fields;
                fields.push(json!({ "name": "body", "label": body, "widget": "markdown", "required": false }));
                json!({
                    "name": k.name,
                    "label": k.label,
                    "folder": format!("{CONTENT_DIR}/{dir}"),
                    "extension": extension,
                    "format": FRONTMATTER_FORMAT,
                    "create": create,
                    "delete": create,
                    "identifier_field": id,
                    "slug": "{{slug}}",
                    "fields": fields,
                })
            }
        });
    }
    Value::Array(out)
}

/// The editor's whole configuration for the site `content` holds: the collections, each map's
/// keys from the content (a snapshot's figures, one group per neighborhood), and where images go.
/// A new month starts as a copy of the latest, as `generator new snapshot` starts one: its
/// form holds the latest figures, and its file the latest's text with the values she changes.
pub fn config(content: &Content) -> Value {
    let mut collections = collections();
    let keys: Vec<(String, String)> =
        content.neighborhoods.iter().map(|n| (n.fields.slug.clone(), n.fields.name.clone())).collect();
    expand_keys(&mut collections, &keys);
    let latest = content.market.latest();
    let market = collections.as_array_mut().and_then(|c| c.iter_mut().find(|c| c["name"] == "market"));
    if let (Some(market), Ok(values)) = (market, serde_json::to_value(&latest.fields)) {
        if let Some(fields) = market["fields"].as_array_mut() {
            set_defaults(fields, &values);
            if let Some(source) = fields.iter_mut().find(|f| f["name"] == SOURCE_FIELD) {
                source["default"] = json!(latest.text);
            }
        }
    }
    let mut config = json!({
        "load_config_file": false,
        "media_folder": fields::MEDIA_FOLDER,
        "public_folder": fields::PUBLIC_FOLDER,
        "collections": collections,
    });
    if let Some(e) = &content.site.data.editor {
        config["backend"] = backend(e, &content.site.data.base_url);
        // Each save a commit on a branch of its own, opened as a pull request (its preview
        // deployment the publishing workflow uploads); published when she merges it.
        config["publish_mode"] = json!("editorial_workflow");
    }
    config
}

/// GitHub, signed in through the worker (`jax_model::editor`): the page replaces `base_url` with
/// the origin it is served from, where the worker answers (a preview deployment's too).
fn backend(e: &jax_model::editor::Editor, base_url: &str) -> Value {
    json!({
        "name": "github",
        "repo": e.repository,
        "branch": e.branch,
        "base_url": base_url,
        "auth_endpoint": jax_model::editor::AUTH_BEGIN.trim_start_matches('/'),
        // The commit status the publishing workflow sets with the preview version's URL: Decap
        // links "View Preview" to it.
        "preview_context": PREVIEW_CONTEXT,
    })
}

/// The commit status context `.github/workflows/publish.yml` reports a pull request's preview
/// version under (a test keeps the two the same).
pub const PREVIEW_CONTEXT: &str = "Preview version";

/// The editor's files: its page, its configuration and its scripts, when the islands' build
/// holds them (`islands`/admin); nothing otherwise.
/// `favicon`: the site's icon as the image pipeline wrote it.
pub fn outputs(content: &Content, islands: Option<&Path>, favicon: Option<&ImageInfo>) -> Result<Vec<Output>> {
    let Some(islands) = islands.filter(|dir| dir.join(DIR).join("decap-cms.js").is_file()) else {
        return Ok(Vec::new());
    };
    let mut out = vec![
        Output::new(
            format!("{DIR}/index.html"),
            PAGE.replace("{brand}", &jax_render::html::escape_html(&content.site.data.brand)).replace(
                "{icon}",
                &favicon.map_or(String::new(), |i| format!("<link rel=\"icon\" href=\"{}\">\n", i.src)),
            ),
        ),
        Output::new(format!("{DIR}/config.json"), serde_json::to_vec(&config(content))?),
    ];
    out.push(Output::new(format!("{DIR}/choices.json"), serde_json::to_vec(&components::choices_of(content))?));
    out.extend(jax_output::copied(islands, DIR)?);
    Ok(out)
}

/// Each field's default: its value in `values` (nested groups from nested objects).
fn set_defaults(fields: &mut [Value], values: &Value) {
    for f in fields {
        let Some(v) = f["name"].as_str().and_then(|name| values.get(name)).filter(|v| !v.is_null()) else { continue };
        let group = f["widget"] == "object";
        match f.get_mut("fields").and_then(Value::as_array_mut) {
            Some(inner) if group => set_defaults(inner, v),
            Some(_) => {}
            None => f["default"] = v.clone(),
        }
    }
}

/// Every map field (`fields::KEYS`) as one group of its fields per key, labelled by its name.
fn expand_keys(v: &mut Value, keys: &[(String, String)]) {
    match v {
        Value::Object(map) => {
            if map.remove(fields::KEYS).is_some() {
                let each = map.get("fields").cloned().unwrap_or(Value::Array(Vec::new()));
                let groups: Vec<Value> = keys
                    .iter()
                    .map(|(key, name)| {
                        let mut group = Map::new();
                        group.insert("name".into(), json!(key));
                        group.insert("label".into(), json!(name));
                        group.insert("widget".into(), json!("object"));
                        group.insert("fields".into(), each.clone());
                        Value::Object(group)
                    })
                    .collect();
                map.insert("fields".into(), Value::Array(groups));
            }
            map.values_mut().for_each(|v| expand_keys(v, keys));
        }
        Value::Array(items) => items.iter_mut().for_each(|v| expand_keys(v, keys)),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_published_editor_connects_to_nothing_on_the_agents_machine() {
        let policy = |deploy| jax_model::headers::editor_policy(local_connections(deploy), &[]);
        assert!(policy(false)
            .contains("connect-src 'self' blob: http://127.0.0.1:8081 http://127.0.0.1:4040 https://api.github.com;"));
        assert!(policy(true).contains("connect-src 'self' blob: https://api.github.com;"));
        assert!(!policy(true).contains("127.0.0.1"));
    }

    #[test]
    fn every_kind_of_hers_is_a_collection_and_the_mls_listings_are_not() {
        let all = collections();
        let names: Vec<&str> = all.as_array().unwrap().iter().map(|c| c["name"].as_str().unwrap()).collect();
        assert_eq!(names, ["pages", "listings", "neighborhoods", "market", "reports", "testimonials", "sold", "legal"]);
        let files = all[0]["files"].as_array().unwrap();
        assert_eq!(files.len(), 6, "site, home, sell, quiz, forms, concierge");
        // Every schema the model ships is edited somewhere.
        for (schema, _) in jax_model::schemas() {
            assert!(KINDS.iter().any(|k| k.schema == schema), "{schema} has no collection");
        }
    }

    #[test]
    fn away_from_this_computer_it_saves_to_githubs_repository_through_pull_requests() {
        use jax_load::{load, Cache};
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let mut c = load(&root.join("content"), &Cache::default()).unwrap();
        let editor = c.site.data.editor.clone().expect("content/site.yaml names the editor's repository");
        let config = config(&c);
        assert_eq!(config["publish_mode"], "editorial_workflow");
        let backend = &config["backend"];
        assert_eq!(
            (backend["name"].as_str(), backend["repo"].as_str()),
            (Some("github"), Some(editor.repository.as_str()))
        );
        assert_eq!(backend["auth_endpoint"], "api/auth/github");
        assert_eq!(backend["preview_context"], PREVIEW_CONTEXT);
        // The publishing workflow links each pull request's preview version under that context.
        let workflow = std::fs::read_to_string(root.join(".github/workflows/publish.yml")).unwrap();
        assert!(workflow.contains(&format!("-f context=\"{PREVIEW_CONTEXT}\"")), "publish.yml's status context");
        // Without `editor:` there is no git host: the page says the editor is not set up.
        c.site.data.editor = None;
        let config = super::config(&c);
        assert!(config.get("backend").is_none() && config.get("publish_mode").is_none());
    }

    #[test]
    fn a_snapshot_has_a_group_of_figures_for_each_neighborhood() {
        let mut v =
            json!([{ "name": "neighborhoods", "widget": "object", "x-keys": true, "fields": [{ "name": "zip" }] }]);
        expand_keys(&mut v, &[("ortega".into(), "Ortega".into()), ("riverside".into(), "Riverside".into())]);
        let groups = v[0]["fields"].as_array().unwrap();
        assert_eq!(groups.len(), 2);
        assert_eq!((groups[0]["name"].as_str(), groups[0]["label"].as_str()), (Some("ortega"), Some("Ortega")));
        assert_eq!(groups[1]["fields"][0]["name"], "zip");
        assert!(v[0].get("x-keys").is_none());
    }
}
