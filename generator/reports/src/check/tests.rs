//! The MDX check on small reports: components, positions, and what is refused.

use super::*;

fn report(body: &str) -> Report {
    let text = format!("---\ntitle: T\ndate: 2024-10-01\ndescription: D\n---\n{body}");
    jax_model::report::parse("r.mdx", "r", &text).unwrap()
}

fn known() -> Known<'static> {
    Known {
        months: 2,
        areas: ["ortega", "riverside"].into_iter().collect(),
        listings: ["a"].into_iter().collect(),
        forms: vec!["consultation".into(), "contact".into()],
    }
}

/// The problems as `line:column: message`, file lines (the body starts on line 6).
fn problems(body: &str) -> Vec<String> {
    match check(&report(body), &known()) {
        Ok(_) => Vec::new(),
        Err(d) => d.iter().map(|d| format!("{}:{}: {}", d.line, d.column, d.message)).collect(),
    }
}

#[test]
fn components_in_document_order_and_headings_under_the_title() {
    let ok = check(
        &report("# A\n\n<Snapshot area=\"ortega\" />\n\n<Trend areas={[\"ortega\", \"riverside\"]} figure=\"yoy\" />\n\n### B <Cta form=\"contact\">Call **me**</Cta>\n\n<Listing id=\"a\" />\n"),
        &known(),
    )
    .unwrap();
    assert_eq!(
        ok.components,
        vec![
            Component::Snapshot { area: "ortega".into() },
            Component::Trend { areas: vec!["ortega".into(), "riverside".into()], figure: Figure::Growth },
            Component::Cta { form: "contact".into(), flow: false },
            Component::Listing { id: "a".into() },
        ]
    );
    assert_eq!(ok.heading_shift, 1);
}

#[test]
fn syntax_errors_point_into_the_file() {
    let p = problems("Text\n\n<Snapshot area=\"ortega\" /\n");
    assert_eq!(
        p,
        ["8:1: MDX syntax error: a tag that starts here is never closed with `>` (to show a `<`, write `\\<`)"]
    );
    let p = problems("Text\n\n<Cta form=\"contact\">\nunclosed\n");
    assert_eq!(p.len(), 1, "{p:?}");
    assert!(p[0].starts_with("10:1: MDX syntax error: Expected a closing tag for `<Cta>`"), "{p:?}");
    assert_eq!(problems("Less is more: 3 \\< 4, and <Cta form=\"contact\">go</Cta>.\n"), Vec::<String>::new());
}

#[test]
fn refuses_what_check_and_render_could_disagree_on() {
    assert_eq!(problems("{/* a note, <Snapshot area=\"nowhere\" /> */}\n\nText {/* too */}.\n"), Vec::<String>::new());
    let p = problems("import x from 'y'\n\nIt rose {1 + 1}.\n\n<Snapshot area=\"ortega\">x</Snapshot>\n\nSee <Listing id=\"a\" /> here.\n\n<Cta form=\"contact\">\n- one\n</Cta>\n");
    assert_eq!(p.len(), 5, "{p:?}");
    assert!(p[0].starts_with("6:1: `import` and `export` are not allowed"), "{p:?}");
    assert!(p[1].starts_with("8:9: `{…}` expressions are not allowed"), "{p:?}");
    assert!(p[2].starts_with("10:1: <Snapshot> must stand on a line of its own"), "{p:?}");
    assert!(p[3].starts_with("12:5: <Listing> must stand on a line of its own"), "{p:?}");
    assert!(p[4].starts_with("14:1: <Cta> holds one line of text"), "{p:?}");
}

#[test]
fn attribute_problems_point_at_the_attribute() {
    let p = problems("<Trend\n  areas={[\"ortega\", 3]}\n  figure=\"median\"\n/>\n\n<Cta form=\"x\" />\n");
    assert_eq!(p.len(), 3, "{p:?}");
    assert!(p[0].starts_with("7:3: `areas` must be a list of neighborhoods"), "{p:?}");
    assert!(p[1].starts_with("11:6: `form` must be one of consultation, contact, found \"x\""), "{p:?}");
    assert!(p[2].starts_with("11:1: <Cta> needs its text"), "{p:?}");
}

#[test]
fn a_trend_needs_two_snapshots() {
    let text = "---\ntitle: T\ndate: 2024-10-01\ndescription: D\n---\n<Trend areas={[\"ortega\"]} figure=\"yoy\" />\n";
    let r = jax_model::report::parse("r.mdx", "r", text).unwrap();
    let known =
        Known { months: 1, areas: ["ortega"].into_iter().collect(), listings: Default::default(), forms: Vec::new() };
    let p = check(&r, &known).unwrap_err();
    assert!(
        p[0].message.starts_with("<Trend> charts figures over months, and content/market has 1 published snapshot;"),
        "{p:?}"
    );
}
