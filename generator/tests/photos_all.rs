//! `mls.photos: all` end to end: every photo of a listing is downloaded from a fake media host
//! on loopback, encoded at the gallery's two widths and shown from the site or the bucket; the
//! per-run limit spreads the fill (first photos first, newest listings first), and a photo not
//! hosted yet is shown from the media host meanwhile.

mod common;

use common::{generator, repo_root};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::path::Path;
use std::sync::{Arc, Mutex};

/// A media host on 127.0.0.1 serving a distinct 1800 × 1200 JPEG at every `/<name>.jpg`,
/// remembering every path asked for.
struct FakeHost {
    origin: String,
    seen: Arc<Mutex<Vec<String>>>,
}

fn jpeg(tint: u8) -> Vec<u8> {
    let (w, h) = (1800, 1200);
    let img = image::RgbImage::from_fn(w, h, |x, y| image::Rgb([(x * 255 / w) as u8, (y * 255 / h) as u8, tint]));
    let mut out = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 80).encode_image(&img).unwrap();
    out
}

impl FakeHost {
    fn start() -> FakeHost {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let origin = format!("http://{}", listener.local_addr().unwrap());
        let seen = Arc::new(Mutex::new(Vec::new()));
        let shared = seen.clone();
        std::thread::spawn(move || {
            for mut stream in listener.incoming().flatten() {
                let mut line = String::new();
                let mut reader = BufReader::new(stream.try_clone().unwrap());
                if reader.read_line(&mut line).is_err() {
                    continue;
                }
                while reader.read_line(&mut String::new()).is_ok_and(|n| n > 2) {}
                let path = line.split_whitespace().nth(1).unwrap_or("/").to_string();
                shared.lock().unwrap().push(path.clone());
                let body = jpeg(path.bytes().map(u32::from).sum::<u32>() as u8);
                let head = format!(
                    "HTTP/1.1 200 OK\r\nContent-Type: image/jpeg\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                    body.len()
                );
                let _ = stream.write_all(head.as_bytes()).and_then(|_| stream.write_all(&body));
            }
        });
        FakeHost { origin, seen }
    }

    fn url(&self, name: &str) -> String {
        format!("{}/{name}.jpg", self.origin)
    }

    /// The paths asked for since `from` asks, sorted (four are downloaded at a time).
    fn asked(&self, from: usize) -> Vec<String> {
        let mut seen = self.seen.lock().unwrap()[from..].to_vec();
        seen.sort();
        seen
    }
}

/// Two listings of three photos each: A (newer) a1..a3, B b1..b3.
fn write_feed(dir: &Path, host: &FakeHost) {
    let record = |key: &str, id: &str, street: &str, p: &str, modified: &str| {
        let media: Vec<Value> =
            (1..=3).map(|i| json!({"MediaURL": host.url(&format!("{p}{i}")), "Order": i})).collect();
        json!({
            "ListingKey": key, "ListingId": id, "StandardStatus": "Active", "ListPrice": 650000,
            "BedroomsTotal": 4, "BathroomsTotalInteger": 3, "LivingArea": 2600,
            "UnparsedAddress": street, "City": "Jacksonville", "PostalCode": "32204",
            "ListOfficeName": "River City Realty", "ModificationTimestamp": modified, "Media": media,
        })
    };
    let records = vec![
        record("PHOTO-B", "910002", "1300 Riverside Ave", "b", "2026-11-20T10:00:00Z"),
        record("PHOTO-A", "910001", "1200 Riverside Ave", "a", "2026-11-21T10:00:00Z"),
    ];
    let doc = json!({"@odata.context": "https://api.mls.example/odata/$metadata#Property", "value": records});
    std::fs::write(dir.join("feed.json"), serde_json::to_vec(&doc).unwrap()).unwrap();
}

/// The real content without its reports, with `mls.photos: all` and `extra` in its mls block.
fn content(dir: &Path, extra: &str) -> String {
    let content = dir.join("content");
    common::copy_dir(&repo_root().join("content"), &content);
    std::fs::remove_dir_all(content.join("reports")).unwrap();
    let site_yaml = content.join("site.yaml");
    let yaml = std::fs::read_to_string(&site_yaml).unwrap();
    std::fs::write(&site_yaml, yaml.replace("  media_host: ", &format!("  photos: all\n{extra}  media_host: ")))
        .unwrap();
    content.to_string_lossy().into_owned()
}

fn run(dir: &Path, args: &[&str]) -> common::Run {
    let run = generator(dir, args);
    assert!(run.ok, "{}", run.stderr);
    run
}

fn import(dir: &Path, content: &str, limit: Option<&str>) -> common::Run {
    let args = ["import", "reso", "--file", "feed.json", "--into", "mls", "--content", content];
    run(dir, &[&args[..], &limit.map_or(vec![], |l| vec!["--photo-limit", l])].concat())
}

fn build(dir: &Path, content: &str, bucket: bool) {
    common::seed_images(&dir.join("cache"));
    let args =
        ["build", "--content", content, "--out", "dist", "--mls", "mls", "--islands", "none", "--cache", "cache"];
    run(dir, &[&args[..], if bucket { &["--photos-bucket"][..] } else { &[] }].concat());
}

/// Each `<img>` of the listing page's photos list (the photos after the first), as its `src` and `srcset`.
fn listed(dir: &Path, id: &str) -> Vec<(String, String)> {
    let homes = std::fs::read_dir(dir.join("dist/homes")).unwrap().map(|e| e.unwrap().file_name());
    let slug = homes.map(|n| n.to_string_lossy().into_owned()).find(|n| n.ends_with(&format!("-{id}"))).unwrap();
    let page = std::fs::read_to_string(dir.join(format!("dist/homes/{slug}/index.html"))).unwrap();
    let list = &page[page.find("<ul class=\"for-sale__photos\">").unwrap()..];
    let list = &list[..list.find("</ul>").unwrap()];
    let attr = |img: &str, name: &str| {
        img.split_once(&format!(" {name}=\"")).map_or(String::new(), |(_, r)| r[..r.find('"').unwrap()].to_string())
    };
    list.split("<img").skip(1).map(|img| (attr(img, "src"), attr(img, "srcset"))).collect()
}

#[test]
fn all_hosts_every_photo_at_the_galleries_two_widths() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let host = FakeHost::start();
    write_feed(dir, &host);
    let content = content(dir, "");
    let out = import(dir, &content, None);
    assert!(out.stdout.ends_with("; 6 photos downloaded into mls\n"), "{}", out.stdout);
    build(dir, &content, false);
    let photos = listed(dir, "910001");
    assert_eq!(photos.len(), 2, "{photos:?}");
    for (src, srcset) in &photos {
        assert!(src.starts_with("/images/mls/1200-riverside-ave-") && src.ends_with("-1600.webp"), "{src}");
        let widths: Vec<&str> = srcset.split(", ").map(|s| s.rsplit(' ').next().unwrap()).collect();
        assert_eq!(widths, ["800w", "1600w"], "{srcset}");
        assert!(dir.join("dist").join(&src[1..]).is_file(), "{src}");
    }
    // Each photo's files are named by its own URL, so a reorder keeps them.
    assert_ne!(photos[0].0, photos[1].0);
    assert_eq!(host.asked(0).len(), 6, "each downloaded once");
    import(dir, &content, None);
    assert_eq!(host.asked(0).len(), 6, "a re-import asks for none it has");
}

#[test]
fn the_limit_spreads_the_fill_and_a_photo_not_hosted_yet_comes_from_the_media_host() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let host = FakeHost::start();
    write_feed(dir, &host);
    let content = content(dir, "  photos_url: https://photos.example.com\n");
    // Three a run: both first photos (the newer listing's first), then the newer listing's others.
    let out = import(dir, &content, Some("3"));
    assert!(out.stdout.ends_with("; 3 photos downloaded, 3 waiting for a later import into mls\n"), "{}", out.stdout);
    let path = |p: &str| format!("/{p}.jpg");
    assert_eq!(host.asked(0), [path("a1"), path("a2"), path("b1")]);
    build(dir, &content, true);
    let a = listed(dir, "910001");
    assert!(a[0].0.starts_with("https://photos.example.com/images/mls/1200-riverside-ave-"), "{a:?}");
    assert_eq!(a[1], (host.url("a3"), String::new()), "not downloaded yet: the media host's");
    assert!(listed(dir, "910002").iter().all(|(src, _)| src.starts_with(&host.origin)));

    // Not sent yet, they still count: nothing more.
    let out = import(dir, &content, Some("3"));
    assert!(out.stdout.contains("; 0 photos downloaded, 3 waiting"), "{}", out.stdout);
    // Once the bucket holds them (`photos upload` keeps the build's record), the next three come.
    std::fs::copy(dir.join("dist/images/mls/index.json"), dir.join("mls/photos-in-bucket.json")).unwrap();
    let out = import(dir, &content, Some("3"));
    assert!(out.stdout.ends_with("; 3 photos downloaded into mls\n"), "{}", out.stdout);
    assert_eq!(host.asked(3), [path("a3"), path("b2"), path("b3")]);
    build(dir, &content, true);
    for id in ["910001", "910002"] {
        let photos = listed(dir, id);
        assert!(photos.iter().all(|(src, _)| src.starts_with("https://photos.example.com/")), "{id} {photos:?}");
    }
}
