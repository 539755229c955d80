//! A form submission from its body to the e-mail it becomes: the body's fields (JSON from the
//! islands, urlencoded from the same forms without JavaScript), the honeypot, the server's
//! validation (jax_model::submission, the rules the browser mirrors) and the template params.

use crate::domain::content::Content;
use crate::domain::email::{self, LeadKind, Params};
use jax_model::api;
use jax_model::submission::{validate, FieldError};
use std::collections::BTreeMap;

/// The forms that send the agent (or, for the quiz, the visitor) an e-mail.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormKind {
    Lead,
    ListingRequest,
    Contact,
    Quiz,
}

impl FormKind {
    pub fn from_path(path: &str) -> Option<FormKind> {
        match path {
            api::LEAD => Some(FormKind::Lead),
            api::LISTING_REQUEST => Some(FormKind::ListingRequest),
            api::CONTACT => Some(FormKind::Contact),
            api::QUIZ => Some(FormKind::Quiz),
            _ => None,
        }
    }

    /// The name in records, logs and per-form template settings.
    pub fn name(self) -> &'static str {
        match self {
            FormKind::Lead => "lead",
            FormKind::ListingRequest => "listing-request",
            FormKind::Contact => "contact",
            FormKind::Quiz => "quiz",
        }
    }
}

/// Objects a JSON body may nest: the quiz's answers, the concierge's document ids.
const GROUPS: [&str; 2] = ["answers", "documents"];

/// A body's values: strings by name, and the nested groups (`answers.q1`, `documents.photoId`).
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Input {
    pub fields: BTreeMap<String, String>,
    pub groups: BTreeMap<String, BTreeMap<String, String>>,
}

impl Input {
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
        return Err(vec![FieldError { field: "body".into(), message: "The request body must be a JSON object.".into() }]);
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
                    None => errors.push(FieldError { field: format!("{name}.{key}"), message: "Expected text.".into() }),
                }
            }
            continue;
        }
        match scalar(&value) {
            Some(Some(v)) => {
                input.fields.insert(name, v);
            }
            Some(None) => {}
            None => errors.push(FieldError { field: name, message: "Expected text.".into() }),
        }
    }
    if errors.is_empty() { Ok(input) } else { Err(errors) }
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
    /// An e-mail to send (the form's name, its template params).
    Email(&'static str, Params),
}

fn required(field: &str, label: &str, content: &Content) -> FieldError {
    let m = &content.forms.messages;
    FieldError { field: field.into(), message: m.required.replace("{label}", label) }
}

/// Check a submission of `kind` and build its e-mail, or list every problem.
pub fn accept(kind: FormKind, input: &Input, content: &Content, agent_email: &str) -> Result<Accepted, Vec<FieldError>> {
    let forms = &content.forms;
    if input.fields.get(&forms.honeypot).is_some_and(|v| !v.trim().is_empty()) {
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
        FormKind::ListingRequest => email::listing_request(forms, &check(&forms.listing_request.fields, &[])?, agent_email),
        FormKind::Contact => email::contact(forms, &check(&forms.contact.fields, &[])?, agent_email),
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
    };
    Ok(Accepted::Email(kind.name(), params))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::content::content;

    fn input(pairs: &[(&str, &str)]) -> Input {
        Input { fields: pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(), groups: BTreeMap::new() }
    }

    const AGENT: &str = "agent@example.com";
    const CONTACT: &[(&str, &str)] = &[("name", "Ana Ruiz"), ("email", "ana@example.com"), ("phone", "(904) 555-0147"), ("message", "Hello")];

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
    }

    #[test]
    fn a_filled_honeypot_is_dropped_silently() {
        let mut i = input(CONTACT);
        i.fields.insert("website".into(), "http://spam".into());
        assert_eq!(accept(FormKind::Contact, &i, content(), AGENT), Ok(Accepted::Dropped));
    }

    #[test]
    fn the_contact_form_becomes_its_email() {
        let Ok(Accepted::Email(form, p)) = accept(FormKind::Contact, &input(CONTACT), content(), AGENT) else { panic!() };
        assert_eq!(form, "contact");
        assert_eq!(p.get("subject"), Some("New Contact Form Submission from Ana Ruiz"));
        assert_eq!(p.get("to_email"), Some(AGENT));
    }

    #[test]
    fn every_problem_is_listed_with_its_field() {
        let errors = accept(FormKind::Lead, &input(&[("type", "nope"), ("email", "x")]), content(), AGENT).unwrap_err();
        let fields: Vec<_> = errors.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(fields, ["type", "firstName", "lastName", "email", "phone", "message"]);
        assert_eq!(errors[3].message, "Please enter a valid email address.");
        // A valuation request needs the property's address.
        let lead = [("type", "cma-request"), ("firstName", "Ana"), ("lastName", "Ruiz"), ("email", "ana@example.com"), ("phone", "9045550147"), ("message", "Hi")];
        let errors = accept(FormKind::Lead, &input(&lead), content(), AGENT).unwrap_err();
        assert_eq!(errors, [FieldError { field: "propertyAddress".into(), message: "Property Address is required.".into() }]);
        let mut with_address = input(&lead);
        with_address.fields.insert("propertyAddress".into(), "1 Ocean Blvd".into());
        assert!(matches!(accept(FormKind::Lead, &with_address, content(), AGENT), Ok(Accepted::Email("lead", _))));
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
        let Ok(Accepted::Email("quiz", p)) = accept(FormKind::Quiz, &i, content(), AGENT) else { panic!() };
        assert_eq!(p.get("to_email"), Some("ana@example.com"));
        assert_eq!(p.get("result_neighborhood"), Some("Urban Cool"));
    }
}
