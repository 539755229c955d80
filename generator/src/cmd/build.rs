//! `generator build`: check the content and write the whole site.

use crate::load::Cache;
use crate::mls::store::Store;
use crate::pipeline::{self, BuildOptions};
use crate::render::Renderer;
use anyhow::{bail, Result};

/// `deploy`: the build is for publishing, so it refuses the project's invented sample listings.
pub fn run(opts: &BuildOptions, deploy: bool) -> Result<()> {
    if deploy {
        refuse_sample(opts)?;
    }
    let report = pipeline::build(opts, Renderer::embedded, &Cache::default())?;
    println!("{}", report.summary(&opts.out));
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
