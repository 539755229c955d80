//! `generator import reso` and `generator sample reso`: the MLS's listings into the store the
//! build reads, and the project's sample feed written out as OData pages.

use anyhow::{bail, Context, Result};
use jax_load::Cache;
use jax_mls::{sample, Source};
use jax_model::Content;
use std::path::{Path, PathBuf};

/// Where the listings come from: the first of `--file`, `--url`, `--sample`; with none, the feed
/// `site.yaml` names, or the sample when it names none.
pub struct ImportArgs {
    pub file: Option<PathBuf>,
    pub url: Option<String>,
    pub sample: bool,
    /// The sample's size.
    pub listings: usize,
    /// Each sample listing its own generated first photo.
    pub photos: bool,
    /// The sample after so many rounds of news (`jax_mls::sample_news`).
    pub round: usize,
    pub full: bool,
    /// At most so many first photos not yet in their bucket at once.
    pub photo_limit: Option<usize>,
    pub into: PathBuf,
    pub content: PathBuf,
}

/// The sample's neighborhoods (published ones, with the latest snapshot's ZIP) and photos (the
/// real listings' images).
fn sample_material(c: &Content) -> (Vec<sample::Area>, Vec<String>) {
    let latest = c.market.latest();
    let areas = c
        .neighborhoods
        .iter()
        .map(|n| sample::Area {
            name: n.fields.name.clone(),
            zip: latest.figures(&n.fields.slug).map_or_else(|| "32202".to_string(), |f| f.zip.clone()),
        })
        .collect();
    let mut images: Vec<String> = c.listings.iter().map(|l| l.fields.image.clone()).collect();
    images.sort();
    images.dedup();
    if images.is_empty() {
        images = c.neighborhoods.iter().map(|n| n.fields.image.clone()).collect();
    }
    (areas, images)
}

pub fn run(args: ImportArgs) -> Result<()> {
    let c = jax_load::load(&args.content, &Cache::default())?;
    let settings = c.site.data.mls.as_ref();
    let explicit = args.file.is_some() || args.url.is_some() || args.sample;
    if settings.is_none() && !explicit {
        println!("site.yaml has no mls: block, so the site shows no MLS listings: nothing to import");
        return Ok(());
    }
    let source = if let Some(file) = args.file {
        Source::File(file)
    } else if let Some(url) =
        args.url.or_else(|| if args.sample { None } else { settings.and_then(|m| m.feed.clone()) })
    {
        Source::Url { url, full: args.full }
    } else {
        let (areas, images) = sample_material(&c);
        let member = settings.and_then(|m| m.member_ids.first().cloned());
        Source::Sample { areas, images, listings: args.listings, member, own_photos: args.photos, rounds: args.round }
    };
    let show_sold = settings.is_some_and(|m| m.show_sold);
    // Without a bucket the photos are files of the site: none is ever "sent", so none may wait.
    let bucket = settings.is_some_and(|m| m.photos_url.is_some());
    if args.photo_limit.is_some() && !bucket {
        eprintln!("import: --photo-limit ignored: site.yaml names no bucket for the photos (mls.photos_url)");
    }
    let limit = args.photo_limit.filter(|_| bucket);
    let set = settings.map_or(Default::default(), |m| m.photos);
    let summary = jax_mls::import_set(&args.into, source, show_sold, limit, set)
        .context("importing the MLS listings (nothing changed)")?;
    for p in &summary.problems {
        eprintln!("{p}");
    }
    println!("{} into {}", summary.line(), args.into.display());
    Ok(())
}

/// `generator sample reso`: the sample feed as OData pages (`page-000001.json`, …) in `out`.
/// `round`: after so many rounds of news.
pub fn sample(content: &Path, out: &Path, listings: usize, page_size: usize, round: usize) -> Result<()> {
    if page_size == 0 {
        bail!("--page-size must be at least 1");
    }
    let c = jax_load::load(content, &Cache::default())?;
    let (areas, images) = sample_material(&c);
    let member = c.site.data.mls.as_ref().and_then(|m| m.member_ids.first().map(String::as_str));
    // As `import reso --sample` reads it today.
    let records = jax_mls::sample_news::records_at(&areas, &images, listings, member, round, jiff::Timestamp::now());
    std::fs::create_dir_all(out).with_context(|| format!("creating {}", out.display()))?;
    let pages = sample::pages(&records, page_size, "Property");
    for (i, page) in pages.iter().enumerate() {
        let path = out.join(format!("page-{:06}.json", i + 1));
        std::fs::write(&path, serde_json::to_vec(page)?).with_context(|| format!("writing {}", path.display()))?;
    }
    println!("wrote {} sample listings in {} pages into {}", records.len(), pages.len(), out.display());
    Ok(())
}
