//! `generator serve`: build, serve the site over HTTP, rebuild on every change and make open
//! pages reload.
//!
//! * Builds reuse one `load::Cache` (only changed files are re-parsed), the image pipeline's disk
//!   cache and `pipeline::write` (only changed files are written).
//! * Every build is numbered; pages embed the number of the build that wrote them and long-poll
//!   `GET /__livereload?v=<n>`, which answers as soon as the current number differs from `n`.
//!   The number moves only when the site really changed, so saving a file unchanged (or
//!   editing something no page uses) reloads nothing.
//! * It writes into its own folder (`--preview`, default `.cache/preview`), never `dist/`: its
//!   pages carry the live-reload client, which the deployed site's CSP blocks.
//! * A build with problems changes nothing on disk: the last good site stays served and the
//!   problems are printed. Until there has been a good build, every page is a list of them.

use crate::load::{self, Cache};
use crate::output::Output;
use crate::pipeline::{self, BuildOptions};
use crate::render::Renderer;
use anyhow::{anyhow, Context, Result};
use jax_model::Diagnostics;
use notify::event::{AccessKind, AccessMode};
use notify::{EventKind, RecursiveMode, Watcher};
use rayon::prelude::*;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, RwLock};
use std::time::{Duration, Instant};
use tiny_http::{Header, Method, Request, Response, Server};

/// The templates folder of the source tree; used (and watched) when it exists at run time.
const TEMPLATES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/templates");
/// Quiet time after a change before rebuilding, so a burst of writes makes one build.
const DEBOUNCE: Duration = Duration::from_millis(50);
/// A burst that never goes quiet still rebuilds this often.
const DEBOUNCE_MAX: Duration = Duration::from_millis(500);
/// How long `/__livereload` holds a request open when nothing changes.
const LONG_POLL: Duration = Duration::from_secs(25);
/// The live-reload endpoint.
const LIVE_RELOAD: &str = "/__livereload";
/// How many changed paths a rebuild line names.
const SHOW_CHANGED: usize = 8;

/// What the HTTP side needs to know about the builds.
struct Status {
    /// The number of the build the served pages carry.
    build: u64,
    /// Whether the output folder holds a good build made by this process.
    good: bool,
    /// The problems of the latest build, if it failed.
    problems: Option<String>,
}

struct Shared {
    out: PathBuf,
    status: Mutex<Status>,
    /// Signalled whenever `status.build` moves.
    build_changed: Condvar,
    /// Held for writing while a build writes the output folder, so no request reads a file
    /// being rewritten.
    files: RwLock<()>,
}

impl Shared {
    fn status(&self) -> MutexGuard<'_, Status> {
        self.status.lock().unwrap_or_else(|e| e.into_inner())
    }
}

pub fn serve(opts: BuildOptions, host: &str, port: u16) -> Result<()> {
    let server = Server::http((host, port)).map_err(|e| anyhow!("cannot listen on {host}:{port}: {e}"))?;
    let addr = server.server_addr().to_ip().map_or_else(|| format!("{host}:{port}"), |a| a.to_string());

    let templates = Path::new(TEMPLATES);
    let templates = templates.is_dir().then(|| templates.to_path_buf());
    let shared = Arc::new(Shared {
        out: opts.out.clone(),
        status: Mutex::new(Status { build: 1, good: false, problems: None }),
        build_changed: Condvar::new(),
        files: RwLock::new(()),
    });
    let mut builder = Builder {
        opts,
        renderer: Err(String::new()),
        templates,
        cache: Cache::default(),
        written: HashMap::new(),
        shared: shared.clone(),
    };
    builder.load_renderer();
    builder.first_build();

    // Watch before serving so no change made after the first page load is missed.
    let (tx, events) = mpsc::channel();
    let mut watcher = notify::recommended_watcher(move |e| {
        let _ = tx.send(e);
    })
    .context("starting the file watcher")?;
    let mut watched = vec![builder.opts.content.clone()];
    watched.extend(builder.templates.clone());
    if builder.opts.islands.is_dir() {
        watched.push(builder.opts.islands.clone());
    }
    for dir in &watched {
        // Absolute, so event paths compare with the ignored folders and the templates'.
        watcher
            .watch(&absolute(dir), RecursiveMode::Recursive)
            .with_context(|| format!("watching {}", dir.display()))?;
    }

    let http = shared.clone();
    std::thread::Builder::new().name("http".into()).spawn(move || {
        for request in server.incoming_requests() {
            let shared = http.clone();
            let _ = std::thread::Builder::new().name("request".into()).spawn(move || handle(request, &shared));
        }
    })?;
    let list: Vec<String> = watched.iter().map(|d| d.display().to_string()).collect();
    println!("serving http://{addr}/ (Ctrl-C stops); watching {}", list.join(", "));

    let ignored = Ignored::new(&builder.opts);
    let templates_dir = builder.templates.as_deref().map(absolute);
    loop {
        let Ok(first) = events.recv() else {
            return Ok(());
        };
        let mut batch = Batch::default();
        batch.add(first, &ignored, templates_dir.as_deref());
        if !batch.relevant {
            continue;
        }
        // Wait until the changes go quiet.
        let start = Instant::now();
        loop {
            let left = DEBOUNCE_MAX.saturating_sub(start.elapsed());
            match events.recv_timeout(DEBOUNCE.min(left)) {
                Ok(e) => batch.add(e, &ignored, templates_dir.as_deref()),
                Err(RecvTimeoutError::Timeout) => break,
                Err(RecvTimeoutError::Disconnected) => return Ok(()),
            }
            if left.is_zero() {
                break;
            }
        }
        if batch.templates {
            builder.load_renderer();
        }
        builder.rebuild();
    }
}

/// Paths whose changes never need a build: the output and cache folders (in case they sit
/// inside a watched folder) and editors' scratch files.
struct Ignored {
    dirs: Vec<PathBuf>,
}

impl Ignored {
    fn new(opts: &BuildOptions) -> Ignored {
        Ignored { dirs: vec![absolute(&opts.out), absolute(&opts.cache)] }
    }

    fn contains(&self, path: &Path) -> bool {
        let scratch = path.file_name().map(|n| n.to_string_lossy()).is_some_and(|n| {
            n.starts_with(".#") || n.ends_with('~') || n.ends_with(".swp") || n.ends_with(".swx") || n == "4913"
        });
        scratch || self.dirs.iter().any(|d| path.starts_with(d))
    }
}

/// The file events of one debounced burst.
#[derive(Default)]
struct Batch {
    /// Some event may change the site.
    relevant: bool,
    /// Some event touched the templates folder.
    templates: bool,
}

impl Batch {
    fn add(&mut self, event: notify::Result<notify::Event>, ignored: &Ignored, templates: Option<&Path>) {
        let event = match event {
            Ok(e) => e,
            Err(e) => {
                eprintln!("file watcher: {e}");
                self.relevant = true;
                return;
            }
        };
        // Reading a file (as every build does) is no change; finishing writing one is.
        let read_only = matches!(event.kind, EventKind::Access(k) if k != AccessKind::Close(AccessMode::Write));
        if read_only {
            return;
        }
        if event.paths.is_empty() {
            self.relevant = true;
        }
        for path in &event.paths {
            if ignored.contains(path) {
                continue;
            }
            self.relevant = true;
            self.templates |= templates.is_some_and(|t| path.starts_with(t));
        }
    }
}

/// The path made absolute (and canonical when it exists), to compare with watcher paths.
fn absolute(p: &Path) -> PathBuf {
    p.canonicalize().or_else(|_| std::path::absolute(p)).unwrap_or_else(|_| p.to_path_buf())
}

/// Runs the builds (on the watching thread).
struct Builder {
    opts: BuildOptions,
    /// The templates, or why they cannot be used.
    renderer: Result<Renderer, String>,
    /// The source tree's templates folder, read from disk; `None` means the built-in ones.
    templates: Option<PathBuf>,
    cache: Cache,
    /// The files of the output folder as last written.
    written: HashMap<String, Kept>,
    shared: Arc<Shared>,
}

/// A file of the output folder as last written: pages (which carry the build number) whole,
/// anything else by its hash.
enum Kept {
    Page(Vec<u8>),
    Hash(blake3::Hash),
}

fn is_page(path: &str) -> bool {
    path.ends_with(".html")
}

/// What to remember of a generation just written.
fn kept(files: &[Output]) -> HashMap<String, Kept> {
    files
        .iter()
        .map(|f| {
            let k = if is_page(&f.path) { Kept::Page(f.bytes.clone()) } else { Kept::Hash(blake3::hash(&f.bytes)) };
            (f.path.clone(), k)
        })
        .collect()
}

/// Whether two renderings of a page differ in nothing but the build number they carry:
/// the only differing stretch, widened to whole runs of digits, is `old` in one and `new` in
/// the other. Anything else counts as a change (so at worst a page reloads needlessly).
fn same_but_build(a: &[u8], b: &[u8], old: u64, new: u64) -> bool {
    if a == b {
        return true;
    }
    // Only a page with the live-reload client carries the number; any other difference is real.
    let has_client = std::str::from_utf8(a).is_ok_and(|t| t.contains(LIVE_RELOAD));
    if !has_client {
        return false;
    }
    let mut prefix = common_prefix(a, b);
    let mut suffix = common_suffix(&a[prefix..], &b[prefix..]);
    while prefix > 0 && a[prefix - 1].is_ascii_digit() {
        prefix -= 1;
    }
    while suffix > 0 && a[a.len() - suffix].is_ascii_digit() {
        suffix -= 1;
    }
    &a[prefix..a.len() - suffix] == old.to_string().as_bytes()
        && &b[prefix..b.len() - suffix] == new.to_string().as_bytes()
}

/// Compared a block at a time (with `memcmp`) before byte by byte: pages are long.
const BLOCK: usize = 512;

/// The length of the longest common prefix.
fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    let n = a.len().min(b.len());
    let mut i = 0;
    while i + BLOCK <= n && a[i..i + BLOCK] == b[i..i + BLOCK] {
        i += BLOCK;
    }
    while i < n && a[i] == b[i] {
        i += 1;
    }
    i
}

/// The length of the longest common suffix.
fn common_suffix(a: &[u8], b: &[u8]) -> usize {
    let n = a.len().min(b.len());
    let (a, b) = (&a[a.len() - n..], &b[b.len() - n..]);
    let mut i = 0;
    while i + BLOCK <= n && a[n - i - BLOCK..n - i] == b[n - i - BLOCK..n - i] {
        i += BLOCK;
    }
    while i < n && a[n - i - 1] == b[n - i - 1] {
        i += 1;
    }
    i
}

/// Paths whose content differs between the written generation (carrying build `old`) and a
/// new one (carrying `new`): added, changed or removed, sorted.
fn differences(written: &HashMap<String, Kept>, files: &[Output], old: u64, new: u64) -> Vec<String> {
    let mut out: Vec<String> = files
        .par_iter()
        .filter(|f| match written.get(&f.path) {
            None => true,
            Some(Kept::Page(bytes)) => !same_but_build(bytes, &f.bytes, old, new),
            Some(Kept::Hash(h)) => *h != blake3::hash(&f.bytes),
        })
        .map(|f| f.path.clone())
        .collect();
    let produced: HashSet<&str> = files.iter().map(|f| f.path.as_str()).collect();
    out.extend(written.keys().filter(|p| !produced.contains(p.as_str())).cloned());
    out.sort();
    out
}

/// Problems already put into words (the templates', kept until they change).
#[derive(Debug)]
struct Described(String);

impl std::fmt::Display for Described {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Described {}

/// Problems as the agent reads them: the content's list, or the chain of reasons.
fn describe(e: &anyhow::Error) -> String {
    if let Some(d) = e.downcast_ref::<Diagnostics>() {
        return d.to_string();
    }
    if let Some(d) = e.downcast_ref::<Described>() {
        return d.0.clone();
    }
    let mut text = format!("error: {e}");
    for cause in e.chain().skip(1) {
        text.push_str(&format!("\n  caused by: {cause}"));
    }
    text
}

impl Builder {
    /// (Re-)read the templates.
    fn load_renderer(&mut self) {
        self.renderer = match &self.templates {
            Some(dir) => Renderer::from_dir(dir),
            None => Renderer::embedded(),
        }
        .map_err(|e| describe(&e));
    }

    fn options(&self, build: u64) -> BuildOptions {
        BuildOptions {
            content: self.opts.content.clone(),
            out: self.opts.out.clone(),
            islands: self.opts.islands.clone(),
            cache: self.opts.cache.clone(),
            live_reload: Some(build),
        }
    }

    /// Load, check and generate the whole site in memory, carrying build number `build`.
    fn generate(&self, build: u64) -> Result<(Vec<Output>, usize)> {
        let renderer = self.renderer.as_ref().map_err(|e| anyhow::Error::new(Described(e.clone())))?;
        let content = load::load(&self.opts.content, &self.cache)?;
        pipeline::generate(&content, &self.options(build), renderer)
    }

    /// Make the output folder hold `files`, which carry build number `build`, and tell the
    /// open pages.
    fn publish(&mut self, build: u64, files: &[Output]) -> Result<pipeline::WriteStats> {
        let (stats, _) = {
            let _writing = self.shared.files.write().unwrap_or_else(|e| e.into_inner());
            pipeline::write(&self.opts.out, files)?
        };
        self.written = kept(files);
        let mut status = self.shared.status();
        status.build = build;
        status.good = true;
        status.problems = None;
        self.shared.build_changed.notify_all();
        Ok(stats)
    }

    /// Record a failed build; when there is no good site yet, the problem page changes, so
    /// the open pages reload to show the new problems.
    fn fail(&mut self, e: &anyhow::Error) {
        let text = describe(e);
        eprintln!("{text}");
        let mut status = self.shared.status();
        if status.good {
            eprintln!("still serving the last good build");
        } else {
            eprintln!("the site has not built yet: every page lists these problems until they are fixed");
        }
        if !status.good && status.problems.as_ref().is_some_and(|p| *p != text) {
            status.build += 1;
            self.shared.build_changed.notify_all();
        }
        status.problems = Some(text);
    }

    fn first_build(&mut self) {
        let start = Instant::now();
        let build = self.shared.status().build;
        let result =
            self.generate(build).and_then(|(files, pages)| Ok((self.publish(build, &files)?, files.len(), pages)));
        match result {
            Ok((stats, files, pages)) => println!(
                "built {pages} pages ({files} files) into {} in {} ms: {} written, {} unchanged, {} removed",
                self.opts.out.display(),
                start.elapsed().as_millis(),
                stats.written,
                stats.unchanged,
                stats.removed
            ),
            Err(e) => self.fail(&e),
        }
    }

    fn rebuild(&mut self) {
        let start = Instant::now();
        if let Err(e) = self.try_rebuild(start) {
            self.fail(&e);
        }
    }

    fn try_rebuild(&mut self, start: Instant) -> Result<()> {
        let (build, good, had_problems) = {
            let s = self.shared.status();
            (s.build, s.good, s.problems.is_some())
        };
        // Every page carries the build number, so the new generation is compared with the
        // one written apart from it: only a real change moves the number (and rewrites pages).
        let (files, _) = self.generate(build + 1)?;
        let changed = differences(&self.written, &files, build, build + 1);
        if good && changed.is_empty() {
            self.shared.status().problems = None;
            let fixed = if had_problems { "problems fixed, " } else { "" };
            println!("rebuilt in {} ms: {fixed}nothing changed", start.elapsed().as_millis());
            return Ok(());
        }
        self.publish(build + 1, &files)?;
        let mut shown: Vec<&str> = changed.iter().take(SHOW_CHANGED).map(String::as_str).collect();
        if changed.len() > SHOW_CHANGED {
            shown.push("…");
        }
        println!(
            "rebuilt in {} ms: {} file{} changed ({})",
            start.elapsed().as_millis(),
            changed.len(),
            if changed.len() == 1 { "" } else { "s" },
            shown.join(", ")
        );
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------------
// HTTP

fn header(name: &str, value: &str) -> Header {
    Header::from_bytes(name.as_bytes(), value.as_bytes()).expect("valid header")
}

fn respond(request: Request, status: u16, content_type: &str, body: Vec<u8>, extra: Option<Header>) {
    let mut response = Response::from_data(body)
        .with_chunked_threshold(usize::MAX)
        .with_status_code(status)
        .with_header(header("Content-Type", content_type))
        .with_header(header("Cache-Control", "no-store"));
    if let Some(h) = extra {
        response.add_header(h);
    }
    // The client may have gone away (a reloaded page drops its long-poll); nothing to do then.
    let _ = request.respond(response);
}

fn text(request: Request, status: u16, body: &str) {
    respond(request, status, "text/plain; charset=utf-8", body.as_bytes().to_vec(), None);
}

fn handle(request: Request, shared: &Shared) {
    if !matches!(request.method(), Method::Get | Method::Head) {
        let allow = header("Allow", "GET, HEAD");
        return respond(request, 405, "text/plain; charset=utf-8", b"method not allowed\n".to_vec(), Some(allow));
    }
    let url = request.url().to_string();
    let url = url.split('#').next().unwrap_or_default();
    let (path, query) = url.split_once('?').map_or((url, None), |(p, q)| (p, Some(q)));
    if path == LIVE_RELOAD {
        return long_poll(request, shared, query);
    }
    let (good, problems, build) = {
        let s = shared.status();
        (s.good, s.problems.clone(), s.build)
    };
    if !good {
        let page = problem_page(problems.as_deref().unwrap_or("the site is being built"), build);
        return respond(request, 500, "text/html; charset=utf-8", page.into_bytes(), None);
    }
    match resolve(&shared.out, path) {
        Resolved::Refused => text(request, 400, "bad path\n"),
        Resolved::Redirect => {
            // Rebuilt from the segments: `//host` must not become a redirect to another site.
            let mut location: String = path.split('/').filter(|s| !s.is_empty()).flat_map(|s| ["/", s]).collect();
            location.push('/');
            if let Some(q) = query {
                location.push('?');
                location.push_str(q);
            }
            respond(request, 302, "text/plain; charset=utf-8", Vec::new(), Some(header("Location", &location)));
        }
        Resolved::File(file) => {
            let bytes = {
                let _reading = shared.files.read().unwrap_or_else(|e| e.into_inner());
                std::fs::read(&file)
            };
            match bytes {
                Ok(bytes) => respond(request, 200, content_type(&file), bytes, None),
                Err(_) => not_found(request, shared),
            }
        }
        Resolved::NotFound => not_found(request, shared),
    }
}

/// The site's own 404 page, with status 404.
fn not_found(request: Request, shared: &Shared) {
    let page = {
        let _reading = shared.files.read().unwrap_or_else(|e| e.into_inner());
        std::fs::read(shared.out.join("404.html"))
    };
    match page {
        Ok(page) => respond(request, 404, "text/html; charset=utf-8", page, None),
        Err(_) => text(request, 404, "not found\n"),
    }
}

/// `GET /__livereload?v=N`: answers with the current build number as soon as it differs from
/// N, or after a while with the current number anyway.
fn long_poll(request: Request, shared: &Shared, query: Option<&str>) {
    let seen: Option<u64> =
        query.into_iter().flat_map(|q| q.split('&')).find_map(|kv| kv.strip_prefix("v=")).and_then(|v| v.parse().ok());
    let build = {
        let status = shared.status();
        let (status, _) = shared
            .build_changed
            .wait_timeout_while(status, LONG_POLL, |s| Some(s.build) == seen)
            .unwrap_or_else(|e| e.into_inner());
        status.build
    };
    text(request, 200, &build.to_string());
}

enum Resolved {
    File(PathBuf),
    /// A folder asked for without its trailing slash.
    Redirect,
    NotFound,
    /// Malformed, or trying to leave the output folder.
    Refused,
}

/// The file a URL path names inside `out`. `/x/` means `/x/index.html`.
fn resolve(out: &Path, path: &str) -> Resolved {
    let Some(path) = percent_decode(path) else {
        return Resolved::Refused;
    };
    if !path.starts_with('/') || path.contains(['\\', '\0']) {
        return Resolved::Refused;
    }
    let mut file = out.to_path_buf();
    for segment in path.split('/').filter(|s| !s.is_empty()) {
        if segment == "." || segment == ".." {
            return Resolved::Refused;
        }
        // Hidden files (such as the generator's marker) are not part of the site.
        if segment.starts_with('.') && segment != ".well-known" {
            return Resolved::NotFound;
        }
        file.push(segment);
    }
    if path.ends_with('/') {
        file.push("index.html");
    } else if file.is_dir() {
        return Resolved::Redirect;
    }
    if file.is_file() {
        Resolved::File(file)
    } else {
        Resolved::NotFound
    }
}

/// Decodes `%XX` escapes; `None` for a malformed escape or bytes that are not UTF-8.
fn percent_decode(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = bytes.get(i + 1..i + 3)?;
            let hex = std::str::from_utf8(hex).ok()?;
            if !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
                return None;
            }
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

fn content_type(file: &Path) -> &'static str {
    let ext = file.extension().map(|e| e.to_string_lossy().to_ascii_lowercase()).unwrap_or_default();
    match ext.as_str() {
        "html" | "htm" => "text/html; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "json" | "map" => "application/json",
        "webmanifest" => "application/manifest+json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "webp" => "image/webp",
        "avif" => "image/avif",
        "gif" => "image/gif",
        "ico" => "image/x-icon",
        "xml" => "application/xml",
        "txt" => "text/plain; charset=utf-8",
        "woff2" => "font/woff2",
        "woff" => "font/woff",
        _ => "application/octet-stream",
    }
}

/// Shown for every page until the site has built once: the problems, and a live-reload client
/// so the page turns into the site as soon as they are fixed.
fn problem_page(problems: &str, build: u64) -> String {
    format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>The site has problems</title>\
         <style>body{{font:16px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem}}\
         pre{{background:#fff4f4;border:1px solid #e0b4b4;padding:1rem;white-space:pre-wrap;font-size:14px}}</style></head>\
         <body><h1>The site could not be built</h1>\
         <p>Fix these problems in the content; this page reloads by itself when the site builds.</p>\
         <pre>{}</pre>{}</body></html>\n",
        crate::render::escape_html(problems),
        reload_client(build)
    )
}

/// The same client the renderer puts on every page in serve mode.
fn reload_client(build: u64) -> String {
    format!(
        "<script>(()=>{{const v=\"{build}\";const p=()=>fetch(\"{LIVE_RELOAD}?v=\"+v,{{cache:\"no-store\"}})\
         .then(r=>r.text()).then(t=>{{t.trim()!==v?location.reload():p()}},()=>setTimeout(p,1000));p()}})();</script>"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_escapes_and_refuses_malformed_ones() {
        assert_eq!(percent_decode("/a%20b/%C3%A9").as_deref(), Some("/a b/é"));
        assert_eq!(percent_decode("/a%2"), None);
        assert_eq!(percent_decode("/a%zz"), None);
        assert_eq!(percent_decode("/%ff"), None);
    }

    #[test]
    fn resolves_inside_the_output_folder_only() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path();
        std::fs::create_dir_all(out.join("x")).unwrap();
        std::fs::write(out.join("x/index.html"), "x").unwrap();
        std::fs::write(out.join("index.html"), "home").unwrap();
        std::fs::write(out.join(".assetsignore"), "").unwrap();
        assert!(matches!(resolve(out, "/"), Resolved::File(f) if f == out.join("index.html")));
        assert!(matches!(resolve(out, "/x/"), Resolved::File(f) if f == out.join("x/index.html")));
        assert!(matches!(resolve(out, "/x"), Resolved::Redirect));
        assert!(matches!(resolve(out, "/y/"), Resolved::NotFound));
        assert!(matches!(resolve(out, "/.assetsignore"), Resolved::NotFound));
        for bad in ["/../x", "/x/../../etc/passwd", "/%2e%2e/x", "/x/%2E%2E/%2e%2e/y", "/a%5cb", "/a%00", "x", "/%"] {
            assert!(matches!(resolve(out, bad), Resolved::Refused), "{bad}");
        }
    }

    #[test]
    fn differences_name_added_changed_and_removed_paths() {
        let page =
            |n: u64, body: &str| format!("<p>{body}</p><script>const v=\"{n}\";fetch(\"/__livereload?v=\"+v)</script>");
        let files = |n: u64, a: &str, b: &str, extra: &[(&str, &str)]| {
            let mut out = vec![Output::new("a.html", page(n, a)), Output::new("b.html", page(n, b))];
            out.extend(extra.iter().map(|(p, t)| Output::new(*p, *t)));
            out
        };
        let old = kept(&files(9, "a", "b", &[("x.json", "1"), ("y.json", "2")]));
        let new = files(10, "a", "b2", &[("x.json", "1"), ("z.json", "3")]);
        assert_eq!(differences(&old, &new, 9, 10), ["b.html", "y.json", "z.json"]);
        let same = files(10, "a", "b", &[("x.json", "1"), ("y.json", "2")]);
        assert!(differences(&old, &same, 9, 10).is_empty());
    }

    #[test]
    fn only_the_build_number_may_differ() {
        let same = |a: &str, b: &str, old, new| {
            let page = |s: &str| format!("<p>{s}</p><script>fetch(\"/__livereload\")</script>");
            same_but_build(page(a).as_bytes(), page(b).as_bytes(), old, new)
        };
        assert!(same("v=\"1\";", "v=\"2\";", 1, 2));
        assert!(same("v=\"9\";", "v=\"10\";", 9, 10));
        assert!(same("v=\"11\";", "v=\"12\";", 11, 12));
        assert!(same("v=\"19\"", "v=\"20\"", 19, 20));
        assert!(same("x", "x", 1, 2));
        // A real change next to the number, or elsewhere as well.
        assert!(!same("v=\"1\";", "v=\"12\";", 1, 2));
        assert!(!same("v=\"1\";<p>a</p>", "v=\"2\";<p>b</p>", 1, 2));
        assert!(!same("3 v=\"1\"", "3 v=\"2\" 4", 1, 2));
        // Without the client a page does not carry the number: a digit changing is real.
        assert!(!same_but_build(b"beds 1", b"beds 2", 1, 2));
    }
}
