//! The search of `/homes/` without JavaScript (`GET /homes/search/?…`: the worker's
//! `routes/homes_search.rs`): the CPU a search costs the worker, the thing the Free plan caps at
//! 10 ms a request. The generator builds a site of `BENCH_LISTINGS` sample listings; each search
//! then runs the worker's own steps (`edge_domain::search_page`) on that build's files, held in
//! memory as the worker's asset fetches hand them over: the page's props, `meta.json`, the
//! columns and word shards the search reads, the match, the page of results and its card shards,
//! the results page. Native code: the worker runs it as wasm in V8, slower by a factor
//! docs/benchmarks.md states.
//!
//! ```text
//! cargo bench -p generator --bench search_without_js
//! ```
//!
//! Knobs: `BENCH_LISTINGS=10000`, `BENCH_RUNS=15`. It never fails on speed; it prints each
//! search's median and slowest run beside the Free plan's 10 ms, and what it found.

use edge_domain::search_page::html::{self, View};
use edge_domain::search_page::{self, card_url, column_path, file_url, files, Asked};
use jax_model::calendar;
use std::collections::HashMap;
use std::ffi::OsStr;
use std::path::Path;
use std::process::Command;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

/// The searches timed: (what, the URL's query).
const SEARCHES: &[(&str, &str)] = &[
    ("no filter, page 2", "page=2"),
    ("the words \"pool\"", "q=pool"),
    ("3+ beds, largest first", "beds=3&sort=size"),
    ("a neighborhood, cheapest first", "area=ortega&sort=price-asc"),
    ("waterfront with a pool, 2+ garage", "waterfront=1&pool=1&garage=2"),
    (
        "every filter, a sort and 3 words",
        "min_price=300000&max_price=5000000&beds=2&baths=2&area=ortega&type=single-family-residence\
         &status=active&waterfront=1&pool=1&garage=1&new=1&open_house=1&reduced=1&max_days=90\
         &min_acres=0.25&q=river+view+dock&sort=price-desc",
    ),
];

/// The Free plan's CPU time a request.
const FREE_CPU_MS: f64 = 10.0;

fn main() {
    let env = |k: &str, default: usize| std::env::var(k).ok().and_then(|v| v.parse().ok()).unwrap_or(default);
    let (listings, runs) = (env("BENCH_LISTINGS", 10_000), env("BENCH_RUNS", 15).max(1));
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the workspace");
    let work = tempfile::tempdir().expect("a temporary folder");
    // BENCH_SITE: a folder to build the site in once and reuse on later runs.
    let reuse = std::env::var_os("BENCH_SITE");
    let at = reuse.clone().map_or_else(|| work.path().to_path_buf(), Into::into);
    let (mls, dist) = (at.join("mls"), at.join("dist"));
    if reuse.is_none() || !dist.join("homes/index.html").is_file() {
        build(root, listings, &mls, &dist);
    }
    let site = Site::read(&dist);
    let today = u32::try_from(calendar::eastern_day(
        SystemTime::now().duration_since(UNIX_EPOCH).expect("after 1970").as_secs() as i64,
    ))
    .expect("a day");

    let mut shown = None;
    for (what, query) in SEARCHES {
        let mut times = Vec::with_capacity(runs);
        for _ in 0..runs {
            let start = Instant::now();
            let answer = site.search(query, today);
            times.push(start.elapsed().as_secs_f64() * 1000.0);
            shown = Some(answer);
        }
        let (found, size, page) = shown.take().expect("a run");
        times.sort_by(f64::total_cmp);
        let (median, slowest) = (times[times.len() / 2], times[times.len() - 1]);
        println!(
            "no-JS search, {what}: {median:.2} ms native (slowest {slowest:.2}; {:.0}% of the Free plan's \
             {FREE_CPU_MS} ms), {found} of {size} found, a {} KiB page",
            median / FREE_CPU_MS * 100.0,
            page / 1024,
        );
    }
    println!("(median of {runs} runs each, {listings} sample listings; the worker runs this as wasm)");
}

/// The sample feed's `n` listings imported into `mls`, and the site built with them into `dist`.
fn build(root: &Path, n: usize, mls: &Path, dist: &Path) {
    let content = root.join("content");
    let generator = |args: &[&OsStr]| {
        let status = Command::new(env!("CARGO_BIN_EXE_generator"))
            .current_dir(root)
            .args(args)
            .stdout(std::process::Stdio::null())
            .status()
            .expect("the generator runs");
        assert!(status.success(), "generator {args:?} failed");
    };
    let n = n.to_string();
    let mut import: Vec<&OsStr> = ["import", "reso", "--sample", "--listings", &n, "--into"].map(OsStr::new).into();
    import.extend([mls.as_os_str(), "--content".as_ref(), content.as_os_str()]);
    generator(&import);
    let mut build: Vec<&OsStr> = ["build", "--mls"].map(OsStr::new).into();
    build.extend([mls.as_os_str(), "--content".as_ref(), content.as_os_str(), "--out".as_ref(), dist.as_os_str()]);
    generator(&build);
}

/// A build's `/homes/` page and search files, by URL path.
struct Site {
    page: String,
    files: HashMap<String, Vec<u8>>,
}

impl Site {
    fn read(dist: &Path) -> Site {
        let page = std::fs::read_to_string(dist.join("homes/index.html")).expect("the /homes/ page");
        let mut files = HashMap::new();
        for entry in walkdir::WalkDir::new(dist.join("data")) {
            let entry = entry.expect("the build's files");
            if entry.file_type().is_file() {
                let path = entry.path().strip_prefix(dist).expect("in the build");
                let url = format!("/{}", path.to_string_lossy());
                files.insert(url, std::fs::read(entry.path()).expect("a file"));
            }
        }
        Site { page, files }
    }

    fn file<T>(&self, url: &str, read: fn(&[u8]) -> Option<T>) -> T {
        read(self.files.get(url).unwrap_or_else(|| panic!("{url}: not built")))
            .unwrap_or_else(|| panic!("{url}: not of its shape"))
    }

    /// The worker's steps for `query`: how many it found of how many, and the results page's bytes.
    fn search(&self, query: &str, today: u32) -> (usize, usize, usize) {
        let props = html::island_props(&self.page).expect("the search island's props");
        let asked = Asked::of(query);
        let meta = self.file(&props.files.meta, files::meta);
        let asked_columns = asked.columns();
        let columns: search_page::Columns = asked_columns
            .iter()
            .map(|&c| {
                let url = file_url(&props.files.column, &meta, &column_path(c)).expect("a column meta.json names");
                (c.name(), self.file(&url, files::column))
            })
            .collect();
        let shards: search_page::WordShards = asked
            .word_shards(&meta)
            .into_iter()
            .map(|key| {
                let url = file_url(&props.files.words, &meta, &format!("words/{key}.json")).expect("a word shard");
                let shard = self.file(&url, files::word_shard);
                (key, shard)
            })
            .collect();
        let found = search_page::found(&meta, &columns, &shards, &asked, today).expect("the index's own files");
        let shown = search_page::shown(&meta, &columns, &found, &asked, props.per_page);
        let needed = shown.shards();
        let read: Vec<Vec<String>> = needed
            .iter()
            .map(|&n| {
                self.file(
                    &card_url(&props.files.cards, &meta, asked.sort.cards(), n).expect("a card shard"),
                    files::cards,
                )
            })
            .collect();
        let cards = shown.cards_from(&needed, &read).expect("the page's cards");
        let view = View::results(&asked, &props, found.len(), &shown, cards);
        let page = html::page(&self.page, &props, &view).expect("the results page");
        (found.len(), meta.size, page.len())
    }
}
