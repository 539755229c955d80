//! Turns one content file (YAML, or Markdown with YAML front matter) into a typed value, or into
//! diagnostics that point at the line and column of each problem.

use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::schema_check::{At, Checker};
use crate::spans::{Pos, Spans};
use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::any::TypeId;
use std::collections::HashMap;
use std::sync::{Arc, OnceLock, RwLock};

/// Where a parsed document came from, kept so later checks can point into it.
#[derive(Debug, Clone, Default)]
pub struct Source {
    pub file: String,
    pub spans: Spans,
}

impl Source {
    fn diag(&self, field: &str, pos: Pos, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            file: self.file.clone(),
            line: pos.line,
            column: pos.column,
            field: field.to_string(),
            message: message.into(),
        }
    }
    /// A problem with a field as a whole (missing item, wrong count): points at its key.
    pub fn at_key(&self, field: &str, message: impl Into<String>) -> Diagnostic {
        self.diag(field, self.spans.key(field), message)
    }
    /// A problem with a field's value: points at the value.
    pub fn at_value(&self, field: &str, message: impl Into<String>) -> Diagnostic {
        self.diag(field, self.spans.value(field), message)
    }
}

/// A parsed file: its typed fields, its Markdown body (empty for YAML files) and its source.
#[derive(Debug, Clone)]
pub struct Parsed<T> {
    pub data: T,
    pub body: String,
    pub source: Source,
}

/// The JSON Schema of `T`, computed once per type.
pub fn schema_of<T: JsonSchema + 'static>() -> Arc<Value> {
    static CACHE: OnceLock<RwLock<HashMap<TypeId, Arc<Value>>>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    if let Some(s) = cache.read().unwrap_or_else(|e| e.into_inner()).get(&TypeId::of::<T>()) {
        return s.clone();
    }
    let schema = Arc::new(serde_json::to_value(schemars::schema_for!(T)).unwrap_or(Value::Bool(true)));
    cache.write().unwrap_or_else(|e| e.into_inner()).insert(TypeId::of::<T>(), schema.clone());
    schema
}

fn whole_file(file: &str, line: usize, column: usize, message: impl Into<String>) -> Diagnostics {
    Diagnostics(vec![Diagnostic {
        file: file.to_string(),
        line,
        column,
        field: String::new(),
        message: message.into(),
    }])
}

/// Parse a YAML document that begins at line `first_line` of `file`.
pub fn parse_yaml<T>(file: &str, yaml: &str, first_line: usize) -> Result<(T, Source), Diagnostics>
where
    T: DeserializeOwned + JsonSchema + 'static,
{
    let (mut value, spans) =
        crate::yaml::load(yaml, first_line).map_err(|e| whole_file(file, e.pos.line, e.pos.column, e.message))?;
    let source = Source { file: file.to_string(), spans };
    let schema = schema_of::<T>();
    let mut checker = Checker::new(&schema);
    checker.check(&schema, &mut value, "");
    if !checker.problems.is_empty() {
        let diags = checker
            .problems
            .into_iter()
            .map(|p| match p.at {
                At::Key => source.at_key(&p.path, p.message),
                At::Value => source.at_value(&p.path, p.message),
            })
            .collect();
        return Err(Diagnostics(diags).sorted());
    }
    // The schema passed, so this only fails on a rule the schema cannot express.
    match serde_path_to_error::deserialize::<_, T>(value) {
        Ok(data) => Ok((data, source)),
        Err(e) => {
            let field = e.path().to_string();
            let field = if field == "." { String::new() } else { field };
            Err(Diagnostics(vec![source.at_value(&field, e.inner().to_string())]))
        }
    }
}

/// Split `---\n<yaml>\n---\n<body>`; returns the YAML, the file line it starts on, and the body.
pub fn split_front_matter(text: &str) -> Option<(&str, usize, &str)> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let rest = text.strip_prefix("---\n").or_else(|| text.strip_prefix("---\r\n"))?;
    let mut offset = 0;
    for line in rest.split_inclusive('\n') {
        if line.trim_end() == "---" {
            let yaml = &rest[..offset];
            let body = &rest[offset + line.len()..];
            return Some((yaml, 2, body));
        }
        offset += line.len();
    }
    None
}

/// Parse a whole YAML file.
pub fn parse_yaml_file<T>(file: &str, text: &str) -> Result<Parsed<T>, Diagnostics>
where
    T: DeserializeOwned + JsonSchema + 'static,
{
    let (data, source) = parse_yaml(file, text, 1)?;
    Ok(Parsed { data, body: String::new(), source })
}

/// Parse a Markdown file with YAML front matter.
pub fn parse_markdown_file<T>(file: &str, text: &str) -> Result<Parsed<T>, Diagnostics>
where
    T: DeserializeOwned + JsonSchema + 'static,
{
    let Some((yaml, first_line, body)) = split_front_matter(text) else {
        return Err(whole_file(
            file,
            1,
            1,
            "expected front matter: the file must start with a line `---`, then the fields, then another `---` line, then the text",
        ));
    };
    let (data, source) = parse_yaml(file, yaml, first_line)?;
    Ok(Parsed { data, body: body.trim().to_string(), source })
}

#[cfg(test)]
mod tests {
    #[test]
    fn syntax_messages_keep_context_in_file_lines() {
        let e = crate::yaml::load("title: Quiz\nintro: [Six questions.\nquestions:\n", 2).unwrap_err();
        let m = e.message.strip_prefix("YAML syntax error: ").unwrap();
        assert_eq!(m, "did not find expected ',' or ']', while parsing a flow sequence at line 3 column 8");
    }
}
