//! Building into the preview folder, as `generator build` would, and telling the open pages.
//!
//! Builds reuse the `Engine` they share with the previews — its templates, its `jax_load::Cache`
//! (only changed files are re-parsed), the MLS's import as read last and the reports' Node
//! process (`jax_build::Kept`) — the image pipeline's disk cache, and `jax_build::write` (only
//! changed files are written; the list of them is the new generation). A build with problems changes
//! nothing on disk: the last good site stays served and the problems are printed.
//!
//! After an edit the pages open in a browser are rendered and published first, as their own
//! generation, then the whole site (at 10,000 MLS listings a second of work), whose build
//! finds those pages written already. Were that build to fail where the pages rendered, those
//! few pages would show the edit beside a site without it until the problems are fixed.

use super::shared::Shared;
use anyhow::Result;
use jax_build::{BuildOptions, Report};
use jax_load::describe;
use jax_model::Content;
use jax_render::Renderer;
use std::collections::HashSet;
use std::sync::Arc;
use std::time::Instant;

/// How many changed paths a rebuild line names.
const SHOW_CHANGED: usize = 8;

/// "3 files changed (a, b, c)", naming the first few.
fn files_changed(changed: &[String]) -> String {
    let mut shown: Vec<&str> = changed.iter().take(SHOW_CHANGED).map(String::as_str).collect();
    if changed.len() > SHOW_CHANGED {
        shown.push("…");
    }
    let s = if changed.len() == 1 { "" } else { "s" };
    format!("{} file{s} changed ({})", changed.len(), shown.join(", "))
}

pub struct Builder {
    pub opts: BuildOptions,
    shared: Arc<Shared>,
}

impl Builder {
    pub fn new(opts: BuildOptions, shared: Arc<Shared>) -> Builder {
        Builder { opts, shared }
    }

    /// Re-read the templates, for the builds and the previews.
    pub fn reload_templates(&self) {
        self.shared.engine.reload_templates();
    }

    /// Build and write the site, and say what happened (the first build as `generator build`
    /// does, later ones by what they changed).
    pub fn build(&self, first: bool) {
        let start = Instant::now();
        let engine = &self.shared.engine;
        let renderer = engine.renderer();
        let renderer = match &*renderer {
            Ok(r) => r,
            Err(problems) => return self.fail(problems.clone()),
        };
        let content = match jax_load::load(&self.opts.content, &engine.cache) {
            Ok(content) => content,
            Err(problems) => return self.fail(problems.to_string()),
        };
        // Whatever stops the open pages stops the whole build too, which says why.
        let fixed_first = if first { Ok(false) } else { self.open_first(renderer, &content, start) };
        let (report, fixed) = match self.publish(renderer, &content, start) {
            Ok(done) => done,
            Err(e) => return self.fail(describe(&e)),
        };
        let changed = &report.write.changed;
        let ms = start.elapsed().as_millis();
        let fixed = if fixed || fixed_first.unwrap_or(false) { "problems fixed, " } else { "" };
        if first {
            println!("{}", report.summary(&self.opts.out));
        } else if changed.is_empty() {
            println!("rebuilt in {ms} ms: {fixed}nothing changed");
        } else {
            println!("rebuilt in {ms} ms: {fixed}{}", files_changed(changed));
        }
    }

    /// Render the pages open in a browser (and the data files pages load), write those that
    /// changed and make them a generation (their clients reload), saying so. Returns whether
    /// the build before had failed.
    fn open_first(&self, renderer: &Renderer, content: &Content, start: Instant) -> Result<bool> {
        let open: HashSet<String> = self.shared.live.open_pages().into_iter().collect();
        if open.is_empty() {
            return Ok(false);
        }
        let pages = jax_build::generate_pages(content, &self.opts, renderer, &self.shared.engine.kept, &open)?;
        let _writing = self.shared.files.write().unwrap_or_else(|e| e.into_inner());
        let write = jax_build::write_some(&self.opts.out, &pages)?;
        if write.changed.is_empty() {
            return Ok(false);
        }
        println!("open pages first, in {} ms: {}", start.elapsed().as_millis(), files_changed(&write.changed));
        Ok(self.shared.live.built(write.changed))
    }

    /// Generate, check, write, and make what changed the new generation. Also returns whether
    /// the build before had failed.
    fn publish(&self, renderer: &Renderer, content: &Content, start: Instant) -> Result<(Report, bool)> {
        let (files, pages) = jax_build::generate(content, &self.opts, renderer, &self.shared.engine.kept)?;
        let _writing = self.shared.files.write().unwrap_or_else(|e| e.into_inner());
        let write = jax_build::write(&self.opts.out, &files)?;
        let fixed = self.shared.live.built(write.changed.clone());
        Ok((Report { pages, files: files.len(), write, elapsed: start.elapsed() }, fixed))
    }

    fn fail(&self, problems: String) {
        eprintln!("{problems}");
        if self.shared.live.failed(problems) {
            eprintln!("still serving the last good build");
        } else {
            eprintln!("the site has not built yet: every page lists these problems until they are fixed");
        }
    }
}
