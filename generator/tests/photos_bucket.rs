//! `generator photos upload` against a real S3-compatible server on loopback (moto's, from PyPI,
//! which `scripts/setup.sh --test` installs into .cache/venv): a first run creates every photo,
//! a second skips them, changed bytes replace one, a photo no page names waits out the grace
//! period before it is deleted, and a run killed half-way is finished by the next.

mod common;

use common::repo_root;
use rusty_s3::actions::ListObjectsV2;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

const BUCKET: &str = "listing-photos";

/// moto's S3 server on a free loopback port, stopped when dropped.
struct Moto {
    child: Child,
    url: String,
}

impl Drop for Moto {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn moto_server() -> PathBuf {
    let venv = repo_root().join(".cache/venv/bin/moto_server");
    if venv.is_file() {
        return venv;
    }
    let on_path = std::env::var_os("PATH")
        .into_iter()
        .flat_map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .map(|d| d.join("moto_server"))
        .find(|p| p.is_file());
    on_path.expect("moto_server is missing: run scripts/setup.sh --test (it installs moto[server] into .cache/venv)")
}

fn start_moto() -> Moto {
    let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let child = Command::new(moto_server())
        .args(["-H", "127.0.0.1", "-p", &port.to_string()])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("starting moto_server");
    let url = format!("http://127.0.0.1:{port}");
    let moto = Moto { child, url };
    let started = Instant::now();
    while ureq::get(&moto.url).call().is_err() {
        assert!(started.elapsed() < Duration::from_secs(30), "moto_server did not answer within 30 s");
        std::thread::sleep(Duration::from_millis(100));
    }
    ureq::put(&format!("{}/{BUCKET}", moto.url)).send_empty().expect("creating the bucket");
    moto
}

/// The bucket's keys and ETags, as the server lists them (unsigned: moto does not check).
fn listed(moto: &Moto) -> Vec<(String, String)> {
    let mut all = Vec::new();
    let mut token = String::new();
    loop {
        let mut url = format!("{}/{BUCKET}?list-type=2", moto.url);
        if !token.is_empty() {
            url.push_str(&format!("&continuation-token={}", percent(&token)));
        }
        let body = ureq::get(&url).call().unwrap().body_mut().read_to_string().unwrap();
        let page = ListObjectsV2::parse_response(&body).unwrap();
        all.extend(page.contents.into_iter().map(|c| (c.key, c.etag.unwrap_or_default())));
        match page.next_continuation_token {
            Some(t) => token = t,
            None => return all,
        }
    }
}

/// A GET of `key` signed with the test's keys (moto refuses an anonymous one, as R2 would).
fn signed_get(moto: &Moto, key: &str) -> String {
    use rusty_s3::S3Action;
    let bucket = rusty_s3::Bucket::new(moto.url.parse().unwrap(), rusty_s3::UrlStyle::Path, BUCKET, "auto").unwrap();
    let credentials = rusty_s3::Credentials::new("test-key", "test-secret");
    bucket.get_object(Some(&credentials), key).sign(Duration::from_secs(60)).to_string()
}

fn percent(s: &str) -> String {
    s.bytes().map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{b:02X}") }).collect()
}

fn upload_command(dir: &Path, moto: &Moto, grace_hours: &str) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_generator"));
    cmd.args([
        "photos",
        "upload",
        "--content",
        "content",
        "--out",
        "dist",
        "--endpoint",
        &moto.url,
        "--state",
        "state.json",
    ])
    .args(["--grace-hours", grace_hours])
    .env("R2_ACCESS_KEY_ID", "test-key")
    .env("R2_SECRET_ACCESS_KEY", "test-secret")
    .current_dir(dir);
    cmd
}

fn upload(dir: &Path, moto: &Moto, grace_hours: &str) -> String {
    let Output { status, stdout, stderr } = upload_command(dir, moto, grace_hours).output().unwrap();
    assert!(status.success(), "{}", String::from_utf8_lossy(&stderr));
    String::from_utf8(stdout).unwrap()
}

/// The site's content, naming the photos' bucket.
fn content(dir: &Path) {
    common::copy_dir(&repo_root().join("content"), &dir.join("content"));
    let site = dir.join("content/site.yaml");
    let yaml = std::fs::read_to_string(&site).unwrap();
    std::fs::write(&site, yaml.replace("  media_host: ", "  photos_url: https://photos.example.com\n  media_host: "))
        .unwrap();
}

fn photo(dir: &Path, name: &str, bytes: &[u8]) {
    let path = dir.join("dist/images/mls").join(name);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, bytes).unwrap();
}

#[test]
fn photos_are_created_skipped_replaced_and_deleted_after_the_grace_period() {
    let moto = start_moto();
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    content(dir);
    photo(dir, "1-oak-st-aaaa1111-480.webp", b"RIFF one");
    photo(dir, "1-oak-st-aaaa1111-480.jpg", b"\xFF\xD8\xFF one");
    photo(dir, "2-elm-st-bbbb2222-480.webp", b"RIFF two");
    // Not a photo of the MLS: never sent.
    std::fs::create_dir_all(dir.join("dist/images/site")).unwrap();
    std::fs::write(dir.join("dist/images/site/logo.svg"), "<svg/>").unwrap();

    let said = upload(dir, &moto, "48");
    assert!(said.starts_with("photos: served from https://photos.example.com\nphotos: 3 sent"), "{said}");
    let keys: Vec<String> = listed(&moto).into_iter().map(|(k, _)| k).collect();
    assert_eq!(
        keys,
        [
            "images/mls/1-oak-st-aaaa1111-480.jpg",
            "images/mls/1-oak-st-aaaa1111-480.webp",
            "images/mls/2-elm-st-bbbb2222-480.webp"
        ]
    );
    // Served as the photo it is, cached for a year.
    let mut got = ureq::get(&signed_get(&moto, "images/mls/1-oak-st-aaaa1111-480.webp")).call().unwrap();
    assert_eq!(got.headers().get("content-type").unwrap(), "image/webp");
    assert_eq!(got.headers().get("cache-control").unwrap(), "public, max-age=31536000, immutable");
    assert_eq!(got.body_mut().read_to_vec().unwrap(), b"RIFF one");

    // Nothing changed: nothing sent.
    let said = upload(dir, &moto, "48");
    assert!(said.contains("\nphotos: 0 sent (0.0 MB), 3 unchanged, 0 deleted"), "{said}");

    // Other bytes under the same name (an encoder changed): replaced.
    photo(dir, "2-elm-st-bbbb2222-480.webp", b"RIFF two, encoded anew");
    let said = upload(dir, &moto, "48");
    assert!(said.contains("\nphotos: 1 sent"), "{said}");
    assert!(said.contains("2 unchanged"), "{said}");
    let got = ureq::get(&signed_get(&moto, "images/mls/2-elm-st-bbbb2222-480.webp"))
        .call()
        .unwrap()
        .body_mut()
        .read_to_vec()
        .unwrap();
    assert_eq!(got, b"RIFF two, encoded anew");

    // A listing gone: its photo stays through the grace period, then goes.
    std::fs::remove_file(dir.join("dist/images/mls/1-oak-st-aaaa1111-480.jpg")).unwrap();
    let said = upload(dir, &moto, "48");
    assert!(said.contains("0 deleted, 1 no longer shown kept for the 48-hour grace period"), "{said}");
    assert_eq!(listed(&moto).len(), 3);
    let said = upload(dir, &moto, "0");
    assert!(said.contains("1 deleted, 0 no longer shown"), "{said}");
    let keys: Vec<String> = listed(&moto).into_iter().map(|(k, _)| k).collect();
    assert!(!keys.contains(&"images/mls/1-oak-st-aaaa1111-480.jpg".to_string()), "{keys:?}");
    assert_eq!(keys.len(), 2);
}

#[test]
fn without_a_bucket_in_site_yaml_nothing_is_sent() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    common::copy_dir(&repo_root().join("content"), &dir.join("content"));
    photo(dir, "1-oak-st-aaaa1111-480.webp", b"RIFF one");
    // No server at all: nothing is asked of one.
    let run = Command::new(env!("CARGO_BIN_EXE_generator"))
        .args(["photos", "upload", "--content", "content", "--out", "dist", "--endpoint", "http://127.0.0.1:9"])
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    assert_eq!(
        String::from_utf8(run.stdout).unwrap(),
        "photos: site.yaml names no bucket (mls.photos_url): the MLS photos are files of the site\n"
    );
}

#[test]
fn a_run_killed_half_way_is_finished_by_the_next() {
    let moto = start_moto();
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    content(dir);
    let total = 800;
    for n in 0..total {
        photo(dir, &format!("{n}-st-{n:08x}-480.webp"), format!("RIFF photo {n}").as_bytes());
    }
    let mut run = upload_command(dir, &moto, "48").stdout(Stdio::null()).stderr(Stdio::null()).spawn().unwrap();
    let started = Instant::now();
    while listed(&moto).is_empty() {
        assert!(run.try_wait().unwrap().is_none(), "the run ended before it was killed");
        assert!(started.elapsed() < Duration::from_secs(60), "nothing was sent within a minute");
        std::thread::sleep(Duration::from_millis(5));
    }
    run.kill().unwrap();
    run.wait().unwrap();
    // What the server was still taking in when the run died lands or not: let it settle.
    std::thread::sleep(Duration::from_millis(500));
    let there = listed(&moto).len();
    assert!(there > 0 && there < total, "killed half-way: {there} of {total}");

    let said = upload(dir, &moto, "48");
    assert!(said.contains(&format!("\nphotos: {} sent", total - there)), "the rest only ({there} were there): {said}");
    assert!(said.contains(&format!("{there} unchanged")), "{said}");
    assert_eq!(listed(&moto).len(), total);
}

/// The build's record of the photos its pages show (`images/mls/index.json`): each by its URL's
/// hash, with its files' keys.
fn index(dir: &Path, photos: &[(&str, &[&str])]) {
    let photos: serde_json::Map<String, serde_json::Value> = photos
        .iter()
        .map(|(stem, keys)| {
            let image = serde_json::json!({"src": format!("/{}", keys[0]), "width": 480, "height": 320,
                "srcset": format!("/{} 480w", keys[0]), "sources": []});
            (stem.to_string(), serde_json::json!({"image": image, "keys": keys}))
        })
        .collect();
    let path = dir.join("dist/images/mls/index.json");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, serde_json::to_vec(&serde_json::json!({ "photos": photos })).unwrap()).unwrap();
}

fn recorded(dir: &Path) -> Vec<String> {
    let bytes = std::fs::read(dir.join(".cache/mls/photos-in-bucket.json")).unwrap();
    let record: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
    record["photos"].as_object().unwrap().keys().cloned().collect()
}

#[test]
fn photos_shown_from_the_record_are_kept_and_one_the_bucket_lost_is_made_again() {
    let moto = start_moto();
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    content(dir);
    // A new photo (its file in the site) and one the record says was sent, but was not.
    photo(dir, "1-oak-st-aaaa1111-480.webp", b"RIFF one");
    index(
        dir,
        &[("aaaa", &["images/mls/1-oak-st-aaaa1111-480.webp"]), ("bbbb", &["images/mls/2-elm-st-bbbb2222-480.webp"])],
    );
    let run = upload_command(dir, &moto, "0").output().unwrap();
    let said = String::from_utf8_lossy(&run.stderr);
    assert!(!run.status.success(), "nothing is deployed with a photo missing");
    assert!(
        said.contains(
            "the bucket has lost 1 photo files the pages name (the first: images/mls/2-elm-st-bbbb2222-480.webp)"
        ),
        "{said}"
    );
    assert_eq!(recorded(dir), ["aaaa"], "the lost one is forgotten, so the next import downloads it again");
    assert_eq!(listed(&moto).len(), 1, "the new one was sent");

    // The next run: both photos shown from the record, neither a file of the site; the bucket
    // holds both. Nothing is sent, and neither is deleted, though no file names them.
    std::fs::remove_file(dir.join("dist/images/mls/1-oak-st-aaaa1111-480.webp")).unwrap();
    ureq::put(&format!("{}/{BUCKET}/images/mls/2-elm-st-bbbb2222-480.webp", moto.url)).send(&b"RIFF two"[..]).unwrap();
    let said = upload(dir, &moto, "0");
    assert!(said.contains("\nphotos: 0 sent (0.0 MB), 2 unchanged, 0 deleted"), "{said}");
    assert_eq!(recorded(dir), ["aaaa", "bbbb"]);
    assert_eq!(listed(&moto).len(), 2);

    // A listing gone from the pages: its photo leaves the record, and the bucket after the grace period.
    index(dir, &[("bbbb", &["images/mls/2-elm-st-bbbb2222-480.webp"])]);
    let said = upload(dir, &moto, "0");
    assert!(said.contains("1 unchanged, 1 deleted"), "{said}");
    assert_eq!(recorded(dir), ["bbbb"]);
}
