//! A scalar's value, resolved as serde_yaml 0.9 resolved it: the YAML 1.2 core schema, so `yes`
//! and `on` stay text, `true`/`True`/`TRUE` are booleans, `0x1F` and `+12` are numbers, `007` is text.

use super::libyaml::Style;
use serde_json::{Map, Number, Value};
use std::num::ParseIntError;

/// A tag that is not a core-schema one (`!thing`) wraps its value as `{"!thing": value}`.
pub(super) fn tagged(tag: Option<String>, value: Value) -> Value {
    match tag {
        Some(t) if t.starts_with('!') => Value::Object(Map::from_iter([(t, value)])),
        _ => value,
    }
}

/// A scalar's value, or why its explicit core-schema tag (`!!int`, `!!bool` …) does not fit it.
pub(super) fn scalar(v: String, style: Style, tag: Option<String>) -> Result<Value, String> {
    let Some(tag) = tag else {
        return if style == Style::Plain { plain(v) } else { Ok(Value::String(v)) };
    };
    if tag.starts_with('!') {
        let inner = if style == Style::Plain { plain(v)? } else { Value::String(v) };
        return Ok(tagged(Some(tag), inner));
    }
    let invalid = |what: &str| format!("invalid value: string {v:?}, expected {what}");
    match tag.strip_prefix("tag:yaml.org,2002:") {
        Some("bool") => bool_of(&v).map(Value::Bool).ok_or_else(|| invalid("a boolean")),
        Some("int") => int_of(&v)?.ok_or_else(|| invalid("an integer")),
        Some("float") => float_of(&v).map(float).ok_or_else(|| invalid("a float")),
        Some("null") => is_null(&v).then_some(Value::Null).ok_or_else(|| invalid("null")),
        _ => Ok(Value::String(v)),
    }
}

/// An untagged plain scalar: null, boolean, integer, float, or else text.
fn plain(v: String) -> Result<Value, String> {
    if v.is_empty() || is_null(&v) {
        return Ok(Value::Null);
    }
    if let Some(b) = bool_of(&v) {
        return Ok(Value::Bool(b));
    }
    if let Some(n) = int_of(&v)? {
        return Ok(n);
    }
    if !leading_zero_digits(&v) {
        if let Some(f) = float_of(&v) {
            return Ok(float(f));
        }
    }
    Ok(Value::String(v))
}

fn is_null(v: &str) -> bool {
    matches!(v, "null" | "Null" | "NULL" | "~")
}

fn bool_of(v: &str) -> Option<bool> {
    match v {
        "true" | "True" | "TRUE" => Some(true),
        "false" | "False" | "FALSE" => Some(false),
        _ => None,
    }
}

/// Digits after a leading zero (`007`, `-032205`) are text in YAML 1.2.
fn leading_zero_digits(v: &str) -> bool {
    let v = v.strip_prefix(['-', '+']).unwrap_or(v);
    v.len() > 1 && v.starts_with('0') && v[1..].bytes().all(|b| b.is_ascii_digit())
}

/// An integer written in decimal, or in hex, octal or binary (`0x`, `0o`, `0b`), with an optional sign.
fn int_as<T>(v: &str, from_str_radix: fn(&str, u32) -> Result<T, ParseIntError>) -> Option<T> {
    let (negative, body) = match v.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, v.strip_prefix('+').unwrap_or(v)),
    };
    if body.starts_with(['+', '-']) {
        return None;
    }
    for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] {
        if let Some(digits) = body.strip_prefix(prefix) {
            if digits.starts_with(['+', '-']) {
                return None;
            }
            let digits = if negative { format!("-{digits}") } else { digits.to_string() };
            if let Ok(n) = from_str_radix(&digits, radix) {
                return Some(n);
            }
        }
    }
    if leading_zero_digits(v) {
        return None;
    }
    from_str_radix(if negative { v } else { body }, 10).ok()
}

/// A JSON number for an integer; too large for 64 bits is an error, as it was with serde_yaml.
fn int_of(v: &str) -> Result<Option<Value>, String> {
    if let Some(n) = int_as(v, u64::from_str_radix) {
        return Ok(Some(Value::Number(n.into())));
    }
    if let Some(n) = int_as(v, i64::from_str_radix) {
        return Ok(Some(Value::Number(n.into())));
    }
    if int_as(v, u128::from_str_radix).is_some() {
        return Err(format!("invalid type: integer `{v}` as u128, expected any YAML value"));
    }
    if int_as(v, i128::from_str_radix).is_some() {
        return Err(format!("invalid type: integer `{v}` as i128, expected any YAML value"));
    }
    Ok(None)
}

fn float_of(v: &str) -> Option<f64> {
    let unsigned = match v.strip_prefix('+') {
        Some(rest) if rest.starts_with(['+', '-']) => return None,
        Some(rest) => rest,
        None => v,
    };
    if let ".inf" | ".Inf" | ".INF" = unsigned {
        return Some(f64::INFINITY);
    }
    if let "-.inf" | "-.Inf" | "-.INF" | ".nan" | ".NaN" | ".NAN" = v {
        return Some(if v.starts_with('-') { f64::NEG_INFINITY } else { f64::NAN });
    }
    unsigned.parse::<f64>().ok().filter(|f| f.is_finite())
}

/// JSON has no infinity or NaN: those become nothing, as they did through serde_json.
fn float(f: f64) -> Value {
    Number::from_f64(f).map_or(Value::Null, Value::Number)
}
