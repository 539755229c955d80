//! `generator build`: check the content and write the whole site.

use crate::load::Cache;
use crate::pipeline::{self, BuildOptions};
use crate::render::Renderer;
use anyhow::Result;

pub fn run(opts: &BuildOptions) -> Result<()> {
    let renderer = Renderer::embedded()?;
    let report = pipeline::build(opts, &renderer, &Cache::default())?;
    println!("{}", report.summary(&opts.out));
    Ok(())
}
