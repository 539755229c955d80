use super::files::{cut, may_start};
use super::*;
use crate::check::check;
use crate::homes::{Home, Homes};
use jax_model::search::lowercase;
use serde_json::json;

/// The words of `text` as the index keeps them (jax_model::search's, which the shared cases,
/// spec/cases/search-words.json, test against the index's own steps).
fn words(text: &str) -> Vec<String> {
    jax_model::search::words(text)
}

fn listing(n: u32, modified: &str, address_shown: bool, status: &str) -> crate::record::Property {
    let record = json!({
        "ListingKey": format!("K{n}"), "ListingId": format!("21{n:05}"), "StandardStatus": status,
        "ListPrice": 400_000 + n * 1000, "BedroomsTotal": n, "LivingArea": 1500.4,
        "UnparsedAddress": format!("{n} Hidden Oak Lane"), "City": "Jacksonville", "PostalCode": "32210-1234",
        "SubdivisionName": "Ortega Forest", "PublicRemarks": "Saltwater POOL, dock.",
        "PropertySubType": if n.is_multiple_of(2) { "Condominium" } else { "Single Family Residence" },
        "ListOfficeName": "Harbor Realty", "ModificationTimestamp": modified,
        "InternetEntireListingDisplayYN": true, "InternetAddressDisplayYN": address_shown,
        "WaterfrontYN": n.is_multiple_of(2), "PoolPrivateYN": n.is_multiple_of(3), "GarageSpaces": n % 4,
        "LotSizeAcres": f64::from(n) * 0.1, "OnMarketDate": format!("2026-10-{:02}", n % 28 + 1),
        "NewConstructionYN": n.is_multiple_of(5),
    });
    check(&record, "x").unwrap()
}

#[test]
fn columns_follow_the_lists_order_and_words_keep_what_may_be_shown() {
    let homes = Homes::new(
        None,
        vec![
            listing(1, "2026-11-01T00:00:00Z", true, "Active"),
            listing(2, "2026-11-03T00:00:00Z", false, "Pending"),
            listing(3, "2026-11-02T00:00:00Z", true, "Closed"),
            listing(4, "2026-11-04T00:00:00Z", true, "Coming Soon"),
        ],
        &[],
    );
    let (index, shards) = build(&homes);
    // Newest first; the sold one is not for sale.
    assert_eq!(index.price, [404_000, 402_000, 401_000]);
    assert_eq!(
        (index.beds.as_slice(), index.baths.as_slice(), index.sqft.as_slice()),
        ([4, 2, 1].as_slice(), [0, 0, 0].as_slice(), [1500, 1500, 1500].as_slice())
    );
    assert_eq!(index.meta.size, 3);
    assert_eq!(index.meta.areas, [""]);
    assert_eq!(index.area, [0, 0, 0]);
    assert_eq!(index.meta.kinds, ["", "condominium", "single-family-residence"]);
    assert_eq!(index.kind, [1, 1, 2]);
    assert_eq!(index.meta.statuses, ["coming-soon", "pending", "active"]);
    assert_eq!(index.status, [0, 1, 2]);
    // Places as gaps: "pool" is in all three, the street number "4" is too short to be a word.
    assert_eq!(shards["po"]["pool"], [0, 1, 1]);
    assert_eq!(shards["32"]["32210"], [0, 1, 1]);
    assert_eq!(shards["21"]["2100002"], [1]);
    // Listing 2 hides its address: its street's words are the others' only.
    assert_eq!(shards["hi"]["hidden"], [0, 2]);
    assert!(!shards.values().any(|s| s.contains_key("1234")), "the ZIP+4's extension is not a word of the listing");
}

/// A saved search's alert sees a listing as the site's search does: the index holds exactly
/// each listing's facts (its figures coded, its words at its place), so `Query::matches` on
/// `facts` finds what the island finds on the index (both run spec/cases/search-filters.json).
#[test]
fn the_index_holds_each_listings_facts() {
    let homes = Homes::new(
        None,
        (1..=40).map(|n| listing(n, &format!("2026-11-01T00:{n:02}:00Z"), n % 3 != 0, "Active")).collect(),
        &[],
    );
    let (index, shards) = build(&homes);
    let listed: Vec<&Home> = homes.for_sale_in(None).collect();
    let mut words_at: Vec<std::collections::BTreeSet<String>> = vec![Default::default(); listed.len()];
    for shard in shards.values() {
        for (word, gaps) in shard {
            let mut at = 0;
            for gap in gaps {
                at += *gap as usize;
                words_at[at].insert(word.clone());
            }
        }
    }
    let code = |codes: &[String], value: &str| codes.iter().position(|c| c == value).unwrap() as u32;
    let clock = Clock::of(&homes);
    for (i, h) in listed.iter().enumerate() {
        let f = facts(h, &clock);
        assert_eq!((index.price[i], index.beds[i], index.baths[i]), (f.price, f.beds, f.baths), "{i}");
        let b = FEATURE_BITS;
        let bits = [(f.waterfront, b.waterfront), (f.pool, b.pool), (f.new_construction, b.new_construction)];
        assert_eq!(index.features[i], bits.iter().filter(|(yes, _)| *yes).map(|(_, bit)| bit).sum::<u32>(), "{i}");
        assert_eq!(
            [index.garage[i], index.acres[i], index.listed[i], index.reduced[i], index.open_house[i]],
            [f.garage, f.acres, f.listed, f.reduced, f.open_house],
            "{i}"
        );
        assert_eq!(index.area[i], code(&index.meta.areas, &f.area));
        assert_eq!(index.kind[i], code(&index.meta.kinds, &f.kind));
        assert_eq!(index.status[i], code(&index.meta.statuses, &f.status));
        assert_eq!(words_at[i], f.words.split('\n').skip(1).map(String::from).collect(), "{i}: the words at its place");
    }
    let q = jax_model::search::Query::from_params(|n| (n == "q").then_some("hidden oak"));
    let found = listed.iter().filter(|h| q.matches(&facts(h, &clock), clock.today)).count();
    assert_eq!(found, 27, "the 27 whose address may show");
}

/// Each shard of `order` as meta.json names it: where it starts, its folder and its cards.
fn shards_of(out: &[jax_output::Output], order: &str) -> Vec<(u64, String, Vec<String>)> {
    let meta: serde_json::Value = serde_json::from_slice(&out[0].bytes).unwrap();
    let listed = &meta["shards"][order];
    let from = listed["from"].as_array().unwrap();
    let hash = listed["hash"].as_array().unwrap();
    assert_eq!(from.len(), hash.len());
    from.iter()
        .zip(hash)
        .map(|(from, hash)| {
            let hash = hash.as_str().unwrap();
            let path = format!("data/search/{hash}/cards/{order}.json");
            let file = out.iter().find(|o| o.path == path).unwrap_or_else(|| panic!("no {path}"));
            assert_eq!(&blake3::hash(&file.bytes).to_hex()[..10], hash, "in the folder of its hash");
            (from.as_u64().unwrap(), hash.to_string(), serde_json::from_slice(&file.bytes).unwrap())
        })
        .collect()
}

#[test]
fn shards_start_where_their_cards_say_within_their_bounds() {
    // Every 40th card may start one: cut at it once 16 are held; 128 at most.
    let starts = cut((0..400).map(|i| i % 40 == 39));
    assert_eq!(starts, [0, 39, 79, 119, 159, 199, 239, 279, 319, 359, 399]);
    assert_eq!(cut((0..300).map(|_| false)), [0, 128, 256], "none may: the largest shards");
    assert_eq!(cut((0..40).map(|_| true)), [0, 16, 32], "all may: the smallest");
    assert_eq!(cut(std::iter::empty()), Vec::<usize>::new());
    // About one id in SHARD_SPREAD may.
    let may = (0..10_000).filter(|n| may_start(&format!("21{n:05}"))).count();
    assert!((200..430).contains(&may), "{may} of 10,000");
}

#[test]
fn cards_go_in_shards_each_file_in_the_folder_of_its_hash_and_an_import_renames_few() {
    let listings: Vec<_> = (1..=400)
        .map(|n| listing(n % 10 + 1, &format!("2026-11-01T{:02}:{:02}:00Z", n / 60, n % 60), true, "Active"))
        .zip(1..)
        .map(|(mut p, n): (crate::record::Property, u32)| {
            // Each its own: its MLS number, its price (400,000 + 1,000n) and its day on the market.
            p.listing_id = format!("21{n:05}");
            p.listing_key = format!("K{n}");
            p.list_price = 400_000 + u64::from(n) * 1000;
            p.facts.on_market_date = jiff::civil::date(2025, 1, 1).checked_add(jiff::Span::new().days(n)).ok();
            p
        })
        .collect();
    let homes = Homes::new(None, listings.clone(), &[]);
    let html = |h: &Home| format!("<article>{}</article>", h.card_id);
    let cards: Vec<String> = homes.for_sale_in(None).map(html).collect();
    let cards: Vec<&str> = cards.iter().map(String::as_str).collect();
    let out = outputs(prepare(&homes).unwrap(), &cards).unwrap();
    let meta: serde_json::Value = serde_json::from_slice(&out[0].bytes).unwrap();
    assert_eq!(out[0].path, "data/homes/meta.json");
    assert_eq!(meta["size"].as_u64(), Some(400));
    let files = meta["files"].as_object().unwrap();
    let shards: usize = ["newest", "price", "size"].map(|o| shards_of(&out, o).len()).iter().sum();
    assert_eq!(files.len() + shards, out.len() - 1, "meta.json names every file");
    assert!(files.values().all(|h| h.as_str().unwrap().len() == 10));
    for order in ["newest", "price", "size"] {
        let shards = shards_of(&out, order);
        let all: Vec<String> = shards.iter().flat_map(|(_, _, c)| c.clone()).collect();
        assert_eq!(all.len(), 400, "{order}: every card once");
        let mut at = 0;
        for (n, (from, _, held)) in shards.iter().enumerate() {
            assert_eq!(*from, at, "{order}: shard {n} starts where the one before ends");
            assert!(held.len() <= SHARD_MAX && (held.len() >= SHARD_MIN || n == shards.len() - 1), "{order}");
            at += held.len() as u64;
        }
        assert!(shards.len() > 3, "{order}: {} shards", shards.len());
    }
    // Newest first: listing n at place 400 - n, with the price 400,000 + 1,000n, so by price the
    // places run backwards; by size (all alike), in place order.
    let newest: Vec<String> = shards_of(&out, "newest").into_iter().flat_map(|s| s.2).collect();
    let by_price: Vec<String> = shards_of(&out, "price").into_iter().flat_map(|s| s.2).collect();
    assert_eq!(newest, cards);
    assert_eq!(by_price, cards.iter().rev().map(|c| c.to_string()).collect::<Vec<_>>());
    assert_eq!(shards_of(&out, "size").into_iter().flat_map(|s| s.2).collect::<Vec<_>>(), cards);
    assert!(files.contains_key("columns/price.json") && files.contains_key("words/po.json"));

    // The same search, the same files.
    assert_eq!(outputs(prepare(&homes).unwrap(), &cards).unwrap(), out);
    let renamed = |other: &[jax_output::Output]| -> Vec<String> {
        other[1..].iter().filter(|o| !out.iter().any(|x| x.path == o.path)).map(|o| o.path.clone()).collect()
    };
    // A card changed: only the shard holding it in each order.
    let mut changed = cards.clone();
    changed[200] = "<article>new</article>";
    let other = outputs(prepare(&homes).unwrap(), &changed).unwrap();
    let names = renamed(&other);
    assert_eq!(names.len(), 3, "its shard in each order: {names:?}");
    assert!(names.iter().all(|p| p.contains("/cards/")), "{names:?}");
    // A listing repriced (it keeps its place) and a new one (to the top of the newest): a few
    // shards of each order, the columns and the word shards they are in; most cards stay where
    // they were.
    let mut more = listings;
    more[100].modification_timestamp = "2026-12-01T00:00:00Z".parse().unwrap();
    more[100].list_price += 500;
    let mut new = listing(1, "2026-12-01T00:01:00Z", true, "Active");
    (new.listing_id, new.listing_key, new.list_price) = ("2100401".into(), "K401".into(), 801_000);
    new.facts.on_market_date = Some(jiff::civil::date(2026, 12, 1));
    more.push(new);
    let homes = Homes::new(None, more, &[]);
    let cards: Vec<String> = homes.for_sale_in(None).map(html).collect();
    let cards: Vec<&str> = cards.iter().map(String::as_str).collect();
    let other = outputs(prepare(&homes).unwrap(), &cards).unwrap();
    let shards = renamed(&other).into_iter().filter(|p| p.contains("/cards/")).count();
    let total = other.iter().filter(|o| o.path.contains("/cards/")).count();
    assert!(shards <= 2 * 3 + 3, "{shards} of {total} card shards renamed");
    assert!(outputs(prepare(&homes).unwrap(), &cards[1..]).is_err(), "a card per listing");
}

#[test]
fn sorts_and_columns_serialize_as_their_names() {
    for sort in [Sort::Newest, Sort::PriceLow, Sort::PriceHigh, Sort::Size] {
        assert_eq!(serde_json::to_value(sort).unwrap(), sort.value());
    }
    for c in Column::ALL {
        assert_eq!(serde_json::to_value(c).unwrap(), c.name());
    }
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct WordCases {
    #[serde(rename = "_")]
    _about: String,
    words: Vec<TextCase>,
    shard_keys: Vec<KeyCase>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct TextCase {
    why: String,
    text: String,
    words: Vec<String>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct KeyCase {
    word: String,
    key: String,
}

/// The same cases run against the island's copy (site/src/lib/homes-search.test.ts).
#[test]
fn word_cases_shared_with_the_browser() {
    let table: WordCases = serde_json::from_str(include_str!("../../../../spec/cases/search-words.json")).unwrap();
    for case in &table.words {
        assert_eq!(words(&case.text), case.words, "{:?}: {}", case.text, case.why);
    }
    for case in &table.shard_keys {
        assert_eq!(words(&case.word), [case.word.as_str()], "{:?} is a word as the index keeps it", case.word);
        assert_eq!(shard_key(&case.word), case.key, "{:?}", case.word);
    }
}

#[test]
fn the_index_lowercases_as_the_library_does() {
    let mut buf = String::new();
    for word in ["pool", "POOL", "Ortega", "3B", "ÉTÉ", "ΟΔΟΣ", "İstanbul", "straße", "Ǆemal", "32204"] {
        assert_eq!(lowercase(word, &mut buf), word.to_lowercase(), "{word}");
    }
}

#[test]
fn a_word_said_twice_by_a_listing_places_it_once() {
    let mut record = listing(1, "2026-11-01T00:00:00Z", true, "Active");
    record.public_remarks = Some("Pool, POOL and a pool house. Ortega".into());
    let homes = Homes::new(None, vec![record, listing(2, "2026-11-02T00:00:00Z", true, "Active")], &[]);
    let (_, shards) = build(&homes);
    assert_eq!(shards["po"]["pool"], [0, 1], "both listings, once each");
    assert_eq!(shards["or"]["ortega"], [0, 1], "the subdivision and the remarks of one listing: once");
}

#[test]
fn a_shard_the_last_build_made_of_the_same_cards_is_left_unmade_while_the_folder_holds_it() {
    let listings: Vec<_> = (1..=60)
        .map(|n| {
            let mut p = listing(n % 10 + 1, &format!("2026-11-01T{:02}:{:02}:00Z", n / 60, n % 60), true, "Active");
            p.listing_id = format!("21{n:05}");
            p
        })
        .collect();
    let homes = Homes::new(None, listings, &[]);
    let cards: Vec<String> = homes.for_sale_in(None).map(|h| format!("<article>{}</article>", h.card_id)).collect();
    let cards: Vec<&str> = cards.iter().map(String::as_str).collect();
    // Each output as "made <path>" or "reused <path>", and meta.json's bytes.
    let run = |cards: &[&str], known: &KnownShards, held: bool| {
        let meta = std::sync::Mutex::new(Vec::new());
        let keep = |o: jax_output::Output| {
            if o.path.ends_with("meta.json") {
                *meta.lock().unwrap() = o.bytes.clone();
            }
            Ok(format!("made {}", o.path))
        };
        let reuse = |path: String| Ok(held.then(|| format!("reused {path}")));
        let (out, made) = outputs_with(prepare(&homes).unwrap(), cards, &keep, known, &reuse).unwrap();
        (out, made, meta.into_inner().unwrap())
    };
    let (first, known, meta) = run(&cards, &KnownShards::default(), true);
    assert!(first.iter().all(|o| o.starts_with("made ")));
    let shards = first.iter().filter(|o| o.contains("/cards/")).count();
    assert_eq!(known.len(), shards, "every shard known to the next build");

    let (again, _, same_meta) = run(&cards, &known, true);
    assert_eq!(same_meta, meta, "the same meta.json");
    let reused: Vec<&String> = again.iter().filter(|o| o.starts_with("reused ")).collect();
    assert_eq!(reused.len(), shards, "every shard left as it was: {again:?}");
    assert!(reused.iter().all(|o| first.contains(&o.replace("reused", "made"))), "at the path it was made at");

    let mut changed = cards.clone();
    changed[30] = "<article>new</article>";
    let (other, _, _) = run(&changed, &known, true);
    assert_eq!(other.iter().filter(|o| o.starts_with("made ") && o.contains("/cards/")).count(), 3, "one per order");
    let (gone, _, gone_meta) = run(&cards, &known, false);
    assert_eq!(gone_meta, meta);
    assert!(gone.iter().all(|o| o.starts_with("made ")), "made again where the folder lacks them");
}

/// A listing's features and days, counted from its import's day in Jacksonville.
#[test]
fn a_listings_search_facts_count_from_its_import() {
    let mut record = json!({
        "ListingKey": "K1", "ListingId": "2100001", "StandardStatus": "Active", "ListPrice": 2_400_000,
        "UnparsedAddress": "4 Ortega Blvd", "City": "Jacksonville", "PostalCode": "32210",
        "ListOfficeName": "Harbor Realty",
        "ModificationTimestamp": "2026-12-01T12:00:00Z", "InternetEntireListingDisplayYN": true,
        "InternetAddressDisplayYN": true, "WaterfrontYN": true, "PoolPrivateYN": false, "GarageSpaces": 3.5,
        "LotSizeAcres": 1.259, "YearBuilt": 2025, "OnMarketDate": "2026-11-20",
        // A Thursday, a Saturday and a Sunday of the coming weekend, a Saturday after it, and one
        // the day before the import (in Jacksonville: 3 a.m. UTC is still the evening before).
        "OpenHouse": [
            {"OpenHouseStartTime": "2026-12-03T18:00:00Z", "OpenHouseEndTime": "2026-12-03T20:00:00Z"},
            {"OpenHouseStartTime": "2026-12-12T18:00:00Z", "OpenHouseEndTime": "2026-12-12T20:00:00Z"},
            {"OpenHouseStartTime": "2026-12-06T18:00:00Z", "OpenHouseEndTime": "2026-12-06T20:00:00Z"},
            {"OpenHouseStartTime": "2026-12-05T18:00:00Z", "OpenHouseEndTime": "2026-12-05T20:00:00Z"},
            {"OpenHouseStartTime": "2026-12-02T03:00:00Z", "OpenHouseEndTime": "2026-12-02T04:00:00Z"},
        ],
    });
    let info = crate::store::ImportInfo {
        format: crate::store::FORMAT,
        source: "test".into(),
        sample: false,
        // 1 a.m. on 2026-12-02 in Jacksonville.
        imported_at: "2026-12-02T06:00:00Z".parse().unwrap(),
        newest: None,
    };
    let day = |d: &str| jax_model::calendar::day_of(d).unwrap() as u32;
    let mut homes = Homes::new(Some(info.clone()), vec![check(&record, "x").unwrap()], &[]);
    homes.history.insert(
        "K1".into(),
        vec![
            crate::history::Event::Listed { price: 2_600_000, on: "2026-11-20".parse().unwrap() },
            crate::history::Event::Reduced { price: 2_500_000, on: "2026-11-24".parse().unwrap() },
            crate::history::Event::Reduced { price: 2_400_000, on: "2026-11-28".parse().unwrap() },
        ],
    );
    let clock = Clock::of(&homes);
    assert_eq!((clock.today, clock.year), (day("2026-12-02"), 2026));
    let f = facts(&homes.homes[0], &clock);
    assert!(f.waterfront && !f.pool && f.new_construction, "{f:?}");
    assert_eq!((f.garage, f.acres), (3, 125), "down to the hundredth");
    assert_eq!((f.listed, f.reduced), (day("2026-11-20"), day("2026-11-28")), "its latest cut");
    assert_eq!(f.open_house, day("2026-12-06"), "the coming weekend's, its Sunday");

    // Only the Saturday of the weekend, and a listing from before last year with no flag.
    record["OpenHouse"].as_array_mut().unwrap().remove(2);
    record["YearBuilt"] = json!(2024);
    let homes = Homes::new(Some(info.clone()), vec![check(&record, "x").unwrap()], &[]);
    let f = facts(&homes.homes[0], &Clock::of(&homes));
    assert_eq!(f.open_house, day("2026-12-05"));
    assert!(!f.new_construction);
    assert_eq!(f.reduced, 0, "no story, no cut");
    record["NewConstructionYN"] = json!(true);
    record["OpenHouse"] = json!([]);
    let homes = Homes::new(Some(info), vec![check(&record, "x").unwrap()], &[]);
    let f = facts(&homes.homes[0], &Clock::of(&homes));
    assert!(f.new_construction, "the feed's flag");
    assert_eq!(f.open_house, 0);
}

/// The worker's and the island's Jacksonville day (`calendar::eastern_day`, by hand) is jiff's,
/// through daylight time's turns of several years.
#[test]
fn the_day_in_jacksonville_is_the_time_zone_databases() {
    let start: jiff::Timestamp = "2024-01-01T00:00:00Z".parse().unwrap();
    for hour in (0..4 * 366 * 24).step_by(1) {
        let t = start + jiff::SignedDuration::from_hours(hour);
        let d = crate::weekend::day_of(t);
        let want = jax_model::calendar::days_from_civil(i64::from(d.year()), d.month() as u32, d.day() as u32);
        assert_eq!(jax_model::calendar::eastern_day(t.as_second()), want, "{t}");
    }
}
