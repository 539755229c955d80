//! `generator serve` on the corpus' site (the target: a saved edit → the page served
//! again in < 200 ms): a browser's live-reload long-poll waits on a neighborhood's page, the
//! neighborhood's file is edited, and the time runs until the poll says "reload" and the page
//! comes back with the edit. Then the whole site's rebuild, which follows, is awaited.

use crate::measure::{generator, Gen};
use crate::site::{copy_dir, remove};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

/// Edits timed.
pub const EDITS: usize = 3;
/// The first build (10,000 listings write 20,000 files), and each step after it.
const STARTUP: Duration = Duration::from_secs(600);
const STEP: Duration = Duration::from_secs(60);

/// What the edits took.
pub struct Edits {
    /// From each save to its page served with the edit.
    pub served: Vec<Duration>,
    /// Serve's own figures: "open pages first, in N ms" and "rebuilt in N ms" per edit.
    pub lines: Vec<String>,
}

/// A running `generator serve`, killed when dropped.
struct Server {
    child: Child,
    log: Arc<Mutex<Vec<String>>>,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Server {
    fn lines(&self) -> Vec<String> {
        self.log.lock().unwrap().clone()
    }

    fn wait_for(&self, what: &str, limit: Duration, from: usize, prefix: &str) {
        let deadline = Instant::now() + limit;
        while !self.lines().iter().skip(from).any(|l| l.starts_with(prefix)) {
            assert!(Instant::now() < deadline, "generator serve: no {what} after {limit:?}: {:?}", self.lines());
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

/// A bare HTTP/1.1 GET: the body.
fn get(port: u16, path: &str) -> String {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("generator serve answers");
    stream.set_read_timeout(Some(STEP)).unwrap();
    write!(stream, "GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n").unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).unwrap();
    let raw = String::from_utf8_lossy(&raw).into_owned();
    raw.split_once("\r\n\r\n").map(|(_, body)| body.to_string()).unwrap_or_default()
}

/// Serves a copy of `content` with the listings of `store`, and edits a neighborhood `EDITS` times.
pub fn edits(gen: &Gen, content: &Path, store: &Path, dir: &Path) -> Edits {
    let copy = dir.join("serve-content");
    remove(&copy);
    copy_dir(content, &copy);
    let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let mut child = Command::new(generator())
        .arg("serve")
        .arg("--content")
        .arg(&copy)
        .arg("--mls")
        .arg(store)
        .arg("--preview")
        .arg(dir.join("serve-preview"))
        .args(["--islands", &gen.islands, "--port", &port.to_string()])
        .arg("--cache")
        .arg(&gen.cache)
        .arg("--mdx-renderer")
        .arg(&gen.mdx_renderer)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("starting generator serve");
    let log = Arc::new(Mutex::new(Vec::new()));
    let out = child.stdout.take().unwrap();
    let lines = log.clone();
    std::thread::spawn(move || {
        for line in BufReader::new(out).lines().map_while(Result::ok) {
            lines.lock().unwrap().push(line);
        }
    });
    let server = Server { child, log };
    server.wait_for("first build", STARTUP, 0, "serving http");

    let mut files: Vec<_> = std::fs::read_dir(copy.join("neighborhoods")).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    let file = files.into_iter().find(|p| p.extension().is_some_and(|x| x == "md")).expect("a neighborhood");
    let text = std::fs::read_to_string(&file).unwrap();
    let slug = text.lines().find_map(|l| l.strip_prefix("slug:")).expect("a slug").trim().to_string();
    let page = format!("neighborhoods/{slug}/index.html");
    let mut edits = Edits { served: Vec::new(), lines: Vec::new() };
    for i in 0..EDITS {
        let generation = get(port, "/__livereload");
        let (tx, rx) = mpsc::channel();
        let query = format!("/__livereload?v={generation}&page={page}");
        std::thread::spawn(move || {
            let _ = tx.send((get(port, &query), Instant::now()));
        });
        std::thread::sleep(Duration::from_millis(300)); // the poll is waiting
        let from = server.lines().len();
        let word = format!("Benchedit{i}");
        let saved = Instant::now();
        std::fs::write(&file, format!("{text}\n{word} closes the page.\n")).unwrap();
        let (answer, _) = rx.recv_timeout(STEP).expect("the long-poll answers");
        assert_eq!(answer, "reload", "{page} is told to reload");
        let html = get(port, &format!("/neighborhoods/{slug}/"));
        edits.served.push(saved.elapsed());
        assert!(html.contains(&word), "{page} shows the edit");
        server.wait_for("rebuild", STEP, from, "rebuilt in");
        edits.lines.extend(server.lines().into_iter().skip(from));
    }
    std::fs::write(&file, &text).unwrap();
    drop(server);
    remove(&copy);
    remove(&dir.join("serve-preview"));
    edits
}
