use super::*;
use crate::content::content;
use crate::searches::Frequency;
use jax_model::search::Facts;

const HOUR: u64 = HOUR_MS;
const DAY: u64 = DAY_MS;
/// 2025-11-20T00:00:00Z.
const T0: u64 = 1_763_596_800_000;

fn search(frequency: Frequency, query: &str) -> SavedSearch {
    SavedSearch {
        id: "0123456789abcdef".into(),
        address: "ab".repeat(16),
        email: "ana@example.com".into(),
        name: "Ana".into(),
        query: query.into(),
        frequency,
        created_ms: T0,
        confirmed_ms: Some(T0),
        paused: false,
        since_ms: T0,
        sent_ms: None,
        unverified: false,
    }
}

fn home(n: &str, price: u64, area: &str, words: &str) -> NewsHome {
    NewsHome {
        mls_number: n.into(),
        reason: "New listing".into(),
        facts: Facts {
            price,
            beds: 3,
            baths: 2,
            area: area.into(),
            kind: "single-family-residence".into(),
            status: "active".into(),
            words: Facts::words_of(words.split(' ')),
            ..Facts::default()
        },
        title: format!("{n} Oak Lane"),
        place: "Jacksonville, FL 32210".into(),
        price: format!("${price}"),
        features: "3 Beds · 2 Baths".into(),
        office: "Listed by Harbor & Sons".into(),
        path: format!("/homes/{n}/"),
        photo: Some(format!("/images/{n}.jpg")),
    }
}

#[test]
fn a_sweep_starts_for_a_newer_import_or_once_a_day_and_goes_on_until_it_finishes() {
    let mut s = Sweep::default();
    // Before noon UTC with no import: nothing.
    assert!(!s.start(0, T0 + 11 * HOUR));
    assert!(s.start(T0 + HOUR, T0 + 11 * HOUR), "a newer import");
    assert_eq!(s.running, Some(Running { through_ms: T0 + HOUR, checked_ms: 0, after: String::new() }));
    assert!(s.start(T0 + 2 * HOUR, T0 + 11 * HOUR), "one at a time: it goes on");
    assert_eq!(s.running.as_ref().unwrap().through_ms, T0 + HOUR);
    s.finish();
    assert_eq!((s.done_ms, s.running.is_none()), (T0 + HOUR, true));
    assert!(!s.start(T0 + HOUR, T0 + 11 * HOUR), "nothing newer");
    assert!(s.start(T0 + HOUR, T0 + 12 * HOUR), "the day's sweep");
    assert_eq!(s.running.as_ref().unwrap().checked_ms, T0 + HOUR);
    s.finish();
    assert!(!s.start(T0 + HOUR, T0 + 20 * HOUR), "once a day");
    assert!(s.start(T0 + HOUR, T0 + DAY + 12 * HOUR), "the next day's");
}

#[test]
fn the_sweep_and_the_builds_files_read_back_as_written() {
    let mut s = Sweep::default();
    assert_eq!(Sweep::of(&serde_json::to_value(&s).unwrap()), s);
    s.start(T0 + HOUR, T0 + 13 * HOUR);
    s.count_sent(T0);
    assert_eq!(Sweep::of(&serde_json::to_value(&s).unwrap()), s);
    assert_eq!(Sweep::of(&serde_json::json!("nonsense")), Sweep::default());
    let index = NewsIndex { imports: vec![NewsImport { at_ms: 5, path: "/data/homes/news/5.json".into(), homes: 2 }] };
    assert_eq!(index_of(&serde_json::to_value(&index).unwrap()), Some(index));
    let featured = Facts {
        waterfront: true,
        garage: 2,
        acres: 125,
        listed: 20_400,
        open_house: 20_430,
        ..home("3", 2, "", "").facts
    };
    let news = News {
        at_ms: 5,
        homes: vec![
            home("1", 500_000, "ortega", "pool"),
            NewsHome { photo: None, ..home("2", 1, "", "") },
            NewsHome { facts: featured, ..home("3", 2, "", "") },
        ],
    };
    assert_eq!(news_of(&serde_json::to_value(&news).unwrap()), Some(news));
    assert_eq!(news_of(&serde_json::json!({"at_ms": 5, "homes": [{"mls_number": "1"}]})), None, "a home half there");
}

#[test]
fn the_days_allowance_counts_alerts_of_its_own_day() {
    let mut s = Sweep::default();
    assert_eq!(s.left_today(T0, 2), 2);
    s.count_sent(T0);
    s.count_sent(T0 + HOUR);
    assert_eq!(s.left_today(T0 + 2 * HOUR, 2), 0);
    assert_eq!(s.left_today(T0 + DAY, 2), 2, "a new day");
    s.count_sent(T0 + DAY);
    assert_eq!((s.sent, s.left_today(T0 + DAY, 2)), (1, 1));
}

#[test]
fn a_search_is_due_once_confirmed_unpaused_and_its_period_over() {
    let instant = search(Frequency::Instant, "");
    assert!(due(&instant, T0 + 1));
    assert!(!due(&SavedSearch { confirmed_ms: None, ..instant.clone() }, T0 + DAY));
    assert!(!due(&SavedSearch { paused: true, ..instant.clone() }, T0 + DAY));
    let daily = SavedSearch { sent_ms: Some(T0), ..search(Frequency::Daily, "") };
    assert!(!due(&daily, T0 + 19 * HOUR));
    assert!(due(&daily, T0 + 20 * HOUR));
    let weekly = search(Frequency::Weekly, "");
    assert!(!due(&weekly, T0 + 6 * DAY));
    assert!(due(&weekly, T0 + 7 * DAY));
}

#[test]
fn a_search_gets_the_newly_matching_homes_of_the_imports_since_it_was_last_told() {
    let first = News {
        at_ms: T0 + HOUR,
        homes: vec![home("1", 500_000, "ortega", "pool dock"), home("2", 900_000, "ortega", "")],
    };
    let second = News {
        at_ms: T0 + 2 * HOUR,
        homes: vec![home("3", 450_000, "ortega", "saltwater pool"), home("1", 480_000, "ortega", "pool dock")],
    };
    let third = News { at_ms: T0 + 3 * HOUR, homes: vec![home("4", 400_000, "avondale", "pool")] };
    let news = [&first, &second, &third];
    let s = search(Frequency::Daily, "area=ortega&max_price=600000&q=pool");
    let numbers = |homes: Vec<&NewsHome>| homes.iter().map(|h| h.mls_number.clone()).collect::<Vec<_>>();
    // Newest import first, each home once; the third import is past the sweep's end.
    assert_eq!(numbers(homes_for(&s, T0, T0 + 2 * HOUR, &news, T0)), ["3", "1"]);
    assert_eq!(numbers(homes_for(&s, T0 + HOUR, T0 + 2 * HOUR, &news, T0)), ["3", "1"]);
    assert_eq!(numbers(homes_for(&s, T0 + 2 * HOUR, T0 + 3 * HOUR, &news, T0)), Vec::<String>::new());
    let r = Running { through_ms: T0 + 2 * HOUR, checked_ms: T0 + HOUR, after: String::new() };
    assert_eq!(imports_needed(&s, &r, &[T0 + HOUR, T0 + 2 * HOUR, T0 + 3 * HOUR]), [T0 + HOUR, T0 + 2 * HOUR]);
    // Sent as they come, it was looked at by the sweep before.
    let instant = SavedSearch { frequency: Frequency::Instant, ..s.clone() };
    assert_eq!(since(&instant, &r), T0 + HOUR);
    assert_eq!(imports_needed(&instant, &r, &[T0 + HOUR, T0 + 2 * HOUR, T0 + 3 * HOUR]), [T0 + 2 * HOUR]);
}

#[test]
fn an_alert_shows_twelve_homes_then_links_the_rest_and_ends_as_the_law_and_the_mls_ask() {
    let t = &content().forms.saved_search.alert;
    let homes: &'static [NewsHome] =
        Vec::leak((1..=14).map(|n| home(&format!("{n}"), 500_000, "ortega", "")).collect());
    let refs: Vec<&NewsHome> = homes.iter().collect();
    let s = search(Frequency::Daily, "area=ortega");
    let links = links();
    let brokerage = ("Coastal <Luxury> Realty".to_string(), "1 Main St, Jacksonville, FL".to_string());
    let footer = Footer { brand: "Move to JAX", brokerage: &brokerage, disclaimer: "The data comes from the MLS." };
    let found = |homes: &[&'static NewsHome]| Found {
        words: "Homes for sale in Ortega".into(),
        search: "https://movetojax.com/homes/?area=ortega".into(),
        homes: homes.to_vec(),
    };
    let p = alert(t, &s.email, &[found(&refs)], &links, &footer);
    assert_eq!(p.get("to_email"), Some("ana@example.com"));
    assert_eq!(p.get("subject"), Some("14 new for your search: Homes for sale in Ortega"));
    let html = p.get("homes_html").unwrap();
    assert_eq!(html.matches("<img ").count(), 12, "at most twelve homes");
    assert!(html.contains("<img src=\"https://movetojax.com/images/1.jpg\""), "{html}");
    assert!(html.contains("<a href=\"https://movetojax.com/homes/1/\">1 Oak Lane</a>"), "{html}");
    assert!(html.contains("Listed by Harbor &amp; Sons"), "values are escaped: {html}");
    assert_eq!(p.get("more"), Some("2 more homes for this search"));
    assert!(html.contains(&format!(
        "<a href=\"{}\">2 more homes for this search</a>",
        "https://movetojax.com/homes/?area=ortega"
    )));
    let text = p.get("message").unwrap();
    assert!(text.contains("Listed by Harbor & Sons\nhttps://movetojax.com/homes/1/"), "{text}");
    assert!(!text.contains("13 Oak Lane"), "{text}");
    for end in [
        "You get this e-mail because you saved a search on Move to JAX and confirmed it: Homes for sale in Ortega.",
        "https://movetojax.com/api/searches/unsubscribe?t=x",
        "https://movetojax.com/homes/alerts/#x",
        "Move to JAX · Coastal <Luxury> Realty · 1 Main St, Jacksonville, FL",
        "The data comes from the MLS.",
    ] {
        assert!(text.contains(end), "{end} in {text}");
    }
    assert_eq!(p.get("unsubscribe_url"), Some(links.unsubscribe.as_str()));
    assert_eq!(p.get("sender"), Some("Move to JAX · Coastal <Luxury> Realty · 1 Main St, Jacksonville, FL"));
    // Twelve or fewer: no link to the rest.
    assert_eq!(alert(t, &s.email, &[found(&refs[..3])], &links, &footer).get("more"), Some(""));
}

fn links() -> AlertLinks {
    AlertLinks {
        site: "https://movetojax.com".into(),
        unsubscribe: "https://movetojax.com/api/searches/unsubscribe?t=x".into(),
        manage: "https://movetojax.com/homes/alerts/#x".into(),
    }
}

/// One e-mail an address a run: its searches' homes together, each once, twelve at most across
/// them, and a link to the rest of each.
#[test]
fn an_addresss_searches_share_one_alert_with_each_home_once_and_twelve_across_them() {
    let t = &content().forms.saved_search.alert;
    let homes: Vec<NewsHome> = (1..=16).map(|n| home(&format!("{n}"), 500_000, "ortega", "")).collect();
    let brokerage = ("Coastal Realty".to_string(), "1 Main St".to_string());
    let footer = Footer { brand: "Move to JAX", brokerage: &brokerage, disclaimer: "MLS." };
    let ortega = Found {
        words: "Homes for sale in Ortega".into(),
        search: "https://movetojax.com/homes/?area=ortega".into(),
        homes: homes[..10].iter().collect(),
    };
    // Three of the pool search's homes are Ortega's too.
    let pool = Found {
        words: "Homes for sale, matching “pool”".into(),
        search: "https://movetojax.com/homes/?q=pool".into(),
        homes: homes[7..16].iter().collect(),
    };
    let p = alert(t, "ana@example.com", &[ortega, pool], &links(), &footer);
    assert_eq!(p.get("subject"), Some("16 new for your 2 saved searches"));
    let html = p.get("homes_html").unwrap();
    assert_eq!(html.matches("<img ").count(), 12);
    assert_eq!(html.matches("/homes/8/\"").count(), 1, "a home both found, once");
    assert_eq!(
        p.get("more"),
        Some("Homes for sale, matching “pool”: 4 more homes for this search"),
        "the first search's ten are all shown; four of the pool's are not"
    );
    assert!(html.contains("<a href=\"https://movetojax.com/homes/?q=pool\">"), "{html}");
    assert_eq!(
        p.get("why"),
        Some(
            "You get this e-mail because you saved these searches on Move to JAX and confirmed them: Homes for sale in \
             Ortega; Homes for sale, matching “pool”."
        )
    );
}

#[test]
fn a_search_for_an_open_house_this_weekend_counts_the_weekend_from_the_day_in_jacksonville() {
    // T0 is 7 p.m. on Wednesday 2025-11-19 in Jacksonville; its weekend's Saturday is day 20,414.
    let open = |n: &str, day: u32| NewsHome {
        facts: Facts { waterfront: true, pool: true, open_house: day, ..home(n, 800_000, "ortega", "").facts },
        ..home(n, 800_000, "ortega", "")
    };
    let news = News {
        at_ms: T0 + HOUR,
        homes: vec![open("1", 20_414), open("2", 0), open("3", 20_421), home("4", 800_000, "ortega", "")],
    };
    let s = search(Frequency::Instant, "waterfront=1&pool=1&open_house=1");
    let numbers = |homes: Vec<&NewsHome>| homes.iter().map(|h| h.mls_number.clone()).collect::<Vec<_>>();
    assert_eq!(numbers(homes_for(&s, T0, T0 + 2 * HOUR, &[&news], T0)), ["1"]);
    // Sunday evening there: Saturday's is past; the next weekend's is not this one.
    assert_eq!(numbers(homes_for(&s, T0, T0 + 2 * HOUR, &[&news], T0 + 4 * DAY)), Vec::<String>::new());
    // The Monday after: the coming weekend's.
    assert_eq!(numbers(homes_for(&s, T0, T0 + 2 * HOUR, &[&news], T0 + 5 * DAY)), ["3"]);
}
