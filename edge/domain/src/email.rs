//! The EmailJS template params of each form, exactly as the agent's templates expect them, built
//! from validated values (jax_model::submission) and the texts in content.

use crate::delivery::Outcome;
use crate::form::FormKind;
use crate::words::{unlinked, VISITOR_WORDS};
use jax_model::forms::{Field, FieldKind, Forms};
use jax_model::quiz::{ProfileKey, Quiz};
use jax_model::submission::{one_line, subject, FieldError, Values};
use serde::Serialize;
use std::collections::BTreeMap;

/// The EmailJS account the worker sends through (domain/settings/emailjs.rs reads it from the
/// deployment's settings).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EmailJs {
    pub api_url: String,
    /// user_id.
    pub public_key: String,
    /// accessToken (needs "allow API calls from non-browser applications").
    pub private_key: Option<String>,
    pub service_id: Option<String>,
    /// EMAILJS_TEMPLATE_ID, or EMAILJS_TEMPLATE_ID_<FORM> for one form.
    pub template_id: Option<String>,
    pub form_templates: Vec<(FormKind, String)>,
}

impl EmailJs {
    /// The template `form`'s e-mail goes through (FormKind::template: its own, or the one it borrows).
    pub fn template_for(&self, form: FormKind) -> Option<&str> {
        let form = form.template();
        self.form_templates.iter().find(|(f, _)| *f == form).map(|(_, t)| t.as_str()).or(self.template_id.as_deref())
    }
}

/// Template params, serialized as the JSON object EmailJS takes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Params(pub BTreeMap<String, String>);

impl Params {
    pub fn new<const N: usize>(pairs: [(&'static str, String); N]) -> Params {
        Params(crate::map_of(pairs.map(|(k, v)| (k.to_string(), v))))
    }

    pub fn get(&self, key: &str) -> Option<&str> {
        self.0.get(key).map(String::as_str)
    }

    /// With `listing`: the listing the form was sent about (domain/listing.rs), when it named one.
    pub fn about(mut self, listing: Option<String>) -> Params {
        if let Some(l) = listing {
            self.0.insert(jax_model::api::LISTING_FIELD.into(), l);
        }
        self
    }
}

/// What EmailJS's own browser SDK sends as `lib_version`; the REST API takes the same field.
pub const LIB_VERSION: &str = "4.4.1";

/// `POST {api_url}/api/v1.0/email/send` and its JSON body, or why it cannot be sent.
pub fn emailjs_request(
    e: &EmailJs,
    form: FormKind,
    params: &BTreeMap<String, String>,
) -> Result<(String, serde_json::Value), Outcome> {
    let (Some(service), Some(template)) = (e.service_id.as_deref(), e.template_for(form)) else {
        return Err(Outcome::NotConfigured);
    };
    let mut body = serde_json::json!({
        "lib_version": LIB_VERSION,
        "user_id": e.public_key,
        "service_id": service,
        "template_id": template,
        "template_params": emailed(params),
    });
    if let Some(token) = &e.private_key {
        body["accessToken"] = token.clone().into();
    }
    Ok((format!("{}/api/v1.0/email/send", e.api_url), body))
}

/// The website's own e-mail to the agent (the notice, the digest), through the contact form's
/// template: to_email, from_name, from_email (hers), phone (none), message, subject.
pub fn to_agent(agent_email: &str, from_name: &str, subject: String, message: String) -> Params {
    Params::new([
        ("to_email", agent_email.to_string()),
        ("from_name", from_name.to_string()),
        ("from_email", agent_email.to_string()),
        ("phone", String::new()),
        ("message", message),
        ("subject", subject),
    ])
}

/// The lead form's three kinds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LeadKind {
    Consultation,
    BuyerGuide,
    CmaRequest,
}

impl LeadKind {
    pub fn parse(s: &str) -> Option<LeadKind> {
        [LeadKind::Consultation, LeadKind::BuyerGuide, LeadKind::CmaRequest].into_iter().find(|k| k.name() == s)
    }

    /// Its name in the form's `type` field and in the record's LEAD_TYPE param.
    pub fn name(self) -> &'static str {
        match self {
            LeadKind::Consultation => "consultation",
            LeadKind::BuyerGuide => "buyer-guide",
            LeadKind::CmaRequest => "cma-request",
        }
    }

    pub fn of(self, forms: &Forms) -> &jax_model::forms::LeadType {
        let t = &forms.lead.types;
        match self {
            LeadKind::Consultation => &t.consultation,
            LeadKind::BuyerGuide => &t.buyer_guide,
            LeadKind::CmaRequest => &t.cma_request,
        }
    }
}

/// A visitor's value for a param of its own: as typed (validation cleaned and bounded it), its
/// links unclickable.
pub fn typed(values: &Values, name: &str) -> String {
    unlinked(values.get(name).map(String::as_str).unwrap_or(""))
}

/// A value whose form validation checked (an e-mail address, a phone number): as typed. The
/// address stays linkable on purpose: templates reply to it.
fn bare(values: &Values, name: &str) -> String {
    values.get(name).cloned().unwrap_or_default()
}

/// "Label: value" lines of every field, for a readable plain-text e-mail body, then once that the
/// values are the visitor's. A select shows its option's label (the site's words).
fn body(fields: &[Field], values: &Values) -> String {
    format!("{}\n\n{VISITOR_WORDS}", lines(fields, values))
}

/// A form's values a line each, "Label: value": options by their label, addresses and numbers as
/// typed (checked), other text with its links made unclickable.
pub fn lines(fields: &[Field], values: &Values) -> String {
    let lines: Vec<String> = fields
        .iter()
        .map(|f| {
            let raw = values.get(&f.name).map(String::as_str).unwrap_or("");
            let shown = match f.options.iter().find(|o| o.value == raw) {
                Some(o) => o.label.clone(),
                None if matches!(f.kind, FieldKind::Email | FieldKind::Tel) => raw.to_string(),
                None => unlinked(raw),
            };
            format!("{}: {}", f.label, shown)
        })
        .collect();
    lines.join("\n")
}

/// Params for the CRM hand-off alone (domain/crm.rs), kept in the record but never sent to EmailJS
/// or the outbox: each template gets the params the specification gives it, no more.
pub const CRM_ONLY: &str = "crm_";
/// The lead form's kind (LeadKind::name): the CRM hand-off's event type.
pub const LEAD_TYPE: &str = "crm_lead_type";
/// The concierge client's address and phone (its e-mail names them in its message only).
pub const CRM_EMAIL: &str = "crm_email";
pub const CRM_PHONE: &str = "crm_phone";

/// The params an e-mail sends: all but the CRM's own.
pub fn emailed(params: &BTreeMap<String, String>) -> BTreeMap<&str, &str> {
    crate::map_of(params.iter().filter(|(k, _)| !k.starts_with(CRM_ONLY)).map(|(k, v)| (k.as_str(), v.as_str())))
}

/// Lead form: to_email, from_name, from_email, phone, property_address, interested_in, message,
/// subject, email_body (and LEAD_TYPE, the CRM's). from_email stays bare: templates reply to it.
pub fn lead(forms: &Forms, kind: LeadKind, values: &Values, agent_email: &str) -> Params {
    let name = one_line(&format!("{} {}", typed(values, "firstName"), typed(values, "lastName")));
    let interested = forms
        .lead
        .fields
        .iter()
        .find(|f| f.name == "interestedIn")
        .and_then(|f| f.options.iter().find(|o| Some(&o.value) == values.get("interestedIn")))
        .map_or(String::new(), |o| o.label.clone());
    Params::new([
        ("to_email", agent_email.to_string()),
        ("from_name", name.clone()),
        ("from_email", bare(values, "email")),
        ("phone", bare(values, "phone")),
        ("property_address", typed(values, "propertyAddress")),
        ("interested_in", interested),
        ("message", typed(values, "message")),
        ("subject", subject(&kind.of(forms).subject, &name)),
        ("email_body", body(&forms.lead.fields, values)),
        (LEAD_TYPE, kind.name().to_string()),
    ])
}

/// Listing request: to_email, from_name, from_email, phone, property_address, notes, subject.
pub fn listing_request(forms: &Forms, values: &Values, agent_email: &str) -> Params {
    let name = typed(values, "name");
    Params::new([
        ("to_email", agent_email.to_string()),
        ("from_name", name.clone()),
        ("from_email", bare(values, "email")),
        ("phone", bare(values, "phone")),
        ("property_address", typed(values, "propertyAddress")),
        ("notes", typed(values, "notes")),
        ("subject", subject(&forms.listing_request.subject, &name)),
    ])
}

/// Contact form: to_email, from_name, from_email, phone, message, subject.
pub fn contact(forms: &Forms, values: &Values, agent_email: &str) -> Params {
    let name = typed(values, "name");
    Params::new([
        ("to_email", agent_email.to_string()),
        ("from_name", name.clone()),
        ("from_email", bare(values, "email")),
        ("phone", bare(values, "phone")),
        ("message", typed(values, "message")),
        ("subject", subject(&forms.contact.subject, &name)),
    ])
}

/// Quiz results, to the visitor: from_name, from_email, subject, message, to_email (the
/// visitor), quiz_answers, result_neighborhood, result_areas. The result is recomputed here from
/// the answers; the browser's is not trusted. Every question must be answered with a profile.
pub fn quiz(
    forms: &Forms,
    quiz: &Quiz,
    email: &str,
    answers: &BTreeMap<String, String>,
) -> Result<Params, Vec<FieldError>> {
    let mut picked = Vec::new();
    let mut lines = Vec::new();
    let mut errors = Vec::new();
    for q in &quiz.questions {
        let answer = answers.get(&q.id).and_then(|a| ProfileKey::parse(a));
        match answer.and_then(|k| q.options.iter().find(|o| o.value == k)) {
            Some(o) => {
                picked.push(o.value);
                lines.push(format!("{} {}", q.text, o.text));
            }
            None => {
                errors.push(FieldError { field: format!("answers.{}", q.id), message: forms.messages.option.clone() })
            }
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let profile = quiz.profiles.get(quiz.score(&picked));
    let areas = profile.areas.join(", ");
    let email = one_line(email);
    Ok(Params::new([
        ("from_name", email.clone()),
        ("from_email", email.clone()),
        ("subject", one_line(&forms.quiz.subject)),
        (
            "message",
            format!(
                "{}: {}\n{}\n{}: {}",
                quiz.labels.result_heading, profile.name, profile.description, quiz.labels.areas_heading, areas
            ),
        ),
        ("to_email", email),
        ("quiz_answers", lines.join("\n")),
        ("result_neighborhood", profile.name.clone()),
        ("result_areas", areas),
    ]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use jax_model::submission::validate;

    /// The real content, so the subjects and texts are the agent's.
    fn forms() -> Forms {
        jax_model::document::parse_yaml_file("forms.yaml", include_str!("../../../content/forms.yaml")).unwrap().data
    }

    fn quiz_content() -> Quiz {
        jax_model::document::parse_yaml_file("quiz.yaml", include_str!("../../../content/quiz.yaml")).unwrap().data
    }

    fn values(fields: &[Field], pairs: &[(&str, &str)]) -> Values {
        let f = forms();
        let input = pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        validate(fields, &input, &f.limits, &f.messages, &[]).unwrap()
    }

    const AGENT: &str = "agent@example.com";

    fn emailjs(service: Option<&str>) -> EmailJs {
        EmailJs {
            api_url: "http://127.0.0.1:9".into(),
            public_key: "pub".into(),
            private_key: Some("priv".into()),
            service_id: service.map(Into::into),
            template_id: Some("tpl".into()),
            form_templates: vec![(FormKind::Quiz, "tpl-quiz".into())],
        }
    }

    fn params() -> BTreeMap<String, String> {
        [("subject".to_string(), "Hi".to_string())].into_iter().collect()
    }

    #[test]
    fn the_request_is_what_emailjs_takes() {
        let (url, body) = emailjs_request(&emailjs(Some("svc")), FormKind::Quiz, &params()).unwrap();
        assert_eq!(url, "http://127.0.0.1:9/api/v1.0/email/send");
        assert_eq!(
            body,
            serde_json::json!({"lib_version": LIB_VERSION, "user_id": "pub", "service_id": "svc", "template_id": "tpl-quiz",
                "template_params": {"subject": "Hi"}, "accessToken": "priv"})
        );
        assert_eq!(emailjs_request(&emailjs(None), FormKind::Lead, &params()).unwrap_err(), Outcome::NotConfigured);
        let mut e = emailjs(Some("svc"));
        e.form_templates.push((FormKind::Contact, "tpl-contact".into()));
        assert_eq!(
            emailjs_request(&e, FormKind::Notice, &params()).unwrap().1["template_id"],
            "tpl-contact",
            "a notice borrows the contact template"
        );
    }

    #[test]
    fn lead_params_and_subjects_per_kind() {
        let f = forms();
        let vals = values(
            &f.lead.fields,
            &[
                ("firstName", "Ana"),
                ("lastName", "Ruiz"),
                ("email", "ana@example.com"),
                ("phone", "904 555 0147"),
                ("interestedIn", "waterfront"),
                ("message", "Hi"),
            ],
        );
        let p = lead(&f, LeadKind::BuyerGuide, &vals, AGENT);
        assert_eq!(
            emailed(&p.0).into_keys().collect::<Vec<_>>(),
            [
                "email_body",
                "from_email",
                "from_name",
                "interested_in",
                "message",
                "phone",
                "property_address",
                "subject",
                "to_email"
            ]
        );
        assert_eq!(p.get("subject"), Some("Buyer's Guide Request from Ana Ruiz"));
        assert_eq!(p.get("to_email"), Some(AGENT));
        assert_eq!(p.get("interested_in"), Some("Waterfront Property"));
        assert_eq!(p.get("from_name"), Some("Ana Ruiz"), "as typed: no quotation marks added");
        assert_eq!(p.get("from_email"), Some("ana@example.com"), "bare: templates reply to it");
        assert_eq!(p.get("phone"), Some("904 555 0147"));
        assert_eq!(p.get("property_address"), Some(""));
        assert_eq!(p.get("message"), Some("Hi"));
        assert_eq!(p.get(LEAD_TYPE), Some("buyer-guide"), "the CRM's event type reads it");
        assert_eq!(
            p.get("email_body").unwrap(),
            format!("First Name: Ana\nLast Name: Ruiz\nEmail: ana@example.com\nPhone: 904 555 0147\nProperty Address: \nInterested In: Waterfront Property\nMessage: Hi\n\n{VISITOR_WORDS}")
        );
        assert_eq!(
            lead(&f, LeadKind::CmaRequest, &vals, AGENT).get("subject"),
            Some("Home Valuation Request from Ana Ruiz")
        );
        assert_eq!(
            lead(&f, LeadKind::Consultation, &vals, AGENT).get("subject"),
            Some("Consultation Request from Ana Ruiz")
        );
    }

    #[test]
    fn listing_request_and_contact_params() {
        let f = forms();
        let vals = values(
            &f.listing_request.fields,
            &[
                ("name", "Ana Ruiz"),
                ("email", "ana@example.com"),
                ("phone", "904 555 0147"),
                ("propertyAddress", "1 Ocean Blvd"),
            ],
        );
        let p = listing_request(&f, &vals, AGENT);
        assert_eq!(
            p.0.keys().map(String::as_str).collect::<Vec<_>>(),
            ["from_email", "from_name", "notes", "phone", "property_address", "subject", "to_email"]
        );
        assert_eq!(p.get("subject"), Some("Luxury Home Listing Request from Ana Ruiz"));
        assert_eq!(p.get("notes"), Some(""), "no notes: nothing");
        assert_eq!(p.get("property_address"), Some("1 Ocean Blvd"));
        let vals = values(
            &f.contact.fields,
            &[
                ("name", "Ana\r\nBcc: x@evil.com"),
                ("email", "ana@example.com"),
                ("phone", "904 555 0147"),
                ("message", "Hello"),
            ],
        );
        let p = contact(&f, &vals, AGENT);
        assert_eq!(
            p.0.keys().map(String::as_str).collect::<Vec<_>>(),
            ["from_email", "from_name", "message", "phone", "subject", "to_email"]
        );
        assert_eq!(
            p.get("subject"),
            Some("New Contact Form Submission from Ana  Bcc: x[at]evil[.]com"),
            "one line, its address unlinked"
        );
        assert_eq!(p.get("from_name"), Some("Ana  Bcc: x[at]evil[.]com"));
        assert_eq!(p.get("message"), Some("Hello"));
        let vals = values(
            &f.contact.fields,
            &[
                ("name", "Site notice: your links expired, re-open at https://evil.example"),
                ("email", "ana@example.com"),
                ("phone", "904 555 0147"),
                ("message", "Hi"),
            ],
        );
        let p = contact(&f, &vals, AGENT);
        assert_eq!(
            p.get("subject"),
            Some(
                "New Contact Form Submission from Site notice: your links expired, re-open at https[:]//evil[.]example"
            )
        );
        assert_eq!(p.get("from_name"), Some("Site notice: your links expired, re-open at https[:]//evil[.]example"));
        let vals = values(
            &f.contact.fields,
            &[
                ("name", "\u{202E}Marisol Vega\u{2028}"),
                ("email", "ana@example.com"),
                ("phone", "904-555-0142"),
                ("message", "Is 1.5 baths at $1.2M right?\u{2029}See evil.com/x"),
            ],
        );
        let p = contact(&f, &vals, AGENT);
        assert_eq!(p.get("subject"), Some("New Contact Form Submission from Marisol Vega"));
        assert_eq!(p.get("from_name"), Some("Marisol Vega"));
        assert_eq!(p.get("phone"), Some("904-555-0142"));
        assert_eq!(p.get("message"), Some("Is 1.5 baths at $1.2M right?\nSee evil[.]com/x"));
    }

    #[test]
    fn quiz_result_is_recomputed_from_the_answers() {
        let (f, q) = (forms(), quiz_content());
        // Two coastal, two urban, two historic: the tie goes to coastal.
        let answers: BTreeMap<String, String> = [
            ("q1", "urban"),
            ("q2", "coastal"),
            ("q3", "historic"),
            ("q4", "urban"),
            ("q5", "historic"),
            ("q6", "coastal"),
        ]
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
        let p = quiz(&f, &q, "ana@example.com", &answers).unwrap();
        assert_eq!(p.get("subject"), Some("Jacksonville Neighborhood Quiz Results"));
        assert_eq!(p.get("to_email"), Some("ana@example.com"));
        assert_eq!(p.get("result_neighborhood"), Some("Coastal Chill"));
        assert_eq!(p.get("result_areas"), Some("Jacksonville Beach, Atlantic Beach"));
        assert_eq!(p.get("quiz_answers").unwrap().lines().count(), 6);
    }

    #[test]
    fn a_missing_or_unknown_quiz_answer_is_refused() {
        let (f, q) = (forms(), quiz_content());
        let answers: BTreeMap<String, String> =
            [("q1", "urban"), ("q2", "castle")].iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        let errors = quiz(&f, &q, "ana@example.com", &answers).unwrap_err();
        assert_eq!(
            errors.iter().map(|e| e.field.as_str()).collect::<Vec<_>>(),
            ["answers.q2", "answers.q3", "answers.q4", "answers.q5", "answers.q6"]
        );
    }
}
