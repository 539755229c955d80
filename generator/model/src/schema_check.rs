//! Checks a parsed document against the JSON Schema derived from its Rust type — the same schema
//! that ships to editors — and reports every structural problem at once (serde stops at the first).
//! Covers the subset schemars emits for our types: $ref, type, properties, required,
//! additionalProperties, items, min/maxItems, enum/const, anyOf/oneOf, minimum.

use serde_json::{Map, Value};

/// Where a problem should point: at the field's key or at its value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum At {
    Key,
    Value,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub path: String,
    pub at: At,
    pub message: String,
}

pub struct Checker<'s> {
    root: &'s Value,
    pub problems: Vec<Problem>,
}

fn child(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

fn describe(v: &Value) -> String {
    match v {
        Value::Null => "nothing".into(),
        Value::Bool(b) => format!("`{b}`"),
        Value::Number(n) => format!("the number {n}"),
        Value::String(s) if s.chars().count() > 40 => "text".into(),
        Value::String(s) => format!("text \"{s}\""),
        Value::Array(a) => format!("a list of {}", a.len()),
        Value::Object(_) => "a group of fields".into(),
    }
}

fn type_name(t: &str) -> &'static str {
    match t {
        "string" => "text",
        "integer" => "a whole number",
        "number" => "a number",
        "boolean" => "true or false",
        "array" => "a list",
        "object" => "a group of fields",
        "null" => "nothing",
        _ => "a value",
    }
}

fn matches_type(t: &str, v: &Value) -> bool {
    match t {
        "string" => v.is_string(),
        "integer" => v.is_i64() || v.is_u64(),
        "number" => v.is_number(),
        "boolean" => v.is_boolean(),
        "array" => v.is_array(),
        "object" => v.is_object(),
        "null" => v.is_null(),
        _ => true,
    }
}

/// Did-you-mean for an unknown key.
fn closest<'a>(key: &str, known: impl Iterator<Item = &'a String>) -> Option<&'a String> {
    known
        .map(|k| (strsim::jaro_winkler(&key.to_lowercase(), &k.to_lowercase()), k))
        .filter(|(score, _)| *score > 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, k)| k)
}

impl<'s> Checker<'s> {
    pub fn new(root: &'s Value) -> Self {
        Checker { root, problems: Vec::new() }
    }

    fn resolve(&self, schema: &'s Value) -> &'s Value {
        let mut s = schema;
        // Follow local references (`#/$defs/Name`); schemars emits nothing else.
        for _ in 0..16 {
            match s.get("$ref").and_then(Value::as_str) {
                Some(r) => {
                    let ptr = r.trim_start_matches('#');
                    match self.root.pointer(ptr) {
                        Some(t) => s = t,
                        None => return s,
                    }
                }
                None => return s,
            }
        }
        s
    }

    fn report(&mut self, path: &str, at: At, message: String) {
        self.problems.push(Problem { path: path.to_string(), at, message });
    }

    /// Check `v` against `schema`, coercing numbers and booleans to text where text is expected
    /// (the agent writes `zip: 32205`, not `zip: "32205"`).
    pub fn check(&mut self, schema: &'s Value, v: &mut Value, path: &str) {
        let schema = self.resolve(schema);
        if schema.as_bool() == Some(true) || schema.as_object().is_some_and(Map::is_empty) {
            return;
        }
        for combo in ["anyOf", "oneOf"] {
            if let Some(alts) = schema.get(combo).and_then(Value::as_array) {
                self.check_alternatives(alts, v, path);
                return;
            }
        }
        if let Some(types) = schema.get("type") {
            let types: Vec<&str> = match types {
                Value::String(s) => vec![s.as_str()],
                Value::Array(a) => a.iter().filter_map(Value::as_str).collect(),
                _ => vec![],
            };
            if types.contains(&"string") && (v.is_number() || v.is_boolean()) {
                let text = match &*v {
                    Value::Number(n) => n.to_string(),
                    other => other.to_string(),
                };
                *v = Value::String(text);
            }
            if !types.is_empty() && !types.iter().any(|t| matches_type(t, v)) {
                let expected: Vec<&str> = types.iter().filter(|t| **t != "null").map(|t| type_name(t)).collect();
                let msg = format!("expected {}, found {}", expected.join(" or "), describe(v));
                self.report(path, At::Value, msg);
                return;
            }
        }
        if let Some(allowed) = schema.get("enum").and_then(Value::as_array) {
            if !allowed.contains(v) {
                let names: Vec<String> =
                    allowed.iter().map(|a| a.as_str().map_or(a.to_string(), String::from)).collect();
                self.report(path, At::Value, format!("expected one of: {}; found {}", names.join(", "), describe(v)));
                return;
            }
        }
        if let Some(c) = schema.get("const") {
            if c != v {
                self.report(path, At::Value, format!("expected {c}, found {}", describe(v)));
                return;
            }
        }
        if let Some(min) = schema.get("minimum").and_then(Value::as_f64) {
            if v.as_f64().is_some_and(|n| n < min) {
                self.report(path, At::Value, format!("expected a number of at least {min}, found {}", describe(v)));
            }
        }
        match v {
            Value::Object(map) => self.check_object(schema, map, path),
            Value::Array(items) => self.check_array(schema, items, path),
            _ => {}
        }
    }

    fn check_alternatives(&mut self, alts: &'s [Value], v: &mut Value, path: &str) {
        // Option<T>: a null branch plus the real one.
        let non_null: Vec<&'s Value> =
            alts.iter().filter(|a| self.resolve(a).get("type").and_then(Value::as_str) != Some("null")).collect();
        if v.is_null() && non_null.len() < alts.len() {
            return;
        }
        if non_null.len() == 1 {
            self.check(non_null[0], v, path);
            return;
        }
        // Several alternatives (e.g. documented enum variants): accept the first that fits.
        let saved = self.problems.len();
        for alt in &non_null {
            let mut trial = v.clone();
            let mut sub = Checker::new(self.root);
            sub.check(alt, &mut trial, path);
            if sub.problems.is_empty() {
                *v = trial;
                return;
            }
        }
        self.problems.truncate(saved);
        let consts: Vec<String> = non_null
            .iter()
            .filter_map(|a| {
                let a = self.resolve(a);
                a.get("const")
                    .or_else(|| a.get("enum").and_then(|e| e.get(0)))
                    .and_then(Value::as_str)
                    .map(String::from)
            })
            .collect();
        let msg = if consts.len() == non_null.len() {
            format!("expected one of: {}; found {}", consts.join(", "), describe(v))
        } else {
            format!("{} does not fit any of the accepted forms", describe(v))
        };
        self.report(path, At::Value, msg);
    }

    fn check_object(&mut self, schema: &'s Value, map: &mut Map<String, Value>, path: &str) {
        let props = schema.get("properties").and_then(Value::as_object);
        if let Some(required) = schema.get("required").and_then(Value::as_array) {
            for name in required.iter().filter_map(Value::as_str) {
                if !map.contains_key(name) {
                    let msg = format!(
                        "missing (required: add `{name}:` under {})",
                        if path.is_empty() { "the top level".to_string() } else { format!("`{path}`") }
                    );
                    self.problems.push(Problem { path: child(path, name), at: At::Key, message: msg });
                }
            }
        }
        let additional = schema.get("additionalProperties");
        for (key, value) in map.iter_mut() {
            let p = child(path, key);
            if let Some(prop) = props.and_then(|ps| ps.get(key)) {
                self.check(prop, value, &p);
            } else if let Some(extra) = additional.filter(|a| a.is_object()) {
                self.check(extra, value, &p);
            } else if additional == Some(&Value::Bool(false)) {
                let mut known: Vec<&String> = props.map(|ps| ps.keys().collect()).unwrap_or_default();
                known.sort();
                let mut msg = format!(
                    "unknown field; expected one of: {}",
                    known.iter().map(|k| k.as_str()).collect::<Vec<_>>().join(", ")
                );
                if let Some(best) = closest(key, known.iter().copied()) {
                    msg.push_str(&format!(" (did you mean `{best}`?)"));
                }
                self.problems.push(Problem { path: p, at: At::Key, message: msg });
            }
        }
    }

    fn check_array(&mut self, schema: &'s Value, items: &mut [Value], path: &str) {
        let n = items.len();
        let min = schema.get("minItems").and_then(Value::as_u64);
        let max = schema.get("maxItems").and_then(Value::as_u64);
        let count_msg = match (min, max) {
            (Some(a), Some(b)) if a == b && n as u64 != a => Some(format!("expected exactly {a} items, found {n}")),
            (Some(a), _) if (n as u64) < a => Some(format!("expected at least {a} items, found {n}")),
            (_, Some(b)) if n as u64 > b => Some(format!("expected at most {b} items, found {n}")),
            _ => None,
        };
        if let Some(msg) = count_msg {
            self.report(path, At::Key, msg);
        }
        if let Some(item_schema) = schema.get("items") {
            for (i, item) in items.iter_mut().enumerate() {
                self.check(item_schema, item, &format!("{path}[{i}]"));
            }
        }
    }
}
