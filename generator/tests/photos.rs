//! The listings' first photos end to end: the import downloads them from a fake media host on
//! loopback into the store's photo cache (once), reports and skips those it cannot use, drops
//! those no listing starts with any more; the build serves them through the image pipeline.

mod common;

use common::{generator, repo_root};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::sync::{Arc, Mutex};

/// Where a listing page shows its first photo: the gallery's first.
const FIRST_PHOTO: &str = "<li class=\"gallery__photo\">";

/// A media host on 127.0.0.1: `/a1.jpg` and `/a2.jpg` are JPEGs, `/c1.jpg` is a web page, the
/// rest 404. It remembers every path asked for.
struct FakeHost {
    origin: String,
    seen: Arc<Mutex<Vec<String>>>,
}

fn jpeg(w: u32, h: u32, tint: u8) -> Vec<u8> {
    let img = image::RgbImage::from_fn(w, h, |x, y| image::Rgb([(x * 255 / w) as u8, (y * 255 / h) as u8, tint]));
    let mut out = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 85).encode_image(&img).unwrap();
    out
}

impl FakeHost {
    fn start(a1: Vec<u8>, a2: Vec<u8>) -> FakeHost {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let origin = format!("http://{}", listener.local_addr().unwrap());
        let seen = Arc::new(Mutex::new(Vec::new()));
        let shared = seen.clone();
        let files = Arc::new([a1, a2]);
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let (seen, files) = (shared.clone(), files.clone());
                std::thread::spawn(move || serve(stream, &seen, &files[..]));
            }
        });
        FakeHost { origin, seen }
    }

    fn asked(&self, path: &str) -> usize {
        self.seen.lock().unwrap().iter().filter(|p| *p == path).count()
    }
}

fn serve(mut stream: TcpStream, seen: &Mutex<Vec<String>>, files: &[Vec<u8>]) {
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut line = String::new();
    if reader.read_line(&mut line).is_err() {
        return;
    }
    loop {
        let mut h = String::new();
        if reader.read_line(&mut h).unwrap_or(0) == 0 || h == "\r\n" {
            break;
        }
    }
    let path = line.split_whitespace().nth(1).unwrap_or("/").to_string();
    seen.lock().unwrap().push(path.clone());
    let (status, kind, body): (&str, &str, &[u8]) = match path.as_str() {
        "/a1.jpg" => ("200 OK", "image/jpeg", &files[0]),
        "/a2.jpg" => ("200 OK", "image/jpeg", &files[1]),
        "/c1.jpg" => ("200 OK", "image/jpeg", b"<!doctype html><title>Sign in</title>"),
        _ => ("404 Not Found", "text/plain", b"not found"),
    };
    let head = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    let _ = stream.write_all(head.as_bytes());
    let _ = stream.write_all(body);
    let _ = stream.flush();
}

/// A listing of the feed with these photos, in this order.
fn record(key: &str, id: &str, street: &str, photos: &[String], modified: &str) -> Value {
    let media: Vec<Value> = photos.iter().enumerate().map(|(i, url)| json!({"MediaURL": url, "Order": i})).collect();
    json!({
        "ListingKey": key, "ListingId": id, "StandardStatus": "Active", "ListPrice": 650000,
        "BedroomsTotal": 4, "BathroomsTotalInteger": 3, "LivingArea": 2600,
        "UnparsedAddress": street, "City": "Jacksonville", "PostalCode": "32204",
        "ListOfficeName": "River City Realty", "ModificationTimestamp": modified, "Media": media,
    })
}

fn write_feed(dir: &Path, records: Vec<Value>) {
    let doc = json!({"@odata.context": "https://api.mls.example/odata/$metadata#Property", "value": records});
    std::fs::write(dir.join("feed.json"), serde_json::to_vec(&doc).unwrap()).unwrap();
}

/// The real content without its reports (which need Node to compile), in `dir/content`.
fn content(dir: &Path) -> String {
    let content = dir.join("content");
    if !content.exists() {
        common::copy_dir(&repo_root().join("content"), &content);
        std::fs::remove_dir_all(content.join("reports")).unwrap();
    }
    content.to_string_lossy().into_owned()
}

fn import(dir: &Path) -> common::Run {
    let run = generator(dir, &["import", "reso", "--file", "feed.json", "--into", "mls", "--content", &content(dir)]);
    assert!(run.ok, "a photo never stops an import: {}", run.stderr);
    run
}

fn build(dir: &Path) -> common::Run {
    let content = content(dir);
    // The content's own images as other tests encoded them (one way: the listing photos these
    // tests encode are never shared, so each test sees its photos encoded from nothing).
    common::seed_images(&dir.join("cache"));
    let args =
        ["build", "--content", &content, "--out", "dist", "--mls", "mls", "--islands", "none", "--cache", "cache"];
    let run = generator(dir, &args);
    assert!(run.ok, "{}", run.stderr);
    run
}

/// The built page of the listing with this MLS number.
fn listing_page(dir: &Path, id: &str) -> String {
    listing_page_in(&dir.join("dist"), id)
}

fn listing_page_in(out: &Path, id: &str) -> String {
    let homes = std::fs::read_dir(out.join("homes")).unwrap().map(|e| e.unwrap().file_name());
    let slug = homes.map(|n| n.to_string_lossy().into_owned()).find(|n| n.ends_with(&format!("-{id}"))).unwrap();
    std::fs::read_to_string(out.join(format!("homes/{slug}/index.html"))).unwrap()
}

fn cached(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir.join("mls/photos"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn hex(bytes: &[u8]) -> String {
    blake3::hash(bytes).to_hex().to_string()
}

#[test]
fn first_photos_are_downloaded_once_served_from_the_site_and_dropped_with_the_feed() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let (a1, a2) = (jpeg(900, 600, 40), jpeg(1200, 800, 200));
    let host = FakeHost::start(a1.clone(), a2.clone());
    let url = |p: &str| format!("{}/{p}", host.origin);
    let a = |photos: &[String], modified: &str| record("PHOTO-A", "910001", "1200 Riverside Ave", photos, modified);
    let others = [
        record("PHOTO-B", "910002", "1300 Riverside Ave", &[url("b1.jpg")], "2026-11-20T10:00:00Z"),
        record("PHOTO-C", "910003", "1400 Riverside Ave", &[url("c1.jpg")], "2026-11-20T10:00:00Z"),
    ];
    write_feed(dir, [vec![a(&[url("a1.jpg"), url("a2.jpg")], "2026-11-20T10:00:00Z")], others.to_vec()].concat());

    // A 404 and a web page are named and skipped; the JPEG is cached under its URL's hash.
    let run = import(dir);
    assert!(run.stdout.contains("3 added") && run.stdout.contains("; 1 photos downloaded"), "{}", run.stdout);
    let b =
        format!("ListingKey PHOTO-B: Media: first photo not downloaded, shown from the media host: {}", url("b1.jpg"));
    assert!(run.stderr.contains(&format!("{b}: the media host answered 404")), "{}", run.stderr);
    let c =
        format!("ListingKey PHOTO-C: Media: first photo not downloaded, shown from the media host: {}", url("c1.jpg"));
    assert!(run.stderr.contains(&format!("{c}: not a JPEG, PNG or WebP image")), "{}", run.stderr);
    let a1_file = format!("{}.jpg", hex(url("a1.jpg").as_bytes()));
    assert_eq!(cached(dir), std::slice::from_ref(&a1_file));
    assert_eq!(std::fs::read(dir.join("mls/photos").join(&a1_file)).unwrap(), a1);
    assert_eq!((host.asked("/a1.jpg"), host.asked("/a2.jpg")), (1, 0), "only first photos are downloaded");

    // Imported again: the cached photo is not asked for; the failed ones are.
    let run = import(dir);
    assert!(run.stdout.contains("; 0 photos downloaded"), "{}", run.stdout);
    assert_eq!((host.asked("/a1.jpg"), host.asked("/b1.jpg")), (1, 2));

    // Built: the first photo from the site in the pipeline's variants, the others from the host.
    build(dir);
    let h = &hex(&a1)[..8];
    let page = listing_page(dir, "910001");
    let media = &page[page.find(FIRST_PHOTO).unwrap()..];
    let media = &media[..media.find("</li>").unwrap()];
    assert!(media.contains(&format!("-{h}-480.webp 480w, /images/mls/")), "{media}");
    // WebP alone: no JPEG fallback is made for an MLS photo.
    assert!(media.contains(&format!("-{h}-900.webp\" srcset=\"")) && media.contains("width=\"900\" height=\"600\""));
    assert!(!media.contains(".jpg") && !media.contains("<picture>"), "{media}");
    assert!(media.contains("loading=\"eager\""), "{media}");
    let rest = format!("<img class=\"mls-photo\" src=\"{}\" width=\"1200\" height=\"800\"", url("a2.jpg"));
    assert!(page.contains(&rest) && page.contains("loading=\"lazy\""), "{page}");
    let slug_file = media[media.find("/images/mls/").unwrap()..].split([' ', '"']).next().unwrap().to_string();
    assert!(dir.join("dist").join(slug_file.trim_start_matches('/')).is_file(), "{slug_file}");
    let list = std::fs::read_to_string(dir.join("dist/homes/index.html")).unwrap();
    assert!(list.contains(&format!("-{h}-480.webp 480w")), "the card shows it too");
    let b_page = listing_page(dir, "910002");
    assert!(b_page.contains(&format!("<img class=\"mls-photo\" src=\"{}\"", url("b1.jpg"))), "{b_page}");

    // Built again: nothing re-encoded, nothing rewritten.
    let variant = dir.join(format!("cache/{}-480.webp", hex(&a1)));
    let encoded = std::fs::metadata(&variant).unwrap().modified().unwrap();
    let run = build(dir);
    assert!(run.stdout.contains(" 0 written,"), "{}", run.stdout);
    assert_eq!(std::fs::metadata(&variant).unwrap().modified().unwrap(), encoded);

    // A1 leaves the feed: A2 becomes the first photo, and A1 leaves the cache and the site.
    write_feed(dir, [vec![a(&[url("a2.jpg")], "2026-11-21T10:00:00Z")], others.to_vec()].concat());
    let run = import(dir);
    assert!(run.stdout.contains("1 changed") && run.stdout.contains("; 1 photos downloaded"), "{}", run.stdout);
    assert_eq!(cached(dir), [format!("{}.jpg", hex(url("a2.jpg").as_bytes()))]);
    build(dir);
    let page = listing_page(dir, "910001");
    let remote = format!("src=\"{}\"", url("a2.jpg"));
    assert!(page.contains(&format!("-{}-1200.webp", &hex(&a2)[..8])) && !page.contains(&remote), "{page}");
    let images: Vec<String> = std::fs::read_dir(dir.join("dist/images/mls"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(!images.is_empty() && images.iter().all(|n| !n.contains(h)), "{images:?}");

    // Deployed, the pages load the photos from their bucket (site.yaml's mls.photos_url), whose
    // files stay out of the static assets wrangler uploads (.assetsignore).
    let content = content(dir);
    let bucket_build = |dir: &Path, flag: &str| {
        let args = ["build", "--content", &content, "--out", "deployed", "--mls", "mls", "--islands", "none"];
        generator(dir, &[&args[..], &["--cache", "cache", flag]].concat())
    };
    let refused = bucket_build(dir, "--photos-bucket");
    assert!(!refused.ok && refused.stderr.contains("site.yaml names none (mls.photos_url)"), "{}", refused.stderr);
    let site_yaml = Path::new(&content).join("site.yaml");
    let yaml = std::fs::read_to_string(&site_yaml).unwrap();
    let with_bucket = yaml.replace("  media_host: ", "  photos_url: https://photos.example.com\n  media_host: ");
    assert_ne!(yaml, with_bucket);
    std::fs::write(&site_yaml, with_bucket).unwrap();
    // A build for publishing (`--deploy`: the feed's listings are no samples) takes the bucket
    // site.yaml names.
    let run = bucket_build(dir, "--deploy");
    assert!(run.ok, "{}", run.stderr);
    let deployed = dir.join("deployed");
    let page = listing_page_in(&deployed, "910001");
    let a2_hash = &hex(&a2)[..8];
    assert!(page.contains("src=\"https://photos.example.com/images/mls/"), "{page}");
    assert!(page.contains(&format!("-{a2_hash}-480.webp 480w, https://photos.example.com/images/mls/")), "{page}");
    assert!(!page.contains("\"/images/mls/"), "no photo from the site itself");
    assert_eq!(std::fs::read_to_string(deployed.join(".assetsignore")).unwrap().lines().last(), Some("/images/mls/"));
    let headers = std::fs::read_to_string(deployed.join("_headers")).unwrap();
    let img_src = headers[headers.find("img-src").unwrap()..].split(';').next().unwrap().to_string();
    assert!(img_src.contains("https://photos.example.com"), "{img_src}");
    // The photos' files are there for `generator photos upload`, and not counted as assets.
    let photos = std::fs::read_dir(deployed.join("images/mls")).unwrap().count();
    assert!(photos > 0);
    let counted = generator(dir, &["assets", "--out", "deployed"]);
    assert!(counted.ok, "{}", counted.stderr);
    let all =
        walkdir::WalkDir::new(&deployed).into_iter().filter(|e| e.as_ref().unwrap().file_type().is_file()).count();
    let expected = all - photos - 2; // _headers, .assetsignore
    let says = format!("static assets: {} files", expected);
    assert!(counted.stdout.starts_with(&says), "{} (expected {says})", counted.stdout);
}

#[test]
fn a_photo_its_bucket_holds_is_shown_from_the_record_neither_downloaded_nor_encoded_again() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let (a1, a2) = (jpeg(900, 600, 40), jpeg(1200, 800, 200));
    let host = FakeHost::start(a1.clone(), a2.clone());
    let url = |p: &str| format!("{}/{p}", host.origin);
    let a = |photo: &str, modified: &str| record("PHOTO-A", "910001", "1200 Riverside Ave", &[url(photo)], modified);
    write_feed(dir, vec![a("a1.jpg", "2026-11-20T10:00:00Z")]);
    let content = content(dir);
    let site_yaml = Path::new(&content).join("site.yaml");
    let yaml = std::fs::read_to_string(&site_yaml).unwrap();
    std::fs::write(
        &site_yaml,
        yaml.replace("  media_host: ", "  photos_url: https://photos.example.com\n  media_host: "),
    )
    .unwrap();
    let bucket_build = |out: &str| {
        common::seed_images(&dir.join("cache"));
        let args = ["build", "--content", &content, "--out", out, "--mls", "mls", "--islands", "none"];
        let run = generator(dir, &[&args[..], &["--cache", "cache", "--photos-bucket"]].concat());
        assert!(run.ok, "{}", run.stderr);
    };
    let media = |out: &str| {
        let page = listing_page_in(&dir.join(out), "910001");
        let media = &page[page.find(FIRST_PHOTO).unwrap()..];
        media[..media.find("</li>").unwrap()].to_string()
    };
    let index = |out: &str| -> Value {
        serde_json::from_slice(&std::fs::read(dir.join(out).join("images/mls/index.json")).unwrap()).unwrap()
    };
    let a1_stem = hex(url("a1.jpg").as_bytes());

    // The first run: downloaded, encoded, its files in the site, and the record of what the pages show.
    import(dir);
    bucket_build("first");
    let first = media("first");
    assert!(first.contains(&format!("-{}-480.webp 480w, https://photos.example.com/", &hex(&a1)[..8])), "{first}");
    let shown = index("first");
    let keys: Vec<&str> =
        shown["photos"][&a1_stem]["keys"].as_array().unwrap().iter().map(|k| k.as_str().unwrap()).collect();
    assert_eq!(keys.len(), 3, "480, 800 and its own 900 wide: {shown}");
    assert!(keys.iter().all(|k| dir.join("first").join(k).is_file()), "{keys:?}");

    // `photos upload` keeps that record once the bucket holds the files (tests/photos_bucket.rs);
    // the next run has neither the photo as downloaded nor its encoded files (not cached).
    std::fs::copy(dir.join("first/images/mls/index.json"), dir.join("mls/photos-in-bucket.json")).unwrap();
    std::fs::remove_dir_all(dir.join("mls/photos")).unwrap();
    std::fs::remove_dir_all(dir.join("cache")).unwrap();
    write_feed(dir, vec![a("a1.jpg", "2026-11-21T10:00:00Z")]);
    let run = import(dir);
    assert!(run.stdout.contains("1 changed") && run.stdout.contains("; 0 photos downloaded"), "{}", run.stdout);
    assert_eq!(host.asked("/a1.jpg"), 1, "in the bucket: not downloaded again");
    bucket_build("second");
    assert_eq!(media("second"), first, "the same photo, from the record");
    assert_eq!(index("second"), shown);
    let files: Vec<_> =
        std::fs::read_dir(dir.join("second/images/mls")).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(files, ["index.json"], "no file made: the bucket has them");
    assert!(!dir.join(format!("cache/{}-480.webp", hex(&a1))).exists(), "nothing encoded");

    // A new first photo: downloaded and encoded; the record names it alone.
    write_feed(dir, vec![a("a2.jpg", "2026-11-22T10:00:00Z")]);
    let run = import(dir);
    assert!(run.stdout.contains("; 1 photos downloaded"), "{}", run.stdout);
    bucket_build("third");
    assert!(media("third").contains(&format!("-{}-1200.webp", &hex(&a2)[..8])));
    let third = index("third");
    let stems: Vec<&String> = third["photos"].as_object().unwrap().keys().collect();
    assert_eq!(stems, [&hex(url("a2.jpg").as_bytes())]);
}

#[test]
fn a_photo_limit_keeps_the_newest_listings_photos_first_and_the_rest_wait_for_a_later_import() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let host = FakeHost::start(jpeg(900, 600, 40), jpeg(1200, 800, 200));
    let url = |p: &str| format!("{}/{p}", host.origin);
    write_feed(
        dir,
        vec![
            record("PHOTO-B", "910002", "1300 Riverside Ave", &[url("a2.jpg")], "2026-11-20T10:00:00Z"),
            record("PHOTO-A", "910001", "1200 Riverside Ave", &[url("a1.jpg")], "2026-11-21T10:00:00Z"),
        ],
    );
    let limited = |dir: &Path| {
        let args = ["import", "reso", "--file", "feed.json", "--into", "mls", "--content", &content(dir)];
        let run = generator(dir, &[&args[..], &["--photo-limit", "1"]].concat());
        assert!(run.ok, "{}", run.stderr);
        run
    };
    // Without a bucket the photos are files of the site, never sent: no limit.
    let run = limited(dir);
    assert!(run.stdout.ends_with("; 2 photos downloaded into mls\n"), "{}", run.stdout);
    assert!(run.stderr.contains("import: --photo-limit ignored: site.yaml names no bucket"), "{}", run.stderr);
    std::fs::remove_dir_all(dir.join("mls")).unwrap();
    let site_yaml = Path::new(&content(dir)).join("site.yaml");
    let yaml = std::fs::read_to_string(&site_yaml).unwrap();
    std::fs::write(
        &site_yaml,
        yaml.replace("  media_host: ", "  photos_url: https://photos.example.com\n  media_host: "),
    )
    .unwrap();

    // With one, one at most: the newer listing's.
    let run = limited(dir);
    assert!(run.stdout.ends_with("; 1 photos downloaded, 1 waiting for a later import into mls\n"), "{}", run.stdout);
    assert_eq!((host.asked("/a1.jpg"), host.asked("/a2.jpg")), (2, 1));
    // Not sent yet, it still counts: nothing more.
    let run = limited(dir);
    assert!(run.stdout.contains("; 0 photos downloaded, 1 waiting for a later import"), "{}", run.stdout);
    assert_eq!(host.asked("/a2.jpg"), 1);
    // Once its bucket holds it (`photos upload` recorded it), the next one comes.
    let image = json!({"src": "/images/mls/a-1-900.webp", "width": 900, "height": 600,
        "srcset": "/images/mls/a-1-900.webp 900w", "sources": []});
    let record =
        json!({"photos": {hex(url("a1.jpg").as_bytes()): {"image": image, "keys": ["images/mls/a-1-900.webp"]}}});
    std::fs::write(dir.join("mls/photos-in-bucket.json"), record.to_string()).unwrap();
    let run = limited(dir);
    assert!(run.stdout.ends_with("; 1 photos downloaded into mls\n"), "{}", run.stdout);
    assert_eq!(host.asked("/a2.jpg"), 2);
}
