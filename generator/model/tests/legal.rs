//! The legal pages: front matter, placeholders with their exact positions, and the retention
//! period they state (forms.yaml `concierge.document_retention_days`).

use jax_model::content::{parse_forms, parse_legal, parse_site};
use jax_model::legal::LegalKind::{Privacy, Terms};

const PRIVACY: &str = include_str!("../../tests/fixtures/valid/legal/privacy-policy.md");
const TERMS: &str = include_str!("../../tests/fixtures/valid/legal/terms-of-service.md");
const SITE: &str = include_str!("../../tests/fixtures/valid/site.yaml");
const FORMS: &str = include_str!("../../tests/fixtures/valid/forms.yaml");

fn errors<T: std::fmt::Debug>(r: Result<T, jax_model::Diagnostics>) -> Vec<String> {
    r.expect_err("expected problems").0.iter().map(ToString::to_string).collect()
}

/// 1-based line and column of the first occurrence of `needle`.
fn at(text: &str, needle: &str) -> (usize, usize) {
    let i = text.find(needle).unwrap_or_else(|| panic!("{needle:?} not in text"));
    let start = text[..i].rfind('\n').map_or(0, |n| n + 1);
    (text[..i].matches('\n').count() + 1, text[start..i].chars().count() + 1)
}

#[test]
fn valid_pages_parse_and_fill_their_placeholders() {
    let site = parse_site("site.yaml", SITE).unwrap().data;
    let forms = parse_forms("forms.yaml", FORMS).unwrap().data;
    let p = parse_legal("legal/privacy-policy.md", PRIVACY, Privacy).unwrap();
    assert_eq!(p.fields.title, "Privacy Policy");
    assert!(p.body.starts_with("Documents are deleted {document_retention_days} days"));
    let text = p.text(&site, &forms);
    assert!(text.starts_with("Documents are deleted 30 days after they are submitted."), "{text}");
    assert!(text.contains(&format!("E-mail <{}> to have", site.agent.email)), "{text}");
    let t = parse_legal("legal/terms-of-service.md", TERMS, Terms).unwrap();
    assert!(t
        .text(&site, &forms)
        .contains(&format!("until {} and you sign an\nagreement with {}.", site.agent.name, site.brokerage.name)));
}

#[test]
fn unknown_and_unclosed_placeholders_point_at_their_brace() {
    let text = PRIVACY
        .replace("E-mail <{agent_email}>", "E-mail <{agent_email}> or {agent_mail}, é {phone")
        .replace("# Deletion", "# Deletion {");
    let (ul, uc) = at(&text, "{agent_mail}");
    let (cl, cc) = at(&text, "{phone");
    let (hl, hc) = at(&text, "{\n");
    assert_eq!(
        errors(parse_legal("legal/privacy-policy.md", &text, Privacy)),
        [
            format!("legal/privacy-policy.md:{hl}:{hc}: text: a `{{` with no `}}` after it on its line; braces mark placeholders: {{brand}}, {{agent_name}}, {{agent_email}}, {{agent_phone}}, {{brokerage}}, {{document_retention_days}}"),
            format!("legal/privacy-policy.md:{ul}:{uc}: text: unknown placeholder {{agent_mail}}; the placeholders are: {{brand}}, {{agent_name}}, {{agent_email}}, {{agent_phone}}, {{brokerage}}, {{document_retention_days}} (did you mean {{agent_email}}?)"),
            format!("legal/privacy-policy.md:{cl}:{cc}: text: a `{{` with no `}}` after it on its line; braces mark placeholders: {{brand}}, {{agent_name}}, {{agent_email}}, {{agent_phone}}, {{brokerage}}, {{document_retention_days}}"),
        ]
    );
}

#[test]
fn the_privacy_policy_must_state_the_retention_period_and_the_address() {
    let text = PRIVACY.replace("{document_retention_days}", "30").replace("<{agent_email}>", "me");
    assert_eq!(
        errors(parse_legal("legal/privacy-policy.md", &text, Privacy)),
        [
            "legal/privacy-policy.md:5:1: text: expected the placeholder {agent_email} in the text (from site.yaml `agent.email`), so the page states it as the site has it",
            "legal/privacy-policy.md:5:1: text: expected the placeholder {document_retention_days} in the text (from forms.yaml `concierge.document_retention_days`), so the page states it as the site has it",
        ]
    );
    // The terms need none.
    assert!(parse_legal("legal/terms-of-service.md", "---\ntitle: T\ndescription: D\n---\nText.\n", Terms).is_ok());
}

#[test]
fn front_matter_needs_a_title_and_a_description_without_placeholders() {
    let text = TERMS.replace("title: Terms of Service\n", "");
    assert_eq!(
        errors(parse_legal("legal/terms-of-service.md", &text, Terms)),
        ["legal/terms-of-service.md:2:1: title: missing (required: add `title:` under the top level)"]
    );
    let text = TERMS.replace("description: The terms for using the site.", "description: Terms of {brand}.");
    let (dl, dc) = at(&text, "Terms of {brand}");
    assert_eq!(
        errors(parse_legal("legal/terms-of-service.md", &text, Terms)),
        [format!("legal/terms-of-service.md:{dl}:{dc}: description: placeholders are filled in only in the text below the closing `---`")]
    );
    assert_eq!(
        errors(parse_legal("legal/terms-of-service.md", "---\ntitle: T\ndescription: D\n---\n\n", Terms)),
        ["legal/terms-of-service.md:5:1: text: expected the page's text below the closing `---`, found none"]
    );
}

#[test]
fn the_retention_period_is_at_least_one_day() {
    let text = FORMS.replace("document_retention_days: 30", "document_retention_days: 0");
    let (l, c) = at(&text, "0\n  fields:");
    assert_eq!(
        errors(parse_forms("forms.yaml", &text)),
        [format!("forms.yaml:{l}:{c}: concierge.document_retention_days: expected a number of at least 14, found the number 0")]
    );
    let text = FORMS.replace("  document_retention_days: 30\n", "");
    assert!(errors(parse_forms("forms.yaml", &text))[0].contains("concierge.document_retention_days: missing"));
}
