use super::emails::{confirmation, lead, Links};
use super::*;
use crate::content::content;
use crate::submit::parse_urlencoded;

fn keys() -> links::SearchKeys {
    links::SearchKeys::new(b"0123456789abcdef0123456789abcdef", None)
}

fn search(query: &str) -> SavedSearch {
    SavedSearch {
        id: "00ff00ff00ff00ff".into(),
        address: keys().address_of("ana@example.com"),
        email: "ana@example.com".into(),
        name: "Ana Ruiz".into(),
        query: query.into(),
        frequency: Frequency::Daily,
        created_ms: 1_000,
        confirmed_ms: None,
        paused: false,
        since_ms: 0,
        sent_ms: None,
        unverified: false,
    }
}

#[test]
fn a_search_is_kept_as_its_filters_in_one_order_without_sort_page_or_empties() {
    assert_eq!(normalize("").as_deref(), Some(""));
    assert_eq!(
        normalize("?sort=price-asc&page=3&q=+Pool++dock+&beds=3&area=ortega&min_price=&type=condominium").as_deref(),
        Some("area=ortega&beds=3&type=condominium&q=Pool+dock")
    );
    // The last of a repeated parameter, as a URL's reader takes it; a line break is a space.
    assert_eq!(normalize("beds=2&beds=4&q=a%0Ab").as_deref(), Some("beds=4&q=a+b"));
    assert_eq!(normalize("unknown=1&utm_source=x").as_deref(), Some(""));
    assert_eq!(
        normalize("q=dock&min_acres=1&pool=1&waterfront=1&sort=size").as_deref(),
        Some("waterfront=1&pool=1&min_acres=1&q=dock")
    );
    assert_eq!(normalize(&format!("q={}", "w".repeat(QUERY_MAX))), None, "too long");
    // What it keeps finds what the site's search finds.
    let q = query_of("area=ortega&beds=3&q=Pool");
    assert_eq!((q.area.as_str(), q.beds, q.words().collect::<Vec<_>>()), ("ortega", 3, vec!["pool"]));
}

#[test]
fn a_search_reads_in_words_with_the_neighborhoods_names() {
    let form = &content().forms.saved_search;
    let areas = &content().areas;
    assert!(areas.iter().any(|(slug, name)| slug == "ortega" && name == "Ortega"), "{areas:?}");
    assert_eq!(describe("", form, areas), "Homes for sale");
    assert_eq!(
        describe(
            "area=ortega&min_price=500000&max_price=1250000&beds=3&baths=2&type=single-family-residence&status=active&q=pool+dock",
            form,
            areas
        ),
        "Homes for sale in Ortega, from $500K, up to $1.25M, 3+ beds, 2+ baths, Single family residence, Active, \
         matching “pool dock”"
    );
    assert_eq!(describe("area=nowhere-else", form, areas), "Homes for sale in Nowhere else");
    assert_eq!(
        describe(
            &normalize("min_acres=1.50&pool=1&waterfront=1&garage=2&new=1&open_house=1&reduced=1&max_days=30").unwrap(),
            form,
            areas
        ),
        "Homes for sale, 2+ garage spaces, on the market 30 days or fewer, on the water, with a pool, newly built, \
         open this weekend, price cut in the last 30 days, 1.5+ acres"
    );
    // Only "1" asks for a feature, and only acres with two decimals at most.
    assert_eq!(describe("waterfront=yes&pool=0&min_acres=0.125", form, areas), "Homes for sale");
}

#[test]
fn a_save_is_checked_by_the_forms_rules_and_names_each_bad_field() {
    let forms = &content().forms;
    let input =
        parse_urlencoded(b"email=Ana%40Example.com&name=Ana&frequency=weekly&search=area%3Dortega%26sort%3Dsize")
            .unwrap();
    assert_eq!(
        accept(&input, forms),
        Ok(Save {
            email: "Ana@Example.com".into(),
            name: "Ana".into(),
            frequency: Frequency::Weekly,
            query: "area=ortega".into()
        })
    );
    let bad = parse_urlencoded(b"email=not-an-address&frequency=hourly").unwrap();
    let fields: Vec<String> = accept(&bad, forms).unwrap_err().into_iter().map(|e| e.field).collect();
    assert_eq!(fields, ["email", "frequency"]);
    let missing = parse_urlencoded(b"frequency=daily").unwrap();
    assert_eq!(accept(&missing, forms).unwrap_err()[0].field, "email");
}

#[test]
fn a_searchs_key_names_its_address_and_id_and_nothing_else_parses_as_one() {
    let s = search("");
    assert_eq!(parse_key(&s.key()), Some((s.address.as_str(), "00ff00ff00ff00ff")));
    assert!(s.key().starts_with(&address_prefix(&s.address)));
    assert_eq!(parse_key("searches/../x.json"), None);
    assert_eq!(parse_key("timers/a/b.json"), None);
}

#[test]
fn the_manage_page_changes_one_search_at_a_time() {
    let s = search("beds=3");
    assert_eq!(
        Change::parse("frequency", Some("weekly")).unwrap().apply(s.clone(), 5).unwrap().frequency,
        Frequency::Weekly
    );
    assert_eq!(Change::parse("frequency", Some("hourly")), None);
    assert_eq!(Change::parse("frequency", None), None);
    let paused = Change::parse("pause", None).unwrap().apply(s.clone(), 5).unwrap();
    assert!(paused.paused);
    let resumed = Change::Resume.apply(paused, 9_000).unwrap();
    assert!(!resumed.paused);
    assert_eq!(resumed.since_ms, 9_000, "resumed, it hears of what changes from then on");
    assert_eq!(Change::Resume.apply(s.clone(), 9_000).unwrap().since_ms, 0, "not paused: nothing changes");
    assert_eq!(Change::Delete.apply(s, 5), None);
    assert_eq!(Change::parse("explode", None), None);
}

#[test]
fn the_confirmation_goes_to_the_buyer_and_the_lead_to_the_agent_with_the_search_in_words() {
    let form = &content().forms.saved_search;
    let links = Links {
        confirm: "https://movetojax.com/api/searches/confirm?t=abc".into(),
        manage: "https://movetojax.com/homes/alerts/#def".into(),
    };
    let page = "https://movetojax.com/homes/?area=ortega";
    let s = search("area=ortega");
    let c = confirmation(form, "Move to JAX", &s, &content().areas, &links);
    assert_eq!(c.get("to_email"), Some("ana@example.com"));
    assert_eq!(c.get("subject"), Some("Confirm your saved search: Homes for sale in Ortega"));
    let message = c.get("message").unwrap();
    assert!(message.contains(&links.confirm) && message.contains(&links.manage), "{message}");
    assert_eq!(c.get("confirm_url"), Some(links.confirm.as_str()));
    let l = lead(form, "agent@example.com", &s, &content().areas, page);
    assert_eq!(l.get("to_email"), Some("agent@example.com"));
    assert_eq!(l.get("from_email"), Some("ana@example.com"));
    assert_eq!(l.get("subject"), Some("A new saved search from Ana Ruiz: Homes for sale in Ortega"));
    let message = l.get("message").unwrap();
    assert!(message.contains("a new saved search") && message.contains(page), "{message}");
    assert!(message.contains("once a day"), "{message}");
    // Without a name, the address stands in; a name cannot add a line to the subject.
    let nameless = SavedSearch { name: String::new(), ..s.clone() };
    assert_eq!(lead(form, "a@b.co", &nameless, &[], page).get("from_name"), Some("ana@example.com"));
    let sly = SavedSearch { name: "Ana\nBcc: x@y.z".into(), ..s };
    assert!(!lead(form, "a@b.co", &sly, &[], page).get("subject").unwrap().contains('\n'));
}

/// The report's phishing: a stranger's name and search words, in every e-mail and CRM record a
/// save causes, link nothing and carry no markup (spec/cases/hostile-text.json).
#[test]
fn a_strangers_name_and_words_are_inert_in_every_email_and_crm_record() {
    let form = &content().forms.saved_search;
    let links = Links {
        confirm: "https://movetojax.com/api/searches/confirm?t=abc".into(),
        manage: "https://movetojax.com/homes/alerts/#def".into(),
    };
    let page = "https://movetojax.com/homes/?q=x".to_string();
    // The site's own: its links, and the buyer's checked address in the template's `<{email}>`.
    let address = "<ana@example.com>".to_string();
    let own = [&links.confirm, &links.manage, &page, &address];
    for case in crate::words::hostile_cases() {
        let query = normalize(&format!("q={}", urlencoding(&case.text))).unwrap();
        let s = SavedSearch { name: case.text.clone(), query, ..search("") };
        let c = confirmation(form, "Move to JAX", &s, &content().areas, &links);
        let l = lead(form, "agent@example.com", &s, &content().areas, &page);
        let crm = crate::crm::Lead::of("id", crate::form::FormKind::SavedSearch, &l.0, None);
        let sinks = [
            ("confirmation subject", c.get("subject").unwrap().to_string()),
            ("confirmation message", c.get("message").unwrap().to_string()),
            ("confirmation from_name", c.get("from_name").unwrap().to_string()),
            ("lead subject", l.get("subject").unwrap().to_string()),
            ("lead message", l.get("message").unwrap().to_string()),
            ("lead from_name", l.get("from_name").unwrap().to_string()),
            ("CRM name", crm.name),
            ("CRM message", crm.message),
        ];
        for (sink, text) in sinks {
            let mut rest = text.clone();
            for link in own {
                rest = rest.replace(link.as_str(), "");
            }
            assert!(!rest.contains("://") && !rest.contains(['<', '>']), "{}: {sink}: {text}", case.why);
        }
        assert!(c.get("subject").unwrap().contains(&format!("“{}”", case.inert)), "{}", case.why);
        assert_eq!(l.get("from_name"), Some(case.inert.as_str()), "{}", case.why);
    }
    // A long run of words is cut in the e-mail; its quotation marks are the site's.
    let long = SavedSearch { query: normalize(&format!("q={}", "w".repeat(200))).unwrap(), ..search("") };
    let subject = confirmation(form, "Move to JAX", &long, &[], &links).get("subject").unwrap().to_string();
    assert!(subject.ends_with(&format!("{}…”", "w".repeat(WORDS_SHOWN_MAX - 1))), "{subject}");
    let closing = SavedSearch { query: normalize("q=pool%E2%80%9D+and+more").unwrap(), ..search("") };
    assert!(describe(&closing.query, form, &[]).ends_with("matching “pool\" and more”"));
}

fn urlencoding(s: &str) -> String {
    form_urlencoded::byte_serialize(s.as_bytes()).collect()
}
