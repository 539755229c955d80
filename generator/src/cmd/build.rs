//! `generator build`: check the content and write the whole site.

use anyhow::{bail, Result};
use jax_build::BuildOptions;
use jax_load::Cache;
use jax_mls::store::Store;
use jax_preview::watch::Watch;
use jax_render::Renderer;

/// `deploy`: the build is for publishing, so it refuses the project's invented sample listings, and
/// the editor's policy allows no connection to the agent's machine.
/// `watch`: then build again whenever the content changes, until stopped.
/// A deploy serves the MLS photos from their bucket when site.yaml names one (`mls.photos_url`).
pub fn run(opts: &BuildOptions, deploy: bool, watch: bool) -> Result<()> {
    let mut opts = opts.clone();
    if deploy {
        let site = jax_load::site(&opts.content)?;
        refuse_sample(&opts, &site)?;
        opts.photos_bucket |= site.mls.is_some_and(|m| m.photos_url.is_some());
        opts.deploy = true;
    }
    let opts = &opts;
    let report = jax_build::build(opts, Renderer::embedded, &Cache::default())?;
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
        match jax_build::build(opts, || Ok(&renderer), &cache) {
            Ok(report) => println!("{}", report.summary(&opts.out)),
            Err(e) => eprintln!("{}\nthe site was left as it was", jax_load::describe(&e)),
        }
    }
    Ok(())
}

/// Whether the MLS store at `mls` holds the project's sample listings (only its import's record
/// is read), for a site that shows MLS listings at all.
pub fn holds_sample(site: &jax_model::site::Site, mls: &std::path::Path) -> Result<bool> {
    Ok(site.mls.is_some() && Store::new(mls).import_info()?.is_some_and(|info| info.sample))
}

fn refuse_sample(opts: &BuildOptions, site: &jax_model::site::Site) -> Result<()> {
    if holds_sample(site, &opts.mls)? {
        bail!(
            "{} holds the project's sample listings, which are invented and must never be published: name the MLS's feed in site.yaml (mls.feed) and import it (generator import reso, with RESO_TOKEN set)",
            opts.mls.display()
        );
    }
    Ok(())
}
