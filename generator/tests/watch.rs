//! `generator build --watch` (what `make dev` runs beside the editor): after its build, a saved
//! edit to the content reaches the built site — the listing's page and the home page's carousel —
//! and an edit the check refuses leaves the site as it was and says why.

mod common;

use common::{build_args, copy_dir, repo_root, seed_images};
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// A running `generator build --watch`; killed when dropped, also when the test panics.
struct Watching(Child);

impl Drop for Watching {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Waits until `ok` holds for the file at `path` (re-read as it changes), or fails.
fn eventually(path: &Path, what: &str, ok: impl Fn(&str) -> bool) {
    let until = Instant::now() + Duration::from_secs(30);
    while Instant::now() < until {
        if std::fs::read_to_string(path).is_ok_and(|text| ok(&text)) {
            return;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    panic!("{what}: not within 30 s ({})", path.display());
}

#[test]
fn a_saved_edit_reaches_the_built_site_and_a_refused_one_does_not() {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(&repo_root().join("content"), &dir.path().join("content"));
    seed_images(&dir.path().join("cache"));
    let mut args = build_args("content", "mls");
    args.push("--watch");
    let mut child = Command::new(env!("CARGO_BIN_EXE_generator"))
        .args(&args)
        .current_dir(dir.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starting generator build --watch");
    let (tx, lines) = mpsc::channel();
    for stream in [
        Box::new(child.stdout.take().unwrap()) as Box<dyn std::io::Read + Send>,
        Box::new(child.stderr.take().unwrap()),
    ] {
        let tx = tx.clone();
        std::thread::spawn(move || BufReader::new(stream).lines().map_while(Result::ok).for_each(|l| drop(tx.send(l))));
    }
    let _watching = Watching(child);
    let wait_for = |what: &str| loop {
        let line = lines.recv_timeout(Duration::from_secs(120)).unwrap_or_else(|_| panic!("no line saying {what}"));
        if line.contains(what) {
            return line;
        }
    };
    wait_for("watching content");

    // A listing of the carousel, repriced as the editor would save it.
    let listing = dir.path().join("content/listings/downtown-brooklyn-flat.md");
    let text = std::fs::read_to_string(&listing).unwrap();
    let old = text.lines().find(|l| l.starts_with("price: ")).unwrap().to_string();
    std::fs::write(&listing, text.replace(&old, "price: \"$1,234,000\"")).unwrap();
    let out = dir.path().join("dist");
    eventually(&out.join("listings/downtown-brooklyn-flat/index.html"), "the listing's page", |t| {
        t.contains("$1,234,000")
    });
    eventually(&out.join("index.html"), "the home page's carousel", |t| t.contains("$1,234,000"));

    // A growth the check refuses: said, and the site keeps what it had.
    let snapshot = dir.path().join("content/market/2024-12.yaml");
    let market = std::fs::read_to_string(&snapshot).unwrap();
    std::fs::write(&snapshot, market.replacen("yoy_growth: 8.9", "yoy_growth: 8.95", 1)).unwrap();
    let said = wait_for("yoy_growth");
    assert!(said.contains("expected a percentage with at most one decimal"), "{said}");
    wait_for("the site was left as it was");
    let home = std::fs::read_to_string(out.join("index.html")).unwrap();
    assert!(home.contains("$1,234,000") && !home.contains("8.95"), "the last good site stays");
}
