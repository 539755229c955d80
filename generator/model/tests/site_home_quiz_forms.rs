//! Parsing and validation of site.yaml, home.yaml, quiz.yaml and forms.yaml, starting from the
//! valid fixture site and breaking one thing at a time.

use jax_model::content::{parse_forms, parse_home, parse_quiz, parse_site};
use jax_model::quiz::ProfileKey::{self, *};

const SITE: &str = include_str!("../../tests/fixtures/valid/site.yaml");
const HOME: &str = include_str!("../../tests/fixtures/valid/home.yaml");
const QUIZ: &str = include_str!("../../tests/fixtures/valid/quiz.yaml");
const FORMS: &str = include_str!("../../tests/fixtures/valid/forms.yaml");

fn errors<T: std::fmt::Debug>(r: Result<T, jax_model::Diagnostics>) -> Vec<String> {
    r.expect_err("expected problems").0.iter().map(ToString::to_string).collect()
}

/// 1-based line and column of the first occurrence of `needle`.
fn at(text: &str, needle: &str) -> (usize, usize) {
    let i = text.find(needle).unwrap_or_else(|| panic!("{needle:?} not in text"));
    let line = text[..i].matches('\n').count() + 1;
    let col = i - text[..i].rfind('\n').map_or(0, |n| n + 1) + 1;
    (line, col)
}

#[test]
fn site_parses_and_makes_the_sms_number() {
    let s = parse_site("site.yaml", SITE).unwrap().data;
    assert_eq!(s.brand, "Move to JAX");
    assert_eq!(s.agent.phone_e164().as_deref(), Some("+19045550100"));
    assert_eq!(s.legal.copyright_year, 2024);
}

#[test]
fn site_rejects_a_bad_phone_email_url_and_menu_label() {
    let text = SITE
        .replace("phone: (904) 555-0100", "phone: call me")
        .replace("email: agent@example.com", "email: agent at example")
        .replace("url: https://realty.example.com/listings", "url: http://realty.example.com")
        .replace("menu: Open menu", "menu: Open navigation");
    let (pl, pc) = at(&text, "call me");
    let (el, ec) = at(&text, "agent at example");
    let (ul, uc) = at(&text, "http://realty");
    let (ml, mc) = at(&text, "Open navigation");
    assert_eq!(
        errors(parse_site("site.yaml", &text)),
        [
            format!("site.yaml:{pl}:{pc}: agent.phone: expected a 10-digit US phone number such as \"(904) 555-0147\", found \"call me\""),
            format!("site.yaml:{el}:{ec}: agent.email: expected an e-mail address, found \"agent at example\""),
            format!("site.yaml:{ul}:{uc}: brokerage.url: expected an https:// URL, found \"http://realty.example.com\""),
            format!("site.yaml:{ml}:{mc}: labels.nav.menu: expected a label containing the word \"menu\" (it names the mobile menu button)"),
        ]
    );
}

#[test]
fn home_parses_with_its_tabs_and_stats() {
    let h = parse_home("home.yaml", HOME).unwrap().data;
    assert_eq!(h.hero.title, "Discover Jacksonville");
    assert_eq!(h.neighborhoods.tabs.iter().map(|t| t.route.as_str()).collect::<Vec<_>>(), ["riverside", "san-marco"]);
    assert_eq!(h.developments.stats[0].value, "15+");
}

#[test]
fn home_reports_a_bad_image_and_a_missing_section() {
    let text = HOME.replace("image: images/hero.svg", "image: hero.gif");
    let (l, c) = at(&text, "hero.gif");
    assert_eq!(
        errors(parse_home("home.yaml", &text)),
        [format!(
            "home.yaml:{l}:{c}: hero.image: expected a .jpg, .jpeg, .png, .webp or .svg image, found \"hero.gif\""
        )]
    );
    let start = HOME.find("contact:").unwrap();
    let text = &HOME[..start];
    assert_eq!(
        errors(parse_home("home.yaml", text)),
        ["home.yaml:1:1: contact: missing (required: add `contact:` under the top level)"]
    );
}

fn quiz() -> jax_model::quiz::Quiz {
    parse_quiz("quiz.yaml", QUIZ).unwrap().data
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct ScoringCases {
    #[serde(rename = "_")]
    _about: String,
    tie_order: Vec<ProfileKey>,
    cases: Vec<ScoringCase>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct ScoringCase {
    name: String,
    tie_order: Option<Vec<ProfileKey>>,
    answers: Vec<ProfileKey>,
    expect: ProfileKey,
}

/// The same cases run against the island's copy (site/src/islands/dialogs/score.test.ts).
#[test]
fn scoring_cases_shared_with_the_browser() {
    let table: ScoringCases = serde_json::from_str(include_str!("../../../spec/cases/quiz-scoring.json")).unwrap();
    let mut q = quiz();
    for case in &table.cases {
        q.tie_order = case.tie_order.clone().unwrap_or_else(|| table.tie_order.clone());
        assert_eq!(q.score(&case.answers), case.expect, "{}", case.name);
    }
}

#[test]
fn the_tie_order_comes_from_content() {
    let text = QUIZ.replace(
        "tie_order: [coastal, urban, historic, eclectic, suburban]",
        "tie_order: [suburban, eclectic, historic, urban, coastal]",
    );
    assert_eq!(quiz().tie_order, [Coastal, Urban, Historic, Eclectic, Suburban]);
    let q = parse_quiz("quiz.yaml", &text).unwrap().data;
    assert_eq!(q.tie_order, [Suburban, Eclectic, Historic, Urban, Coastal]);
    assert_eq!(q.score(&[Suburban, Coastal]), Suburban);
}

#[test]
fn quiz_values_must_be_profile_keys() {
    let text = QUIZ.replacen("value: urban", "value: downtown", 1);
    let (l, c) = at(&text, "downtown");
    assert_eq!(
        errors(parse_quiz("quiz.yaml", &text)),
        [format!("quiz.yaml:{l}:{c}: questions[0].options[2].value: expected one of: historic, coastal, urban, eclectic, suburban; found text \"downtown\"")]
    );
    assert_eq!(ProfileKey::parse("urban"), Some(Urban));
    assert_eq!(ProfileKey::parse("downtown"), None);
}

#[test]
fn quiz_needs_six_numbered_questions() {
    let cut = QUIZ.find("  - id: q6").unwrap();
    let end = QUIZ.find("profiles:").unwrap();
    let text = format!("{}{}", &QUIZ[..cut], &QUIZ[end..]);
    assert_eq!(errors(parse_quiz("quiz.yaml", &text)), ["quiz.yaml:3:1: questions: expected exactly 6 items, found 5"]);
    let text = QUIZ.replace("id: q3", "id: q7");
    let (l, c) = at(&text, "q7");
    assert_eq!(
        errors(parse_quiz("quiz.yaml", &text)),
        [format!(
            "quiz.yaml:{l}:{c}: questions[2].id: expected \"q3\" (questions are numbered in order), found \"q7\""
        )]
    );
}

#[test]
fn forms_parse_with_lead_types_in_order() {
    let f = parse_forms("forms.yaml", FORMS).unwrap().data;
    let keys: Vec<&str> = f.lead_types().iter().map(|(k, _)| *k).collect();
    assert_eq!(keys, ["consultation", "buyer-guide", "cma-request"]);
    assert_eq!(f.lead.types.cma_request.require, ["propertyAddress"]);
    assert_eq!(f.concierge.documents.len(), 6);
    assert_eq!(f.concierge.max_file_bytes, 10 * 1024 * 1024);
}

#[test]
fn forms_keep_the_fields_the_code_reads_and_their_placeholders() {
    let text = FORMS
        .replace("    - {name: phone, label: Phone, type: tel, required: true}\n    - {name: propertyAddress, label: Property Address, type: text}\n", "    - {name: propertyAddress, label: Property Address, type: text}\n")
        .replace("subject: \"Consultation Request from {name}\"", "subject: Consultation Request")
        .replace("type: select, options: [{value: other, label: Other}]", "type: select")
        .replace("require: [propertyAddress]", "require: [address]");
    let got = errors(parse_forms("forms.yaml", &text));
    let (fl, _) = at(&text, "  fields:");
    let (sl, sc) = at(&text, "Consultation Request}");
    let (ol, oc) = at(&text, "{name: interestedIn");
    let (rl, rc) = at(&text, "address]");
    assert_eq!(
        got,
        [
            format!("forms.yaml:{fl}:3: lead.fields: missing the field \"phone\" (the site's code reads it)"),
            format!("forms.yaml:{ol}:{oc}: lead.fields[4]: a select needs `options`"),
            format!("forms.yaml:{sl}:{sc}: lead.types.consultation.subject: expected the placeholder {{name}} (the visitor's name)"),
            format!("forms.yaml:{rl}:{rc}: lead.types.cma-request.require[0]: no lead field is named \"address\""),
        ]
    );
}

#[test]
fn file_types_are_a_closed_list() {
    let text = FORMS.replacen("accept: [jpeg, png, pdf]", "accept: [jpeg, gif]", 1);
    let (l, c) = at(&text, "gif");
    assert_eq!(
        errors(parse_forms("forms.yaml", &text)),
        [format!(
            "forms.yaml:{l}:{c}: concierge.documents[0].accept[1]: expected one of: jpeg, png, pdf; found text \"gif\""
        )]
    );
}

#[test]
fn forms_no_script_pages_need_texts_the_phone_and_no_unknown_placeholder() {
    let f = parse_forms("forms.yaml", FORMS).unwrap().data;
    assert_eq!(f.no_script.thank_you.title, "Thank You");
    assert!(f.no_script.error.text.contains("{phone}"));
    assert_eq!(f.no_script.error.back, "Back to the Form");
    let text = FORMS
        .replace(
            "thank_you: {title: Thank You, text: Your message has reached Alexandra.}",
            "thank_you: {title: \" \", text: \"Write to {email}.\"}",
        )
        .replace("or call {phone}.", "or call us.");
    let (tl, tc) = at(&text, "\" \"");
    let (xl, xc) = at(&text, "\"Write to");
    let (el, ec) = at(&text, "\"Some details");
    let (cl, cc) = at(&text, "\"A document was missing");
    assert_eq!(
        errors(parse_forms("forms.yaml", &text)),
        [
            format!("forms.yaml:{tl}:{tc}: no_script.thank_you.title: expected a text, found nothing"),
            format!("forms.yaml:{xl}:{xc}: no_script.thank_you.text: unknown placeholder: only {{phone}} is filled in"),
            format!("forms.yaml:{el}:{ec}: no_script.error.text: expected the placeholder {{phone}} (the agent's phone, so a visitor can call instead)"),
            format!("forms.yaml:{cl}:{cc}: no_script.concierge_error.text: expected the placeholder {{phone}} (the agent's phone, so a visitor can call instead)"),
        ]
    );
    let text = FORMS.replace("no_script:\n", "no_script:\n  extra: 1\n");
    assert!(errors(parse_forms("forms.yaml", &text))[0].contains("no_script.extra"), "unknown keys are refused");
}

#[test]
fn the_mls_block_is_optional_and_its_hosts_must_be_https() {
    assert!(parse_site("site.yaml", SITE).unwrap().data.mls.is_none(), "no mls: block, no MLS pages");
    let site = include_str!("../../../content/site.yaml");
    let labels = &site[site.find("\n  labels:\n    title: Homes").unwrap()..];
    // The mls block's labels, up to the blank line that ends the block.
    let labels = &labels[..labels.find("\n\n").map_or(labels.len(), |end| end + 1)];
    let payment = &site[site.find("\n  payment:\n").unwrap()..site.find("\n  labels:\n    title: Homes").unwrap()];
    let block = format!("\nmls:\n  name: Northeast Florida MLS\n  disclaimer: Deemed reliable, not guaranteed.\n  media_host: https://photos.mls.example{payment}{labels}");
    let good = format!("{SITE}{block}");
    let mls = parse_site("site.yaml", &good).unwrap().data.mls.unwrap();
    assert_eq!((mls.media_origin(), mls.show_sold, mls.feed.as_deref()), ("https://photos.mls.example", false, None));
    let bad = format!(
        "{SITE}{}  feed: http://api.mls.example/odata/Property\n",
        block
            .replace("https://photos.mls.example", "https://photos.mls.example/some/path")
            .replace("Deemed reliable, not guaranteed.", "\" \"")
    );
    let text = errors(parse_site("site.yaml", &bad));
    assert_eq!(text.len(), 3, "{text:#?}");
    assert!(text[0].contains("mls.disclaimer"), "{text:#?}");
    assert!(text.iter().any(|t| t.contains("mls.media_host: expected an https:// origin")), "{text:#?}");
    assert!(
        text.iter()
            .any(|t| t.contains("mls.feed: expected an https:// URL, found \"http://api.mls.example/odata/Property\"")),
        "{text:#?}"
    );
}

#[test]
fn the_editor_block_names_a_github_repository_and_who_may_sign_in() {
    assert!(parse_site("site.yaml", SITE).unwrap().data.editor.is_none(), "no editor: block, no sign-in");
    let good = format!("{SITE}\neditor:\n  repository: movetojax/site\n  accounts: [awhitfield]\n");
    let editor = parse_site("site.yaml", &good).unwrap().data.editor.unwrap();
    assert_eq!((editor.repository.as_str(), editor.branch.as_str()), ("movetojax/site", "main"));
    let bad = format!("{SITE}\neditor:\n  repository: movetojax\n  branch: \"my branch\"\n  accounts: [aw--x]\n");
    let text = errors(parse_site("site.yaml", &bad));
    assert_eq!(text.len(), 3, "{text:#?}");
    assert!(text[0].contains("editor.repository: expected a GitHub repository as owner/name, such as \"movetojax/site\", found \"movetojax\""), "{text:#?}");
    assert!(text[1].contains("editor.branch: expected a branch name, found \"my branch\""), "{text:#?}");
    assert!(
        text[2].contains(
            "editor.accounts[0]: expected a GitHub user name (letters, digits and single hyphens), found \"aw--x\""
        ),
        "{text:#?}"
    );
    let nobody = format!("{SITE}\neditor:\n  repository: movetojax/site\n  accounts: []\n");
    assert!(errors(parse_site("site.yaml", &nobody))[0]
        .contains("editor.accounts: expected at least one GitHub account: nobody could sign in"));
}

#[test]
fn the_listing_gallerys_texts_keep_their_placeholders() {
    // The fixture site has no MLS: the real site.yaml, broken twice.
    let text = include_str!("../../../content/site.yaml")
        .replace("all: \"All {count} photos\"", "all: All photos")
        .replace("counter: \"{n} / {total}\"", "counter: \"{n} of them\"");
    let (al, ac) = at(&text, "All photos");
    let (cl, cc) = at(&text, "\"{n} of them\"");
    assert_eq!(
        errors(parse_site("site.yaml", &text)),
        [
            format!("site.yaml:{al}:{ac}: mls.labels.gallery.all: expected the placeholder {{count}} in the text"),
            format!("site.yaml:{cl}:{cc}: mls.labels.gallery.counter: expected the placeholders {{n}} and {{total}} in the text"),
        ]
    );
}

#[test]
fn the_payment_estimates_figures_are_percents_and_its_term_one_offered() {
    let text = include_str!("../../../content/site.yaml")
        .replace("    rate_percent: 6.5\n", "    rate_percent: 65\n")
        .replace("    terms: [15, 20, 30]\n    years: 30\n", "    terms: [15, 0]\n    years: 30\n")
        .replace("bad_rate: \"Enter a rate from 0 to {max}%.\"", "bad_rate: Enter a rate.");
    let (rl, rc) = at(&text, "rate_percent: 65");
    let (rc, tl) = (rc + "rate_percent: ".len(), at(&text, "terms: [15, 0]").0);
    let tc = at(&text, "terms: [15, 0]").1 + "terms: [15, ".len();
    let (yl, yc) = at(&text, "30\n    # Home insurance");
    let (bl, bc) = at(&text, "Enter a rate.");
    assert_eq!(
        errors(parse_site("site.yaml", &text)),
        [
            format!("site.yaml:{rl}:{rc}: mls.payment.rate_percent: expected a percent from 0 to 30, found 65"),
            format!("site.yaml:{tl}:{tc}: mls.payment.terms[1]: expected 1 to 50 years, found 0"),
            format!("site.yaml:{yl}:{yc}: mls.payment.years: expected one of the terms (15, 0), found 30"),
            format!("site.yaml:{bl}:{bc}: mls.labels.payment.bad_rate: expected the placeholder {{max}} in the text"),
        ]
    );
}

#[test]
fn the_mls_photos_setting_is_first_unless_all_and_a_bad_value_is_named_where_it_is() {
    let site = include_str!("../../../content/site.yaml");
    let mls = |text: &str| parse_site("site.yaml", text).unwrap().data.mls.unwrap();
    assert_eq!(mls(site).photos, jax_model::mls::PhotoSet::First, "absent: first, as before");
    let with = |value: &str| site.replace("  show_sold: false\n", &format!("  show_sold: false\n  photos: {value}\n"));
    assert_eq!(mls(&with("all")).photos, jax_model::mls::PhotoSet::All);
    assert_eq!(mls(&with("first")).photos, jax_model::mls::PhotoSet::First);
    let bad = with("every");
    let (line, _) = at(&bad, "photos: every");
    let text = errors(parse_site("site.yaml", &bad));
    assert_eq!(text.len(), 1, "{text:#?}");
    assert!(text[0].starts_with(&format!("site.yaml:{line}:")), "{text:#?}");
    assert!(text[0].contains("every") && text[0].contains("first") && text[0].contains("all"), "{text:#?}");
}
