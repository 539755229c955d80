//! `generator serve` on a copy of the real content with a few sample MLS listings imported: pages
//! are served, an edit reaches the open pages it changed (and only those) through the
//! live-reload long-poll, the open pages are rendered before the rest of the site, content
//! problems keep the last good site up, nothing outside the output folder can be read, and
//! `dist/` (what is deployed) is left alone.

mod common;

use common::{copy_dir, repo_root, seed_images};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

/// The content served: a copy of the repository's real one.
const CONTENT: &str = "content";
/// The first build (its cache holds the images other tests encoded: common::seed_images).
const STARTUP: Duration = Duration::from_secs(120);
/// Any single step after that (an edit reaching the page, a problem being reported).
const STEP: Duration = Duration::from_secs(20);
/// Sample MLS listings imported: enough for a neighborhood's list and a second page of all.
const SAMPLE_LISTINGS: usize = 60;

/// A running `generator serve` on its own copy of the content; killed when dropped, also when
/// the test panics.
struct Serve {
    child: Mutex<Child>,
    port: u16,
    /// Its stdout and stderr, line by line as they come.
    log: Arc<Mutex<String>>,
    dir: tempfile::TempDir,
}

impl Drop for Serve {
    fn drop(&mut self) {
        let child = self.child.get_mut().unwrap_or_else(|e| e.into_inner());
        let _ = child.kill();
        let _ = child.wait();
        if std::thread::panicking() {
            eprintln!("--- generator serve output ---\n{}", self.log());
        }
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

impl Serve {
    /// Copy the real content, let `prepare` change the copy, start serving it.
    fn start(prepare: impl FnOnce(&Path)) -> Serve {
        let dir = tempfile::tempdir().unwrap();
        let content = dir.path().join("content");
        copy_dir(&repo_root().join(CONTENT), &content);
        // Where serve reads the MLS's listings by default (relative to where it runs).
        let import = Command::new(env!("CARGO_BIN_EXE_generator"))
            .args(["import", "reso", "--sample", "--listings", &SAMPLE_LISTINGS.to_string(), "--into", ".cache/mls"])
            .arg("--content")
            .arg(&content)
            .current_dir(dir.path())
            .output()
            .expect("running generator import reso");
        assert!(import.status.success(), "{}", String::from_utf8_lossy(&import.stderr));
        prepare(&content);
        seed_images(&dir.path().join("cache"));
        let port = free_port();
        let path = |p: &str| dir.path().join(p).to_str().unwrap().to_string();
        let mut child = Command::new(env!("CARGO_BIN_EXE_generator"))
            .args([
                "serve",
                "--content",
                &path("content"),
                // No --preview: the default folder, next to a dist/ it must not touch.
                "--cache",
                &path("cache"),
            ])
            .args(["--islands", &path("no-islands"), "--host", "127.0.0.1", "--port", &port.to_string()])
            .args(["--mdx-renderer", repo_root().join("site/build/render-reports.mjs").to_str().unwrap()])
            .current_dir(dir.path())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("starting generator serve");
        let log = Arc::new(Mutex::new(String::new()));
        let stdout: Box<dyn Read + Send> = Box::new(child.stdout.take().unwrap());
        let stderr: Box<dyn Read + Send> = Box::new(child.stderr.take().unwrap());
        for stream in [stdout, stderr] {
            let log = log.clone();
            std::thread::spawn(move || {
                for line in BufReader::new(stream).lines().map_while(Result::ok) {
                    let mut log = log.lock().unwrap();
                    log.push_str(&line);
                    log.push('\n');
                }
            });
        }
        let serve = Serve { child: Mutex::new(child), port, log, dir };
        serve.wait_until("the site is served", STARTUP, || serve.try_get("/").is_some());
        serve
    }

    fn content(&self) -> PathBuf {
        self.dir.path().join("content")
    }

    /// Where `generator serve` writes by default (relative to where it runs).
    fn preview(&self) -> PathBuf {
        self.dir.path().join(".cache/preview")
    }

    /// The deployed site's folder, which a preview must leave as `generator build` wrote it.
    fn dist(&self) -> PathBuf {
        self.dir.path().join("dist")
    }

    fn log(&self) -> String {
        self.log.lock().unwrap().clone()
    }

    /// Poll `ready` until it holds; panics after `limit` (or when the server exits).
    fn wait_until(&self, what: &str, limit: Duration, mut ready: impl FnMut() -> bool) {
        let deadline = Instant::now() + limit;
        loop {
            if ready() {
                return;
            }
            if Instant::now() > deadline {
                panic!("timed out after {limit:?} waiting until {what}");
            }
            // The server exiting is a failure in itself; say so rather than time out.
            let exited = self.child.lock().unwrap().try_wait().unwrap();
            assert!(exited.is_none(), "generator serve exited ({exited:?}) while waiting until {what}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Wait for the whole site's rebuild after the log's first `lines_before` lines (the open
    /// pages' reload comes before it).
    fn wait_rebuilt(&self, lines_before: usize) {
        self.wait_until("the whole site is rebuilt", STEP, || {
            self.log().lines().skip(lines_before).any(|l| l.starts_with("rebuilt in"))
        });
    }

    fn try_get(&self, path: &str) -> Option<Reply> {
        request(self.port, path)
    }

    fn get(&self, path: &str) -> Reply {
        self.try_get(path).unwrap_or_else(|| panic!("GET {path} got no answer"))
    }

    /// The site's current generation, from a long-poll that answers at once.
    fn generation(&self) -> u64 {
        let r = self.get("/__livereload");
        assert_eq!(r.status, 200);
        r.text().trim().parse().expect("the live-reload answer is a number")
    }

    /// Start `GET /__livereload?v=<seen>&page=<page>` (what the client of a page served from
    /// output file `page` at generation `seen` sends) in a thread: the answer arrives on the
    /// channel with the time it arrived.
    fn long_poll(&self, seen: u64, page: &str) -> mpsc::Receiver<(Instant, Reply)> {
        let (tx, rx) = mpsc::channel();
        let port = self.port;
        let query = format!("/__livereload?v={seen}&page={page}");
        std::thread::spawn(move || {
            if let Some(r) = request(port, &query) {
                let _ = tx.send((Instant::now(), r));
            }
        });
        // Give the request time to be waiting before the change it should see.
        std::thread::sleep(Duration::from_millis(100));
        rx
    }
}

struct Reply {
    status: u16,
    /// The head, lower-cased: `content-type: text/html…` lines.
    head: String,
    body: Vec<u8>,
}

impl Reply {
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    fn header(&self, name: &str) -> Option<String> {
        let prefix = format!("{}:", name.to_ascii_lowercase());
        self.head.lines().find_map(|l| l.to_ascii_lowercase().strip_prefix(&prefix).map(|v| v.trim().to_string()))
    }
}

/// A bare HTTP/1.1 GET over a fresh connection; `path` goes on the wire as is (no
/// normalisation), which is what the traversal checks need. `None` when nothing answers.
fn request(port: u16, path: &str) -> Option<Reply> {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).ok()?;
    stream.set_read_timeout(Some(Duration::from_secs(40))).ok()?;
    write!(stream, "GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n").ok()?;
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).ok()?;
    let split = raw.windows(4).position(|w| w == b"\r\n\r\n")?;
    let head = String::from_utf8_lossy(&raw[..split]).into_owned();
    let status = head.split(' ').nth(1)?.parse().ok()?;
    let reply = Reply { status, head, body: raw[split + 4..].to_vec() };
    if let Some(len) = reply.header("content-length") {
        assert_eq!(reply.body.len(), len.parse::<usize>().unwrap(), "GET {path}: body length");
    }
    Some(reply)
}

/// A listing of the content: its file and the address its front matter gives.
struct Listing {
    file: PathBuf,
    address: String,
}

/// Published listings whose address needs no HTML escaping, in file order.
fn listings(content: &Path) -> Vec<Listing> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(content.join("listings"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    files.sort();
    files
        .into_iter()
        .filter_map(|file| {
            let text = std::fs::read_to_string(&file).unwrap();
            let front = text.split("\n---").next().unwrap_or_default().to_string();
            if front.lines().any(|l| l.trim() == "draft: true") {
                return None;
            }
            let address = front.lines().find_map(|l| l.strip_prefix("address:"))?.trim();
            let address = address.trim_matches(|c| c == '"' || c == '\'').to_string();
            let plain = !address.is_empty() && !address.contains(['&', '<', '>', '"', '\'', '\\']);
            plain.then_some(Listing { file, address })
        })
        .collect()
}

/// Replace the listing's address (the first time it appears in its file).
fn set_address(file: &Path, old: &str, new: &str) {
    let text = std::fs::read_to_string(file).unwrap();
    assert!(text.contains(old), "{} names {old}", file.display());
    std::fs::write(file, text.replacen(old, new, 1)).unwrap();
}

/// The URL of the page that shows `text`, preferring a listing page.
fn page_showing(dist: &Path, text: &str) -> Option<String> {
    let mut pages: Vec<String> = walkdir::WalkDir::new(dist)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file() && e.path().extension().is_some_and(|x| x == "html"))
        .filter(|e| std::fs::read_to_string(e.path()).is_ok_and(|html| html.contains(text)))
        .map(|e| e.path().strip_prefix(dist).unwrap().to_string_lossy().replace('\\', "/"))
        .collect();
    pages.sort_by_key(|p| (!p.starts_with("listings/"), p.clone()));
    let page = pages.into_iter().next()?;
    Some(format!("/{}", page.strip_suffix("index.html").unwrap_or(&page)))
}

/// A served page without the live-reload client the server added to it.
fn without_client(html: &str) -> String {
    let start = html.rfind("<script>(()=>{let v=").expect("the page carries the live-reload client");
    let end = start + html[start..].find("</script>").expect("the client's end") + "</script>".len();
    format!("{}{}", &html[..start], &html[end..])
}

/// The output file a page URL is served from: `/listings/x/` → `listings/x/index.html`.
fn page_file(url: &str) -> String {
    let file = url.trim_start_matches('/');
    if file.is_empty() || file.ends_with('/') {
        format!("{file}index.html")
    } else {
        file.to_string()
    }
}

/// An address made different but still plausible, so that neither the old address nor its
/// street is part of the new one: "12 Oak St, …" → "12 Annex Oak St, …".
fn edited(address: &str, word: &str) -> String {
    match address.split_once(' ') {
        Some((number, rest)) => format!("{number} {word} {rest}"),
        None => format!("{word} {address}"),
    }
}

#[test]
fn serves_the_site_and_reloads_it_on_every_change() {
    // A built site in dist/, as `generator build` leaves it.
    let built = |content: &Path| {
        let dist = content.parent().unwrap().join("dist");
        std::fs::create_dir_all(dist.join("about")).unwrap();
        std::fs::write(dist.join(".assetsignore"), ".assetsignore\n").unwrap();
        std::fs::write(dist.join("index.html"), "built home").unwrap();
        std::fs::write(dist.join("about/index.html"), "built about").unwrap();
    };
    let serve = Serve::start(built);
    let content = serve.content();
    let dist_before = common::files(&serve.dist());

    // A page with a listing's address on it (or at least its street, should a page split it).
    let (listing, shown, url) = listings(&content)
        .into_iter()
        .find_map(|l| {
            let street = l.address.split(',').next().unwrap_or_default().to_string();
            let (shown, url) = [l.address.clone(), street]
                .into_iter()
                .find_map(|shown| Some((shown.clone(), page_showing(&serve.preview(), &shown)?)))?;
            Some((l, shown, url))
        })
        .expect("some listing's address is on a page");
    let page = serve.get(&url);
    assert_eq!(page.status, 200, "GET {url}");
    assert!(page.text().contains(&shown), "{url} shows {shown}");
    assert!(page.text().contains("/__livereload"), "{url} carries the live-reload client");
    assert!(page.header("content-type").unwrap().starts_with("text/html"));
    assert_eq!(page.header("cache-control").as_deref(), Some("no-store"));
    let file = page_file(&url);
    let written = std::fs::read_to_string(serve.preview().join(&file)).unwrap();
    assert!(!written.contains("/__livereload"), "{file} is written as `generator build` writes it");

    // Edit the address: the page's waiting long-poll says to reload, the page shows it.
    let generation = serve.generation();
    let poll = serve.long_poll(generation, &file);
    let new_address = edited(&listing.address, "Annex");
    let lines_before = serve.log().lines().count();
    let edit = Instant::now();
    set_address(&listing.file, &listing.address, &new_address);
    let (answered, reply) = poll.recv_timeout(STEP).expect("the long-poll answers after an edit");
    assert_eq!(reply.text(), "reload", "the page changed");
    let page = serve.get(&url).text();
    let served = Instant::now();
    let new_shown = edited(&shown, "Annex");
    assert!(page.contains(&new_shown), "{url} shows the new address {new_shown}");
    assert!(!page.contains(&shown), "{url} no longer shows {shown}");
    serve.wait_rebuilt(lines_before);
    let reloaded = serve.generation();
    assert_ne!(reloaded, generation, "the generation moves when a page changed");
    let page = serve.get(&url).text();
    assert!(page.contains(&format!("\"{reloaded}\"")), "the page carries generation {reloaded}");
    println!(
        "edit → live-reload answer: {} ms; edit → new page served: {} ms",
        (answered - edit).as_millis(),
        (served - edit).as_millis()
    );

    // Editing the description changes its page alone: that page reloads, another does not.
    let poll = serve.long_poll(reloaded, &file);
    let other = serve.long_poll(reloaded, "404.html");
    let text = std::fs::read_to_string(&listing.file).unwrap();
    let lines_before = serve.log().lines().count();
    std::fs::write(&listing.file, text + "\nA closing sentence for the test.\n").unwrap();
    let (_, reply) = poll.recv_timeout(STEP).expect("the long-poll answers after an edit");
    assert_eq!(reply.text(), "reload", "the page changed");
    serve.wait_rebuilt(lines_before);
    let not_reloaded = other.recv_timeout(Duration::from_millis(500)).map(|(_, r)| r.text());
    assert!(not_reloaded.is_err(), "a page the edit left alone is not reloaded: {not_reloaded:?}");
    let reloaded = serve.generation();

    // A content problem: reported with its position, and the last good site stays up.
    let text = std::fs::read_to_string(&listing.file).unwrap();
    let address_line = text.lines().position(|l| l.starts_with("address:")).expect("an address line");
    let mut lines: Vec<&str> = text.lines().collect();
    lines.insert(address_line + 1, "not_a_listing_field: 1");
    std::fs::write(&listing.file, lines.join("\n") + "\n").unwrap();
    let name = listing.file.file_name().unwrap().to_string_lossy().into_owned();
    let position = format!("listings/{name}:{}:1", address_line + 2);
    serve.wait_until(&format!("the problem at {position} is reported"), STEP, || {
        serve.log().lines().any(|l| l.contains(&position) && l.contains("not_a_listing_field"))
    });
    let page = serve.get(&url);
    assert_eq!(page.status, 200, "the last good site is still served");
    assert!(page.text().contains(&new_shown));
    assert_eq!(serve.generation(), reloaded, "a failed build reloads nothing");

    // Fixing it (with another edit) builds and reloads again.
    let poll = serve.long_poll(reloaded, &file);
    let fixed_address = edited(&listing.address, "Wing");
    let lines_before = serve.log().lines().count();
    std::fs::write(&listing.file, text.replacen(&new_address, &fixed_address, 1)).unwrap();
    let (_, reply) = poll.recv_timeout(STEP).expect("the long-poll answers after the fix");
    assert_eq!(reply.text(), "reload");
    serve.wait_rebuilt(lines_before);
    assert_ne!(serve.generation(), reloaded);
    let page = serve.get(&url).text();
    let fixed_shown = edited(&shown, "Wing");
    assert!(page.contains(&fixed_shown), "{url} shows {fixed_shown} after the fix");

    // Saving a file unchanged reloads nothing.
    let current = serve.generation();
    let lines_before = serve.log().lines().count();
    std::fs::write(&listing.file, std::fs::read(&listing.file).unwrap()).unwrap();
    serve.wait_until("the unchanged save is rebuilt", STEP, || {
        serve.log().lines().skip(lines_before).any(|l| l.contains("nothing changed"))
    });
    assert_eq!(serve.generation(), current);

    // Editing a report (MDX, compiled by mdx-js) reloads its page, which shows the new words.
    let report = std::fs::read_dir(content.join("reports"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|x| x == "mdx"))
        .expect("a report ships");
    let slug = report.file_stem().unwrap().to_string_lossy().into_owned();
    let report_file = format!("reports/{slug}/index.html");
    let current = serve.generation();
    let poll = serve.long_poll(current, &report_file);
    let text = std::fs::read_to_string(&report).unwrap();
    let lines_before = serve.log().lines().count();
    std::fs::write(&report, text + "\nA closing line written for the reload test.\n").unwrap();
    let (_, reply) = poll.recv_timeout(STEP).expect("the long-poll answers after a report edit");
    assert_eq!(reply.text(), "reload", "the report changed");
    serve.wait_rebuilt(lines_before);
    assert!(serve.get(&format!("/reports/{slug}/")).text().contains("A closing line written for the reload test."));

    // The pages open in a browser go first, as a generation of their own, byte for byte as the
    // whole build then makes them (it leaves them as written): a page of all the homes for sale,
    // a neighborhood's list, an MLS listing's page and a neighborhood's page.
    let preview = serve.preview();
    let first_in = |dir: &str, suffix: &str| -> String {
        let mut found: Vec<String> = walkdir::WalkDir::new(preview.join(dir))
            .into_iter()
            .filter_map(Result::ok)
            .map(|e| e.path().strip_prefix(&preview).unwrap().to_string_lossy().replace('\\', "/"))
            .filter(|p| {
                p.ends_with(suffix) && !p.contains("/page/") && p.matches('/').count() == dir.matches('/').count() + 2
            })
            .collect();
        found.sort();
        found.into_iter().next().unwrap_or_else(|| panic!("no page {dir}/…/{suffix}"))
    };
    let open = [
        "homes/page/2/index.html".to_string(),
        first_in("homes/in", "index.html"),
        first_in("homes", "index.html"),
        first_in("neighborhoods", "index.html"),
    ];
    assert!(!open[2].starts_with("homes/in/") && !open[2].starts_with("homes/page/"), "{} is a listing's", open[2]);
    let current = serve.generation();
    let polls: Vec<_> = open.iter().map(|page| serve.long_poll(current, page)).collect();
    let lines_before = serve.log().lines().count();
    let site = content.join("site.yaml");
    let text = std::fs::read_to_string(&site).unwrap();
    std::fs::write(&site, text.replacen("rights: All rights reserved.", "rights: Every right reserved.", 1)).unwrap();
    let mut written = Vec::new();
    for (page, poll) in open.iter().zip(polls) {
        let (_, reply) = poll.recv_timeout(STEP).unwrap_or_else(|_| panic!("{page} is told to reload"));
        assert_eq!(reply.text(), "reload", "{page} changed");
        let file = preview.join(page);
        assert!(std::fs::read_to_string(&file).unwrap().contains("Every right reserved."), "{page} shows the edit");
        written.push(std::fs::metadata(&file).unwrap().modified().unwrap());
    }
    serve.wait_rebuilt(lines_before);
    let log: Vec<String> = serve.log().lines().skip(lines_before).map(String::from).collect();
    let first = log.iter().position(|l| l.starts_with("open pages first")).expect("the open pages' line");
    for page in &open {
        assert!(log[first].contains(page.as_str()), "{page} went first: {}", log[first]);
    }
    assert!(log[first + 1..].iter().any(|l| l.starts_with("rebuilt in")), "then the whole site: {log:?}");
    for (page, modified) in open.iter().zip(written) {
        let after = std::fs::metadata(preview.join(page)).unwrap().modified().unwrap();
        assert_eq!(after, modified, "the whole build found {page} as the open pages' step wrote it");
    }
    assert!(serve.get("/").text().contains("Every right reserved."), "and the other pages show it too");

    // Unknown paths get the site's 404 page; folders redirect to their slash form.
    let missing = serve.get("/no-such-page/");
    assert_eq!(missing.status, 404);
    let written = std::fs::read_to_string(serve.preview().join("404.html")).unwrap();
    assert!(without_client(&missing.text()) == written, "the site's own 404 page, with the live-reload client");
    let folder = url.trim_end_matches('/');
    if !folder.is_empty() {
        let r = serve.get(folder);
        assert_eq!(r.status, 302, "GET {folder}");
        assert_eq!(r.header("location").as_deref(), Some(url.as_str()));
    }

    // Types of what the site publishes.
    for (path, kind) in
        [("/sitemap.xml", "application/xml"), ("/robots.txt", "text/plain"), ("/data/site.json", "application/json")]
    {
        let r = serve.get(path);
        assert_eq!(r.status, 200, "GET {path}");
        assert!(r.header("content-type").unwrap().starts_with(kind), "GET {path}: {}", r.head);
    }

    // Nothing outside the output folder: the content sits right next to it.
    let secret = std::fs::read_to_string(content.join("site.yaml")).unwrap();
    for path in [
        "/../content/site.yaml",
        "/%2e%2e/content/site.yaml",
        "/%2E%2E%2Fcontent%2Fsite.yaml",
        "/listings/../../content/site.yaml",
        "/..%5ccontent%5csite.yaml",
        "/../Cargo.toml",
        "/%",
    ] {
        let r = serve.get(path);
        assert!(r.status == 400 || r.status == 404, "GET {path} is refused, got {}", r.status);
        assert!(!r.text().contains(&secret), "GET {path} leaks the content");
    }

    // Every build and rebuild went into the preview folder; dist/ is byte for byte as built.
    assert_eq!(common::files(&serve.dist()), dist_before, "generator serve wrote into dist/");
    println!("{}", serve.log());
}

#[test]
fn shows_the_problems_until_the_first_good_build() {
    let broken = Arc::new(Mutex::new(None));
    let keep = broken.clone();
    let serve = Serve::start(move |content| {
        let listing = listings(content).into_iter().next().expect("a listing");
        let text = std::fs::read_to_string(&listing.file).unwrap();
        std::fs::write(&listing.file, text.replacen("address:", "addres:", 1)).unwrap();
        *keep.lock().unwrap() = Some((listing.file, text));
    });
    let (file, good) = broken.lock().unwrap().take().unwrap();
    let name = file.file_name().unwrap().to_string_lossy().into_owned();

    let page = serve.get("/");
    assert_eq!(page.status, 500);
    assert!(page.text().contains(&format!("listings/{name}:")), "the problem page names the file:\n{}", page.text());
    assert!(page.text().contains("addres"), "the problem page shows the problem:\n{}", page.text());
    assert!(page.text().contains("/__livereload"), "the problem page carries the live-reload client");
    // The log is read by another thread: give it the moment it needs.
    serve.wait_until("the problem is printed", STEP, || serve.log().contains(&format!("listings/{name}:")));

    // The problem page's client names no file: it is no page of the site.
    let mut generation = serve.generation();
    let mut poll = serve.long_poll(generation, "");
    std::fs::write(&file, good).unwrap();
    // The first good build encodes every image, as a first build does: it may outlast a long
    // poll, whose answer is then the generation to poll on, as the page's client does.
    let started = Instant::now();
    let reply = loop {
        let (_, reply) = poll.recv_timeout(STARTUP).expect("the problem page is told to reload");
        match reply.text().parse::<u64>() {
            Ok(next) if started.elapsed() < STARTUP => {
                generation = next;
                poll = serve.long_poll(generation, "");
            }
            _ => break reply,
        }
    };
    assert_eq!(reply.text(), "reload");
    let page = serve.get("/");
    assert_eq!(page.status, 200);
    let generation = serve.generation();
    assert!(page.text().contains(&format!("\"{generation}\"")), "the site carries the new generation");
}
