//! How long matching saved searches takes (the alerts' work): every listing for sale of the
//! sample feed against every saved search, with the site's own definition of a search
//! (`jax_model::search::Query::matches` on `jax_mls::search::facts`). An import's alerts match
//! only the listings that changed, so this, every listing at once, is the worst run (a first import).
//!
//! ```text
//! cargo bench -p generator --bench saved_searches
//! ```
//!
//! Then what an import's alerts are: `BENCH_NEWS` listings (an hourly import's new listings, price
//! cuts and changes of status, seeded) against the same searches: alerts sent, homes per alert.
//!
//! Knobs: `BENCH_LISTINGS=10000` (sample records; the import keeps about 95% as for sale),
//! `BENCH_SEARCHES=1000`, `BENCH_RUNS=5`, `BENCH_NEWS=200`. It never fails on speed; it prints the
//! median.

use jax_mls::homes::Homes;
use jax_mls::sample::{self, Area};
use jax_mls::search::{facts, Clock, PRICE_STEPS};
use jax_model::search::{Facts, Query, FIELDS};
use rand::seq::IndexedRandom;
use rand::RngExt;
use std::time::Instant;

/// An email's homes at most: the rest are "N more".
const PER_ALERT: usize = 12;

fn main() {
    let env = |k: &str, default: usize| std::env::var(k).ok().and_then(|v| v.parse().ok()).unwrap_or(default);
    let (listings, searches, runs, news) =
        (env("BENCH_LISTINGS", 10_000), env("BENCH_SEARCHES", 1_000), env("BENCH_RUNS", 5), env("BENCH_NEWS", 200));
    // Her twelve neighbourhoods.
    let areas: Vec<Area> = [
        ("Downtown Jacksonville", "32202"),
        ("Riverside", "32204"),
        ("San Marco", "32207"),
        ("Jacksonville Beach", "32250"),
        ("Nocatee", "32081"),
        ("Murray Hill", "32205"),
        ("Avondale", "32205"),
        ("Southside", "32256"),
        ("Ortega", "32210"),
        ("Springfield", "32206"),
        ("Atlantic Beach", "32233"),
        ("Ponte Vedra Beach", "32082"),
    ]
    .map(|(name, zip)| Area { name: name.into(), zip: zip.into() })
    .into();
    let images = vec!["images/listings/sample.jpg".to_string()];
    let records = sample::records(&areas, &images, listings, None);
    let properties = records.iter().filter_map(|r| jax_mls::check::check(r, "bench").ok()).collect();
    let homes = Homes::new(None, properties, &[]);
    // Each listing in its sample neighbourhood (the site places it by its ZIP and subdivision).
    let slug = |name: &str| name.to_lowercase().replace(' ', "-");
    let clock = Clock::of(&homes);
    let today = clock.today;
    let listed: Vec<Facts> = homes
        .for_sale_in(None)
        .map(|h| Facts { area: h.p.subdivision_name.as_deref().map(slug).unwrap_or_default(), ..facts(h, &clock) })
        .collect();
    let areas: Vec<String> = areas.iter().map(|a| slug(&a.name)).collect();
    let queries = saved(searches, &listed, &areas);

    let mut times = Vec::with_capacity(runs);
    let mut found = Vec::new();
    for _ in 0..runs.max(1) {
        let start = Instant::now();
        found = queries.iter().map(|q| listed.iter().filter(|f| q.matches(f, today)).count()).collect::<Vec<usize>>();
        times.push(start.elapsed().as_secs_f64() * 1000.0);
    }
    times.sort_by(f64::total_cmp);
    let median = times[times.len() / 2];
    println!(
        "saved searches: {} searches against {} listings for sale: {median:.1} ms (median of {} runs; \
         {:.2} µs a search, {:.1} ns a listing and search)",
        queries.len(),
        listed.len(),
        times.len(),
        median * 1000.0 / queries.len().max(1) as f64,
        median * 1e6 / (queries.len() * listed.len()).max(1) as f64,
    );
    println!("alerts a first import would send (every listing new): {}", alerts(&found));
    let mut rng = sample::rng(news);
    let changed: Vec<&Facts> = listed.sample(&mut rng, news).collect();
    let start = Instant::now();
    let found: Vec<usize> = queries.iter().map(|q| changed.iter().filter(|f| q.matches(f, today)).count()).collect();
    let took = start.elapsed().as_secs_f64() * 1000.0;
    println!("alerts an import of {} news would send ({took:.2} ms): {}", changed.len(), alerts(&found));
}

/// Alerts sent and homes per alert, from each search's count of matching homes.
fn alerts(found: &[usize]) -> String {
    let mut per_alert: Vec<usize> = found.iter().filter(|n| **n > 0).map(|n| (*n).min(PER_ALERT)).collect();
    per_alert.sort_unstable();
    let mean = per_alert.iter().sum::<usize>() as f64 / per_alert.len().max(1) as f64;
    format!(
        "{} alerts for {} searches; homes per alert: median {}, mean {mean:.1}, {} at the cap of {PER_ALERT} \
         (the rest as \"N more\")",
        per_alert.len(),
        found.len(),
        per_alert.get(per_alert.len() / 2).copied().unwrap_or(0),
        per_alert.iter().filter(|n| **n == PER_ALERT).count(),
    )
}

/// `n` searches as visitors save them: most in one neighbourhood (a list's own, or picked), a price
/// band, some beds and baths, now and then a type or a status, and words from the listings' own (a
/// street, a feature), seeded so each run is the same.
fn saved(n: usize, listed: &[Facts], areas: &[String]) -> Vec<Query> {
    let mut rng = sample::rng(n);
    let kinds: Vec<&str> = listed.iter().map(|f| f.kind.as_str()).filter(|k| !k.is_empty()).collect();
    (0..n)
        .map(|_| {
            let step = rng.random_range(0..PRICE_STEPS.len() - 2);
            let some = |rng: &mut rand::rngs::Xoshiro256PlusPlus, share: f64| rng.random_bool(share);
            let mut typed = String::new();
            if some(&mut rng, 0.4) && !listed.is_empty() {
                let words: Vec<&str> = listed[rng.random_range(0..listed.len())].words.split('\n').skip(1).collect();
                if !words.is_empty() {
                    typed = words[rng.random_range(0..words.len())].to_string();
                }
            }
            let mut params: Vec<(&str, String)> = vec![
                (FIELDS.beds, rng.random_range(0..=4u32).to_string()),
                (FIELDS.baths, rng.random_range(0..=3u32).to_string()),
                (FIELDS.words, typed),
            ];
            if some(&mut rng, 0.7) {
                params.push((FIELDS.min_price, PRICE_STEPS[step].to_string()));
            }
            if some(&mut rng, 0.6) {
                params.push((FIELDS.max_price, PRICE_STEPS[step + 2].to_string()));
            }
            if some(&mut rng, 0.3) && !kinds.is_empty() {
                params.push((FIELDS.kind, kinds[rng.random_range(0..kinds.len())].to_string()));
            }
            if some(&mut rng, 0.2) {
                params.push((FIELDS.status, "active".into()));
            }
            if some(&mut rng, 0.7) {
                params.push((FIELDS.area, areas[rng.random_range(0..areas.len())].clone()));
            }
            // As a saved search keeps it: the URL parameters of the search it was saved from.
            Query::from_params(|name| params.iter().find(|(n, _)| *n == name).map(|(_, v)| v.as_str()))
        })
        .collect()
}
