//! The figures: medians with min and max over the runs, the ratios of the generator to each Hugo,
//! how time and memory grow with the corpus, and the targets beside them (printed, never
//! asserted: timings on a shared machine are noisy).

use std::time::Duration;

/// The targets against the current Hugo: pages/s in tmpfs and on disk, peak memory.
pub const SPEED_TARGET_TMPFS: f64 = 5.0;
pub const SPEED_TARGET_DISK: f64 = 3.0;
pub const MEMORY_TARGET: f64 = 0.25;

/// Every timed run of one builder on one corpus.
pub struct Series {
    pub name: String,
    /// The pages it built (each builder's own count).
    pub pages: usize,
    pub times: Vec<Duration>,
    pub rss_kib: Vec<u64>,
}

impl Series {
    pub fn new(name: String, pages: usize) -> Series {
        Series { name, pages, times: Vec::new(), rss_kib: Vec::new() }
    }

    fn secs(&self) -> f64 {
        median(&self.times).as_secs_f64()
    }

    fn rate(&self) -> f64 {
        self.pages as f64 / self.secs()
    }

    fn rss(&self) -> u64 {
        median_u64(&self.rss_kib)
    }
}

/// One corpus in one place: the generator's runs, then each Hugo's.
pub struct Row {
    pub place: &'static str,
    /// Sample records asked for, and the listings the import kept.
    pub records: usize,
    pub listings: usize,
    pub gen: Series,
    pub hugo: Vec<Series>,
    /// Whether each Hugo is the newest here (the targets are against the current release).
    pub current: Vec<bool>,
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

fn median_u64(v: &[u64]) -> u64 {
    let mut v = v.to_vec();
    v.sort_unstable();
    v.get(v.len().saturating_sub(1) / 2).copied().unwrap_or(0)
}

/// KiB (as `ru_maxrss` gives it) in MiB.
pub fn mib(kib: u64) -> f64 {
    kib as f64 / 1024.0
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

fn thousands(n: usize) -> String {
    crate::sample::thousands(n as u64)
}

/// One corpus's table: each builder's time, pages/s and peak RSS, and the generator against each Hugo.
pub fn print_row(r: &Row, runs: usize) {
    println!(
        "  {} sample records ({} listings) in {}: median [min–max] of {runs} builds:",
        thousands(r.records),
        thousands(r.listings),
        r.place
    );
    println!("    {:<24} {:>7} {:>22} {:>8} {:>18}", "builder", "pages", "time s", "pages/s", "peak RSS MiB");
    for s in std::iter::once(&r.gen).chain(&r.hugo) {
        let t = |d: Duration| d.as_secs_f64();
        let (lo, hi) = (min(&s.times), s.times.iter().copied().max().unwrap_or_default());
        let rss_lo = s.rss_kib.iter().copied().min().unwrap_or(0);
        let rss_hi = s.rss_kib.iter().copied().max().unwrap_or(0);
        println!(
            "    {:<24} {:>7} {:>22} {:>8.0} {:>18}",
            s.name,
            s.pages,
            format!("{:.2} [{:.2}–{:.2}]", s.secs(), t(lo), t(hi)),
            s.rate(),
            format!("{:.0} [{:.0}–{:.0}]", mib(s.rss()), mib(rss_lo), mib(rss_hi)),
        );
    }
    let speed_target = if r.place == "tmpfs" { SPEED_TARGET_TMPFS } else { SPEED_TARGET_DISK };
    for (h, &current) in r.hugo.iter().zip(&r.current) {
        let speed = r.gen.rate() / h.rate();
        let memory = r.gen.rss() as f64 / h.rss() as f64;
        let target = if current {
            format!(
                " (targets, against the newest Hugo here: ≥ {speed_target:.0}×: {}; ≤ {MEMORY_TARGET}: {})",
                yes(speed >= speed_target),
                yes(memory <= MEMORY_TARGET)
            )
        } else {
            String::new()
        };
        println!("    generator vs {}: {speed:.2}× its pages/s, {memory:.2} of its peak RSS{target}", h.name);
    }
}

/// How each builder's time and memory grow from each corpus to the next larger one, per place.
pub fn print_growth(rows: &[Row]) {
    let pairs: Vec<(&Row, &Row)> = rows
        .iter()
        .flat_map(|a| rows.iter().filter(move |b| b.place == a.place && b.records > a.records).map(move |b| (a, b)))
        .filter(|(a, b)| !rows.iter().any(|m| m.place == a.place && m.records > a.records && m.records < b.records))
        .collect();
    if pairs.is_empty() {
        return;
    }
    println!("growth (medians):");
    for (a, b) in pairs {
        println!(
            "  {} → {} records in {} ({:.1}× the listings):",
            thousands(a.records),
            thousands(b.records),
            a.place,
            b.listings as f64 / a.listings as f64
        );
        for (x, y) in std::iter::once((&a.gen, &b.gen)).chain(a.hugo.iter().zip(&b.hugo)) {
            println!(
                "    {:<24} time ×{:.2}, pages/s ×{:.2}, peak RSS ×{:.2} ({:.0} → {:.0} MiB)",
                x.name,
                y.secs() / x.secs(),
                y.rate() / x.rate(),
                y.rss() as f64 / x.rss() as f64,
                mib(x.rss()),
                mib(y.rss())
            );
        }
    }
}
