//! `generator import reso` end to end: the sample feed from a file, a folder, and a fake RESO Web
//! API on loopback that pages, answers 429 with Retry-After, drops a connection mid-page and
//! refuses until a run stops (then the next run goes on where it stopped).

mod common;

use common::repo_root;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex};

const TOKEN: &str = "test-token-7f3a";

/// How the fake answers one request (then it serves normally).
#[derive(Clone, Copy, Debug)]
enum Fault {
    /// 429 with `Retry-After: <s>`.
    Busy(u64),
    /// Headers and half the page, then the connection closes.
    Drop,
}

#[derive(Default)]
struct FeedState {
    records: Vec<Value>,
    faults: Vec<Fault>,
    /// Every request's path and query, and its Authorization header.
    seen: Vec<(String, String)>,
}

/// A RESO Web API Property resource on 127.0.0.1 that pages by `$skip`.
struct FakeFeed {
    url: String,
    state: Arc<Mutex<FeedState>>,
}

const PAGE: usize = 100;

impl FakeFeed {
    fn start(records: Vec<Value>) -> FakeFeed {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!("http://{}/reso/odata/Property", listener.local_addr().unwrap());
        let state = Arc::new(Mutex::new(FeedState { records, ..FeedState::default() }));
        let shared = state.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                serve(stream, &shared);
            }
        });
        FakeFeed { url, state }
    }

    fn seen(&self) -> Vec<String> {
        self.state.lock().unwrap().seen.iter().map(|(q, _)| q.clone()).collect()
    }
}

fn decode(s: &str) -> String {
    s.replace("%20", " ").replace("%3A", ":")
}

fn serve(mut stream: TcpStream, state: &Mutex<FeedState>) {
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut line = String::new();
    if reader.read_line(&mut line).is_err() {
        return;
    }
    let target = line.split_whitespace().nth(1).unwrap_or("/").to_string();
    let mut auth = String::new();
    loop {
        let mut h = String::new();
        if reader.read_line(&mut h).unwrap_or(0) == 0 || h == "\r\n" {
            break;
        }
        if let Some(v) = h.strip_prefix("Authorization: ").or_else(|| h.strip_prefix("authorization: ")) {
            auth = v.trim().to_string();
        }
    }
    let (fault, body) = {
        let mut s = state.lock().unwrap();
        s.seen.push((target.clone(), auth.clone()));
        let fault = if s.faults.is_empty() { None } else { Some(s.faults.remove(0)) };
        (fault, page_for(&s.records, &target))
    };
    let reply = |stream: &mut TcpStream, status: &str, extra: &str, body: &[u8], sent: usize| {
        let head = format!(
            "HTTP/1.1 {status}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n{extra}\r\n",
            body.len()
        );
        let _ = stream.write_all(head.as_bytes());
        let _ = stream.write_all(&body[..sent]);
        let _ = stream.flush();
    };
    if auth != format!("Bearer {TOKEN}") {
        return reply(&mut stream, "401 Unauthorized", "", b"{}", 2);
    }
    match fault {
        Some(Fault::Busy(s)) => reply(&mut stream, "429 Too Many Requests", &format!("Retry-After: {s}\r\n"), b"{}", 2),
        Some(Fault::Drop) => reply(&mut stream, "200 OK", "", &body, body.len() / 2),
        None => reply(&mut stream, "200 OK", "", &body, body.len()),
    }
    let _ = stream.shutdown(std::net::Shutdown::Both);
    let _ = reader.read(&mut [0; 1]);
}

/// One page as the request asks for it: `$skip`, `$filter=ModificationTimestamp gt T`, `$select=ListingKey`.
fn page_for(records: &[Value], target: &str) -> Vec<u8> {
    let query = decode(target.split_once('?').map_or("", |(_, q)| q));
    let params: Vec<(&str, &str)> = query.split('&').filter_map(|p| p.split_once('=')).collect();
    let get = |k: &str| params.iter().find(|(n, _)| *n == k).map(|(_, v)| *v);
    let skip: usize = get("$skip").and_then(|s| s.parse().ok()).unwrap_or(0);
    let since = get("$filter")
        .and_then(|f| f.strip_prefix("ModificationTimestamp gt "))
        .map(|t| t.parse::<jiff::Timestamp>().unwrap());
    let keys_only = get("$select") == Some("ListingKey");
    let chosen: Vec<Value> = records
        .iter()
        .filter(|r| {
            since.is_none_or(|t| r["ModificationTimestamp"].as_str().unwrap().parse::<jiff::Timestamp>().unwrap() > t)
        })
        .map(|r| if keys_only { json!({"ListingKey": r["ListingKey"]}) } else { r.clone() })
        .collect();
    let slice: Vec<&Value> = chosen.iter().skip(skip).take(PAGE).collect();
    let mut page = json!({"@odata.context": "https://mls.example/$metadata#Property", "value": slice});
    if skip + PAGE < chosen.len() {
        let rest: Vec<String> = params
            .iter()
            .filter(|(k, _)| *k != "$skip")
            .map(|(k, v)| format!("{k}={}", v.replace(' ', "%20")))
            .collect();
        page["@odata.nextLink"] = json!(format!("Property?{}&$skip={}", rest.join("&"), skip + PAGE));
    }
    serde_json::to_vec(&page).unwrap()
}

/// `generator ARGS` in `dir` with RESO_TOKEN set (unless `token` is None).
fn generator(dir: &Path, args: &[&str], token: Option<&str>) -> (bool, String, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_generator"));
    cmd.args(args).current_dir(dir).env_remove("RESO_TOKEN");
    if let Some(t) = token {
        cmd.env("RESO_TOKEN", t);
    }
    let out = cmd.output().unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The sample feed's records (written by `generator sample reso` into `dir/feed`).
fn sample(dir: &Path, listings: usize) -> (PathBuf, Vec<Value>) {
    let content = repo_root().join("content");
    let feed = dir.join("feed");
    let (ok, _, err) = generator(
        dir,
        &[
            "sample",
            "reso",
            "--listings",
            &listings.to_string(),
            "--page-size",
            "100",
            "--out",
            feed.to_str().unwrap(),
            "--content",
            content.to_str().unwrap(),
        ],
        None,
    );
    assert!(ok, "{err}");
    let mut records = Vec::new();
    let mut pages: Vec<PathBuf> = std::fs::read_dir(&feed).unwrap().map(|e| e.unwrap().path()).collect();
    pages.sort();
    for p in pages {
        let doc: Value = serde_json::from_slice(&std::fs::read(p).unwrap()).unwrap();
        records.extend(doc["value"].as_array().unwrap().iter().cloned());
    }
    (feed, records)
}

fn import(dir: &Path, source: &[&str], token: Option<&str>) -> (bool, String, String) {
    let content = repo_root().join("content");
    let mut args = vec!["import", "reso", "--into", "store", "--content", content.to_str().unwrap()];
    args.extend_from_slice(source);
    generator(dir, &args, token)
}

/// Every stored listing file's name and bytes.
fn stored(dir: &Path) -> Vec<(String, Vec<u8>)> {
    common::files(&dir.join("store/current/listings"))
}

/// The count the summary line gives for `what` ("added", "removed", …).
fn count(stdout: &str, what: &str) -> usize {
    let line = stdout.lines().find(|l| l.starts_with("imported ")).unwrap_or_else(|| panic!("no summary in {stdout}"));
    let before = line.split(&format!(" {what}")).next().unwrap();
    before.rsplit(' ').next().unwrap().parse().unwrap()
}

#[test]
fn a_saved_feed_imports_from_a_file_or_a_folder_and_bad_records_are_named_and_skipped() {
    let tmp = tempfile::tempdir().unwrap();
    let (feed, _) = sample(tmp.path(), 250);
    let (ok, out, err) = import(tmp.path(), &["--file", feed.join("page-000001.json").to_str().unwrap()], None);
    assert!(ok, "{err}");
    assert!(out.contains("(sample listings)"), "{out}");
    let first = count(&out, "added");
    assert!(first > 80 && first <= 100, "{out}");

    // The whole folder: the rest is added; then a page with bad records.
    let (ok, out, _) = import(tmp.path(), &["--file", feed.to_str().unwrap()], None);
    assert!(ok);
    assert_eq!(count(&out, "unchanged"), first);
    let all = first + count(&out, "added");
    assert_eq!(stored(tmp.path()).len(), all);

    let bad = tmp.path().join("bad.json");
    let mut doc: Value = serde_json::from_slice(&std::fs::read(feed.join("page-000001.json")).unwrap()).unwrap();
    let records = doc["value"].as_array_mut().unwrap();
    let key = records[0]["ListingKey"].as_str().unwrap().to_string();
    records[0]["ListPrice"] = json!("call for price");
    records[1]["ListingKey"] = Value::Null;
    let dup = records[2].clone();
    records.push(dup);
    std::fs::write(&bad, serde_json::to_vec(&doc).unwrap()).unwrap();
    let (ok, out, err) = import(tmp.path(), &["--file", bad.to_str().unwrap()], None);
    assert!(ok, "bad records never stop an import: {err}");
    assert!(
        err.contains(&format!("ListingKey {key}: ListPrice: expected a number, found \"call for price\"")),
        "{err}"
    );
    assert!(err.contains("ListingKey (none, record 2 of "), "{err}");
    assert!(err.contains("appears more than once in the feed"), "{err}");
    assert_eq!(count(&out, "skipped"), 3, "{out}");
    // A whole feed: what it no longer has is removed, but the listing whose record was bad stays.
    assert!(stored(tmp.path()).iter().any(|(name, _)| name == &format!("{key}.json")));
    assert!(count(&out, "removed") > 100, "{out}");
}

#[test]
fn a_live_feed_is_paged_waited_out_and_asked_again_after_a_dropped_page() {
    let tmp = tempfile::tempdir().unwrap();
    let (feed, records) = sample(tmp.path(), 250);
    let fake = FakeFeed::start(records);
    fake.state.lock().unwrap().faults = vec![Fault::Busy(1), Fault::Drop];
    let started = std::time::Instant::now();
    let (ok, out, err) = import(tmp.path(), &["--url", &fake.url], Some(TOKEN));
    assert!(ok, "{err}");
    assert!(started.elapsed() >= std::time::Duration::from_secs(1), "Retry-After: 1 was honoured");
    assert!(err.contains("the feed answered 429"), "{err}");
    assert!(err.contains("cut off") || err.contains("incomplete"), "{err}");
    let seen = fake.seen();
    // 429, then page 1, then page 2 dropped and asked again, then page 3.
    assert_eq!(seen.len(), 5, "{seen:#?}");
    assert!(seen[3].contains("$skip=100") && seen[4].contains("$skip=200"), "{seen:#?}");
    assert!(fake.state.lock().unwrap().seen.iter().all(|(_, auth)| auth == &format!("Bearer {TOKEN}")));
    let from_url = stored(tmp.path());

    // The same listings as the saved feed gives.
    let other = tempfile::tempdir().unwrap();
    let (ok, _, _) = import(other.path(), &["--file", feed.to_str().unwrap()], None);
    assert!(ok);
    assert_eq!(stored(other.path()), from_url);
    assert!(count(&out, "added") > 200);
    assert!(!tmp.path().join("store/download").exists(), "the download folder goes once imported");
}

#[test]
fn a_stopped_run_changes_nothing_and_the_next_goes_on_asking_only_for_changes() {
    let tmp = tempfile::tempdir().unwrap();
    let (_, mut records) = sample(tmp.path(), 250);
    let fake = FakeFeed::start(records.clone());
    let (ok, _, err) = import(tmp.path(), &["--url", &fake.url], Some(TOKEN));
    assert!(ok, "{err}");
    let before = stored(tmp.path());

    // 150 listings change after the import, one of them is withdrawn, another leaves the feed.
    let in_base =
        |r: &Value| before.iter().any(|(name, _)| *name == format!("{}.json", r["ListingKey"].as_str().unwrap()));
    let was: Vec<bool> = records.iter().map(in_base).collect();
    for r in records.iter_mut().take(150) {
        r["ModificationTimestamp"] = json!("2026-11-24T12:00:00Z");
        r["ListPrice"] = json!(r["ListPrice"].as_u64().unwrap() - 5_000);
        r["StandardStatus"] = json!("Active");
        r["InternetEntireListingDisplayYN"] = json!(true);
    }
    let withdrawn = (0..150).find(|&i| was[i]).unwrap();
    records[withdrawn]["StandardStatus"] = json!("Withdrawn");
    let leaving = (150..records.len()).find(|&i| was[i]).unwrap();
    let gone = records.remove(leaving)["ListingKey"].as_str().unwrap().to_string();
    let changed = (0..150).filter(|&i| was[i]).count() - 1;
    let added = (0..150).filter(|&i| !was[i]).count();
    {
        let mut s = fake.state.lock().unwrap();
        s.records = records;
        s.seen.clear();
    }
    // Page 1 arrives, page 2 is refused until the run gives up.
    let stop_after_first_page = {
        let s = fake.state.clone();
        std::thread::spawn(move || {
            // Once page 1 is served, every answer is busy.
            loop {
                let mut st = s.lock().unwrap();
                if !st.seen.is_empty() {
                    st.faults = vec![Fault::Busy(0); 6];
                    break;
                }
                drop(st);
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
        })
    };
    let (ok, _, err) = import(tmp.path(), &["--url", &fake.url], Some(TOKEN));
    stop_after_first_page.join().unwrap();
    assert!(!ok);
    assert!(err.contains("run it again to go on from there"), "{err}");
    assert_eq!(stored(tmp.path()), before, "a run that stops changes nothing");
    let first_run = fake.seen();
    assert!(first_run[0].contains("$filter=ModificationTimestamp%20gt%20"), "{first_run:#?}");

    fake.state.lock().unwrap().seen.clear();
    let (ok, out, err) = import(tmp.path(), &["--url", &fake.url], Some(TOKEN));
    assert!(ok, "{err}");
    assert!(err.contains("going on from page 2"), "{err}");
    let second_run = fake.seen();
    assert!(second_run[0].contains("$skip=100"), "page 1 is not asked for again: {second_run:#?}");
    assert!(second_run.iter().any(|q| q.contains("$select=ListingKey")), "{second_run:#?}");
    assert_eq!((count(&out, "added"), count(&out, "changed"), count(&out, "removed")), (added, changed, 2), "{out}");
    assert!(!stored(tmp.path()).iter().any(|(name, _)| name == &format!("{gone}.json")));
}

#[test]
fn a_live_feed_needs_its_token() {
    let tmp = tempfile::tempdir().unwrap();
    let fake = FakeFeed::start(Vec::new());
    let (ok, _, err) = import(tmp.path(), &["--url", &fake.url], None);
    assert!(!ok);
    assert!(err.contains("RESO_TOKEN is not set"), "{err}");
    let (ok, _, err) = import(tmp.path(), &["--url", &fake.url], Some("wrong"));
    assert!(!ok);
    assert!(err.contains("the feed refused the token (401)"), "{err}");
    assert!(!tmp.path().join("store/current").exists());
}
