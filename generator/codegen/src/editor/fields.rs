//! A content kind's JSON Schema as the browser editor's form fields (Decap CMS's `fields`): the
//! same labels' source, hints, required fields, choices, ranges and formats `generator check`
//! applies, so the editor refuses before saving what the check would refuse after.

use serde_json::{json, Map, Value};

/// The fields of the object `schema` (a kind's whole schema, whose `$defs` its references name).
pub fn of_object(schema: &Value) -> Vec<Value> {
    Fields { defs: schema.get("$defs") }.object(schema)
}

/// Where the editor keeps uploaded images: the content's own images folder, which the image
/// pipeline reads, and how content files name them (`images/listings/x.jpg`).
pub(super) const MEDIA_FOLDER: &str = "content/images"; // CONTENT_DIR/images
pub(super) const PUBLIC_FOLDER: &str = "images";

/// Where a map's keys come from: the editor shows one group of fields per key (the market
/// snapshots' figures, one per neighborhood), filled in from the content when the editor's
/// configuration is made (`super::config`).
pub const KEYS: &str = "x-keys";

struct Fields<'a> {
    defs: Option<&'a Value>,
}

impl Fields<'_> {
    /// An object's properties: the required ones in the model's order (the schema keeps it in
    /// `required`), then the optional ones by name.
    fn object(&self, schema: &Value) -> Vec<Value> {
        let Some(props) = schema.get("properties").and_then(Value::as_object) else { return Vec::new() };
        let required: Vec<&str> =
            schema.get("required").and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str).collect();
        let optional = props.keys().map(String::as_str).filter(|k| !required.contains(k));
        required
            .iter()
            .copied()
            .chain(optional)
            .filter_map(|name| Some(self.field(name, props.get(name)?, required.contains(&name))))
            .collect()
    }

    /// `#/$defs/<name>`, resolved.
    fn resolve<'s>(&'s self, schema: &'s Value) -> &'s Value {
        match schema.get("$ref").and_then(Value::as_str).and_then(|r| r.strip_prefix("#/$defs/")) {
            Some(name) => self.defs.and_then(|d| d.get(name)).unwrap_or(schema),
            None => schema,
        }
    }

    /// The schema a value of `schema` has when present (`Option<T>`: `T`), and whether it may be
    /// absent.
    fn unwrap_null<'s>(&'s self, schema: &'s Value) -> (&'s Value, bool) {
        if let Some(any) = schema.get("anyOf").and_then(Value::as_array) {
            let some: Vec<&Value> = any.iter().filter(|s| s.get("type") != Some(&json!("null"))).collect();
            if some.len() == 1 && any.len() == 2 {
                return (self.resolve(some[0]), true);
            }
        }
        (self.resolve(schema), false)
    }

    fn field(&self, name: &str, schema: &Value, required: bool) -> Value {
        let (inner, nullable) = self.unwrap_null(schema);
        let mut f = Map::new();
        f.insert("name".into(), json!(name));
        // The model's title for the field when it has one (`yoy_growth`), else its name.
        let title = schema.get("title").and_then(Value::as_str);
        f.insert("label".into(), json!(title.map_or_else(|| label(name), str::to_string)));
        // The field's own words first, else its type's.
        if let Some(hint) = schema.get("description").or_else(|| inner.get("description")) {
            f.insert("hint".into(), hint.clone());
        }
        f.insert("required".into(), json!(required && !nullable));
        if let Some(default) = schema.get("default").filter(|d| !d.is_null()) {
            f.insert("default".into(), default.clone());
        }
        self.widget(inner, &mut f);
        // A path to an image under content/images (`x-image`: its folder there), uploaded there
        // from the editor; the editor finds an image by its folder, not by the path it is named by.
        if let Some(folder) = schema.get("x-image").and_then(Value::as_str) {
            f.insert("widget".into(), json!("image"));
            f.insert("choose_url".into(), json!(false));
            f.remove("pattern");
            if !folder.is_empty() {
                f.insert("media_folder".into(), json!(format!("/{}/{folder}", MEDIA_FOLDER)));
                f.insert("public_folder".into(), json!(format!("{}/{folder}", PUBLIC_FOLDER)));
            }
        }
        Value::Object(f)
    }

    /// The widget for a value of `schema`, and its settings, into `f`.
    fn widget(&self, schema: &Value, f: &mut Map<String, Value>) {
        let put = |f: &mut Map<String, Value>, k: &str, v: Value| {
            f.insert(k.to_string(), v);
        };
        if let Some(choices) = schema.get("enum").and_then(Value::as_array) {
            put(f, "widget", json!("select"));
            put(f, "options", Value::Array(choices.clone()));
            return;
        }
        match scalar_type(schema) {
            Some("string") => {
                put(f, "widget", json!("string"));
                if let Some(p) = schema.get("pattern") {
                    put(
                        f,
                        "pattern",
                        json!([p, message(schema).unwrap_or(format!("must match {}", p.as_str().unwrap_or_default()))]),
                    );
                }
            }
            Some("boolean") => put(f, "widget", json!("boolean")),
            Some(t @ ("integer" | "number")) => {
                put(f, "widget", json!("number"));
                put(f, "value_type", json!(if t == "integer" { "int" } else { "float" }));
                if let Some(min) = schema.get("minimum") {
                    put(f, "min", min.clone());
                }
                if let Some(max) = schema.get("maximum") {
                    put(f, "max", max.clone());
                }
                // `x-step` for a decimal's step: `multipleOf` would have editors flag 6.5 as no
                // multiple of 0.001 (floating point).
                let step = schema.get("multipleOf").or_else(|| schema.get("x-step")).cloned();
                put(f, "step", step.unwrap_or(if t == "integer" { json!(1) } else { json!(0.1) }));
                // A rule the check holds in code, in its words (`jax_model::rules::Rule`).
                if let Some(p) = schema.get("x-pattern") {
                    put(f, "pattern", json!([p, message(schema).unwrap_or_default()]));
                }
                // The check's decimals rule, in its words (`jax_model::market::GROWTH_EXPECTED`).
                if let Some(d) = schema.get("x-decimals").and_then(Value::as_u64) {
                    let message = schema.get("x-message").and_then(Value::as_str).unwrap_or("too many decimals");
                    put(f, "pattern", json!([format!("^-?\\d+(\\.\\d{{1,{d}}})?$"), message]));
                }
            }
            Some("array") => {
                put(f, "widget", json!("list"));
                if let Some(n) = schema.get("minItems") {
                    put(f, "min", n.clone());
                }
                if let Some(n) = schema.get("maxItems") {
                    put(f, "max", n.clone());
                }
                let items = self.resolve(schema.get("items").unwrap_or(&Value::Null));
                if items.get("properties").is_some() {
                    put(f, "fields", Value::Array(self.object(items)));
                } else {
                    let mut item = Map::new();
                    item.insert("name".into(), json!("item"));
                    item.insert("label".into(), json!(label(f_name(f))));

                    self.widget(items, &mut item);
                    f.insert("field".into(), Value::Object(item));
                }
            }
            _ if schema.get("properties").is_some() => {
                put(f, "widget", json!("object"));
                put(f, "fields", Value::Array(self.object(schema)));
            }
            _ => match schema.get("additionalProperties").filter(|v| v.is_object()) {
                // A map by key: one group per key, the keys from the content.
                Some(values) => {
                    let values = self.resolve(values);
                    put(f, "widget", json!("object"));
                    put(f, KEYS, json!(true));
                    put(f, "fields", Value::Array(self.object(values)));
                }
                None => put(f, "widget", json!("string")),
            },
        }
    }
}

fn f_name(f: &Map<String, Value>) -> &str {
    f.get("name").and_then(Value::as_str).unwrap_or_default()
}

/// The JSON type of `schema` besides null (`["string", "null"]`: string).
fn scalar_type(schema: &Value) -> Option<&str> {
    match schema.get("type")? {
        Value::String(t) => Some(t),
        Value::Array(ts) => ts.iter().filter_map(Value::as_str).find(|t| *t != "null"),
        _ => None,
    }
}

/// A field's label from its name: `image_alt` → "Image alt".
pub fn label(name: &str) -> String {
    let words = name.replace('_', " ");
    let mut chars = words.chars();
    chars.next().map_or(String::new(), |c| c.to_uppercase().chain(chars).collect())
}

/// The check's words for a value its rule refuses (`x-message`), when the schema carries them.
fn message(schema: &Value) -> Option<String> {
    schema.get("x-message").and_then(Value::as_str).map(str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named<'a>(fields: &'a [Value], name: &str) -> &'a Value {
        fields.iter().find(|f| f["name"] == name).unwrap_or_else(|| panic!("no field {name}"))
    }

    #[test]
    fn a_listing_asks_for_what_the_check_requires_in_the_models_order() {
        let fields = of_object(&jax_model::schema_of::<jax_model::listing::ListingFields>());
        let names: Vec<&str> = fields.iter().map(|f| f["name"].as_str().unwrap()).collect();
        // Required in declaration order, then the optional ones by name.
        assert_eq!(names[..4], ["id", "address", "neighborhood", "price"]);
        assert_eq!(names[names.len() - 4..], ["draft", "featured", "mls_number", "order"]);
        let features = named(&fields, "features");
        assert_eq!(
            (features["widget"].as_str(), features["min"].as_u64(), features["max"].as_u64()),
            (Some("list"), Some(4), Some(4))
        );
        assert_eq!(named(&fields, "beds")["value_type"], "int");
        assert_eq!(named(&fields, "baths")["value_type"], "float");
        assert_eq!(named(&fields, "price")["required"], true);
        // Its photo is uploaded, and what it shows must be said.
        let image = named(&fields, "image");
        assert_eq!(
            (image["widget"].as_str(), image["media_folder"].as_str()),
            (Some("image"), Some("/content/images/listings"))
        );
        assert_eq!(image["public_folder"], "images/listings");
        assert_eq!(
            (named(&fields, "image_alt")["widget"].as_str(), named(&fields, "image_alt")["required"].as_bool()),
            (Some("string"), Some(true))
        );
        assert_eq!(named(&fields, "mls_number")["required"], false, "Option<String> may be left empty");
        assert_eq!(named(&fields, "image_alt")["label"], "Image alt");
        assert!(named(&fields, "price")["hint"].as_str().unwrap().contains("$1,350,000"));
    }

    #[test]
    fn a_snapshot_asks_for_each_neighborhoods_figures_and_a_sales_side_is_a_choice() {
        let fields = of_object(&jax_model::schema_of::<jax_model::market::SnapshotFields>());
        let figures = named(&fields, "neighborhoods");
        assert_eq!(figures[KEYS], true);
        let growth = named(figures["fields"].as_array().unwrap(), "yoy_growth");
        assert_eq!((growth["widget"].as_str(), growth["value_type"].as_str()), (Some("number"), Some("float")));
        // One decimal at most, refused in the check's words; its range too.
        assert_eq!(growth["pattern"], json!([r"^-?\d+(\.\d{1,1})?$", jax_model::market::GROWTH_EXPECTED]));
        assert_eq!((growth["min"].as_f64(), growth["max"].as_f64()), (Some(-100.0), Some(1000.0)));
        assert_eq!(growth["label"], "Growth over the year (%)");
        let sale = of_object(&jax_model::schema_of::<jax_model::record::SaleFields>());
        let side = named(&sale, "side");
        assert_eq!(side["widget"], "select");
        assert!(side["options"].as_array().unwrap().len() >= 2);
    }
}
