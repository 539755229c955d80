//! The TypeScript the islands share with the generator, generated, never copied:
//! `site/src/lib/props.ts` (every island's props, and the JSON an island fetches) and `site/src/lib/signatures.ts` (the file
//! signatures the concierge's sniffer checks), `site/src/lib/editor.ts` (what the editor's script
//! and its configuration share), `site/src/lib/protocol.ts` (the islands' mount protocol: a mount
//! point's attributes and the hydration strategies' names). `generator schemas` writes them next
//! to the content schemas; a test fails when the committed files differ.
//!
//! The props types come from the JSON Schema schemars derives from the Rust types the pages
//! serialize (the derive that already writes `content/schemas`), in its serialize contract, doc
//! comments included. Only the schema forms those types produce are translated; anything else is
//! refused, so a type is never generated wrong.

use anyhow::{anyhow, bail, Result};
use jax_mls::search::{CardOrder, Column, Meta, Sort};
use jax_model::forms::{SIGNATURES, SNIFF_LEN};
use jax_model::saved_search::ManageAnswer;
use jax_render::islands::Props;
use jax_render::market::MarketData;
use jax_render::props::*;
use schemars::generate::{SchemaGenerator, SchemaSettings};
use schemars::JsonSchema;
use serde_json::{Map, Value};
use std::collections::BTreeMap;

/// Names TypeScript gives types whose Rust names would clash there (`Document` is the DOM's,
/// `LeadType` the lead types' keys) or that the islands know by another name.
const RENAMES: &[(&str, &str)] =
    &[("Document", "ConciergeDocument"), ("LeadType", "LeadTypeText"), ("Toast", "ToastText")];

/// Aliases written after the types: (name, type, doc).
const ALIASES: &[(&str, &str, &str)] =
    &[("LeadType", "keyof LeadTypes", "A lead type, as a trigger's `data-type` names it.")];

const REGENERATE: &str = "// Regenerate with `cargo run -p generator -- schemas` (from the repository's root).";

/// The generated files, by their name in `site/src/lib`.
pub fn files() -> Result<Vec<(&'static str, String)>> {
    Ok(vec![
        ("props.ts", props()?),
        ("signatures.ts", signatures()?),
        ("editor.ts", editor()),
        ("protocol.ts", protocol()),
    ])
}

/// The islands' mount protocol (`jax_render::protocol`): the attributes the generator writes and the
/// early script and the runtime read, and the hydration strategies' names.
fn protocol() -> String {
    use jax_render::protocol::{Hydrate, ATTRIBUTES};
    let mut out = format!(
        "// Generated from generator/render/src/protocol.rs — do not edit.\n{REGENERATE}\n\n\
         // Each attribute, then its key in an element's `dataset` (`data-trigger-popup`: `triggerPopup`).\n"
    );
    for (name, attribute, lines) in ATTRIBUTES {
        // `///` lines are doc attributes that start with the space after the slashes.
        let text: Vec<&str> = lines.iter().map(|l| l.strip_prefix(' ').unwrap_or(l)).collect();
        out.push('\n');
        out.push_str(&doc_comment(&text.join("\n"), ""));
        out.push_str(&format!("export const {name} = {};\n", quote(attribute)));
        out.push_str(&format!("export const {name}_KEY = {};\n", quote(&dataset_key(attribute))));
    }
    let names: Vec<String> = Hydrate::ALL.iter().map(|h| quote(h.as_str())).collect();
    out.push_str(&format!(
        "\n/** When the early script wakes an island: `HYDRATE`'s values, each the strategy of `src/runtime/<name>.ts`. */\n\
         export type Hydrate = {};\n",
        names.join(" | ")
    ));
    out
}

/// A `data-` attribute's key in an element's `dataset`: the rest of its name in camel case.
fn dataset_key(attribute: &str) -> String {
    let rest = attribute.strip_prefix("data-").expect("the protocol's attributes are data- attributes");
    let mut words = rest.split('-');
    let first = words.next().unwrap_or_default().to_string();
    words.fold(first, |key, word| {
        let mut chars = word.chars();
        key + &chars.next().map(|c| c.to_ascii_uppercase().to_string()).unwrap_or_default() + chars.as_str()
    })
}

/// What the browser editor's script shares with the configuration the generator makes.
fn editor() -> String {
    use crate::editor::{FRONTMATTER_FORMAT, LOCAL_PREVIEW, LOCAL_PROXY, SOURCE_FIELD, YAML_FORMAT};
    use jax_model::editor::{AUTH_REFRESH, AUTH_STATUS};
    format!(
        "// Generated from generator/codegen/src/editor — do not edit.\n{REGENERATE}\n\n\
         /** The file formats the editor's configuration names (registered by src/admin/main.ts). */\n\
         export const YAML_FORMAT = '{YAML_FORMAT}';\n\
         export const FRONTMATTER_FORMAT = '{FRONTMATTER_FORMAT}';\n\n\
         /** The data key under which the formats keep a file's text (a new entry's from its hidden field). */\n\
         export const SOURCE = '{SOURCE_FIELD}';\n\n\
         /** decap-server, which make dev runs on loopback: the editor's files on this machine. */\n\
         export const LOCAL_PROXY = '{LOCAL_PROXY}';\n\n\
         /** generator serve, which make dev runs on loopback: the page an unsaved entry makes. */\n\
         export const LOCAL_PREVIEW = '{LOCAL_PREVIEW}';\n\n\
         /** The worker's answer to whether the GitHub sign-in is on: {{\"sign_in\": boolean}}. */\n\
         export const AUTH_STATUS = '{AUTH_STATUS}';\n\n\
         /** Where the editor renews its GitHub token (POST; {{\"token\", \"expires_in\"}}, or 401 once the sign-in has ended). */\n\
         export const AUTH_REFRESH = '{AUTH_REFRESH}';\n\n\
         /** The reports' components (jax_model::report::COMPONENTS); their choices come with the build. */\n\
         export const COMPONENTS = {};\n",
        serde_json::to_string_pretty(&crate::editor::components::shapes()).expect("JSON values serialize")
    )
}

/// Every island's props, then every type they use.
fn props() -> Result<String> {
    let mut g = SchemaSettings::draft2020_12().for_serialize().into_generator();
    let islands = vec![
        island::<NavProps>(&mut g),
        island::<CarouselProps>(&mut g),
        island::<NeighborhoodTabsProps>(&mut g),
        island::<ContactWidgetProps>(&mut g),
        island::<ConciergeProps>(&mut g),
        island::<ExploreMoreProps>(&mut g),
        island::<NotFoundProps>(&mut g),
        island::<CheckedFormProps>(&mut g),
        island::<DialogsProps>(&mut g),
        island::<MarketTableProps>(&mut g),
        island::<HomesSearchProps>(&mut g),
        island::<HeartsProps>(&mut g),
        island::<GalleryProps>(&mut g),
        island::<PaymentProps>(&mut g),
        island::<SavedHomesProps>(&mut g),
        island::<SearchAlertsProps>(&mut g),
    ];
    // The JSON an island fetches, as a root type of its own.
    g.subschema_for::<MarketData>();
    g.subschema_for::<Meta>();
    g.subschema_for::<Column>();
    g.subschema_for::<Sort>();
    g.subschema_for::<CardOrder>();
    g.subschema_for::<ManageAnswer>();
    let data_roots = [
        MarketData::schema_name(),
        Meta::schema_name(),
        Column::schema_name(),
        Sort::schema_name(),
        CardOrder::schema_name(),
        ManageAnswer::schema_name(),
    ]
    .map(|n| n.into_owned());
    let defs = g.definitions();
    let names = ts_names(defs)?;
    let t = Translator { names: &names };
    let mut out = format!(
        "// Generated from the Rust types of the islands' props (generator/render/src/props.rs and the\n\
         // jax-model types they hold) — do not edit.\n{REGENERATE}\n"
    );
    let roots: Vec<&str> =
        islands.iter().map(|(_, rust)| rust.as_str()).chain(data_roots.iter().map(String::as_str)).collect();
    let mut rest: Vec<&String> = defs.keys().filter(|k| !roots.contains(&k.as_str())).collect();
    rest.sort_by_key(|k| &names[k.as_str()]);
    for rust in roots.iter().copied().chain(rest.iter().map(|k| k.as_str())) {
        let schema = &defs[rust];
        out.push('\n');
        out.push_str(&doc(schema, ""));
        out.push_str(&format!("export type {} = {};\n", names[rust], t.ts(schema, "")?));
    }
    for (name, ty, about) in ALIASES {
        out.push_str(&format!("\n/** {about} */\nexport type {name} = {ty};\n"));
    }
    out.push_str("\n/** Each island's props, by the island's name (`site/src/islands/<name>.tsx`). */\n");
    out.push_str("export type IslandProps = {\n");
    for (island, rust) in &islands {
        out.push_str(&format!("  {}: {};\n", key(island), names[rust.as_str()]));
    }
    out.push_str("};\n");
    Ok(out)
}

/// The island's name and the name its props' schema is defined under.
fn island<P: Props>(g: &mut SchemaGenerator) -> (&'static str, String) {
    g.subschema_for::<P>();
    (P::ISLAND.name, P::schema_name().into_owned())
}

fn ts_names(defs: &Map<String, Value>) -> Result<BTreeMap<&str, &str>> {
    let mut names = BTreeMap::new();
    for rust in defs.keys() {
        let ts = RENAMES.iter().find(|(r, _)| r == rust).map_or(rust.as_str(), |(_, t)| t);
        if names.values().any(|n| *n == ts) || ALIASES.iter().any(|(a, ..)| *a == ts) {
            bail!("two types would be called {ts} in TypeScript");
        }
        names.insert(rust.as_str(), ts);
    }
    Ok(names)
}

/// The file signatures of `jax_model::forms::SIGNATURES`.
fn signatures() -> Result<String> {
    let mut out = format!(
        "// Generated from jax_model::forms::SIGNATURES — do not edit.\n{REGENERATE}\n\
         import type {{ FileType }} from './props';\n\n\
         /**\n \
         * The bytes each accepted document type's files start with: the server decides a file's type\n \
         * by them (jax_model::forms::FileType::sniff), whatever its name or reported type says.\n \
         */\n\
         export const SIGNATURES: readonly (readonly [FileType, readonly number[]])[] = [\n"
    );
    for (file_type, bytes) in SIGNATURES {
        let bytes: Vec<String> = bytes.iter().map(|b| format!("0x{b:02x}")).collect();
        out.push_str(&format!("  [{}, [{}]],\n", literal(&serde_json::to_value(file_type)?)?, bytes.join(", ")));
    }
    out.push_str("];\n\n/** How many leading bytes decide: the longest signature. */\n");
    out.push_str(&format!("export const SNIFF_BYTES = {SNIFF_LEN};\n"));
    Ok(out)
}

struct Translator<'a> {
    names: &'a BTreeMap<&'a str, &'a str>,
}

/// The schema keywords translated.
const TRANSLATED: &[&str] =
    &["$ref", "const", "enum", "anyOf", "oneOf", "type", "items", "properties", "required", "additionalProperties"];

/// Keywords that document or validate but do not change the type.
const IGNORED: &[&str] = &[
    "description",
    "title",
    "format",
    "minimum",
    "maximum",
    "minLength",
    "maxLength",
    "minItems",
    "maxItems",
    "uniqueItems",
    "pattern",
    "default",
    "examples",
    "deprecated",
    "readOnly",
    "writeOnly",
];

impl Translator<'_> {
    /// The TypeScript type of `schema`, written at `indent`.
    fn ts(&self, schema: &Value, indent: &str) -> Result<String> {
        let map = match schema {
            Value::Bool(true) => return Ok("unknown".into()),
            Value::Bool(false) => return Ok("never".into()),
            Value::Object(map) => map,
            _ => bail!("not a schema: {schema}"),
        };
        if let Some(k) = map.keys().find(|k| !TRANSLATED.contains(&k.as_str()) && !IGNORED.contains(&k.as_str())) {
            bail!("no TypeScript for the schema keyword {k:?} in {schema}");
        }
        if let Some(r) = map.get("$ref") {
            let r = r.as_str().unwrap_or_default();
            let name = r.strip_prefix("#/$defs/").ok_or_else(|| anyhow!("unexpected $ref {r}"))?;
            return self.names.get(name).map(|n| n.to_string()).ok_or_else(|| anyhow!("no definition {name}"));
        }
        if let Some(c) = map.get("const") {
            return literal(c);
        }
        if let Some(Value::Array(values)) = map.get("enum") {
            return union(values.iter().map(literal).collect::<Result<_>>()?);
        }
        if let Some(Value::Array(options)) = map.get("anyOf").or_else(|| map.get("oneOf")) {
            return union(options.iter().map(|o| self.ts(o, indent)).collect::<Result<_>>()?);
        }
        match map.get("type") {
            Some(Value::String(t)) => self.of_type(t, map, indent),
            Some(Value::Array(types)) => union(
                types
                    .iter()
                    .map(|t| self.of_type(t.as_str().unwrap_or_default(), map, indent))
                    .collect::<Result<_>>()?,
            ),
            _ => bail!("no type in {schema}"),
        }
    }

    fn of_type(&self, t: &str, map: &Map<String, Value>, indent: &str) -> Result<String> {
        Ok(match t {
            "null" => "null".into(),
            "string" => "string".into(),
            "integer" | "number" => "number".into(),
            "boolean" => "boolean".into(),
            "array" => {
                let item = self.ts(map.get("items").ok_or_else(|| anyhow!("an array without items"))?, indent)?;
                if item.contains(' ') && !item.starts_with('{') {
                    format!("({item})[]")
                } else {
                    format!("{item}[]")
                }
            }
            "object" => self.object(map, indent)?,
            _ => bail!("no TypeScript for the type {t:?}"),
        })
    }

    fn object(&self, map: &Map<String, Value>, indent: &str) -> Result<String> {
        let empty = Map::new();
        let properties = match map.get("properties") {
            Some(Value::Object(p)) => p,
            None => &empty,
            Some(p) => bail!("properties that are not an object: {p}"),
        };
        let extra = match map.get("additionalProperties") {
            None | Some(Value::Bool(false)) => None,
            Some(s) => Some(s),
        };
        if properties.is_empty() {
            return match extra {
                Some(s) => Ok(format!("Record<string, {}>", self.ts(s, indent)?)),
                None => Ok("Record<string, never>".into()),
            };
        }
        if extra.is_some() {
            bail!("an object with both properties and additional ones");
        }
        // The declared order (schemars keeps it in `required`), then any optional ones.
        let required: Vec<&str> =
            map.get("required").and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str).collect();
        let mut order: Vec<&str> = required.iter().copied().filter(|k| properties.contains_key(*k)).collect();
        let mut optional: Vec<&str> = properties.keys().map(String::as_str).filter(|k| !required.contains(k)).collect();
        optional.sort_unstable();
        order.extend(optional);
        let inner = format!("{indent}  ");
        let mut out = String::from("{\n");
        for name in order {
            let schema = &properties[name];
            out.push_str(&doc(schema, &inner));
            let mark = if required.contains(&name) { "" } else { "?" };
            out.push_str(&format!("{inner}{}{mark}: {};\n", key(name), self.ts(schema, &inner)?));
        }
        out.push_str(indent);
        out.push('}');
        Ok(out)
    }
}

fn union(mut parts: Vec<String>) -> Result<String> {
    let mut seen = Vec::new();
    parts.retain(|p| {
        let new = !seen.contains(p);
        seen.push(p.clone());
        new
    });
    match parts.len() {
        0 => bail!("an empty union"),
        _ => Ok(parts.join(" | ")),
    }
}

/// A JSON value as a TypeScript literal type (strings in the site's single quotes).
fn literal(v: &Value) -> Result<String> {
    Ok(match v {
        Value::String(s) => quote(s),
        Value::Number(_) | Value::Bool(_) | Value::Null => v.to_string(),
        _ => bail!("no literal type for {v}"),
    })
}

fn quote(s: &str) -> String {
    format!("'{}'", s.replace('\\', "\\\\").replace('\'', "\\'").replace('\n', "\\n"))
}

/// A property name, quoted when it is not an identifier.
fn key(name: &str) -> String {
    let ident = name.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || c == '$')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$');
    if ident {
        name.to_string()
    } else {
        quote(name)
    }
}

/// The schema's description as a doc comment at `indent`, or nothing.
fn doc(schema: &Value, indent: &str) -> String {
    match schema.get("description").and_then(Value::as_str) {
        Some(text) => doc_comment(text, indent),
        None => String::new(),
    }
}

/// `text` as a doc comment at `indent`.
fn doc_comment(text: &str, indent: &str) -> String {
    let text = text.replace("*/", "*\\/");
    let lines: Vec<&str> = text.lines().collect();
    if lines.len() == 1 {
        return format!("{indent}/** {} */\n", lines[0]);
    }
    let mut out = format!("{indent}/**\n");
    for line in lines {
        out.push_str(&format!("{indent} *{}{line}\n", if line.is_empty() { "" } else { " " }));
    }
    out.push_str(&format!("{indent} */\n"));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn ts(schema: Value) -> Result<String> {
        let names = BTreeMap::from([("Toast", "ToastText")]);
        Translator { names: &names }.ts(&schema, "")
    }

    #[test]
    fn translates_what_the_props_use() {
        assert_eq!(ts(json!({"type": ["string", "null"]})).unwrap(), "string | null");
        assert_eq!(ts(json!({"type": "integer", "format": "uint32", "minimum": 0})).unwrap(), "number");
        assert_eq!(ts(json!({"type": "string", "enum": ["a", "b-c"]})).unwrap(), "'a' | 'b-c'");
        assert_eq!(ts(json!({"type": "array", "items": {"$ref": "#/$defs/Toast"}})).unwrap(), "ToastText[]");
        assert_eq!(ts(json!({"anyOf": [{"$ref": "#/$defs/Toast"}, {"type": "null"}]})).unwrap(), "ToastText | null");
        assert_eq!(ts(json!({"type": "array", "items": {"type": ["string", "null"]}})).unwrap(), "(string | null)[]");
        let object = json!({
            "type": "object",
            "properties": {"b-c": {"type": "boolean", "description": "Yes."}, "a": {"type": "string"}, "z": {"type": "string"}},
            "required": ["b-c", "a"],
        });
        assert_eq!(ts(object).unwrap(), "{\n  /** Yes. */\n  'b-c': boolean;\n  a: string;\n  z?: string;\n}");
        assert_eq!(ts(json!({"type": "object", "properties": {}})).unwrap(), "Record<string, never>");
    }

    #[test]
    fn refuses_what_it_does_not_know() {
        assert!(ts(json!({"type": "object", "patternProperties": {}})).is_err());
        assert!(ts(json!({"$ref": "#/$defs/Nowhere"})).is_err());
        assert!(ts(json!({"type": "tuple"})).is_err());
    }

    #[test]
    fn the_signatures_file_lists_every_signature() {
        let text = signatures().unwrap();
        assert!(text.contains("  ['png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],\n"), "{text}");
        assert!(text.contains("export const SNIFF_BYTES = 8;"));
    }

    #[test]
    fn the_protocol_file_names_every_attribute_and_strategy() {
        let text = protocol();
        assert!(
            text.contains("wakes. */\nexport const RUNTIME = 'data-runtime';\nexport const RUNTIME_KEY = 'runtime';\n"),
            "{text}"
        );
        assert!(text.contains("export const TRIGGER_POPUP_KEY = 'triggerPopup';\n"), "{text}");
        assert!(
            text.contains("\n * island (the dialogs' openers).\n */\nexport const TRIGGER = 'data-trigger';\n"),
            "{text}"
        );
        assert!(text.contains("export type Hydrate = 'load' | 'idle' | 'visible' | 'interaction';\n"), "{text}");
    }
}
