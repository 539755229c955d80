//! The reports' components (`jax_model::report::COMPONENTS`) as the editor inserts them: each
//! attribute a choice among what the content has (published neighborhoods and listings, the
//! figures, the request forms), never typed by hand. Their shapes (`shapes`) go to the editor's
//! script with `generator schemas`; their choices (`choices_of`) are written beside the
//! configuration as `admin/choices.json`; `site/src/admin/components.ts` registers them with Decap.

use jax_model::market::Figure;
use jax_model::report::COMPONENTS;
use jax_model::Content;
use jax_reports::{cta_forms, CONTACT_FORM};
use serde_json::{json, Value};

/// What the editor's insert menu calls each component.
fn label(name: &str) -> &'static str {
    match name {
        "Snapshot" => "Market snapshot",
        "Trend" => "Trend chart",
        "Listing" => "Featured listing",
        "Cta" => "Call to action",
        _ => unreachable!("a component without a label: {name}"),
    }
}

/// What the component's form calls each attribute.
fn attribute_label(attr: &str) -> &'static str {
    match attr {
        "area" => "Neighborhood",
        "areas" => "Neighborhoods",
        "figure" => "Figure",
        "id" => "Listing",
        "form" => "Form it opens",
        _ => unreachable!("an attribute without a label: {attr}"),
    }
}

/// An attribute's choices, each `{value, label}`.
fn choices(c: &Content, attr: &str) -> Vec<Value> {
    let choice = |value: &str, label: &str| json!({ "value": value, "label": label });
    let areas = || -> Vec<Value> {
        c.neighborhoods.iter().filter(|n| !n.fields.draft).map(|n| choice(&n.fields.slug, &n.fields.name)).collect()
    };
    match attr {
        "area" | "areas" => areas(),
        "figure" => {
            let labels = &c.site.data.labels.neighborhood;
            Figure::ALL.iter().map(|f| choice(f.name(), f.label(labels))).collect()
        }
        "id" => {
            let listings = c.listings.iter().filter(|l| !l.fields.draft);
            listings.map(|l| choice(&l.fields.id, &l.fields.address)).collect()
        }
        "form" => {
            let forms = &c.forms.data;
            let title =
                |name: &str| forms.lead_types().iter().find(|(key, _)| *key == name).map(|(_, t)| t.title.clone());
            let forms = cta_forms(forms).into_iter().map(|name| {
                let label =
                    title(&name).unwrap_or_else(|| if name == CONTACT_FORM { "Contact".into() } else { name.clone() });
                choice(&name, &label)
            });
            forms.collect()
        }
        _ => unreachable!("a component attribute without choices: {attr}"),
    }
}

/// Every component and its attributes, from the model alone (`generator schemas` ships them
/// to the editor's script).
pub fn shapes() -> Value {
    let list: Vec<Value> = COMPONENTS
        .iter()
        .map(|(name, attrs, holds_text)| {
            let attributes: Vec<Value> = attrs
                .iter()
                .map(|attr| json!({ "name": attr, "label": attribute_label(attr), "multiple": attr_takes_several(attr) }))
                .collect();
            json!({ "name": name, "label": label(name), "attributes": attributes, "text": holds_text })
        })
        .collect();
    Value::Array(list)
}

fn attr_takes_several(attr: &str) -> bool {
    attr == "areas"
}

/// Each attribute's choices from `c`, by attribute name (the build's `admin/choices.json`).
pub fn choices_of(c: &Content) -> Value {
    let attrs = COMPONENTS.iter().flat_map(|(_, attrs, _)| attrs.iter());
    Value::Object(attrs.map(|attr| (attr.to_string(), Value::Array(choices(c, attr)))).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use jax_load::{load, Cache};
    use std::path::Path;

    #[test]
    fn every_component_offers_what_the_content_has() {
        let content = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content");
        let c = load(&content, &Cache::default()).unwrap();
        let shapes = shapes();
        let names: Vec<&str> = shapes.as_array().unwrap().iter().map(|v| v["name"].as_str().unwrap()).collect();
        assert_eq!(names, COMPONENTS.map(|(n, _, _)| n));
        assert_eq!(shapes[1]["attributes"][0]["multiple"], true, "a trend charts several neighborhoods");
        assert_eq!(shapes[3]["text"], true);
        let choices = choices_of(&c);
        let values = |attr: &str| -> Vec<String> {
            let list = choices[attr].as_array().unwrap();
            list.iter().map(|o| o["value"].as_str().unwrap().to_string()).collect()
        };
        let published: Vec<String> =
            c.neighborhoods.iter().filter(|n| !n.fields.draft).map(|n| n.fields.slug.clone()).collect();
        assert_eq!((values("area"), values("areas")), (published.clone(), published));
        assert_eq!(values("figure"), ["median", "yoy", "days"]);
        assert!(values("id").contains(&"riverside-historic-craftsman".to_string()));
        assert_eq!(values("form"), cta_forms(&c.forms.data));
        let forms = choices["form"].as_array().unwrap();
        let consultation = forms.iter().find(|o| o["value"] == "consultation").unwrap();
        assert_eq!(consultation["label"], c.forms.data.lead.types.consultation.title.as_str());
    }
}
