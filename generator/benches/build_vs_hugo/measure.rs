//! Running the builders: wall time and peak RSS of each run, the `sync` between runs, and
//! counting what a build wrote.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

// The integration tests' wait for a child's peak memory (tests/at_scale.rs budgets it).
#[path = "../../tests/common/peak.rs"]
mod peak;

/// The generator binary cargo built for this benchmark, or `BENCH_GENERATOR` (e.g. an older build
/// to compare with in the same run).
pub fn generator() -> PathBuf {
    std::env::var_os("BENCH_GENERATOR").map_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_generator")), PathBuf::from)
}

/// One finished child process.
pub struct Run {
    pub wall: Duration,
    /// The child's peak resident set (its `ru_maxrss`), in KiB.
    pub peak_rss_kib: u64,
    pub stdout: String,
}

impl Run {
    /// The last line it printed.
    pub fn last_line(&self) -> &str {
        self.stdout.lines().last().unwrap_or("").trim()
    }
}

/// Run `cmd` once (stdin closed), after a `sync`; panics when it fails, since the figures would
/// then be meaningless.
pub fn timed(cmd: &mut Command, what: &str) -> Run {
    settle();
    run(cmd, what)
}

/// Run `cmd` (stdin closed) to completion: wall time, output and its peak RSS. Panics when it fails.
///
/// It runs under a helper, this very binary started afresh (`helper`), because Linux gives a
/// child started from a large process that process's peak RSS as its own starting `ru_maxrss`
/// (as posix_spawn's vfork does, or exec after fork), and the benchmark holds a corpus in memory.
pub fn run(cmd: &mut Command, what: &str) -> Run {
    use std::io::Read as _;
    use std::os::unix::process::ExitStatusExt as _;

    let mut helper = Command::new(std::env::current_exe().expect("the benchmark's own path"));
    helper.env(HELPER, "1").arg(cmd.get_program()).args(cmd.get_args());
    for (k, v) in cmd.get_envs() {
        match v {
            Some(v) => helper.env(k, v),
            None => helper.env_remove(k),
        };
    }
    if let Some(dir) = cmd.get_current_dir() {
        helper.current_dir(dir);
    }
    helper.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut child = helper.spawn().unwrap_or_else(|e| panic!("running {cmd:?}: {e}"));
    let mut stderr = child.stderr.take().expect("piped");
    let errors = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = stderr.read_to_string(&mut s);
        s
    });
    let mut stdout = String::new();
    let _ = child.stdout.take().expect("piped").read_to_string(&mut stdout);
    let stderr = errors.join().unwrap_or_default();
    let helped = child.wait().is_ok_and(|s| s.success());
    // The helper's last line: "<MARK> <wall µs> <ru_maxrss KiB> <wait status>".
    let (output, mark) = stdout.trim_end().rsplit_once('\n').unwrap_or(("", stdout.trim_end()));
    let figures: Vec<i64> =
        mark.strip_prefix(MARK).map_or(Vec::new(), |m| m.split_whitespace().filter_map(|n| n.parse().ok()).collect());
    let &[wall_us, rss_kib, status] = figures.as_slice() else {
        panic!("{what}: its helper failed (exited ok: {helped}):\n{stdout}\n{stderr}");
    };
    let stdout = output.to_string();
    let status = ExitStatus::from_raw(i32::try_from(status).unwrap_or(-1));
    if !status.success() {
        panic!("{what} failed ({status}):\n{stdout}\n{stderr}");
    }
    let wall = Duration::from_micros(u64::try_from(wall_us).unwrap_or(0));
    Run { wall, peak_rss_kib: u64::try_from(rss_kib).unwrap_or(0), stdout }
}

/// Set in the helper's environment: it runs its arguments as a command.
const HELPER: &str = "BUILD_VS_HUGO_HELPER";
const MARK: &str = "build_vs_hugo helper:";

/// In the helper (`main` calls this first): runs the command in its arguments, then prints its
/// wall time, its peak RSS (the `ru_maxrss` `wait4` gives; Linux counts KiB) and its wait status,
/// and exits. Otherwise returns.
pub fn helper() {
    use std::os::unix::process::ExitStatusExt as _;

    if std::env::var_os(HELPER).is_none() {
        return;
    }
    let mut args = std::env::args_os().skip(1);
    let program = args.next().expect("the helper runs a command");
    let started = Instant::now();
    let child = Command::new(&program).args(args).env_remove(HELPER).spawn();
    let child = child.unwrap_or_else(|e| panic!("running {}: {e}", program.to_string_lossy()));
    let (status, peak_kib) = peak::wait(child, &program.to_string_lossy());
    println!("{MARK} {} {peak_kib} {}", started.elapsed().as_micros(), status.into_raw());
    std::process::exit(0);
}

/// Flush the previous build's dirty pages (and the deleted folders) to disk before the next
/// timed build, so one build's writeback is not billed to the next one.
fn settle() {
    let started = Instant::now();
    let _ = Command::new("sync").status();
    SETTLING.fetch_add(started.elapsed().as_micros() as u64, Ordering::Relaxed);
}

/// Time spent in `settle`, in µs (reported: it is part of the benchmark's own run time).
static SETTLING: AtomicU64 = AtomicU64::new(0);

pub fn settling() -> Duration {
    Duration::from_micros(SETTLING.load(Ordering::Relaxed))
}

// --- The generator ----------------------------------------------------------------------------

pub struct Gen {
    pub islands: String,
    pub cache: PathBuf,
    /// The script that compiles reports (only the real site has any; warm builds find them cached).
    pub mdx_renderer: PathBuf,
}

pub struct Build {
    pub wall: Duration,
    pub peak_rss_kib: u64,
    /// The build's own figure ("… in N ms"), without process start-up.
    pub internal_ms: Option<f64>,
    /// The pages it says it built ("built N pages …").
    pub pages: usize,
    /// What it says it wrote ("N written, M unchanged, R removed, K reused unrendered").
    pub written: String,
}

impl Gen {
    /// `generator build` of `content` (with the MLS listings in the store `mls`) into `out`.
    pub fn build(&self, content: &Path, mls: &Path, out: &Path, tmp: &Path) -> Build {
        let mut cmd = Command::new(generator());
        cmd.arg("build")
            .arg("--content")
            .arg(content)
            .arg("--mls")
            .arg(mls)
            .arg("--out")
            .arg(out)
            .args(["--islands", &self.islands])
            .arg("--cache")
            .arg(&self.cache)
            .arg("--mdx-renderer")
            .arg(&self.mdx_renderer)
            .env("TMPDIR", tmp);
        let run = timed(&mut cmd, "generator build");
        let line = run.last_line();
        // "built 27 pages (80 files) into DIR in 41 ms: …"
        let pages = line
            .strip_prefix("built ")
            .and_then(|rest| rest.split_once(' '))
            .and_then(|(n, _)| n.parse().ok())
            .unwrap_or_else(|| panic!("generator build printed no page count: {line:?}"));
        let internal_ms = line
            .rsplit_once(" ms:")
            .and_then(|(head, _)| head.rsplit_once(" in "))
            .and_then(|(_, n)| n.trim().parse().ok());
        let written = line.rsplit_once(" ms: ").map_or(String::new(), |(_, w)| w.to_string());
        Build { wall: run.wall, peak_rss_kib: run.peak_rss_kib, internal_ms, pages, written }
    }

    /// `generator import reso --sample --listings n` into the store `mls`: the run and how many
    /// listings it kept.
    pub fn import(&self, content: &Path, mls: &Path, n: usize) -> (Run, usize) {
        let mut cmd = Command::new(generator());
        cmd.args(["import", "reso", "--sample", "--listings", &n.to_string(), "--content"])
            .arg(content)
            .arg("--into")
            .arg(mls);
        let run = run(&mut cmd, "generator import reso --sample");
        // "imported 9491 listings from the sample feed …"
        let kept =
            run.last_line().strip_prefix("imported ").and_then(|r| r.split_once(' ')).and_then(|(n, _)| n.parse().ok());
        let kept = kept.unwrap_or_else(|| panic!("the import printed no count: {:?}", run.last_line()));
        (run, kept)
    }

    /// `generator check` of a content folder: its one-line summary.
    pub fn check(&self, content: &Path, what: &str) -> String {
        run(Command::new(generator()).args(["check", "--content"]).arg(content), what).last_line().to_string()
    }
}

// --- Counting what was built ------------------------------------------------------------------

/// What a build wrote.
#[derive(Default)]
pub struct Pages {
    /// Pages: every `index.html`, plus the 404 page (not the card fragments). Pages/s counts these.
    pub pages: usize,
    /// The featured listings' and the neighborhoods' pages.
    pub listings: usize,
    pub neighborhoods: usize,
    /// The MLS listings' pages, by slug (`homes/<slug>/index.html`).
    pub homes: BTreeSet<String>,
    /// Pages of `/homes/` and `/homes/in/<neighborhood>/` (with their `page/N/`).
    pub lists: usize,
    pub files: usize,
    pub bytes: u64,
    /// Bytes of the MLS listings' pages.
    pub home_bytes: u64,
}

impl std::fmt::Display for Pages {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} pages ({} listings, {} list pages", self.pages, self.homes.len(), self.lists)?;
        if !self.homes.is_empty() {
            write!(f, "; {:.1} KiB a listing page", self.home_bytes as f64 / 1024.0 / self.homes.len() as f64)?;
        }
        write!(f, "), {} files, {:.0} MiB", self.files, self.bytes as f64 / 1024.0 / 1024.0)
    }
}

pub fn count_pages(out: &Path) -> Pages {
    let mut p = Pages::default();
    for e in walkdir::WalkDir::new(out).into_iter().filter_map(Result::ok).filter(|e| e.file_type().is_file()) {
        let rel = e.path().strip_prefix(out).unwrap().to_string_lossy().replace('\\', "/");
        let size = e.metadata().map_or(0, |m| m.len());
        p.files += 1;
        p.bytes += size;
        if rel == "404.html" {
            p.pages += 1;
        }
        // The browser editor's page (generator/codegen/src/editor, `DIR`) is not one of the site's.
        if rel.starts_with("admin/") {
            continue;
        }
        // Hugo's paginators leave `page/1/` behind as a redirect to the list itself: not a page.
        if rel != "index.html" && !rel.ends_with("/index.html") || rel.ends_with("/page/1/index.html") {
            continue;
        }
        p.pages += 1;
        let parts: Vec<&str> = rel.split('/').collect();
        match parts.as_slice() {
            ["listings", _, _] => p.listings += 1,
            ["neighborhoods", _, _] => p.neighborhoods += 1,
            // The saved homes' page and the saved searches' (the generator's own: each visitor's
            // list, built by an island; the pages a saved search's links lead to).
            // The weekend's open houses (the generator's own: Hugo's peer keeps no weekend clock).
            ["homes", "in", "index.html"]
            | ["homes", "saved", "index.html"]
            | ["homes", "alerts", ..]
            | ["homes", "open-houses", "index.html"] => {}
            ["homes", "index.html"] | ["homes", "page", ..] | ["homes", "in", _, ..] => p.lists += 1,
            ["homes", slug, "index.html"] => {
                p.homes.insert(slug.to_string());
                p.home_bytes += size;
            }
            _ => {}
        }
    }
    p
}

/// The real site: `reported` pages (what the generator said), `listings` featured listings and
/// `neighborhoods` neighborhood pages.
pub fn expect_pages(who: &str, got: &Pages, reported: Option<usize>, listings: usize, neighborhoods: usize) {
    let reported_ok = reported.is_none_or(|n| n == got.pages);
    if !reported_ok || got.listings != listings || got.neighborhoods != neighborhoods {
        let said = reported.map_or(String::new(), |n| format!("{n} pages, "));
        panic!("{who} built {got}; expected {said}{listings} listings, {neighborhoods} neighborhoods");
    }
}

/// Hugo built the very listing pages the generator did, and as many list pages.
pub fn expect_same_homes(who: &str, got: &Pages, generator: &Pages) {
    if got.homes != generator.homes || got.lists != generator.lists {
        let only: Vec<&String> = got.homes.symmetric_difference(&generator.homes).take(3).collect();
        panic!("{who} built {got}, the generator {generator}: listings in one only: {only:?}");
    }
}

/// The machine's load average (1, 5, 15 min), as `/proc/loadavg` gives it.
pub fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map_or("unknown".into(), |l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
}
