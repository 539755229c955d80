//! The MLS's listings on the built site: the real content with the sample feed imported (two of
//! its listings changed to test the IDX display flags), built by the `generator` binary.

mod common;

use common::{build_args, files, generator, repo_root, with_shared_images};
use serde_json::{json, Value};
use std::path::Path;

/// Imports the sample (`listings` of them, as `change` leaves them) and builds the real site.
fn build(dir: &Path, listings: usize, mut change: impl FnMut(&mut Vec<Value>)) -> Vec<(String, String)> {
    let content = repo_root().join("content");
    let content = content.to_str().unwrap();
    let run =
        generator(dir, &["sample", "reso", "--listings", &listings.to_string(), "--out", "feed", "--content", content]);
    assert!(run.ok, "{}", run.stderr);
    let page = dir.join("feed/page-000001.json");
    let mut doc: Value = serde_json::from_slice(&std::fs::read(&page).unwrap()).unwrap();
    let mut records: Vec<Value> = doc["value"].as_array().unwrap().clone();
    change(&mut records);
    doc["value"] = json!(records);
    std::fs::write(&page, serde_json::to_vec(&doc).unwrap()).unwrap();
    let run = generator(dir, &["import", "reso", "--file", "feed", "--into", "mls", "--content", content]);
    assert!(run.ok, "{}", run.stderr);
    let run = with_shared_images(&dir.join("cache"), || generator(dir, &build_args(content, "mls")));
    assert!(run.ok, "{}", run.stderr);
    files(&dir.join("dist"))
        .into_iter()
        .filter(|(p, _)| p.ends_with(".html") || p.ends_with(".xml") || p.ends_with(".json"))
        .map(|(p, b)| (p, String::from_utf8(b).unwrap()))
        .collect()
}

fn page<'a>(site: &'a [(String, String)], path: &str) -> &'a str {
    &site.iter().find(|(p, _)| p == path).unwrap_or_else(|| panic!("no {path}")).1
}

fn active(r: &Value) -> bool {
    r["StandardStatus"] == "Active"
        && r["InternetEntireListingDisplayYN"] == true
        && r["InternetAddressDisplayYN"] == true
}

#[test]
fn every_listing_has_its_page_with_its_office_and_the_mls_notice_and_the_display_flags_hold() {
    let tmp = tempfile::tempdir().unwrap();
    let (mut hidden_street, mut hidden_id, mut shown) = (String::new(), String::new(), Value::Null);
    let mut hidden_address_id = String::new();
    let site = build(tmp.path(), 80, |records| {
        let mut active = records.iter_mut().filter(|r| active(r));
        let a = active.next().unwrap();
        a["InternetAddressDisplayYN"] = json!(false);
        hidden_street = a["UnparsedAddress"].as_str().unwrap().to_string();
        hidden_address_id = a["ListingId"].as_str().unwrap().to_string();
        let b = active.next().unwrap();
        b["InternetEntireListingDisplayYN"] = json!(false);
        hidden_id = b["ListingId"].as_str().unwrap().to_string();
        shown = active.next().unwrap().clone();
    });
    let mls = include_str!("../../content/site.yaml");
    let disclaimer_start =
        "The data relating to real estate for sale on this website comes in part from the Internet Data Exchange (IDX)";
    assert!(mls.contains(disclaimer_start));

    // /homes/ and its pages: 24 cards each, newest first, linked in order.
    let first = page(&site, "homes/index.html");
    assert_eq!(first.matches("<article class=\"home-card\"").count(), 24);
    assert!(first.contains("<a class=\"link-arrow\" href=\"/homes/page/2/\" rel=\"next\">"));
    assert!(page(&site, "homes/page/2/index.html").contains("href=\"/homes/\" rel=\"prev\""));
    // The saved searches' pages (homes/alerts/) show no listing.
    for (path, html) in site.iter().filter(|(p, _)| p.starts_with("homes/") && !p.starts_with("homes/alerts/")) {
        assert!(html.contains(disclaimer_start), "{path} carries the MLS's disclaimer");
        assert!(html.contains("Listing data last updated "), "{path} says when its data was updated");
        // The saved homes' page is a frame: its cards, which say so, come from the search's shards.
        if path != "homes/saved/index.html" {
            assert!(html.contains("Sample listing"), "{path} says its listings are the sample");
        }
    }

    // A listing's page names the listing office and links its neighborhood.
    let street = shown["UnparsedAddress"].as_str().unwrap();
    let (path, html) = site
        .iter()
        .find(|(p, h)| p.starts_with("homes/") && h.contains(&format!("id=\"page-title\">{street}</h1>")))
        .expect("the listing's page");
    assert!(path.contains(&shown["ListingId"].as_str().unwrap().to_string()), "{path}");
    assert!(html.contains(&format!("Listed by {}", shown["ListOfficeName"].as_str().unwrap())));
    // 'Request a Showing' opens the listing-request form about this page's home, its Notes
    // starting with the home and its MLS number.
    let id = shown["ListingId"].as_str().unwrap();
    let url = format!("/{}", path.trim_end_matches("index.html"));
    assert!(
        html.contains(&format!(
            "data-open=\"listing-request\" data-listing=\"{url}\" data-listing-name=\"{street}, {}, FL ",
            shown["City"].as_str().unwrap()
        )),
        "{html}"
    );
    assert!(html.contains("\"listing_request\":{\"title\":\"Join Our Luxury Portfolio\""), "the page has the form");
    let showing = &html[html.find("data-message=\"").expect("a showing message")..];
    let showing = &showing[..showing.find("\">").unwrap()];
    assert!(
        showing.starts_with(&format!("data-message=\"I would like to see {street}, "))
            && showing.contains(&format!("(MLS # {id})")),
        "{showing}"
    );
    assert!(html.contains("\"@type\":\"RealEstateListing\"") && html.contains("\"@type\":\"Offer\""));
    assert!(page(&site, "sitemap.xml").contains(&format!("/{}</loc>", path.trim_end_matches("index.html"))));

    // InternetAddressDisplayYN: false hides the street everywhere; InternetEntireListingDisplayYN:
    // false hides the listing.
    for (path, html) in &site {
        assert!(!html.contains(&hidden_street), "{path} shows the street of a listing whose address is hidden");
        assert!(
            !html.contains(&hidden_id) || path == "data/market.json",
            "{path} shows a listing the MLS forbids online"
        );
    }
    assert!(site.iter().any(|(_, h)| h.contains("Address available on request")));

    // The search: every listing for sale in the index, in /homes/' order, each with its card in
    // the card shards meta.json names; the hidden street's number is no word of its listing.
    let meta: Value = serde_json::from_str(page(&site, "data/homes/meta.json")).unwrap();
    // A file's path in the site: in the folder of its hash, as meta.json names it.
    let named = |path: &str| meta["files"][path].as_str().map(|hash| format!("data/search/{hash}/{path}"));
    let file = |path: &str| named(path).unwrap_or_else(|| panic!("meta.json names no {path}"));
    let size = meta["size"].as_u64().unwrap() as usize;
    for column in ["price", "beds", "baths", "sqft", "area", "kind", "status"] {
        let values: Value = serde_json::from_str(page(&site, &file(&format!("columns/{column}.json")))).unwrap();
        assert_eq!(values.as_array().unwrap().len(), size, "{column}");
    }
    let listed = first[first.find("class=\"homes__count\"").unwrap()..].split('>').nth(1).unwrap().split(' ').next();
    assert_eq!(size.to_string(), listed.unwrap().replace(',', ""));
    let shards = &meta["shards"]["newest"];
    let cards: Vec<String> = shards["hash"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|hash| {
            let path = format!("data/search/{}/cards/newest.json", hash.as_str().unwrap());
            serde_json::from_str::<Vec<String>>(page(&site, &path)).unwrap()
        })
        .collect();
    assert_eq!(cards.len(), size);
    assert_eq!(shards["from"].as_array().unwrap().len(), shards["hash"].as_array().unwrap().len());
    for card in &cards {
        assert!(card.starts_with("<article class=\"home-card\"") && card.contains("<a href=\"/homes/"), "{card}");
    }
    // A result looks exactly like the list's card: the list copies the same HTML, but for its
    // first card, the same but for its photo, which loads at once.
    for (n, card) in cards.iter().take(24).enumerate() {
        assert_eq!(first.contains(&format!("<li>{card}</li>")), n > 0, "card {n}");
    }
    let at = cards.iter().position(|c| c.contains(&format!("id=\"home-{hidden_address_id}\""))).unwrap();
    assert!(cards[at].contains("Address available on request"));
    let at = at as u64;
    let number = hidden_street.split(' ').next().unwrap().to_lowercase();
    let shard: Value = serde_json::from_str(page(&site, &file(&format!("words/{}.json", &number[..2])))).unwrap();
    let places: Vec<u64> = shard[&number]
        .as_array()
        .map(|gaps| {
            gaps.iter()
                .scan(0, |p, g| {
                    *p += g.as_u64().unwrap();
                    Some(*p)
                })
                .collect()
        })
        .unwrap_or_default();
    assert!(!places.contains(&at), "the search finds a hidden address by its street number");
    // The form, on the first page only.
    assert!(
        first.contains("<form class=\"homes-search__form\" role=\"search\" action=\"/homes/search/\" method=\"get\"")
    );
    assert!(!page(&site, "homes/page/2/index.html").contains("<form class=\"homes-search__form\""));
}

#[test]
fn the_home_page_and_each_neighborhood_show_their_count_and_three_newest() {
    let tmp = tempfile::tempdir().unwrap();
    let site = build(tmp.path(), 60, |_| {});
    let home = page(&site, "index.html");
    let list = page(&site, "homes/index.html");
    let total: usize = {
        // The first page's count is the search's live region.
        let at = list.find("<p class=\"homes__count\" role=\"status\">").unwrap()
            + "<p class=\"homes__count\" role=\"status\">".len();
        list[at..].split(' ').next().unwrap().parse().unwrap()
    };
    assert!(total > 48, "three pages of them: {total}");
    // The Current Listings band leads to the site's own search, not the brokerage's.
    assert!(home.contains(&format!("<a class=\"link-arrow\" href=\"/homes/\">{total} homes for sale")), "{total}");
    assert!(home.contains("<a class=\"btn btn--navy\" href=\"/homes/\">View All Listings"));
    assert_eq!(home.matches("<h3 class=\"home-card__title\"").count(), 3);
    // The newest three are the list's first three.
    let titles = |html: &str| -> Vec<String> {
        html.split("class=\"home-card__title\"")
            .skip(1)
            .map(|r| r[r.find("<a href=\"").unwrap()..r.find("</a>").unwrap()].to_string())
            .collect()
    };
    assert_eq!(titles(home), titles(list)[..3]);
    assert!(home.contains("Listing data last updated "));

    let riverside = page(&site, "neighborhoods/riverside/index.html");
    let here = page(&site, "homes/in/riverside/index.html").matches("<article class=\"home-card\"").count();
    assert!(riverside.contains("<h2 class=\"section-title\" id=\"newest-title\">Homes for Sale in Riverside</h2>"));
    assert!(riverside.contains(&format!("href=\"/homes/in/riverside/\">{here} homes for sale")));
    assert_eq!(riverside.matches("<h3 class=\"home-card__title\"").count(), here.min(3));
    // The neighborhood cards on the home page say how many each has.
    assert!(home.contains(&format!("<a class=\"card__homes\" href=\"/homes/in/riverside/\">{here} homes for sale")));
}

#[test]
fn each_neighborhood_with_listings_has_its_own_pages() {
    let tmp = tempfile::tempdir().unwrap();
    let site = build(tmp.path(), 60, |_| {});
    let riverside = page(&site, "homes/in/riverside/index.html");
    assert!(riverside.contains("<h1 class=\"page-hero__title\" id=\"page-title\">Homes for Sale in Riverside</h1>"));
    assert!(riverside.contains("aria-current=\"page\">Riverside"));
    // The MLS's photos may come from its media host.
    let headers = std::fs::read_to_string(tmp.path().join("dist/_headers")).unwrap();
    assert!(headers.contains("img-src 'self' data: https://photos.mls.example;"), "{headers}");
    let cards = riverside.matches("<article class=\"home-card\"").count();
    assert!(cards > 0 && riverside.contains(&format!("{cards} homes for sale")), "{cards}");
}

#[test]
fn without_an_import_the_build_says_so_and_shows_no_listings() {
    let tmp = tempfile::tempdir().unwrap();
    let content = repo_root().join("content");
    let run = with_shared_images(&tmp.path().join("cache"), || {
        generator(tmp.path(), &build_args(content.to_str().unwrap(), "nothing-here"))
    });
    assert!(run.ok, "{}", run.stderr);
    assert!(
        run.stderr.contains("no listings were imported into nothing-here: run `generator import reso`"),
        "{}",
        run.stderr
    );
    let homes = std::fs::read_to_string(tmp.path().join("dist/homes/index.html")).unwrap();
    assert!(homes.contains("0 homes for sale") && !homes.contains("<article class=\"home-card\""));
    assert!(!homes.contains("Listing data last updated"));
    // The home page keeps leading to the brokerage's listings, and counts nothing.
    let home = std::fs::read_to_string(tmp.path().join("dist/index.html")).unwrap();
    assert!(home.contains("href=\"https://www.coastalluxuryrealty.com/listings\" rel=\"noopener\">View All Listings"));
    assert!(!home.contains("class=\"card__homes\""));
}

#[test]
fn a_build_to_deploy_refuses_the_sample_listings() {
    let tmp = tempfile::tempdir().unwrap();
    build(tmp.path(), 30, |_| {});
    let content = repo_root().join("content");
    let content = content.to_str().unwrap();
    let mut args = build_args(content, "mls");
    args.push("--deploy");
    let run = generator(tmp.path(), &args);
    assert!(!run.ok);
    assert!(
        run.stderr.contains("holds the project's sample listings, which are invented and must never be published"),
        "{}",
        run.stderr
    );

    // The same listings from a feed that is not the sample deploy.
    let page = tmp.path().join("feed/page-000001.json");
    let mut doc: Value = serde_json::from_slice(&std::fs::read(&page).unwrap()).unwrap();
    doc["@odata.context"] = json!("https://api.mls.example/odata/$metadata#Property");
    std::fs::write(&page, serde_json::to_vec(&doc).unwrap()).unwrap();
    let run = generator(tmp.path(), &["import", "reso", "--file", "feed", "--into", "mls", "--content", content]);
    assert!(run.ok && !run.stdout.contains("(sample listings)"), "{}", run.stdout);
    let run = generator(tmp.path(), &args);
    assert!(run.ok, "{}", run.stderr);
    let homes = std::fs::read_to_string(tmp.path().join("dist/homes/index.html")).unwrap();
    assert!(!homes.contains("Sample listing"));
}

#[test]
fn a_featured_listing_the_mls_has_leads_to_its_mls_page() {
    let tmp = tempfile::tempdir().unwrap();
    build(tmp.path(), 30, |_| {});
    // Pick an imported listing and say a featured one is it.
    let stored = files(&tmp.path().join("mls/current/listings"));
    let record: Value = serde_json::from_slice(&stored[0].1).unwrap();
    let number = record["ListingId"].as_str().unwrap();
    let content = tmp.path().join("content");
    common::copy_dir(&repo_root().join("content"), &content);
    let file = std::fs::read_dir(content.join("listings"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| std::fs::read_to_string(p).unwrap().contains("featured: true"));
    let file = file.expect("a featured listing");
    let text = std::fs::read_to_string(&file).unwrap().replacen(
        "featured: true",
        &format!("featured: true\nmls_number: \"{number}\""),
        1,
    );
    std::fs::write(&file, text).unwrap();
    let run = generator(tmp.path(), &build_args(content.to_str().unwrap(), "mls"));
    assert!(run.ok, "{}", run.stderr);
    let home = std::fs::read_to_string(tmp.path().join("dist/index.html")).unwrap();
    // The carousel's slide (not the newest homes' cards, which may show it too) leads there.
    let slides: Vec<&str> =
        home.split("<h3 class=\"slide__title\"").skip(1).map(|r| &r[..r.find("</h3>").unwrap()]).collect();
    assert!(slides.iter().any(|t| t.contains("href=\"/homes/") && t.contains(&format!("-{number}/\""))), "{slides:#?}");
    assert!(slides.iter().filter(|t| t.contains("href=\"/listings/")).count() == slides.len() - 1);
}

#[test]
fn her_closed_mls_listings_join_her_record_on_the_sold_page_where_sold_listings_are_shown() {
    let tmp = tempfile::tempdir().unwrap();
    let content = tmp.path().join("content");
    common::copy_dir(&repo_root().join("content"), &content);
    let site_yaml = content.join("site.yaml");
    let text = std::fs::read_to_string(&site_yaml).unwrap();
    std::fs::write(&site_yaml, text.replace("  show_sold: false\n", "  show_sold: true\n")).unwrap();
    let member = text.split("member_ids: [\"").nth(1).and_then(|r| r.split('"').next()).expect("site.yaml names her");
    let content = content.to_str().unwrap();
    let run = generator(tmp.path(), &["sample", "reso", "--listings", "600", "--out", "feed", "--content", content]);
    assert!(run.ok, "{}", run.stderr);
    let records: Vec<Value> = common::files(&tmp.path().join("feed"))
        .into_iter()
        .flat_map(|(_, page)| serde_json::from_slice::<Value>(&page).unwrap()["value"].as_array().unwrap().clone())
        .collect();
    let closed = |r: &&Value| r["StandardStatus"] == "Closed" && r["InternetEntireListingDisplayYN"] == true;
    let is_hers = |r: &&Value| r["ListAgentMlsId"] == member || r["BuyerAgentMlsId"] == member;
    let hers: Vec<&Value> = records.iter().filter(closed).filter(is_hers).collect();
    let others: Vec<&Value> = records.iter().filter(closed).filter(|r| !is_hers(r)).collect();
    assert!(hers.len() >= 3 && !others.is_empty(), "the sample has sales of hers and of others");
    // One of hers also written up in content/sold/ (by its street address): the file wins.
    let written = hers.iter().find(|r| r["InternetAddressDisplayYN"] == true).unwrap();
    let street = written["UnparsedAddress"].as_str().unwrap();
    std::fs::write(
        Path::new(content).join("sold/written-up.md"),
        format!("---\naddress: {}\nneighborhood: Riverside\nprice: \"$1,000,000\"\ndate: 2026-01-02\nside: seller\n---\nHer own words.\n", street.to_uppercase()),
    )
    .unwrap();
    let run = generator(tmp.path(), &["import", "reso", "--file", "feed", "--into", "mls", "--content", content]);
    assert!(run.ok, "{}", run.stderr);
    let run = with_shared_images(&tmp.path().join("cache"), || generator(tmp.path(), &build_args(content, "mls")));
    assert!(run.ok, "{}", run.stderr);
    let sold = std::fs::read_to_string(tmp.path().join("dist/sold/index.html")).unwrap();

    // Her files (the eight of content/sold/ and the one added) and her MLS sales but the one written up.
    let files = std::fs::read_dir(Path::new(content).join("sold")).unwrap().count();
    let count = files + hers.len() - 1;
    assert_eq!(sold.matches("<article class=\"sale\">").count(), count);
    assert!(sold.contains(&format!("{count} homes sold · ")), "the count is computed with them");
    assert_eq!(sold.matches(&format!(">{}</h2>", street.to_uppercase())).count(), 1);
    assert!(sold.contains("Her own words."));
    for r in &hers {
        let number = r["ListingId"].as_str().unwrap();
        if r["UnparsedAddress"] == written["UnparsedAddress"] {
            assert!(!sold.contains(&format!("MLS #{number}")));
            continue;
        }
        // Linked to its own page, with its sold price and the side she took.
        let at = sold.find(&format!("MLS #{number}</a>")).unwrap_or_else(|| panic!("{number} is on /sold/"));
        let card = &sold[sold[..at].rfind("<article class=\"sale\">").unwrap()..at];
        let shown = card.split("<p class=\"price\">").nth(1).and_then(|p| p.split("</p>").next()).expect("a price");
        let digits: String = shown.chars().filter(char::is_ascii_digit).collect();
        assert!(shown.starts_with('$') && r["ClosePrice"].as_u64() == digits.parse().ok(), "{card}");
        let side = match (r["ListAgentMlsId"] == member, r["BuyerAgentMlsId"] == member) {
            (true, true) => "Represented buyer and seller",
            (true, false) => "Represented the seller",
            _ => "Represented the buyer",
        };
        assert!(card.contains(side), "{card}");
    }
    for r in &others {
        assert!(!sold.contains(&format!("MLS #{}<", r["ListingId"].as_str().unwrap())), "others' sales are not hers");
    }
}
