//! The figures: small statistics over a few runs, the results table and the verdicts against the
//! targets (printed, never asserted: timings on a shared machine are noisy).

use std::time::Duration;

/// At the largest corpus the generator must reach this multiple of Hugo's pages/s…
pub const RATIO_TARGET: f64 = 3.0;
/// …and use no more memory (peak RSS) than Hugo.
pub const TARGET_AT: usize = 10_000;

/// One corpus: every timed run of both builders.
pub struct Row {
    pub n: usize,
    pub gen_pages: usize,
    pub gen: Vec<Duration>,
    pub gen_rss_kib: Vec<u64>,
    pub hugo_pages: Option<usize>,
    pub hugo: Vec<Duration>,
    pub hugo_rss_kib: Vec<u64>,
}

pub fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

pub fn min(ds: &[Duration]) -> Duration {
    ds.iter().copied().min().unwrap_or_default()
}

pub fn median(ds: &[Duration]) -> Duration {
    let mut v = ds.to_vec();
    v.sort();
    match v.len() {
        0 => Duration::ZERO,
        n if n % 2 == 1 => v[n / 2],
        n => (v[n / 2 - 1] + v[n / 2]) / 2,
    }
}

pub fn list_ms(ds: &[Duration]) -> String {
    ds.iter().map(|d| format!("{:.0}", ms(*d))).collect::<Vec<_>>().join(", ")
}

/// KiB (as `ru_maxrss` and `/usr/bin/time` give it) in MiB.
pub fn mib(kib: u64) -> f64 {
    kib as f64 / 1024.0
}

pub fn list_mib(kibs: &[u64]) -> String {
    kibs.iter().map(|k| format!("{:.0}", mib(*k))).collect::<Vec<_>>().join(", ")
}

pub fn fmt_internal(v: Option<f64>) -> String {
    v.map_or("?".into(), |v| format!("{v:.0} ms"))
}

pub fn internal_median(v: &[f64]) -> String {
    if v.is_empty() {
        return "?".into();
    }
    let mut v = v.to_vec();
    v.sort_by(f64::total_cmp);
    format!("{:.0} ms", v[v.len() / 2])
}

pub fn yes(ok: bool) -> &'static str {
    if ok {
        "yes"
    } else {
        "no"
    }
}

/// The table of every corpus, then the verdicts at the target's size.
pub fn print(rows: &[Row], cores: usize, runs: usize) {
    println!(
        "results ({cores} cores; ms = best / median of {runs} builds into fresh folders, `sync` before each; \
         pages/s and ratio from the best; RSS = highest peak of the runs):"
    );
    let header = format!(
        "{:>7} {:>7} {:>15} {:>9} {:>8} {:>15} {:>9} {:>8} {:>7} {:>8}",
        "N", "pages", "generator ms", "pages/s", "RSS MiB", "hugo ms", "pages/s", "RSS MiB", "ratio", "(median)"
    );
    println!("{header}");
    println!("{}", "-".repeat(header.len()));
    for r in rows {
        let gen_rate = r.gen_pages as f64 / min(&r.gen).as_secs_f64();
        let gen_rss = r.gen_rss_kib.iter().copied().max().unwrap_or(0);
        let gen_ms = format!("{:.0} / {:.0}", ms(min(&r.gen)), ms(median(&r.gen)));
        let (hugo_ms, hugo_rate, hugo_rss, ratio, ratio_median) = match compare(r) {
            Some(c) => (
                format!("{:.0} / {:.0}", ms(min(&r.hugo)), ms(median(&r.hugo))),
                format!("{:.0}", c.hugo_rate),
                format!("{:.0}", mib(c.hugo_rss)),
                format!("{:.2}×", c.ratio),
                format!("{:.2}×", c.ratio_median),
            ),
            None => ("-".into(), "-".into(), "-".into(), "-".into(), "-".into()),
        };
        println!(
            "{:>7} {:>7} {:>15} {:>9.0} {:>8.0} {:>15} {:>9} {:>8} {:>7} {:>8}",
            r.n,
            r.gen_pages,
            gen_ms,
            gen_rate,
            mib(gen_rss),
            hugo_ms,
            hugo_rate,
            hugo_rss,
            ratio,
            ratio_median
        );
    }
    println!();
    let Some(r) = rows.iter().filter(|r| r.n >= TARGET_AT).max_by_key(|r| r.n) else {
        println!("targets (at {TARGET_AT} listings): not measured (BENCH_SIZES has no corpus that large)");
        return;
    };
    let Some(c) = compare(r) else {
        println!("targets (at {TARGET_AT} listings): not measured (no hugo to compare with)");
        return;
    };
    let gen_rss = r.gen_rss_kib.iter().copied().max().unwrap_or(0);
    println!("targets at {} listings:", r.n);
    println!(
        "  peak RSS: generator {:.0} MiB vs Hugo {:.0} MiB (target ≤ Hugo: {})",
        mib(gen_rss),
        mib(c.hugo_rss),
        yes(gen_rss <= c.hugo_rss)
    );
    println!(
        "  pages/s: {:.2}× Hugo's from the best runs, {:.2}× from the medians (target ≥ {RATIO_TARGET:.0}×: {})",
        c.ratio,
        c.ratio_median,
        yes(c.ratio >= RATIO_TARGET)
    );
}

struct Comparison {
    hugo_rate: f64,
    hugo_rss: u64,
    /// The generator's pages/s over Hugo's, from each one's best run…
    ratio: f64,
    /// …and from each one's median run.
    ratio_median: f64,
}

fn compare(r: &Row) -> Option<Comparison> {
    let hp = r.hugo_pages?;
    if r.hugo.is_empty() {
        return None;
    }
    let hugo_rate = hp as f64 / min(&r.hugo).as_secs_f64();
    let gen_rate = r.gen_pages as f64 / min(&r.gen).as_secs_f64();
    let ratio_median =
        (r.gen_pages as f64 / median(&r.gen).as_secs_f64()) / (hp as f64 / median(&r.hugo).as_secs_f64());
    Some(Comparison {
        hugo_rate,
        hugo_rss: r.hugo_rss_kib.iter().copied().max().unwrap_or(0),
        ratio: gen_rate / hugo_rate,
        ratio_median,
    })
}
