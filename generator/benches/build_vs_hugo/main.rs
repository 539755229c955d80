//! Speed and memory of `generator build` against Debian's `hugo` on the same corpus, in one run:
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
//!    their ratio and the peak RSS of both, against the targets at 10,000 listings: at least 3×
//!    Hugo's pages/s, and no more memory than Hugo.
//!
//! It prints figures and its verdicts on the targets; it never fails on speed or memory. It does fail
//! when a build fails or produces the wrong number of pages, since the figures would then be
//! meaningless.
//!
//! Environment knobs (all optional): `BENCH_SIZES=1000,10000` (listings per corpus),
//! `BENCH_RUNS=3` (timed builds per generator and corpus), `BENCH_CONTENT=DIR` (another content
//! folder instead of the repository's `content/`), `BENCH_KEEP=1` (keep the temporary
//! folder with each corpus and its warm-up outputs, and print its path, e.g. to profile a build
//! by hand), `BENCH_GENERATOR=PATH` (time another generator binary, e.g. an older build).
//!
//! The parts: `site` writes the corpus (seeded, so every run builds the same one), `hugo` the same
//! corpus as a Hugo site, `measure` runs and counts builds, `report` prints the figures.

mod hugo;
mod measure;
mod report;
// The sample MLS feed's writer: its word lists and seeded draws make the corpus too.
#[path = "../../src/mls/sample.rs"]
#[allow(dead_code)] // the feed's own parts (records, pages) are the generator's
mod sample;
mod site;

use measure::{count_pages, expect_pages, load_average, Gen};
use report::{fmt_internal, internal_median, list_mib, list_ms, median, min, ms, Row};
use site::{remove, Corpus, RealContent};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The real site must build in under this.
const REAL_SITE_TARGET_MS: f64 = 100.0;
const REAL_SITE_RUNS: usize = 7;

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
    let gen = Gen {
        islands: islands_arg.clone(),
        cache: cache.clone(),
        mdx_renderer: repo.join("site/build/render-reports.mjs"),
    };

    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!("build_vs_hugo: generator build vs hugo");
    println!("  machine:   {cores} cores ({})", std::env::consts::ARCH);
    println!("  load:      {} (1, 5, 15 min; other work on the machine skews the figures)", load_average());
    println!("  generator: {}", measure::generator().display());
    println!("  islands:   {islands_arg}");
    let hugo = hugo::version();
    match &hugo {
        Some(v) => println!("  hugo:      {v}"),
        None => {
            println!("  hugo:      not found (install it with `apt-get install -y hugo`); timing the generator only")
        }
    }
    println!();

    // --- 1. The real site -------------------------------------------------------------------
    println!("real site: {}", gen.check(&content, "generator check of content/"));
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
    println!("  target < {REAL_SITE_TARGET_MS:.0} ms: {}", report::yes(real_ms < REAL_SITE_TARGET_MS));
    println!();

    // --- 2–4. Synthetic corpora ---------------------------------------------------------------
    let source = RealContent::read(&content);
    let mut rows = Vec::new();
    for &n in &sizes {
        let dir = root.join(format!("corpus-{n}"));
        let started = Instant::now();
        let corpus = Corpus::create(&source, &content, &dir, n, hugo.is_some());
        let check = gen.check(&corpus.content, "generator check of the corpus");
        println!("corpus of {n} listings: written in {:.0} ms; {check}", ms(started.elapsed()));
        // Warm-up: fills the image cache for these paths, pages in the OS cache, and checks counts.
        let out = dir.join("gen-warmup");
        let b = gen.build(&corpus.content, &out);
        let gen_pages = count_pages(&out);
        // The generator says how many pages it built; the corpus says how many listings and
        // neighborhoods it holds. Hugo's minimal layouts make other extra pages, so only the
        // corpus's counts are held against it.
        expect_pages("generator", &gen_pages, Some(b.pages), n, source.neighborhoods);
        println!(
            "  generator warm-up {:.0} ms (internal {}, peak RSS {:.0} MiB): {}",
            ms(b.wall),
            fmt_internal(b.internal_ms),
            report::mib(b.peak_rss_kib),
            gen_pages
        );
        let hugo_pages = hugo.as_ref().map(|_| {
            let out = dir.join("hugo-warmup");
            let run = hugo::build(&corpus.hugo, &out, &dir.join("hugo-cache"));
            let p = count_pages(&out);
            expect_pages("hugo", &p, None, n, source.neighborhoods);
            println!(
                "  hugo      warm-up {:.0} ms (peak RSS {:.0} MiB): {}",
                ms(run.wall),
                report::mib(run.peak_rss_kib),
                p
            );
            p
        });

        // Timed runs, interleaved so both see the same machine state; each into a fresh output
        // folder, all deleted with the corpus afterwards.
        let (mut g, mut g_rss, mut gi, mut h, mut h_rss) = (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
        for r in 0..runs {
            let b = gen.build(&corpus.content, &dir.join(format!("gen-{r}")));
            g.push(b.wall);
            g_rss.push(b.peak_rss_kib);
            gi.extend(b.internal_ms);
            if hugo.is_some() {
                let run = hugo::build(&corpus.hugo, &dir.join(format!("hugo-{r}")), &dir.join("hugo-cache"));
                h.push(run.wall);
                h_rss.push(run.peak_rss_kib);
            }
        }
        println!(
            "  generator runs: {} ms (internal {}), peak RSS {} MiB",
            list_ms(&g),
            internal_median(&gi),
            list_mib(&g_rss)
        );
        if !h.is_empty() {
            println!("  hugo      runs: {} ms, peak RSS {} MiB", list_ms(&h), list_mib(&h_rss));
        }
        println!();
        rows.push(Row {
            n,
            gen_pages: gen_pages.html,
            gen: g,
            gen_rss_kib: g_rss,
            hugo_pages: hugo_pages.map(|p| p.html),
            hugo: h,
            hugo_rss_kib: h_rss,
        });
        // Every corpus stays until the end: deleting tens of thousands of files keeps the
        // filesystem busy (and, without a journal, ext4 skips recently freed inodes), which would
        // be billed to the next corpus's builds.
    }

    // --- The table and the verdicts ---------------------------------------------------------------
    report::print(&rows, cores, runs);
    println!();
    println!(
        "real site: {real_ms:.1} ms median warm build ({} pages) — target < {REAL_SITE_TARGET_MS:.0} ms: {}",
        real_pages.html,
        report::yes(real_ms < REAL_SITE_TARGET_MS)
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
        measure::settling().as_secs_f64()
    );
}
