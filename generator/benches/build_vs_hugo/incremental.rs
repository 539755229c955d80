//! The build after an import that changed a few listings (the incremental target: 50 of
//! 10,000 listings changed, rebuilt in < 300 ms): the sample feed with `CHANGED` of its kept
//! listings repriced and modified later than the rest, imported from a file into the store the
//! timed builds read, then `generator build` into a finished output of the same corpus. Each
//! round changes 50 others, as hourly imports would: they keep their places (the lists are in
//! the order listings came on the market), so only the list pages that show them change (the
//! lists say the import's day, not its minute).

use crate::measure::{run, Build, Gen};
use crate::mls::kept;
use crate::site::RealContent;
use crate::{sample, sample_news};
use serde_json::{json, Value};
use std::path::Path;
use std::process::Command;

/// Listings the import changes.
pub const CHANGED: usize = 50;

/// Imports the sample's `n` records with the `round`th `CHANGED` of them (from 1) changed, and
/// those of the rounds before as they left them, into `store`, then times the build of `content` into `out`, which holds the site as the
/// previous round (or the unchanged corpus) left it.
#[allow(clippy::too_many_arguments)]
pub fn rebuild(
    gen: &Gen,
    real: &RealContent,
    content: &Path,
    store: &Path,
    out: &Path,
    dir: &Path,
    n: usize,
    round: u64,
) -> Build {
    // Its open houses this weekend, as `import --sample` moves them: else each listing with one changes.
    let now = jiff::Timestamp::now();
    let mut records = sample_news::records_at(&real.areas(), &real.images, n, real.member.as_deref(), 0, now);
    // A new price, and the newest ModificationTimestamp.
    let rounds = usize::try_from(round).expect("a few rounds");
    let keep = records.iter().filter(|r| kept(real, r)).count();
    assert!(
        CHANGED * rounds <= keep,
        "{n} records keep {keep} listings: too few for {rounds} rounds of {CHANGED} changes"
    );
    for (i, r) in records.iter_mut().filter(|r| kept(real, r)).take(CHANGED * rounds).enumerate() {
        let (changed_in, at) = (i / CHANGED + 1, i % CHANGED);
        let price = r["ListPrice"].as_u64().unwrap_or(0);
        r["ListPrice"] = json!(price.saturating_sub(5_000));
        r["ModificationTimestamp"] = json!(format!("2099-01-01T{changed_in:02}:{:02}:{:02}Z", at / 60, at % 60));
    }
    let feed = dir.join("changed-feed.json");
    // The sample's own context: the import then knows the listings for the sample they are.
    let body = json!({"@odata.context": sample::CONTEXT, "value": Value::Array(records)});
    std::fs::write(&feed, serde_json::to_vec(&body).expect("JSON")).expect("writing the changed feed");
    let import = run(
        Command::new(crate::measure::generator())
            .args(["import", "reso", "--file"])
            .arg(&feed)
            .arg("--content")
            .arg(content)
            .arg("--into")
            .arg(store),
        "generator import reso --file (50 changed)",
    );
    let said = import.last_line();
    assert!(said.contains(&format!(" {CHANGED} changed")), "the import did not change {CHANGED} listings: {said}");
    gen.build(content, store, out, dir)
}
