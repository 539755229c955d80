//! A form submission from its body to the e-mail it becomes: the body's fields (JSON from the
//! islands, urlencoded from the same forms without JavaScript), the honeypot, the server's
//! validation (jax_model::submission, the rules the browser mirrors) and the template params.

use crate::content::Content;
use crate::email::{self, LeadKind, Params};
use crate::form::FormKind;
use crate::listing;
use jax_model::api;
use jax_model::forms::Forms;
use jax_model::submission::{validate, FieldError, Values};
use std::collections::BTreeMap;

/// Objects a JSON body may nest: the quiz's answers, the concierge's document ids.
const GROUPS: [&str; 2] = ["answers", "documents"];

/// A body's values: strings by name, and the nested groups (`answers.q1`, `documents.photoId`).
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Input {
    pub fields: BTreeMap<String, String>,
    pub groups: BTreeMap<String, BTreeMap<String, String>>,
}

impl Input {
    /// Whether the honeypot field (hidden from people) was filled in: a bot's post, answered like a
    /// success and then forgotten.
    pub fn is_bot(&self, forms: &jax_model::forms::Forms) -> bool {
        self.fields.get(&forms.honeypot).is_some_and(|v| !v.trim().is_empty())
    }

    pub fn group(&self, name: &str) -> BTreeMap<String, String> {
        self.groups.get(name).cloned().unwrap_or_default()
    }
}

/// The answer for a body that cannot be read at all.
pub fn unreadable(what: &str) -> FieldError {
    FieldError { field: "body".into(), message: format!("The request body is not valid {what}.") }
}

/// A JSON object of strings (numbers and booleans taken as written; the groups objects of
/// strings). Anything else is refused, naming the field.
pub fn parse_json(body: &[u8]) -> Result<Input, Vec<FieldError>> {
    let value: serde_json::Value = serde_json::from_slice(body).map_err(|_| vec![unreadable("JSON")])?;
    let serde_json::Value::Object(map) = value else {
        return Err(vec![FieldError {
            field: "body".into(),
            message: "The request body must be a JSON object.".into(),
        }]);
    };
    let mut input = Input::default();
    let mut errors = Vec::new();
    let scalar = |v: &serde_json::Value| match v {
        serde_json::Value::String(s) => Some(Some(s.clone())),
        serde_json::Value::Bool(b) => Some(Some(b.to_string())),
        serde_json::Value::Number(n) => Some(Some(n.to_string())),
        serde_json::Value::Null => Some(None),
        _ => None,
    };
    for (name, value) in map {
        if let (true, serde_json::Value::Object(members)) = (GROUPS.contains(&name.as_str()), &value) {
            let group = input.groups.entry(name.clone()).or_default();
            for (key, v) in members {
                match scalar(v) {
                    Some(Some(v)) => {
                        group.insert(key.clone(), v);
                    }
                    Some(None) => {}
                    None => {
                        errors.push(FieldError { field: format!("{name}.{key}"), message: "Expected text.".into() })
                    }
                }
            }
            continue;
        }
        match scalar(&value) {
            Some(Some(v)) => {
                input.fields.insert(name, v);
            }
            Some(None) => {}
            // A member named "" has no field to name: the body is at fault.
            None => errors.push(FieldError {
                field: if name.is_empty() { "body".into() } else { name },
                message: "Expected text.".into(),
            }),
        }
    }
    if errors.is_empty() {
        Ok(input)
    } else {
        Err(errors)
    }
}

/// `application/x-www-form-urlencoded`; `answers.q1=…` (or `answers[q1]=…`) go to their group.
pub fn parse_urlencoded(body: &[u8]) -> Result<Input, Vec<FieldError>> {
    let pairs: Vec<(String, String)> = serde_urlencoded::from_bytes(body).map_err(|_| vec![unreadable("form data")])?;
    let mut input = Input::default();
    for (name, value) in pairs {
        let member = GROUPS.iter().find_map(|g| {
            let rest = name.strip_prefix(g)?;
            let key = rest.strip_prefix('.').or_else(|| rest.strip_prefix('[').and_then(|k| k.strip_suffix(']')))?;
            Some((*g, key.to_string()))
        });
        match member {
            Some((g, key)) => input.groups.entry(g.to_string()).or_default().insert(key, value),
            None => input.fields.insert(name, value),
        };
    }
    Ok(input)
}

/// What an acceptable submission comes to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Accepted {
    /// The honeypot was filled in: a bot. Answered like a success, then forgotten.
    Dropped,
    /// An e-mail to send: its template params.
    Email(Params),
}

fn required(field: &str, label: &str, content: &Content) -> FieldError {
    let m = &content.forms.messages;
    FieldError { field: field.into(), message: m.required.replace("{label}", label) }
}

/// Check a submission of `kind` (a form posted to its own path: FormKind::from_path) and build its
/// e-mail, or list every problem.
pub fn accept(
    kind: FormKind,
    input: &Input,
    content: &Content,
    agent_email: &str,
) -> Result<Accepted, Vec<FieldError>> {
    let forms = &content.forms;
    if input.is_bot(forms) {
        return Ok(Accepted::Dropped);
    }
    let check = |fields, also: &[String]| validate(fields, &input.fields, &forms.limits, &forms.messages, also);
    let params = match kind {
        FormKind::Lead => {
            let lead = input.fields.get("type").and_then(|t| LeadKind::parse(t.trim()));
            let also = lead.map(|k| k.of(forms).require.clone()).unwrap_or_default();
            let values = check(&forms.lead.fields, &also);
            match (lead, values) {
                (Some(lead), Ok(values)) => email::lead(forms, lead, &values, agent_email),
                (lead, values) => {
                    let mut errors = Vec::new();
                    if lead.is_none() {
                        errors.push(FieldError { field: "type".into(), message: forms.messages.option.clone() });
                    }
                    errors.extend(values.err().unwrap_or_default());
                    return Err(errors);
                }
            }
        }
        FormKind::ListingRequest | FormKind::Contact => {
            // The form and its e-mail, chosen once.
            let (form, email_of): (_, fn(&Forms, &Values, &str) -> Params) = match kind {
                FormKind::Contact => (&forms.contact, email::contact),
                _ => (&forms.listing_request, email::listing_request),
            };
            let about = listing::named(content, input.fields.get(api::LISTING_FIELD).map(String::as_str));
            let (values, about) = match (check(&form.fields, &[]), about) {
                (Ok(values), Ok(about)) => (values, about),
                (values, about) => {
                    let mut errors = values.err().unwrap_or_default();
                    errors.extend(about.err());
                    return Err(errors);
                }
            };
            email_of(forms, &values, agent_email).about(about)
        }
        FormKind::Quiz => {
            let address = input.fields.get("email").map(|e| e.trim()).unwrap_or("");
            let mut errors = Vec::new();
            if address.is_empty() {
                errors.push(required("email", &content.quiz.labels.email_label, content));
            } else if !jax_model::rules::is_email(address) || address.chars().count() > forms.limits.text_max as usize {
                errors.push(FieldError { field: "email".into(), message: forms.messages.email.clone() });
            }
            match email::quiz(forms, &content.quiz, address, &input.group("answers")) {
                Ok(params) if errors.is_empty() => params,
                Ok(_) => return Err(errors),
                Err(more) => {
                    errors.extend(more);
                    return Err(errors);
                }
            }
        }
        // Filed by routes of their own (the concierge's, the saved searches'), or the website's
        // own: no post of these is checked here.
        FormKind::Concierge
        | FormKind::SearchConfirm
        | FormKind::SavedSearch
        | FormKind::SearchAlert
        | FormKind::Notice
        | FormKind::Digest => {
            return Err(vec![FieldError { field: "request".into(), message: "This form is not taken here.".into() }])
        }
    };
    Ok(Accepted::Email(params))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::content;
    use proptest::collection::{btree_map, vec};
    use proptest::prelude::*;

    fn input(pairs: &[(&str, &str)]) -> Input {
        Input { fields: pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(), groups: BTreeMap::new() }
    }

    const AGENT: &str = "agent@example.com";
    const CONTACT: &[(&str, &str)] =
        &[("name", "Ana Ruiz"), ("email", "ana@example.com"), ("phone", "(904) 555-0147"), ("message", "Hello")];

    #[test]
    fn json_and_urlencoded_bodies_read_alike() {
        let json = parse_json(br#"{"name":"Ana","answers":{"q1":"coastal"},"acknowledged":true,"x":null}"#).unwrap();
        assert_eq!(json.fields["name"], "Ana");
        assert_eq!(json.fields["acknowledged"], "true");
        assert_eq!(json.groups["answers"]["q1"], "coastal");
        let form = parse_urlencoded(b"name=Ana&answers.q1=coastal&answers%5Bq2%5D=urban").unwrap();
        assert_eq!(form.fields["name"], "Ana");
        assert_eq!(form.groups["answers"]["q2"], "urban");
        assert_eq!(parse_json(b"{").unwrap_err()[0].field, "body");
        assert_eq!(parse_json(b"[1]").unwrap_err()[0].field, "body");
        assert_eq!(parse_json(br#"{"name":{"a":1}}"#).unwrap_err()[0].field, "name");
        assert_eq!(parse_json(br#"{"":[1]}"#).unwrap_err()[0].field, "body");
    }

    #[test]
    fn a_filled_honeypot_is_dropped_silently() {
        let mut i = input(CONTACT);
        i.fields.insert("website".into(), "http://spam".into());
        assert_eq!(accept(FormKind::Contact, &i, content(), AGENT), Ok(Accepted::Dropped));
    }

    #[test]
    fn the_contact_form_becomes_its_email() {
        let Ok(Accepted::Email(p)) = accept(FormKind::Contact, &input(CONTACT), content(), AGENT) else { panic!() };
        assert_eq!(p.get("subject"), Some("New Contact Form Submission from Ana Ruiz"));
        assert_eq!(p.get("to_email"), Some(AGENT));
    }

    #[test]
    fn a_listing_named_reaches_the_email_and_a_bad_one_is_refused_with_the_rest() {
        let mut i = input(CONTACT);
        i.fields.insert("listing".into(), "/homes/12-oak-st-jacksonville-fl-32205-2104001/".into());
        let Ok(Accepted::Email(p)) = accept(FormKind::Contact, &i, content(), AGENT) else { panic!() };
        assert_eq!(p.get("listing"), Some("https://www.movetojax.com/homes/12-oak-st-jacksonville-fl-32205-2104001/"));
        // None named, no param (the specification's params stay as they were).
        let Ok(Accepted::Email(p)) = accept(FormKind::Contact, &input(CONTACT), content(), AGENT) else { panic!() };
        assert_eq!(p.get("listing"), None);
        // A made-up one is named with every other problem.
        let i = input(&[("listing", "/listings/made-up/"), ("email", "ana@example.com")]);
        let errors = accept(FormKind::ListingRequest, &i, content(), AGENT).unwrap_err();
        let fields: Vec<_> = errors.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(fields, ["name", "phone", "propertyAddress", "listing"]);
    }

    #[test]
    fn every_problem_is_listed_with_its_field() {
        let errors = accept(FormKind::Lead, &input(&[("type", "nope"), ("email", "x")]), content(), AGENT).unwrap_err();
        let fields: Vec<_> = errors.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(fields, ["type", "firstName", "lastName", "email", "phone", "message"]);
        assert_eq!(errors[3].message, "Please enter a valid email address.");
        // A valuation request needs the property's address.
        let lead = [
            ("type", "cma-request"),
            ("firstName", "Ana"),
            ("lastName", "Ruiz"),
            ("email", "ana@example.com"),
            ("phone", "9045550147"),
            ("message", "Hi"),
        ];
        let errors = accept(FormKind::Lead, &input(&lead), content(), AGENT).unwrap_err();
        assert_eq!(
            errors,
            [FieldError { field: "propertyAddress".into(), message: "Property Address is required.".into() }]
        );
        let mut with_address = input(&lead);
        with_address.fields.insert("propertyAddress".into(), "1 Ocean Blvd".into());
        assert!(matches!(accept(FormKind::Lead, &with_address, content(), AGENT), Ok(Accepted::Email(_))));
    }

    #[test]
    fn the_quiz_needs_an_address_and_every_answer() {
        let errors = accept(FormKind::Quiz, &input(&[]), content(), AGENT).unwrap_err();
        assert_eq!(errors[0], FieldError { field: "email".into(), message: "Email address is required.".into() });
        assert_eq!(errors.len(), 7);
        let mut i = input(&[("email", "ana@example.com")]);
        for q in ["q1", "q2", "q3", "q4", "q5", "q6"] {
            i.groups.entry("answers".into()).or_default().insert(q.into(), "urban".into());
        }
        let Ok(Accepted::Email(p)) = accept(FormKind::Quiz, &i, content(), AGENT) else { panic!() };
        assert_eq!(p.get("to_email"), Some("ana@example.com"));
        assert_eq!(p.get("result_neighborhood"), Some("Urban Cool"));
    }

    #[test]
    fn a_form_with_a_route_of_its_own_is_not_taken_here() {
        for kind in [FormKind::Concierge, FormKind::SavedSearch, FormKind::Notice] {
            let errors = accept(kind, &input(CONTACT), content(), AGENT).unwrap_err();
            assert_eq!(errors[0].field, "request", "{kind:?}");
        }
    }

    /// Every refusal names a field and a reason (the route answers it 400).
    fn named(errors: &[FieldError]) -> Result<(), TestCaseError> {
        prop_assert!(!errors.is_empty());
        for e in errors {
            prop_assert!(!e.field.is_empty() && !e.message.is_empty(), "{e:?}");
        }
        Ok(())
    }

    /// Any JSON value, nested a few levels; keys often the groups' names or empty.
    fn json() -> impl Strategy<Value = serde_json::Value> {
        use serde_json::Value;
        let key =
            prop_oneof![Just("answers".to_string()), Just("documents".to_string()), Just(String::new()), ".{0,10}"];
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::from),
            any::<f64>().prop_map(Value::from),
            any::<i64>().prop_map(Value::from),
            ".{0,30}".prop_map(Value::from),
        ];
        leaf.prop_recursive(3, 24, 6, move |inner| {
            prop_oneof![
                vec(inner.clone(), 0..6).prop_map(Value::from),
                btree_map(key.clone(), inner, 0..6).prop_map(|m| Value::Object(m.into_iter().collect()))
            ]
        })
    }

    /// A valid submission of each form, then a few fields set to anything (or removed), and
    /// perhaps the honeypot filled.
    fn inputs() -> impl Strategy<Value = (FormKind, Input)> {
        let person = [
            ("name", "Ana Ruiz"),
            ("firstName", "Ana"),
            ("lastName", "Ruiz"),
            ("email", "ana@example.com"),
            ("phone", "9045550147"),
        ];
        let rest = [("message", "Hello"), ("propertyAddress", "1 Ocean Blvd"), ("type", "cma-request")];
        let base = input(&[person.as_slice(), rest.as_slice()].concat());
        let names = [
            "type",
            "name",
            "firstName",
            "lastName",
            "email",
            "phone",
            "message",
            "propertyAddress",
            "notes",
            "listing",
            "website",
        ];
        let edit = (
            prop_oneof![prop::sample::select(names.to_vec()).prop_map(String::from), ".{0,10}"],
            prop::option::of(prop_oneof![".{0,40}", "[ -~]{0,3000}"]),
        );
        let answer = (prop_oneof!["q[0-7]", ".{0,4}"], prop_oneof![Just("urban".to_string()), ".{0,20}"]);
        (kinds(), vec(edit, 0..4), vec(answer, 0..3)).prop_map(move |(kind, edits, answers)| {
            let mut i = base.clone();
            let all = ["q1", "q2", "q3", "q4", "q5", "q6"].map(|q| (q.to_string(), "urban".to_string()));
            i.groups.insert("answers".into(), all.into_iter().chain(answers).collect());
            for (name, value) in edits {
                match value {
                    Some(v) => i.fields.insert(name, v),
                    None => i.fields.remove(&name),
                };
            }
            (kind, i)
        })
    }

    fn kinds() -> impl Strategy<Value = FormKind> {
        prop::sample::select(vec![FormKind::Lead, FormKind::ListingRequest, FormKind::Contact, FormKind::Quiz])
    }

    proptest! {
        #![proptest_config(ProptestConfig { failure_persistence: None, ..ProptestConfig::with_cases(512) })]

        #[test]
        fn any_body_is_read_or_refused_naming_fields(body in prop_oneof![
            vec(any::<u8>(), 0..2_000),
            json().prop_map(|v| v.to_string().into_bytes()),
            (json(), any::<usize>(), any::<u8>()).prop_map(|(v, at, b)| { let mut s = v.to_string().into_bytes(); let at = at % s.len(); s[at] = b; s }),
        ]) {
            for parsed in [parse_json(&body), parse_urlencoded(&body)] {
                if let Err(errors) = parsed {
                    named(&errors)?;
                }
            }
        }

        #[test]
        fn a_json_object_of_text_reads_back(fields in btree_map(".{0,12}", ".{0,40}", 0..10)) {
            prop_assume!(fields.keys().all(|k| !GROUPS.contains(&k.as_str())));
            let body = serde_json::to_vec(&fields).unwrap();
            prop_assert_eq!(parse_json(&body), Ok(Input { fields, groups: BTreeMap::new() }));
        }

        #[test]
        fn a_form_post_reads_back(pairs in vec((".{0,12}", ".{0,40}"), 0..10), answers in btree_map("[a-z0-9]{1,6}", ".{0,20}", 0..4)) {
            prop_assume!(pairs.iter().all(|(k, _)| !GROUPS.iter().any(|g| k.starts_with(g))));
            let mut sent = pairs.clone();
            sent.extend(answers.iter().map(|(k, v)| (format!("answers[{k}]"), v.clone())));
            let body = serde_urlencoded::to_string(&sent).unwrap();
            let input = parse_urlencoded(body.as_bytes()).unwrap();
            // The last of a repeated name wins, as with the JSON object.
            prop_assert_eq!(&input.fields, &pairs.into_iter().collect::<BTreeMap<_, _>>());
            prop_assert_eq!(input.group("answers"), answers);
        }

        #[test]
        fn any_submission_becomes_its_email_or_names_every_problem((kind, input) in inputs()) {
            let honeypot = input.fields.get("website").is_some_and(|v| !v.trim().is_empty());
            match accept(kind, &input, content(), AGENT) {
                Ok(Accepted::Dropped) => prop_assert!(honeypot),
                Ok(Accepted::Email(p)) => {
                    prop_assert!(!honeypot);
                    prop_assert!(p.get("to_email").is_some_and(|to| !to.is_empty()));
                }
                Err(errors) => {
                    prop_assert!(!honeypot);
                    named(&errors)?;
                }
            }
        }
    }
}
