use super::html::{island_props, page, View};
use super::*;
use jax_model::calendar::day_of;
use jax_model::search::words;
use jax_model::search_index::FEATURE_BITS;
use serde_json::{json, Value};
use std::collections::BTreeMap;

fn day(date: &str) -> u64 {
    day_of(date).and_then(|d| u64::try_from(d).ok()).unwrap()
}

/// The shared cases' listings as an index: `meta.json`, the columns and the word shards (places
/// as gaps), as the generator writes them.
fn index_of(listings: &[Value]) -> (Meta, BTreeMap<&'static str, Vec<u64>>, BTreeMap<String, WordShard>) {
    let codes = |name: &str, none: bool| {
        let mut codes: Vec<String> = if none { vec![String::new()] } else { Vec::new() };
        for l in listings {
            let v = l[name].as_str().unwrap_or_default().to_string();
            if !codes.contains(&v) {
                codes.push(v);
            }
        }
        codes
    };
    let (areas, kinds, statuses) = (codes("area", true), codes("kind", true), codes("status", false));
    let code = |codes: &[String], l: &Value, name: &str| {
        codes.iter().position(|c| c == l[name].as_str().unwrap_or_default()).unwrap() as u64
    };
    let mut columns = BTreeMap::new();
    let mut put = |c: Column, f: &dyn Fn(&Value) -> u64| {
        columns.insert(c.name(), listings.iter().map(f).collect());
    };
    put(Column::Price, &|l| l["price"].as_u64().unwrap_or(0));
    put(Column::Beds, &|l| l["beds"].as_u64().unwrap_or(0));
    put(Column::Baths, &|l| l["baths"].as_u64().unwrap_or(0));
    put(Column::Sqft, &|l| l["sqft"].as_u64().unwrap_or(0));
    put(Column::Area, &|l| code(&areas, l, "area"));
    put(Column::Kind, &|l| code(&kinds, l, "kind"));
    put(Column::Status, &|l| code(&statuses, l, "status"));
    let b = FEATURE_BITS;
    put(Column::Features, &|l| {
        let yes = |name: &str, bit: u32| if l[name].as_bool() == Some(true) { u64::from(bit) } else { 0 };
        yes("waterfront", b.waterfront) | yes("pool", b.pool) | yes("new_construction", b.new_construction)
    });
    put(Column::Garage, &|l| l["garage"].as_u64().unwrap_or(0));
    put(Column::Acres, &|l| l["acres"].as_u64().unwrap_or(0));
    put(Column::Listed, &|l| l["days"]["listed"].as_str().map_or(0, day));
    put(Column::Reduced, &|l| l["days"]["reduced"].as_str().map_or(0, day));
    put(Column::OpenHouse, &|l| l["days"]["open_house"].as_str().map_or(0, day));
    let mut shards: BTreeMap<String, WordShard> = BTreeMap::new();
    let mut last: BTreeMap<String, u32> = BTreeMap::new();
    for (place, l) in listings.iter().enumerate() {
        let mut mine = words(l["text"].as_str().unwrap_or_default());
        mine.sort();
        mine.dedup();
        for w in mine {
            let place = place as u32;
            let gap = last.get(&w).map_or(place, |&before| place - before);
            last.insert(w.clone(), place);
            shards.entry(shard_key(&w)).or_default().entry(w).or_default().push(gap);
        }
    }
    let mut files: BTreeMap<String, String> = BTreeMap::new();
    for k in shards.keys() {
        files.insert(format!("words/{k}.json"), "h".into());
    }
    let meta = serde_json::from_value(json!({
        "size": listings.len(), "files": files, "areas": areas, "kinds": kinds, "statuses": statuses,
        "features": FEATURE_BITS,
        "shards": {
            "newest": {"from": [0, 3], "hash": ["n0", "n1"]},
            "price": {"from": [0, 2], "hash": ["p0", "p1"]},
            "size": {"from": [0], "hash": ["s0"]},
        },
    }))
    .unwrap();
    (meta, columns, shards)
}

fn pairs<K: Clone, V: Clone>(map: &BTreeMap<K, V>) -> Vec<(K, V)> {
    map.iter().map(|(k, v)| (k.clone(), v.clone())).collect()
}

fn table() -> Value {
    serde_json::from_str(include_str!("../../../../spec/cases/search-filters.json")).unwrap()
}

/// The worker's search finds, from the index's files, what `Query::matches` finds on each
/// listing's facts and the island on the same files: the table all three run.
#[test]
fn the_shared_cases_find_what_they_say_from_the_index() {
    let table = table();
    let listings = table["listings"].as_array().unwrap();
    let (meta, columns, shards) = index_of(listings);
    for case in table["cases"].as_array().unwrap() {
        let params = case["params"].as_str().unwrap();
        let asked = Asked::of(params);
        let today = day(case["today"].as_str().unwrap_or(table["today"].as_str().unwrap())) as u32;
        let only: Columns = asked.columns().iter().map(|c| (c.name(), columns[c.name()].clone())).collect();
        let typed: WordShards = asked.word_shards(&meta).into_iter().map(|k| (k.clone(), shards[&k].clone())).collect();
        let found = found(&meta, &only, &typed, &asked, today).unwrap();
        let mls: Vec<&str> = found.iter().map(|&i| listings[i]["mls"].as_str().unwrap()).collect();
        let want: Vec<&str> = case["finds"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
        assert_eq!(mls, want, "{params}");
    }
}

#[test]
fn sorts_and_pages_find_each_card_in_its_orders_shards() {
    let table = table();
    let listings = table["listings"].as_array().unwrap();
    let (meta, columns, shards) = index_of(listings);
    let asked = Asked::of("sort=price-desc&page=2");
    assert_eq!(asked.columns(), [Column::Price]);
    let (column_pairs, shard_pairs) = (pairs(&columns), pairs(&shards));
    let found = found(&meta, &column_pairs, &shard_pairs, &asked, 0).unwrap();
    let prices: Vec<u64> = found.iter().map(|&i| columns["price"][i]).collect();
    assert!(prices.windows(2).all(|p| p[0] >= p[1]), "{prices:?}");
    // Two a page: the second shows the third and fourth dearest, each at its rank in price's
    // order (lowest first, ties in place order), whose shards start at ranks 0 and 2.
    let page = shown(&meta, &column_pairs, &found, &asked, 2);
    assert_eq!((page.page, page.pages), (2, found.len().div_ceil(2)));
    let by_price = CardOrder::Price.places(meta.size, &columns["price"], &[]);
    let rank = |place: usize| by_price.iter().position(|&p| p == place).unwrap();
    let at = |r: usize| if r >= 2 { (1, r - 2) } else { (0, r) };
    assert_eq!(page.cards, [at(rank(found[2])), at(rank(found[3]))]);
    // A page beyond the last shows the last.
    let beyond = Asked::of("page=99");
    let all = super::found(&meta, &column_pairs, &shard_pairs, &beyond, 0).unwrap();
    let last = shown(&meta, &column_pairs, &all, &beyond, 2);
    assert_eq!((last.page, last.cards.len()), (last.pages, 2 - (all.len() % 2)));
    assert_eq!(last.cards[0], (1, (last.page - 1) * 2 - 3), "newest: the place itself, in shards from 0 and 3");
}

#[test]
fn a_search_is_its_filters_then_its_sort_and_page() {
    let asked = Asked::of("pool=1&sort=size&waterfront=1&page=3&utm=x&q=+Dock++ortega");
    assert_eq!(asked.filters.as_deref(), Some("waterfront=1&pool=1&q=Dock+ortega"));
    assert_eq!(asked.url("/homes/search/", 2), "/homes/search/?waterfront=1&pool=1&q=Dock+ortega&sort=size&page=2");
    assert_eq!(Asked::of("").url("/homes/search/", 1), "/homes/search/");
    assert!(!Asked::of("sort=size&page=2").filters());
    assert_eq!(Asked::of("page=0").page, 1);
    assert_eq!(Asked::of("page=x").page, 1);
    assert_eq!(Asked::of("sort=cheapest").sort, Sort::Newest);
}

/// The markup `homes.html` writes, as far as the page cuts it.
const BASE: &str = concat!(
    "<html><head><title>Homes</title></head><body>",
    "<div class=\"homes-search\" data-island=\"homes-search\"><script type=\"application/json\" data-props>",
    r#"{"files":{"meta":"/data/homes/meta.json","column":"/data/search/{version}/columns/{name}.json","#,
    r#""words":"/data/search/{version}/words/{key}.json","cards":"/data/search/{version}/cards/{order}.json"},"#,
    r#""per_page":24,"labels":{"results":"{count} homes match your search","none":"No homes match.","too_many_words":"Too many words."},"#,
    r#""count":"{count} homes for sale","page":"Page {n} of {total}","other":1}"#,
    "</script><form class=\"homes-search__form\" role=\"search\" action=\"/homes/search/\" method=\"get\">",
    "<input type=\"search\" id=\"search-words\" name=\"q\" placeholder=\"Street\">",
    "<select id=\"search-beds\" name=\"beds\"><option value=\"\">Any</option><option value=\"3\">3+</option></select>",
    "<select id=\"search-sort\" name=\"sort\"><option value=\"newest\">Newest</option><option value=\"size\">Size</option></select>",
    "<label><input type=\"checkbox\" name=\"waterfront\" value=\"1\"> Waterfront</label>",
    "<label><input type=\"checkbox\" name=\"pool\" value=\"1\"> Pool</label>",
    "<a class=\"homes-search__clear\" href=\"/homes/\" hidden>Clear</a></form>",
    "<div class=\"homes__bar\"><p class=\"homes__count\" role=\"status\">224 homes for sale</p></div>",
    "<ul class=\"home-cards\">\n<li>first</li><li>second</li></ul></div>",
    "<form><input type=\"hidden\" name=\"search\" value=\"\"></form>",
    "<nav class=\"paging\" aria-label=\"Page 1 of 10\"><span>Page 1 of 10</span><a href=\"/homes/page/2/\" rel=\"next\">Next</a></nav>",
    "<template data-paging><nav class=\"paging\"><a class=\"link-arrow\" rel=\"prev\">Previous</a>",
    "<span data-page></span><a class=\"link-arrow\" rel=\"next\">Next</a></nav></template>",
    "</div></body></html>",
);

#[test]
fn the_page_shows_the_search_in_the_lists_markup() {
    let props = island_props(BASE).unwrap();
    assert_eq!((props.per_page, props.files.meta.as_str()), (24, "/data/homes/meta.json"));
    let asked = Asked::of("beds=3&waterfront=1&q=dock%22%3E&sort=size&page=2");
    let view = View {
        asked: &asked,
        path: "/homes/search/",
        count: count(&props, &asked, 1234),
        cards: vec!["<article>A</article>".into(), "<article>B</article>".into()],
        page: 2,
        pages: 3,
    };
    let html = page(BASE, &props, &view).unwrap();
    assert!(html.contains("<meta name=\"robots\" content=\"noindex, follow\"></head>"));
    assert!(html.contains("role=\"status\">1,234 homes match your search</p>"));
    assert!(html.contains("<ul class=\"home-cards\"><li><article>A</article></li><li><article>B</article></li></ul>"));
    assert!(!html.contains("/homes/page/2/"), "the first page's paging is gone");
    let link = |n: usize| format!("/homes/search/?beds=3&amp;waterfront=1&amp;q=dock%22%3E&amp;sort=size&amp;page={n}");
    assert!(html.contains(&format!(
        "</ul><nav class=\"paging\" aria-label=\"Page 2 of 3\"><a class=\"link-arrow\" rel=\"prev\" href=\"{}\">Previous</a><span data-page>Page 2 of 3</span><a class=\"link-arrow\" rel=\"next\" href=\"{}\">Next</a></nav>",
        link(1).replace("&amp;page=1", ""),
        link(3)
    )), "{html}");
    assert!(html.contains("name=\"q\" value=\"dock&quot;&gt;\" placeholder"), "the words, escaped");
    assert!(html.contains("<option value=\"3\" selected>3+</option>"));
    assert!(html.contains("<option value=\"size\" selected>Size</option>"));
    assert!(html.contains("name=\"waterfront\" value=\"1\" checked>"));
    assert!(html.contains("name=\"pool\" value=\"1\">"), "a box not asked for stays clear");
    assert!(html.contains("<a class=\"homes-search__clear\" href=\"/homes/\">Clear</a>"));
    assert!(html.contains("name=\"search\" value=\"beds=3&amp;waterfront=1&amp;q=dock%22%3E\""));
}

#[test]
fn one_page_has_no_paging_and_none_found_says_so() {
    let props = island_props(BASE).unwrap();
    let asked = Asked::of("pool=1");
    let view = View {
        asked: &asked,
        path: "/homes/search/",
        count: count(&props, &asked, 0),
        cards: vec![],
        page: 1,
        pages: 1,
    };
    let html = page(BASE, &props, &view).unwrap();
    assert!(html.contains(">No homes match.</p>"));
    assert!(html.contains("<ul class=\"home-cards\"></ul></div>"));
    assert!(!html.contains("<nav class=\"paging\" aria-label"));
    assert_eq!(count(&props, &Asked::of("sort=size"), 1234), "1,234 homes for sale");
    assert!(page("<html></html>", &props, &view).is_err(), "a page without the list's markup is refused");
}

/// The hand-written readers read what the generator's types write, as serde would.
#[test]
fn the_files_read_as_serde_reads_them() {
    let table = table();
    let (meta, columns, shards) = index_of(table["listings"].as_array().unwrap());
    let written = serde_json::to_value(&meta).unwrap();
    assert_eq!(files::meta(written.to_string().as_bytes()), Some(meta));
    for column in columns.values() {
        assert_eq!(files::column(&serde_json::to_vec(column).unwrap()).as_ref(), Some(column));
    }
    for shard in shards.values() {
        assert_eq!(files::word_shard(&serde_json::to_vec(shard).unwrap()).as_ref(), Some(shard));
    }
    assert_eq!(files::cards(br#"["<article>A</article>"]"#), Some(vec!["<article>A</article>".to_string()]));
    assert_eq!(files::cards(b"[1]"), None, "a card is HTML");
    let mut broken = written.clone();
    broken["shards"]["size"]["from"] = json!(["x"]);
    assert_eq!(files::meta(broken.to_string().as_bytes()), None);
}

/// A column is scanned, not parsed: it reads what `Value::as_u64` reads of every element, and
/// nothing else.
#[test]
fn a_column_reads_what_serde_reads_as_whole_numbers() {
    let cases: &[&str] = &[
        "[]",
        " [ ] ",
        "[0]",
        "[1,2,3]",
        "[ 10 ,\n\t20\r,30 ]\n",
        "[18446744073709551615]",
        "[18446744073709551616]",
        "[1,-2]",
        "[1.5]",
        "[1e3]",
        "[01]",
        "[00]",
        "[1,]",
        "[,1]",
        "[1 2]",
        "[1]x",
        "[1",
        "1",
        "",
        "[\"1\"]",
        "{}",
    ];
    for case in cases {
        let serde = serde_json::from_str::<Value>(case)
            .ok()
            .and_then(|v| v.as_array()?.iter().map(Value::as_u64).collect::<Option<Vec<u64>>>());
        assert_eq!(files::column(case.as_bytes()), serde, "{case:?}");
    }
}

/// A search reads each word's shard once, and only a shard some listing has: more shards than
/// `WORD_SHARDS_MAX` is a search the worker declines to read (too many words).
#[test]
fn word_shards_are_read_once_each_and_counted_against_the_limit() {
    let (mut meta, _, _) = index_of(table()["listings"].as_array().unwrap());
    let words = ["pool", "dock", "river", "view", "ortega", "beach", "water", "garage", "kitchen"];
    meta.files.clear();
    for w in words {
        meta.files.insert(format!("words/{}.json", &w[..2]), "0123456789".into());
    }
    let asked = Asked::of("q=pool+pond+dock+unknown");
    assert_eq!(asked.word_shards(&meta), ["po", "do"], "po once; un is no listing's");
    let nine = Asked::of(&format!("q={}", words.join("+")));
    assert_eq!(nine.word_shards(&meta).len(), 9);
    assert!(nine.word_shards(&meta).len() > WORD_SHARDS_MAX);
    assert!(Asked::of(&format!("q={}", words[..8].join("+"))).word_shards(&meta).len() <= WORD_SHARDS_MAX);
}
