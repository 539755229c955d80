//! `generator check`: load and check the content, write nothing.

use anyhow::Result;
use jax_load::Cache;
use std::path::Path;

pub fn run(content: &Path) -> Result<()> {
    let c = jax_load::load(content, &Cache::default())?;
    println!(
        "content is valid: {} listings, {} neighborhoods, {} quiz questions, {} market snapshot{} (latest {}), {} report{}, {} testimonial{}, {} sale{}{}",
        c.listings.len(),
        c.neighborhoods.len(),
        c.quiz.data.questions.len(),
        c.market.snapshots.len(),
        if c.market.snapshots.len() == 1 { "" } else { "s" },
        c.market.latest().month,
        c.reports.len(),
        if c.reports.len() == 1 { "" } else { "s" },
        c.testimonials.len(),
        if c.testimonials.len() == 1 { "" } else { "s" },
        c.sold.len(),
        if c.sold.len() == 1 { "" } else { "s" },
        if c.sell.is_some() { ", the sellers' page" } else { "" }
    );
    Ok(())
}
