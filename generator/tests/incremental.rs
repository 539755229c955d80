//! A build into the output of the previous one renders and writes only what changed: after an
//! import that changed three listings, their pages and cards and the list pages that show them
//! are made again and every other listing's and list's left as it was — and the site is the same, byte for byte, as a build from scratch;
//! after an edit of `content/`, every listing's page is made again.

mod common;

use common::{build_args, copy_dir, files, generator, repo_root, with_shared_images};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::os::unix::fs::MetadataExt as _;
use std::path::Path;

/// Each listing page's file: its inode and modification time (a file renamed into place gets a
/// new inode, one rewritten a new time).
fn stamps(dist: &Path) -> BTreeMap<String, (u64, i64, i64)> {
    walkdir::WalkDir::new(dist)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .filter_map(|e| {
            let rel = e.path().strip_prefix(dist).unwrap().to_string_lossy().into_owned();
            // A listing's page: under homes/ but for the lists, the saved homes', saved searches' and
            // open houses' pages (and beside it its open houses' calendar files, which are not pages).
            let listing = rel.starts_with("homes/")
                && rel.ends_with("/index.html")
                && !["homes/in/", "homes/page/", "homes/saved/", "homes/alerts/", "homes/open-houses/"]
                    .iter()
                    .any(|other| rel.starts_with(other));
            let m = e.metadata().unwrap();
            (listing && rel != "homes/index.html").then(|| (rel, (m.ino(), m.mtime(), m.mtime_nsec())))
        })
        .collect()
}

/// The lists' pages after their first (`homes/page/N/`, `homes/in/<neighborhood>/page/N/`), each
/// with its stamp as in `stamps`: those a build may leave as they are.
fn list_stamps(dist: &Path) -> BTreeMap<String, (u64, i64, i64)> {
    walkdir::WalkDir::new(dist.join("homes"))
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .filter_map(|e| {
            let rel = e.path().strip_prefix(dist).unwrap().to_string_lossy().into_owned();
            let list = rel.starts_with("homes/page/") || (rel.starts_with("homes/in/") && rel.contains("/page/"));
            let m = e.metadata().unwrap();
            list.then(|| (rel, (m.ino(), m.mtime(), m.mtime_nsec())))
        })
        .collect()
}

/// The MLS numbers of the listings the page at `path` shows (each card's heart names its own).
fn shown(dist: &Path, path: &str) -> Vec<String> {
    let html = std::fs::read_to_string(dist.join(path)).unwrap();
    html.split("data-save-home=\"").skip(1).map(|rest| rest.split('"').next().unwrap().to_string()).collect()
}

/// The search's files under `dist` that its meta.json does not name (each is in the folder of its
/// hash): what a build left of an earlier search.
fn stale_search_files(dist: &Path) -> Vec<String> {
    let meta: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dist.join("data/homes/meta.json")).unwrap()).unwrap();
    let mut named: std::collections::HashSet<String> = meta["files"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(path, hash)| format!("{}/{path}", hash.as_str().unwrap()))
        .collect();
    for (order, shards) in meta["shards"].as_object().unwrap() {
        named.extend(
            shards["hash"].as_array().unwrap().iter().map(|h| format!("{}/cards/{order}.json", h.as_str().unwrap())),
        );
    }
    let folder = dist.join("data/search");
    walkdir::WalkDir::new(&folder)
        .into_iter()
        .map(|e| e.unwrap())
        .filter(|e| e.file_type().is_file())
        .map(|e| e.path().strip_prefix(&folder).unwrap().to_string_lossy().replace('\\', "/"))
        .filter(|p| !named.contains(p))
        .collect()
}

fn run(dir: &Path, args: &[&str]) -> String {
    let run = generator(dir, args);
    assert!(run.ok, "generator {args:?}: {}", run.stderr);
    run.stdout
}

/// How many outputs a build says it kept without making them again.
fn reused(summary: &str) -> usize {
    let (head, _) = summary.trim().rsplit_once(" reused unrendered").unwrap_or_else(|| panic!("{summary}"));
    head.rsplit(' ').next().unwrap().parse().unwrap()
}

/// The feed's records, changed by `change`, written back and imported into `mls`.
fn import(dir: &Path, content: &str, change: impl FnOnce(&mut Vec<Value>)) -> String {
    let page = dir.join("feed/page-000001.json");
    let mut doc: Value = serde_json::from_slice(&std::fs::read(&page).unwrap()).unwrap();
    let mut records = doc["value"].as_array().unwrap().clone();
    change(&mut records);
    doc["value"] = json!(records);
    std::fs::write(&page, serde_json::to_vec(&doc).unwrap()).unwrap();
    run(dir, &["import", "reso", "--file", "feed", "--into", "mls", "--content", content])
}

/// `dist` against a build of the same inputs into a fresh folder.
fn same_as_from_scratch(dir: &Path, content: &str) {
    let mut args = build_args(content, "mls");
    let at = args.iter().position(|a| *a == "dist").unwrap();
    args[at] = "scratch";
    run(dir, &args);
    let (a, b) = (files(&dir.join("dist")), files(&dir.join("scratch")));
    assert_eq!(a.len(), b.len(), "the same files");
    for ((pa, ba), (pb, bb)) in a.iter().zip(&b) {
        assert_eq!(pa, pb);
        assert!(ba == bb, "{pa} differs from a build from scratch");
    }
    std::fs::remove_dir_all(dir.join("scratch")).unwrap();
}

#[test]
fn a_build_after_an_import_writes_only_the_listings_it_changed_and_equals_a_build_from_scratch() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let real = repo_root().join("content");
    copy_dir(&real, &dir.join("content"));
    let content = "content";
    run(dir, &["sample", "reso", "--listings", "60", "--out", "feed", "--content", content]);
    import(dir, content, |_| {});
    let first = with_shared_images(&dir.join("cache"), || run(dir, &build_args(content, "mls")));
    assert_eq!(reused(&first), 0, "a first build makes everything");
    let before = stamps(&dir.join("dist"));
    assert!(before.len() > 30, "listing pages: {}", before.len());

    // A build with nothing changed makes no listing's page or card again, nor a list's page
    // after its first, nor writes a file.
    let again = run(dir, &build_args(content, "mls"));
    assert_eq!(stamps(&dir.join("dist")), before, "{again}");
    assert!(again.contains(": 0 written,"), "{again}");
    let lists = list_stamps(&dir.join("dist"));
    assert!(lists.contains_key("homes/page/2/index.html"), "{lists:?}");
    // Every page, those lists, and the card of each listing for sale (kept in the build's
    // record: no file).
    let cards = reused(&again) - before.len() - lists.len();
    assert!(cards > 30 && cards <= before.len(), "{again}");

    // Three active listings repriced, one of them on the second page of all listings: the import
    // says so, and the build writes just their pages and the list pages that show them (each
    // keeps its place: the lists are in the order listings came on the market).
    let on_page_2 = shown(&dir.join("dist"), "homes/page/2/index.html");
    let mut changed = Vec::new();
    let said = import(dir, content, |records| {
        let id = |r: &Value| r["ListingId"].as_str().unwrap().to_string();
        let active = |r: &&mut Value| r["StandardStatus"] == "Active";
        let later = records.iter_mut().filter(active).find(|r| on_page_2.contains(&id(r))).unwrap();
        changed.push(id(later));
        let others = records.iter_mut().filter(active).filter(|r| !on_page_2.contains(&id(r))).take(2);
        changed.extend(others.map(|r| id(r)));
        for r in records.iter_mut().filter(|r| changed.contains(&id(r))) {
            r["ListPrice"] = json!(r["ListPrice"].as_u64().unwrap() + 7_000);
            r["ModificationTimestamp"] = json!("2030-01-01T12:00:00Z");
        }
    });
    assert!(said.contains("3 changed"), "{said}");
    let build = run(dir, &build_args(content, "mls"));
    let showing: Vec<&String> =
        lists.keys().filter(|p| shown(&dir.join("dist"), p).iter().any(|id| changed.contains(id))).collect();
    assert!(showing.contains(&&"homes/page/2/index.html".to_string()), "{showing:?}");
    assert_eq!(
        reused(&build),
        before.len() + cards + lists.len() - 6 - showing.len(),
        "all but the changed listings' pages and cards and the lists that show them: {build}"
    );
    let after = stamps(&dir.join("dist"));
    let rewritten: Vec<&String> = after.iter().filter(|(p, s)| before.get(*p) != Some(s)).map(|(p, _)| p).collect();
    assert_eq!(rewritten.len(), 3, "three pages: {rewritten:?}");
    for id in &changed {
        assert_eq!(rewritten.iter().filter(|p| p.contains(id.as_str())).count(), 1, "{id}: {rewritten:?}");
    }
    let lists_after = list_stamps(&dir.join("dist"));
    let rewritten: Vec<&String> =
        lists_after.iter().filter(|(p, s)| lists.get(*p) != Some(s)).map(|(p, _)| p).collect();
    assert_eq!(rewritten, showing, "the list pages that show them, and no other");
    // The search's files a change renamed are gone: only those meta.json names are left.
    assert_eq!(stale_search_files(&dir.join("dist")), Vec::<String>::new());
    same_as_from_scratch(dir, content);

    // A page's folder deleted from the output is made again and written.
    let page = before.keys().find(|p| p.starts_with("homes/")).unwrap().clone();
    std::fs::remove_dir_all(dir.join("dist").join(page.trim_end_matches("index.html"))).unwrap();
    let build = run(dir, &build_args(content, "mls"));
    assert!(build.contains(": 1 written,"), "the deleted page: {build}");
    same_as_from_scratch(dir, content);

    // Without the cards' HTML recorded (the lists and the search's shards copy it), the cards are
    // made again, the pages still reused.
    // Every build's (the builds from scratch record theirs too).
    let recorded: Vec<_> = std::fs::read_dir(dir.join("cache/builds")).unwrap().map(|e| e.unwrap().path()).collect();
    let cards_files: Vec<_> = recorded.iter().filter(|p| p.extension().is_some_and(|x| x == "cards")).collect();
    assert!(!cards_files.is_empty(), "the cards' files: {recorded:?}");
    cards_files.into_iter().for_each(|f| std::fs::remove_file(f).unwrap());
    let build = run(dir, &build_args(content, "mls"));
    assert_eq!(reused(&build), before.len() + lists.len(), "the pages alone: {build}");
    assert!(build.contains(": 0 written,"), "the cards made again are the same: {build}");
    same_as_from_scratch(dir, content);

    // Two listings gone from the feed: their pages, cards and folders go too (the build removes
    // what the previous one recorded writing and this one does not make).
    let mut gone = Vec::new();
    let said = import(dir, content, |records| {
        let at: Vec<usize> =
            (0..records.len()).filter(|&i| records[i]["StandardStatus"] == "Active").skip(5).take(2).collect();
        for i in at.into_iter().rev() {
            gone.push(records.remove(i)["ListingId"].as_str().unwrap().to_string());
        }
    });
    assert!(said.contains("2 removed"), "{said}");
    let build = run(dir, &build_args(content, "mls"));
    let left = stamps(&dir.join("dist"));
    assert_eq!(left.len(), before.len() - 2, "two pages fewer: {build}");
    assert_eq!(stale_search_files(&dir.join("dist")), Vec::<String>::new(), "the previous search's files are removed");
    for id in &gone {
        assert!(!left.keys().any(|p| p.contains(id.as_str())), "{id} is gone");
    }
    let folders = std::fs::read_dir(dir.join("dist/homes")).unwrap().filter(|e| {
        let e = e.as_ref().unwrap();
        e.path().is_dir() && std::fs::read_dir(e.path()).unwrap().next().is_none()
    });
    assert_eq!(folders.count(), 0, "no empty folder is left");
    same_as_from_scratch(dir, content);

    // A label changed in site.yaml is on every listing's page: all of them are made again.
    let site = dir.join("content/site.yaml");
    let yaml = std::fs::read_to_string(&site).unwrap();
    let edited = yaml.replace("Request a Showing", "Book a Showing");
    assert_ne!(yaml, edited);
    std::fs::write(&site, edited).unwrap();
    let before = stamps(&dir.join("dist"));
    assert_eq!(reused(&run(dir, &build_args(content, "mls"))), 0, "content changed: everything made again");
    let after = stamps(&dir.join("dist"));
    let pages = after.keys().filter(|p| p.starts_with("homes/")).count();
    let remade = after.iter().filter(|(p, s)| p.starts_with("homes/") && before.get(*p) != Some(s)).count();
    assert_eq!(remade, pages, "every listing page made again");
    same_as_from_scratch(dir, content);
}
