//! Speed of `generator build` against Debian's `hugo` on the same corpus, in one run:
//!
//! ```text
//! cargo bench -p generator --bench build_vs_hugo
//! ```
//!
//! 1. The real site (`content/`): a cold first build (empty image cache), then one warm-up and
//!    the median of 7 builds into fresh output folders with a warm image cache — against the
//!    target of 100 ms.
//! 2. Synthetic corpora of 1,000 and 10,000 listings (the real site's YAML files, neighborhoods
//!    and images plus generated listing Markdown), each built by `generator build` and by Hugo
//!    from the very same Markdown files with minimal, comparable layouts: pages/s of both and
//!    their ratio, against the target of at least 2× Hugo's pages/s at 10,000 listings.
//!
//! It prints figures and PASS/MISS against the targets; it never fails on speed. It does fail
//! when a build fails or produces the wrong number of pages, since the figures would then be
//! meaningless.
//!
//! Environment knobs (all optional): `BENCH_SIZES=1000,10000` (listings per corpus),
//! `BENCH_RUNS=3` (timed builds per generator and corpus), `BENCH_CONTENT=DIR` (another content
//! folder instead of the repository's `content/`), `BENCH_KEEP=1` (keep the temporary
//! folder with each corpus and its warm-up outputs, and print its path, e.g. to profile a build
//! by hand).

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

const GENERATOR: &str = env!("CARGO_BIN_EXE_generator");
/// The real site must build in under this.
const REAL_SITE_TARGET_MS: f64 = 100.0;
/// At the largest corpus the generator must reach this multiple of Hugo's pages/s.
const RATIO_TARGET: f64 = 2.0;
const RATIO_TARGET_AT: usize = 10_000;
const REAL_SITE_RUNS: usize = 7;
/// Listings marked `featured: true` in a synthetic corpus, so the home page stays normal-sized.
const FEATURED: usize = 8;

fn main() {
    let bench_started = Instant::now();
    let sizes: Vec<usize> = std::env::var("BENCH_SIZES")
        .ok()
        .map(|s| s.split(',').filter_map(|n| n.trim().replace('_', "").parse().ok()).collect())
        .unwrap_or_else(|| vec![1_000, 10_000]);
    let runs: usize = std::env::var("BENCH_RUNS").ok().and_then(|s| s.parse().ok()).unwrap_or(3).max(1);
    let keep = std::env::var_os("BENCH_KEEP").is_some();

    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("generator/ has a parent").to_path_buf();
    let content = std::env::var_os("BENCH_CONTENT").map_or_else(|| repo.join("content"), PathBuf::from);
    let islands = repo.join("site/dist");
    let islands_arg = if islands.is_dir() { islands.to_string_lossy().into_owned() } else { "none".to_string() };
    let tmp = tempfile::Builder::new().prefix("build_vs_hugo-").tempdir().expect("creating a temporary folder");
    let root = tmp.path().to_path_buf();
    let cache = root.join("image-cache");
    let gen = Gen { islands: islands_arg.clone(), cache: cache.clone() };

    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!("build_vs_hugo: generator build vs hugo");
    println!("  machine:   {cores} cores ({})", std::env::consts::ARCH);
    println!("  load:      {} (1, 5, 15 min; other work on the machine skews the figures)", load_average());
    println!("  generator: {GENERATOR}");
    println!("  islands:   {islands_arg}");
    let hugo = hugo_version();
    match &hugo {
        Some(v) => println!("  hugo:      {v}"),
        None => {
            println!("  hugo:      not found (install it with `apt-get install -y hugo`); timing the generator only")
        }
    }
    println!();

    // --- 1. The real site -------------------------------------------------------------------
    let check =
        run_checked(Command::new(GENERATOR).args(["check", "--content"]).arg(&content), "generator check of content/");
    println!("real site: {}", stdout_line(&check));
    // Output folders are deleted only after a whole series: deleting thousands of files makes the
    // filesystem busy (journal, discard) for a while, which would be billed to the next build.
    let real = root.join("real");
    let cold = gen.build(&content, &real.join("cold"));
    let warmup = gen.build(&content, &real.join("warm"));
    let mut times = Vec::new();
    let mut internal = Vec::new();
    for i in 0..REAL_SITE_RUNS {
        let b = gen.build(&content, &real.join(i.to_string()));
        times.push(b.wall);
        internal.extend(b.internal_ms);
    }
    // Rebuilding into the previous output (the common `generator build` again): unchanged files
    // are compared, not rewritten.
    let same = real.join("same");
    gen.build(&content, &same);
    let rebuild: Vec<Duration> = (0..REAL_SITE_RUNS).map(|_| gen.build(&content, &same).wall).collect();
    let real_pages = count_pages(&same);
    let (listings, neighborhoods) = (real_pages.listings, real_pages.neighborhoods);
    expect_pages("generator", &real_pages, Some(cold.pages), listings, neighborhoods);
    remove(&real);
    let real_ms = ms(median(&times));
    println!(
        "  {} pages ({} listings, {} neighborhoods): cold first build {:.1} ms (internal {}), warm-up {:.1} ms",
        real_pages.html,
        real_pages.listings,
        real_pages.neighborhoods,
        ms(cold.wall),
        fmt_internal(cold.internal_ms),
        ms(warmup.wall),
    );
    println!(
        "  warm build into a fresh folder: median {real_ms:.1} ms, best {:.1} ms of {REAL_SITE_RUNS} (internal median {}); rebuild in place: median {:.1} ms",
        ms(min(&times)),
        internal_median(&internal),
        ms(median(&rebuild)),
    );
    println!("  target < {REAL_SITE_TARGET_MS:.0} ms: {}", if real_ms < REAL_SITE_TARGET_MS { "PASS" } else { "MISS" });
    println!();

    // --- 2–4. Synthetic corpora ---------------------------------------------------------------
    let source = RealContent::read(&content);
    let mut rows = Vec::new();
    for &n in &sizes {
        let dir = root.join(format!("corpus-{n}"));
        let started = Instant::now();
        let corpus = Corpus::create(&source, &content, &dir, n, hugo.is_some());
        let check = run_checked(
            Command::new(GENERATOR).args(["check", "--content"]).arg(&corpus.content),
            "generator check of the corpus",
        );
        println!("corpus of {n} listings: written in {:.0} ms; {}", ms(started.elapsed()), stdout_line(&check));
        // Warm-up: fills the image cache for these paths, pages in the OS cache, and checks counts.
        let out = dir.join("gen-warmup");
        let b = gen.build(&corpus.content, &out);
        let gen_pages = count_pages(&out);
        // The generator says how many pages it built; the corpus says how many listings and
        // neighborhoods it holds. Hugo's minimal layouts make other extra pages, so only the
        // corpus's counts are held against it.
        expect_pages("generator", &gen_pages, Some(b.pages), n, source.neighborhoods);
        println!("  generator warm-up {:.0} ms (internal {}): {}", ms(b.wall), fmt_internal(b.internal_ms), gen_pages);
        let hugo_pages = hugo.as_ref().map(|_| {
            let out = dir.join("hugo-warmup");
            let t = hugo_build(&corpus.hugo, &out, &dir.join("hugo-cache"));
            let p = count_pages(&out);
            expect_pages("hugo", &p, None, n, source.neighborhoods);
            println!("  hugo      warm-up {:.0} ms: {}", ms(t), p);
            p
        });

        // Timed runs, interleaved so both see the same machine state; each into a fresh output
        // folder, all deleted with the corpus afterwards.
        let (mut g, mut h, mut gi) = (Vec::new(), Vec::new(), Vec::new());
        for r in 0..runs {
            let b = gen.build(&corpus.content, &dir.join(format!("gen-{r}")));
            g.push(b.wall);
            gi.extend(b.internal_ms);
            if hugo.is_some() {
                let out = dir.join(format!("hugo-{r}"));
                h.push(hugo_build(&corpus.hugo, &out, &dir.join("hugo-cache")));
            }
        }
        println!(
            "  generator runs: {} ms (internal {}){}",
            list_ms(&g),
            internal_median(&gi),
            if h.is_empty() { String::new() } else { format!("; hugo runs: {} ms", list_ms(&h)) }
        );
        println!();
        rows.push(Row { n, gen_pages: gen_pages.html, gen: g, hugo_pages: hugo_pages.map(|p| p.html), hugo: h });
        if !keep {
            let started = Instant::now();
            remove(&dir);
            println!("  (corpus folder deleted in {:.1} s)", started.elapsed().as_secs_f64());
        }
    }

    // --- The table ----------------------------------------------------------------------------
    println!("results ({cores} cores; ms = best / median of {runs} builds into fresh folders, `sync` before each; pages/s and ratio from the best):");
    let header = format!(
        "{:>7} {:>7} {:>17} {:>11} {:>17} {:>11} {:>7} {:>8} {}",
        "N", "pages", "generator ms", "gen pages/s", "hugo ms", "hugo pg/s", "ratio", "(median)", "target"
    );
    println!("{header}");
    println!("{}", "-".repeat(header.len() + 12));
    for r in &rows {
        let gen_rate = r.gen_pages as f64 / min(&r.gen).as_secs_f64();
        let gen_ms = format!("{:.0} / {:.0}", ms(min(&r.gen)), ms(median(&r.gen)));
        let (hugo_ms, hugo_rate, ratio, ratio_median, target) = match r.hugo_pages {
            Some(hp) if !r.hugo.is_empty() => {
                let hugo_rate = hp as f64 / min(&r.hugo).as_secs_f64();
                let ratio = gen_rate / hugo_rate;
                let ratio_median =
                    (r.gen_pages as f64 / median(&r.gen).as_secs_f64()) / (hp as f64 / median(&r.hugo).as_secs_f64());
                let target = if r.n >= RATIO_TARGET_AT {
                    format!("≥ {RATIO_TARGET:.0}×: {}", if ratio >= RATIO_TARGET { "PASS" } else { "MISS" })
                } else {
                    "(info)".to_string()
                };
                (
                    format!("{:.0} / {:.0}", ms(min(&r.hugo)), ms(median(&r.hugo))),
                    format!("{hugo_rate:.0}"),
                    format!("{ratio:.2}×"),
                    format!("{ratio_median:.2}×"),
                    target,
                )
            }
            _ => ("-".into(), "-".into(), "-".into(), "-".into(), "no hugo".into()),
        };
        println!(
            "{:>7} {:>7} {:>17} {:>11.0} {:>17} {:>11} {:>7} {:>8} {}",
            r.n, r.gen_pages, gen_ms, gen_rate, hugo_ms, hugo_rate, ratio, ratio_median, target
        );
    }
    println!();
    println!(
        "real site: {real_ms:.1} ms median warm build ({} pages) — target < {REAL_SITE_TARGET_MS:.0} ms: {}",
        real_pages.html,
        if real_ms < REAL_SITE_TARGET_MS { "PASS" } else { "MISS" }
    );

    if keep {
        let kept = tmp.keep();
        println!("kept the temporary folder {}", kept.display());
    } else {
        let started = Instant::now();
        drop(tmp);
        println!("cleaned up in {:.1} s", started.elapsed().as_secs_f64());
    }
    println!("load average at the end: {}", load_average());
    println!(
        "benchmark ran {:.0} s ({:.0} s of it in `sync` between builds)",
        bench_started.elapsed().as_secs_f64(),
        SETTLING.load(Ordering::Relaxed) as f64 / 1e6
    );
}

struct Row {
    n: usize,
    gen_pages: usize,
    gen: Vec<Duration>,
    hugo_pages: Option<usize>,
    hugo: Vec<Duration>,
}

// --- Running the generators -----------------------------------------------------------------

struct Gen {
    islands: String,
    cache: PathBuf,
}

struct Build {
    wall: Duration,
    /// The build's own figure ("… in N ms"), without process start-up.
    internal_ms: Option<f64>,
    /// The pages it says it built ("built N pages …").
    pages: usize,
}

impl Gen {
    fn build(&self, content: &Path, out: &Path) -> Build {
        let mut cmd = Command::new(GENERATOR);
        cmd.arg("build")
            .arg("--content")
            .arg(content)
            .arg("--out")
            .arg(out)
            .args(["--islands", &self.islands])
            .arg("--cache")
            .arg(&self.cache);
        settle();
        let started = Instant::now();
        let output = spawn(&mut cmd);
        let wall = started.elapsed();
        let output = checked(output, "generator build");
        let line = stdout_line(&output);
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
        Build { wall, internal_ms, pages }
    }
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map_or("unknown".into(), |l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
}

fn hugo_version() -> Option<String> {
    let out = Command::new("hugo").arg("version").stderr(Stdio::null()).output().ok()?;
    out.status.success().then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

fn hugo_build(site: &Path, out: &Path, cache: &Path) -> Duration {
    let mut cmd = Command::new("hugo");
    cmd.arg("--quiet")
        .arg("--source")
        .arg(site)
        .arg("--destination")
        .arg(out)
        .arg("--cacheDir")
        .arg(cache)
        .env("HUGO_ENVIRONMENT", "production");
    settle();
    let started = Instant::now();
    let output = spawn(&mut cmd);
    let wall = started.elapsed();
    checked(output, "hugo");
    wall
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

fn spawn(cmd: &mut Command) -> Output {
    cmd.stdin(Stdio::null()).output().unwrap_or_else(|e| panic!("running {cmd:?}: {e}"))
}

fn checked(out: Output, what: &str) -> Output {
    if !out.status.success() {
        panic!(
            "{what} failed ({}):\n{}\n{}",
            out.status,
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    out
}

fn run_checked(cmd: &mut Command, what: &str) -> Output {
    checked(spawn(cmd), what)
}

fn stdout_line(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).lines().last().unwrap_or("").trim().to_string()
}

// --- Counting what was built ----------------------------------------------------------------

struct Pages {
    /// `index.html` files anywhere (every page but the 404).
    index: usize,
    listings: usize,
    neighborhoods: usize,
    /// Every `.html` file (pages plus the 404): the figure pages/s is computed from.
    html: usize,
}

impl std::fmt::Display for Pages {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} index.html ({} listings, {} neighborhoods), {} .html files",
            self.index, self.listings, self.neighborhoods, self.html
        )
    }
}

fn count_pages(out: &Path) -> Pages {
    let mut p = Pages { index: 0, listings: 0, neighborhoods: 0, html: 0 };
    for e in walkdir::WalkDir::new(out).into_iter().filter_map(Result::ok).filter(|e| e.file_type().is_file()) {
        let rel = e.path().strip_prefix(out).unwrap().to_string_lossy().replace('\\', "/");
        if rel.ends_with(".html") {
            p.html += 1;
        }
        if rel == "index.html" || rel.ends_with("/index.html") {
            p.index += 1;
            let parts: Vec<&str> = rel.split('/').collect();
            if parts.len() == 3 && parts[0] == "listings" {
                p.listings += 1;
            }
            if parts.len() == 3 && parts[0] == "neighborhoods" {
                p.neighborhoods += 1;
            }
        }
    }
    p
}

/// `reported`: the pages the builder said it built (every one an `.html` file), where it says.
fn expect_pages(who: &str, got: &Pages, reported: Option<usize>, listings: usize, neighborhoods: usize) {
    let reported_ok = reported.is_none_or(|n| n == got.html);
    if !reported_ok || got.listings != listings || got.neighborhoods != neighborhoods {
        let said = reported.map_or(String::new(), |n| format!("{n} pages, "));
        panic!("{who} built {got}; expected {said}{listings} listings, {neighborhoods} neighborhoods");
    }
}

// --- Figures ----------------------------------------------------------------------------------

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn min(ds: &[Duration]) -> Duration {
    ds.iter().copied().min().unwrap_or_default()
}

fn median(ds: &[Duration]) -> Duration {
    let mut v = ds.to_vec();
    v.sort();
    match v.len() {
        0 => Duration::ZERO,
        n if n % 2 == 1 => v[n / 2],
        n => (v[n / 2 - 1] + v[n / 2]) / 2,
    }
}

fn list_ms(ds: &[Duration]) -> String {
    ds.iter().map(|d| format!("{:.0}", ms(*d))).collect::<Vec<_>>().join(", ")
}

fn fmt_internal(v: Option<f64>) -> String {
    v.map_or("?".into(), |v| format!("{v:.0} ms"))
}

fn internal_median(v: &[f64]) -> String {
    if v.is_empty() {
        return "?".into();
    }
    let mut v = v.to_vec();
    v.sort_by(f64::total_cmp);
    format!("{:.0} ms", v[v.len() / 2])
}

// --- Files ------------------------------------------------------------------------------------

fn remove(p: &Path) {
    if p.exists() {
        std::fs::remove_dir_all(p).unwrap_or_else(|e| panic!("removing {}: {e}", p.display()));
    }
}

fn copy_dir(from: &Path, to: &Path) {
    for entry in walkdir::WalkDir::new(from) {
        let entry = entry.unwrap_or_else(|e| panic!("walking {}: {e}", from.display()));
        let target = to.join(entry.path().strip_prefix(from).unwrap());
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&target).unwrap();
        } else {
            std::fs::copy(entry.path(), &target).unwrap_or_else(|e| panic!("copying {}: {e}", entry.path().display()));
        }
    }
}

fn write(path: &Path, text: impl AsRef<[u8]>) {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).unwrap();
    }
    std::fs::write(path, text).unwrap_or_else(|e| panic!("writing {}: {e}", path.display()));
}

/// The front matter of a Markdown file, as YAML.
fn front_matter(text: &str) -> serde_yaml::Value {
    let text = text.trim_start_matches('\u{feff}');
    let Some(rest) = text.strip_prefix("---") else {
        return serde_yaml::Value::Null;
    };
    let end = rest.find("\n---").unwrap_or(rest.len());
    serde_yaml::from_str(&rest[..end]).unwrap_or(serde_yaml::Value::Null)
}

fn yaml_str<'a>(v: &'a serde_yaml::Value, path: &[&str]) -> Option<&'a str> {
    let mut v = v;
    for k in path {
        v = v.get(*k)?;
    }
    v.as_str()
}

/// A string as a double-quoted scalar (valid in YAML and TOML alike).
fn quoted(s: &str) -> String {
    serde_json::to_string(s).unwrap()
}

// --- The real content, as material for the corpus --------------------------------------------

struct Area {
    name: String,
    zip: String,
}

struct RealContent {
    /// Images the real listings use (paths relative to content/; each exists).
    images: Vec<String>,
    areas: Vec<Area>,
    /// Published (non-draft) neighborhood pages.
    neighborhoods: usize,
    brand: String,
    tagline: String,
    base_url: String,
    agent: String,
    phone: String,
    licensing: String,
    year: String,
    popular_areas: Vec<String>,
}

impl RealContent {
    fn read(content: &Path) -> RealContent {
        let md = |dir: &str| -> Vec<(PathBuf, String)> {
            let mut files: Vec<PathBuf> = std::fs::read_dir(content.join(dir))
                .map(|r| {
                    r.filter_map(Result::ok)
                        .map(|e| e.path())
                        .filter(|p| p.extension().is_some_and(|x| x == "md"))
                        .collect()
                })
                .unwrap_or_default();
            files.sort();
            files.into_iter().map(|p| (p.clone(), std::fs::read_to_string(&p).unwrap())).collect()
        };
        let mut images = BTreeSet::new();
        for (_, text) in md("listings") {
            if let Some(img) = yaml_str(&front_matter(&text), &["image"]) {
                if content.join(img).is_file() {
                    images.insert(img.to_string());
                }
            }
        }
        if images.is_empty() {
            // No listings yet: any listing image, else any neighborhood image.
            for dir in ["images/listings", "images/neighborhoods"] {
                for e in walkdir::WalkDir::new(content.join(dir))
                    .into_iter()
                    .filter_map(Result::ok)
                    .filter(|e| e.file_type().is_file())
                {
                    let rel = e.path().strip_prefix(content).unwrap().to_string_lossy().replace('\\', "/");
                    if [".jpg", ".jpeg", ".png", ".webp", ".svg"].iter().any(|x| rel.to_ascii_lowercase().ends_with(x))
                    {
                        images.insert(rel);
                    }
                }
                if !images.is_empty() {
                    break;
                }
            }
        }
        assert!(!images.is_empty(), "no images to reuse in {}", content.display());
        let mut areas = Vec::new();
        let mut neighborhoods = 0;
        for (_, text) in md("neighborhoods") {
            let fm = front_matter(&text);
            if fm.get("draft").and_then(|d| d.as_bool()) != Some(true) {
                neighborhoods += 1;
            }
            if let Some(name) = yaml_str(&fm, &["name"]) {
                let zip = fm.get("snapshot").and_then(|s| s.get("zip")).map_or("32202".to_string(), |z| match z {
                    serde_yaml::Value::String(s) => s.clone(),
                    serde_yaml::Value::Number(n) => n.to_string(),
                    _ => "32202".to_string(),
                });
                areas.push(Area { name: name.to_string(), zip });
            }
        }
        if areas.is_empty() {
            areas.push(Area { name: "Downtown".into(), zip: "32202".into() });
        }
        let site: serde_yaml::Value = std::fs::read_to_string(content.join("site.yaml"))
            .ok()
            .and_then(|t| serde_yaml::from_str(&t).ok())
            .unwrap_or_default();
        let s = |path: &[&str], default: &str| yaml_str(&site, path).unwrap_or(default).to_string();
        let year = site
            .get("legal")
            .and_then(|l| l.get("copyright_year"))
            .and_then(|y| y.as_u64())
            .map_or("2024".into(), |y| y.to_string());
        let popular_areas = site
            .get("popular_areas")
            .and_then(|p| p.as_sequence())
            .map(|s| s.iter().filter_map(|v| v.as_str().map(String::from)).collect())
            .unwrap_or_default();
        RealContent {
            images: images.into_iter().collect(),
            areas,
            neighborhoods,
            brand: s(&["brand"], "Move to JAX"),
            tagline: s(&["tagline"], "Jacksonville Real Estate"),
            base_url: s(&["base_url"], "https://www.example.com"),
            agent: s(&["agent", "name"], "Agent"),
            phone: s(&["agent", "phone"], "(904) 555-0100"),
            licensing: s(&["legal", "licensing"], ""),
            year,
            popular_areas,
        }
    }
}

// --- The synthetic corpus ---------------------------------------------------------------------

struct Corpus {
    /// The generator's content folder.
    content: PathBuf,
    /// The Hugo site (its `content/` holds the same Markdown files).
    hugo: PathBuf,
}

impl Corpus {
    fn create(real: &RealContent, real_content: &Path, dir: &Path, n: usize, with_hugo: bool) -> Corpus {
        let content = dir.join("content");
        let hugo = dir.join("hugo");
        std::fs::create_dir_all(content.join("listings")).unwrap();
        for e in std::fs::read_dir(real_content).unwrap().filter_map(Result::ok) {
            let p = e.path();
            if p.is_file() && p.extension().is_some_and(|x| x == "yaml") {
                std::fs::copy(&p, content.join(e.file_name())).unwrap();
            }
        }
        copy_dir(&real_content.join("neighborhoods"), &content.join("neighborhoods"));
        copy_dir(&real_content.join("legal"), &content.join("legal"));
        copy_dir(&real_content.join("images"), &content.join("images"));

        let mut rng = Rng(0x5eed_1157 ^ n as u64);
        let listings: Vec<(String, String)> = (0..n).map(|i| listing(real, &mut rng, i)).collect();
        for (id, text) in &listings {
            write(&content.join("listings").join(format!("{id}.md")), text);
        }
        if with_hugo {
            hugo_site(real, real_content, &hugo, &listings);
        }
        Corpus { content, hugo }
    }
}

/// splitmix64: deterministic, so every run builds the same corpus.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.next() % (hi - lo + 1)
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

const STREETS: &[&str] = &[
    "Riverside Ave",
    "San Jose Blvd",
    "Herschel St",
    "Atlantic Blvd",
    "Beach Blvd",
    "1st St N",
    "Ocean Dr",
    "Park St",
    "Oak St",
    "Post St",
    "Edgewood Ave",
    "Ortega Blvd",
    "Baymeadows Rd",
    "Hendricks Ave",
    "Main St",
    "Laura St",
    "Hogan St",
    "Bay St",
    "Prudential Dr",
    "Kings Ave",
    "San Marco Blvd",
    "Landon Ave",
    "St Johns Ave",
    "Avondale Ave",
    "Challen Ave",
    "Belvedere Ave",
    "Lakeside Dr",
    "Pablo Rd",
    "Nocatee Pkwy",
    "Crosswater Pkwy",
    "Ponte Vedra Blvd",
    "Sawgrass Dr",
    "Seminole Rd",
    "Sherry Dr",
    "Silver St",
    "Walnut St",
    "Market St",
    "8th St W",
    "Willow Branch Ave",
    "Roscoe Blvd",
    "Atlantic Ave",
    "Mayport Rd",
    "Hodges Blvd",
    "Southside Blvd",
    "Gate Pkwy",
    "Timuquana Rd",
];

const FEATURES: &[&str] = &[
    "Private dock",
    "Pool & spa",
    "River views",
    "Ocean views",
    "Chef's kitchen",
    "Wine room",
    "Home office",
    "Three-car garage",
    "Impact windows",
    "Hardwood floors",
    "Walk-in closets",
    "Screened lanai",
    "Rooftop terrace",
    "24-hour concierge",
    "Fitness center",
    "Gated community",
    "Wood-burning fireplace",
    "Smart-home wiring",
    "Solar panels",
    "Guest suite",
    "Heart pine floors",
    "Original millwork",
    "Wraparound porch",
    "Quartz countertops",
    "Gas range",
    "Boat lift",
    "Golf course views",
    "Outdoor kitchen",
    "Private elevator",
    "Covered parking",
    "Resort-style pool",
    "Marsh views",
    "Detached studio",
    "Whole-house generator",
];

/// An inclusive range to draw from.
type Span = (u64, u64);
/// (kind, beds range, sqft range, $/sqft range, unit?)
const KINDS: &[(&str, Span, Span, Span, bool)] = &[
    ("condominium", (1, 3), (650, 2_400), (240, 650), true),
    ("townhome", (2, 4), (1_300, 2_800), (190, 420), false),
    ("single-family home", (3, 5), (1_700, 4_200), (170, 480), false),
    ("historic bungalow", (2, 4), (1_100, 2_600), (210, 430), false),
    ("estate", (4, 7), (3_800, 9_500), (320, 900), false),
];

const OPENERS: &[&str] = &[
    "Set on a quiet, tree-lined stretch of {street}, this {kind} pairs {area} convenience with room to breathe.",
    "Sunlight fills every room of this {kind} in the heart of {area}, steps from cafés, parks and the river.",
    "This {kind} on {street} has been thoughtfully updated from top to bottom without losing its character.",
    "Welcome home to one of {area}'s most inviting addresses: a {beds}-bedroom {kind} with {sqft} square feet of living space.",
    "Rarely does a {kind} like this come to market in {area}, and the details show why.",
];

const MIDDLES: &[&str] = &[
    "The open kitchen centres on a long island with **{f0}**, flowing into a family room made for long evenings.",
    "Upstairs, the primary suite offers a spa bath, a sitting area and **{f1}**, while the guest rooms share a bright hall bath.",
    "Entertaining is easy with **{f0}** and **{f2}**, and the floor plan keeps everyday living simple.",
    "Thoughtful upgrades include **{f1}**, new systems and *fresh paint throughout*, so there is nothing left to do but move in.",
    "Out back, a private yard and **{f2}** make weekends at home feel like a getaway.",
    "Every bedroom has generous closet space, and **{f3}** adds flexibility for guests or a growing household.",
];

const CLOSERS: &[&str] = &[
    "You are minutes from downtown Jacksonville, the beaches and the airport, with top-rated schools nearby.",
    "Stroll to the neighbourhood's restaurants and shops, or spend the afternoon on the water.",
    "{area} keeps its small-town feel while putting the whole city within a short drive.",
    "Schedule a private showing to see why buyers keep coming back to {area}.",
    "HOA dues are modest, and the community's amenities are among the best on the First Coast.",
];

fn money(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn slug(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    out.trim_end_matches('-').to_string()
}

fn city_of(area: &str) -> &str {
    if area.contains("Beach") {
        area
    } else if area == "Nocatee" {
        "Ponte Vedra"
    } else {
        "Jacksonville"
    }
}

/// One synthetic listing: (id, the Markdown file's text).
fn listing(real: &RealContent, rng: &mut Rng, i: usize) -> (String, String) {
    let &(kind, beds_r, sqft_r, ppsf_r, unit) = rng.pick(KINDS);
    let area = rng.pick(&real.areas);
    let street = *rng.pick(STREETS);
    let number = rng.range(100, 9_899);
    let unit = if unit { format!(", Unit {}{:02}", rng.range(1, 24), rng.range(1, 12)) } else { String::new() };
    let address = format!("{number} {street}{unit}, {}, FL {}", city_of(&area.name), area.zip);
    let id = format!("{}-{i:05}", slug(&format!("{number} {street}{unit}")));
    let beds = rng.range(beds_r.0, beds_r.1);
    let baths = (rng.range(beds.max(2) - 1, beds + 1) * 2 + rng.range(0, 1)) as f64 / 2.0;
    let sqft = rng.range(sqft_r.0, sqft_r.1) / 10 * 10;
    let price = (sqft * rng.range(ppsf_r.0, ppsf_r.1)) / 5_000 * 5_000;
    let mut pool: Vec<usize> = (0..FEATURES.len()).collect();
    let mut features = Vec::new();
    for _ in 0..4 {
        features.push(FEATURES[pool.swap_remove(rng.below(pool.len()))]);
    }
    let image = rng.pick(&real.images);
    let alt = format!("Front of the {kind} at {number} {street}");

    let fill = |t: &str| {
        t.replace("{street}", street)
            .replace("{kind}", kind)
            .replace("{area}", &area.name)
            .replace("{beds}", &beds.to_string())
            .replace("{sqft}", &money(sqft))
            .replace("{f0}", &features[0].to_lowercase())
            .replace("{f1}", &features[1].to_lowercase())
            .replace("{f2}", &features[2].to_lowercase())
            .replace("{f3}", &features[3].to_lowercase())
    };
    // Each sentence at most once per listing: draw from shuffled pools.
    let mut shuffled = |bank: &[&'static str]| {
        let mut v = bank.to_vec();
        for k in (1..v.len()).rev() {
            v.swap(k, rng.below(k + 1));
        }
        v
    };
    let (mut middles, mut closers) = (shuffled(MIDDLES), shuffled(CLOSERS));
    let opener = *rng.pick(OPENERS);
    let paragraphs = if rng.chance(50) { 2 } else { 3 };
    let mut body = String::new();
    for p in 0..paragraphs {
        let last = p + 1 == paragraphs;
        let mut sentences = Vec::new();
        if p == 0 {
            sentences.push(fill(opener));
        }
        for _ in 0..rng.range(1, 2) {
            sentences.extend(middles.pop().map(fill));
        }
        if last {
            for _ in 0..rng.range(1, 2) {
                sentences.extend(closers.pop().map(fill));
            }
        }
        body.push_str(&sentences.join(" "));
        body.push_str("\n\n");
    }

    let mut t = String::from("---\n");
    let _ = writeln!(t, "id: {id}");
    let _ = writeln!(t, "address: {}", quoted(&address));
    let _ = writeln!(t, "neighborhood: {}", quoted(&area.name));
    let _ = writeln!(t, "price: \"${}\"", money(price));
    let _ = writeln!(t, "beds: {beds}");
    let _ = writeln!(t, "baths: {baths}");
    let _ = writeln!(t, "sqft: \"{}\"", money(sqft));
    let _ = writeln!(t, "image: {image}");
    let _ = writeln!(t, "image_alt: {}", quoted(&alt));
    let _ = writeln!(t, "features: [{}]", features.iter().map(|f| quoted(f)).collect::<Vec<_>>().join(", "));
    if i < FEATURED {
        let _ = writeln!(t, "featured: true");
        let _ = writeln!(t, "order: {}", i + 1);
    }
    t.push_str("---\n");
    t.push_str(&body);
    (id, t)
}

// --- The Hugo site ----------------------------------------------------------------------------

/// The Hugo copy of the corpus. Front matter is shared as is: the listing keys (id, address,
/// neighborhood, price, beds, baths, sqft, image, image_alt, features, featured, order, draft)
/// collide with none of Hugo's reserved keys except `draft`, which means the same in both; the
/// neighborhood keys `slug`, `title` and `description` are Hugo's own and mean the same too
/// (`slug` makes the URL /neighborhoods/<slug>/, as in our generator). Listing files are named
/// <id>.md, so Hugo's URL /listings/<id>/ matches ours.
fn hugo_site(real: &RealContent, real_content: &Path, site: &Path, listings: &[(String, String)]) {
    for (id, text) in listings {
        write(&site.join("content/listings").join(format!("{id}.md")), text);
    }
    copy_dir(&real_content.join("neighborhoods"), &site.join("content/neighborhoods"));
    copy_dir(&real_content.join("images"), &site.join("static/images"));
    write(
        &site.join("content/client-concierge.md"),
        "---\ntitle: Client Concierge\nlayout: concierge\n---\nUpload your documents securely.\n",
    );

    let mut config = String::new();
    let _ = writeln!(config, "baseURL = {}", quoted(&format!("{}/", real.base_url.trim_end_matches('/'))));
    let _ = writeln!(config, "languageCode = \"en-us\"");
    let _ = writeln!(config, "title = {}", quoted(&real.brand));
    let _ = writeln!(config, "disableKinds = [\"taxonomy\", \"term\", \"RSS\", \"section\"]");
    let _ = writeln!(config, "enableRobotsTXT = true");
    let _ = writeln!(config, "[params]");
    for (k, v) in [
        ("tagline", &real.tagline),
        ("agent", &real.agent),
        ("phone", &real.phone),
        ("licensing", &real.licensing),
        ("year", &real.year),
    ] {
        let _ = writeln!(config, "{k} = {}", quoted(v));
    }
    let _ = writeln!(
        config,
        "popular_areas = [{}]",
        real.popular_areas.iter().map(|a| quoted(a)).collect::<Vec<_>>().join(", ")
    );
    write(&site.join("config.toml"), config);

    // The generator inlines its stylesheet in every page; so does this site (rendered once).
    let css =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("templates/site.css")).unwrap_or_default();
    write(
        &site.join("layouts/partials/style.html"),
        format!("<style>{}</style>\n", css.split_whitespace().collect::<Vec<_>>().join(" ")),
    );
    for (path, text) in HUGO_LAYOUTS {
        write(&site.join("layouts").join(path), text);
    }
}

const HUGO_LAYOUTS: &[(&str, &str)] = &[
    (
        "_default/baseof.html",
        r#"<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ block "title" . }}{{ .Site.Title }}{{ end }}</title>
<meta name="description" content="{{ block "description" . }}{{ .Site.Params.tagline }}{{ end }}">
<link rel="canonical" href="{{ .Permalink }}">
<meta property="og:site_name" content="{{ .Site.Title }}">
<meta property="og:title" content="{{ template "title" . }}">
<meta property="og:url" content="{{ .Permalink }}">
{{ partialCached "style.html" . }}
<script type="application/ld+json">{{ dict "@context" "https://schema.org" "@type" "RealEstateAgent" "name" .Site.Params.agent "telephone" .Site.Params.phone "url" .Site.BaseURL | jsonify | safeJS }}</script>
</head>
<body>
{{ partialCached "header.html" . }}
<main id="main">
{{ block "main" . }}{{ end }}
</main>
{{ partialCached "footer.html" . }}
</body>
</html>
"#,
    ),
    (
        "partials/header.html",
        r#"<header class="site-header"><div class="container">
<a class="brand" href="/">{{ .Site.Title }}</a>
<nav aria-label="Main"><ul>
<li><a href="/#featured-properties">Properties</a></li>
<li><a href="/#neighborhoods">Neighborhoods</a></li>
<li><a href="/#new-developments">New Developments</a></li>
<li><a href="/client-concierge/">Client Concierge</a></li>
</ul></nav>
</div></header>
"#,
    ),
    (
        "partials/footer.html",
        r#"<footer class="site-footer"><div class="container">
<p class="brand">{{ .Site.Title }} · {{ .Site.Params.tagline }}</p>
<h2>Popular Areas</h2>
<ul>{{ range .Site.Params.popular_areas }}<li><a href="/neighborhoods/{{ . }}/">{{ . | humanize }}</a></li>{{ end }}</ul>
<p>{{ .Site.Params.agent }} · <a href="tel:{{ .Site.Params.phone }}">{{ .Site.Params.phone }}</a></p>
<p>{{ .Site.Params.licensing }}</p>
<p>© {{ .Site.Params.year }} {{ .Site.Title }}. All rights reserved.</p>
</div></footer>
"#,
    ),
    (
        "listings/single.html",
        r#"{{ define "title" }}{{ .Params.address }} | {{ .Site.Title }}{{ end }}
{{ define "description" }}{{ .Params.beds }} beds, {{ .Params.baths }} baths, {{ .Params.sqft }} sq ft in {{ .Params.neighborhood }} for {{ .Params.price }}.{{ end }}
{{ define "main" }}
<article class="listing" aria-labelledby="page-title">
<nav aria-label="Breadcrumb"><ol><li><a href="/">Home</a></li><li><a href="/#current-listings">Listings</a></li><li aria-current="page">{{ .Params.address }}</li></ol></nav>
<p class="eyebrow">{{ .Params.neighborhood }}</p>
<h1 id="page-title">{{ .Params.address }}</h1>
<p class="price">{{ .Params.price }}</p>
<img src="/{{ .Params.image }}" alt="{{ .Params.image_alt }}" loading="eager">
<div class="prose">{{ .Content }}</div>
<ul class="facts"><li>{{ .Params.beds }} Beds</li><li>{{ .Params.baths }} Baths</li><li>{{ .Params.sqft }} Sq Ft</li></ul>
<h2>Features</h2>
<ul class="features">{{ range .Params.features }}<li>{{ . }}</li>{{ end }}</ul>
<a class="btn" href="/#contact" data-listing="{{ .Params.id }}">Inquire</a>
<script type="application/ld+json">{{ dict "@context" "https://schema.org" "@type" "Offer" "price" .Params.price "priceCurrency" "USD" "url" .Permalink "itemOffered" (dict "@type" "SingleFamilyResidence" "name" .Params.address "numberOfRooms" .Params.beds) | jsonify | safeJS }}</script>
</article>
{{ end }}
"#,
    ),
    (
        "neighborhoods/single.html",
        r#"{{ define "title" }}{{ .Title }} | {{ .Site.Title }}{{ end }}
{{ define "description" }}{{ with .Params.seo_description }}{{ . }}{{ else }}{{ .Description }}{{ end }}{{ end }}
{{ define "main" }}
<article class="neighborhood" aria-labelledby="page-title">
<nav aria-label="Breadcrumb"><ol><li><a href="/">Home</a></li><li><a href="/#neighborhoods">Neighborhoods</a></li><li aria-current="page">{{ .Params.name }}</li></ol></nav>
<h1 id="page-title">{{ .Title }}</h1>
<p class="hero">{{ .Params.hero }}</p>
<img src="/{{ .Params.image }}" alt="{{ .Params.image_alt }}">
<section><h2>Market Snapshot</h2>
<dl><dt>Median Condo Price</dt><dd>{{ .Params.snapshot.median }}</dd><dt>YoY Price Growth</dt><dd>{{ .Params.snapshot.yoy }}</dd><dt>Days on Market</dt><dd>{{ .Params.snapshot.days }}</dd><dt>ZIP Code</dt><dd>{{ .Params.snapshot.zip }}</dd></dl>
</section>
<section><h2>About {{ .Params.name }}</h2><div class="prose">{{ .Content }}</div></section>
<section><h2>Featured Buildings &amp; Communities</h2>
<ul>{{ range .Params.buildings }}<li><h3>{{ .name }}</h3><p>{{ .description }}</p></li>{{ end }}</ul>
</section>
<a class="btn" href="/#contact">Request a Showing</a>
<section><h2>Explore More</h2>
<ul>{{ range where .Site.RegularPages "Section" "neighborhoods" }}<li><a href="{{ .RelPermalink }}">{{ .Params.name }}</a></li>{{ end }}</ul>
</section>
</article>
{{ end }}
"#,
    ),
    (
        "index.html",
        r#"{{ define "main" }}
<section id="featured-properties"><h2>Featured Properties</h2>
<ol>{{ range sort (where .Site.RegularPages "Params.featured" true) "Params.order" }}<li><article>
<img src="/{{ .Params.image }}" alt="{{ .Params.image_alt }}">
<p class="eyebrow">{{ .Params.neighborhood }}</p>
<h3><a href="{{ .RelPermalink }}">{{ .Params.address }}</a></h3>
<p class="price">{{ .Params.price }}</p>
<ul class="facts"><li>{{ .Params.beds }} Beds</li><li>{{ .Params.baths }} Baths</li><li>{{ .Params.sqft }} Sq Ft</li></ul>
<ul class="features">{{ range first 3 .Params.features }}<li>{{ . }}</li>{{ end }}</ul>
</article></li>{{ end }}</ol>
</section>
<section id="neighborhoods"><h2>Neighborhoods</h2>
<ul>{{ range where .Site.RegularPages "Section" "neighborhoods" }}<li><a href="{{ .RelPermalink }}"><img src="/{{ .Params.image }}" alt="{{ .Params.image_alt }}"><h3>{{ .Params.name }}</h3><p>{{ .Description }}</p></a></li>{{ end }}</ul>
</section>
<section id="contact"><h2>Contact</h2><p>{{ .Site.Params.agent }} · {{ .Site.Params.phone }}</p></section>
{{ end }}
"#,
    ),
    (
        "_default/concierge.html",
        r#"{{ define "title" }}{{ .Title }} | {{ .Site.Title }}{{ end }}
{{ define "main" }}
<h1>{{ .Title }}</h1>
{{ .Content }}
<form method="post" action="/api/concierge" enctype="multipart/form-data">
<label>Photo ID <input type="file" name="photoId"></label>
<label>Credit Report <input type="file" name="creditReport"></label>
<button type="submit">Submit Documents</button>
</form>
{{ end }}
"#,
    ),
    ("robots.txt", "User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: {{ .Site.BaseURL }}sitemap.xml\n"),
    ("_default/single.html", "{{ define \"main\" }}<h1>{{ .Title }}</h1>{{ .Content }}{{ end }}\n"),
    ("_default/list.html", "{{ define \"main\" }}<h1>{{ .Title }}</h1>{{ end }}\n"),
    (
        "404.html",
        r#"{{ define "title" }}Page not found | {{ .Site.Title }}{{ end }}
{{ define "main" }}<h1>Oops! Page not found</h1><a href="/">Return to Home</a>{{ end }}
"#,
    ),
];
