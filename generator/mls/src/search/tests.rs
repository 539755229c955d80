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
    for (i, h) in listed.iter().enumerate() {
        let f = facts(h);
        assert_eq!((index.price[i], index.beds[i], index.baths[i]), (f.price, f.beds, f.baths), "{i}");
        assert_eq!(index.area[i], code(&index.meta.areas, &f.area));
        assert_eq!(index.kind[i], code(&index.meta.kinds, &f.kind));
        assert_eq!(index.status[i], code(&index.meta.statuses, &f.status));
        assert_eq!(words_at[i], f.words.split('\n').skip(1).map(String::from).collect(), "{i}: the words at its place");
    }
    let q = jax_model::search::Query::from_params(|n| (n == "q").then_some("hidden oak"));
    assert_eq!(listed.iter().filter(|h| q.matches(&facts(h))).count(), 27, "the 27 whose address may show");
}

#[test]
fn cards_go_in_shards_of_places_and_each_file_in_the_folder_of_its_hash() {
    let listings: Vec<_> = (1..=50).map(|n| listing(n, &format!("2026-11-01T00:{n:02}:00Z"), true, "Active")).collect();
    let homes = Homes::new(None, listings, &[]);
    let cards: Vec<String> = (0..50).map(|i| format!("<article>{i}</article>")).collect();
    let cards: Vec<&str> = cards.iter().map(String::as_str).collect();
    let out = outputs(prepare(&homes).unwrap(), &cards).unwrap();
    let meta: serde_json::Value = serde_json::from_slice(&out[0].bytes).unwrap();
    assert_eq!(out[0].path, "data/homes/meta.json");
    assert_eq!((meta["size"].as_u64(), meta["per_shard"].as_u64()), (Some(50), Some(CARDS_PER_SHARD as u64)));
    let files = meta["files"].as_object().unwrap();
    assert_eq!(files.len(), out.len() - 1, "meta.json names every file");
    let file = |path: &str| {
        let hash = files.get(path)?.as_str().unwrap();
        assert_eq!(hash.len(), 10);
        out.iter().find(|o| o.path == format!("data/search/{hash}/{path}"))
    };
    let shard = |order: &str, n: usize| {
        serde_json::from_slice::<Vec<String>>(&file(&format!("cards/{order}/{n}.json")).unwrap().bytes).unwrap()
    };
    assert_eq!(shard("newest", 0).len(), CARDS_PER_SHARD);
    assert_eq!(shard("newest", 0)[5], "<article>5</article>");
    assert_eq!(shard("newest", 1), ["<article>48</article>", "<article>49</article>"]);
    assert!(file("cards/newest/2.json").is_none());
    // Newest first, listing n at place 50 - n with the price 400,000 + 1,000n: by price, the
    // places run backwards; by size (all alike), in place order.
    assert_eq!(shard("price", 0)[0], "<article>49</article>");
    assert_eq!(shard("price", 1), ["<article>1</article>", "<article>0</article>"]);
    assert_eq!(shard("size", 1), ["<article>48</article>", "<article>49</article>"]);
    assert!(file("columns/price.json").is_some() && file("words/po.json").is_some());
    // The same search, the same names; a card changed, only the shards that hold it renamed.
    let again = outputs(prepare(&homes).unwrap(), &cards).unwrap();
    assert_eq!(again, out);
    let mut changed = cards.clone();
    changed[49] = "<article>new</article>";
    let other = outputs(prepare(&homes).unwrap(), &changed).unwrap();
    let renamed: Vec<&str> =
        other[1..].iter().filter(|o| !out.iter().any(|x| x.path == o.path)).map(|o| o.path.as_str()).collect();
    assert_eq!(renamed.len(), 3, "its shard in each order: {renamed:?}");
    assert!(renamed.iter().all(|p| p.contains("/cards/")), "{renamed:?}");
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
