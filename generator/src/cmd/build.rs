//! `generator build`: check the content and write the whole site.

use crate::load::Cache;
use crate::mls::store::Store;
use crate::pipeline::{self, BuildOptions};
use crate::render::Renderer;
use crate::serve::watch::Watch;
use anyhow::{bail, Result};

/// `deploy`: the build is for publishing, so it refuses the project's invented sample listings.
/// `watch`: then build again whenever the content changes, until stopped.
/// A deploy serves the MLS photos from their bucket when site.yaml names one (`mls.photos_url`).
pub fn run(opts: &BuildOptions, deploy: bool, watch: bool) -> Result<()> {
    let mut opts = opts.clone();
    if deploy {
        refuse_sample(&opts)?;
        let site = crate::load::site(&opts.content)?;
        opts.photos_bucket |= site.mls.is_some_and(|m| m.photos_url.is_some());
    }
    let opts = &opts;
    let report = pipeline::build(opts, Renderer::embedded, &Cache::default())?;
    println!("{}", report.summary(&opts.out));
    if watch {
        rebuild_on_change(opts)?;
    }
    Ok(())
}

/// Builds `opts.out` again after each change to the content (the editor's saves), each build
/// incremental; one that fails leaves the site as it was and says why.
fn rebuild_on_change(opts: &BuildOptions) -> Result<()> {
    let renderer = Renderer::embedded()?;
    let cache = Cache::default();
    let watch = Watch::start(std::slice::from_ref(&opts.content), &[&opts.out, &opts.cache], None)?;
    println!("watching {} (Ctrl-C stops)", opts.content.display());
    while watch.next().is_some() {
        match pipeline::build(opts, || Ok(&renderer), &cache) {
            Ok(report) => println!("{}", report.summary(&opts.out)),
            Err(e) => eprintln!("{}\nthe site was left as it was", super::describe(&e)),
        }
    }
    Ok(())
}

fn refuse_sample(opts: &BuildOptions) -> Result<()> {
    let site = crate::load::site(&opts.content)?;
    if site.mls.is_none() {
        return Ok(());
    }
    if let Some(imported) = Store::new(&opts.mls).read()? {
        if imported.info.sample {
            bail!(
                "{} holds the project's sample listings, which are invented and must never be published: name the MLS's feed in site.yaml (mls.feed) and import it (generator import reso, with RESO_TOKEN set)",
                opts.mls.display()
            );
        }
    }
    Ok(())
}
