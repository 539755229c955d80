//! `generator`: compiles the agent's `content/` into the Move to JAX site.

mod assets;
mod data;
mod images;
mod load;
mod output;
mod pipeline;
mod render;
mod scaffold;
mod serve;
mod sitemap;

use anyhow::{Context, Result};
use clap::{Parser, Subcommand, ValueEnum};
use jax_model::Diagnostics;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "generator", version, about = "Builds the Move to JAX site from content/")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Args, Clone)]
struct Dirs {
    /// The agent's content folder.
    #[arg(long, default_value = "content")]
    content: PathBuf,
    /// Vite's build of the islands (its manifest and assets); skipped when absent.
    #[arg(long, default_value = "site/dist")]
    islands: PathBuf,
    /// Where encoded image variants are cached between builds.
    #[arg(long, default_value = ".cache/generator")]
    cache: PathBuf,
}

#[derive(Subcommand)]
enum Command {
    /// Check the content and write the whole site.
    Build {
        #[command(flatten)]
        dirs: Dirs,
        /// Where the site is written (what `wrangler deploy` uploads).
        #[arg(long, default_value = "dist")]
        out: PathBuf,
    },
    /// Check the content without writing anything.
    Check {
        #[arg(long, default_value = "content")]
        content: PathBuf,
    },
    /// Create a content file to fill in (a draft until you remove `draft: true`).
    New {
        kind: Kind,
        /// The address of a listing or the name of a neighborhood.
        name: String,
        #[arg(long, default_value = "content")]
        content: PathBuf,
    },
    /// Build, serve the site on a local port, rebuild on every change and reload the browser.
    Serve {
        #[command(flatten)]
        dirs: Dirs,
        /// Where the preview is written: its pages carry the live-reload script, which the
        /// site's CSP forbids, so never `dist/` (only `generator build` writes there).
        #[arg(long, default_value = ".cache/preview")]
        preview: PathBuf,
        #[arg(long, default_value = "127.0.0.1")]
        host: String,
        #[arg(long, default_value_t = 4040)]
        port: u16,
    },
    /// Write the JSON Schema of each content file kind (for editor autocompletion), and the
    /// TypeScript the islands share with the generator (their props, the file signatures).
    Schemas {
        #[arg(long, default_value = "content/schemas")]
        out: PathBuf,
        /// Where the generated TypeScript goes.
        #[arg(long, default_value = "site/src/lib")]
        site: PathBuf,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum Kind {
    Listing,
    Neighborhood,
}

impl Dirs {
    fn options(&self, out: PathBuf, live_reload: Option<u64>) -> pipeline::BuildOptions {
        pipeline::BuildOptions {
            content: self.content.clone(),
            out,
            islands: self.islands.clone(),
            cache: self.cache.clone(),
            live_reload,
        }
    }
}

/// Print content problems all at once, or any other failure as a chain of reasons.
fn report_error(e: &anyhow::Error, wrote: bool) {
    if let Some(d) = e.downcast_ref::<Diagnostics>() {
        eprintln!("{d}");
        if !wrote {
            eprintln!("nothing was written");
        }
    } else {
        eprintln!("error: {e}");
        for cause in e.chain().skip(1) {
            eprintln!("  caused by: {cause}");
        }
    }
}

fn run(cli: Cli) -> Result<()> {
    match cli.command {
        Command::Build { dirs, out } => {
            let renderer = render::Renderer::embedded()?;
            let report = pipeline::build(&dirs.options(out.clone(), None), &renderer, &load::Cache::default())?;
            println!(
                "built {} pages ({} files) into {} in {} ms: {} written, {} unchanged, {} removed",
                report.pages,
                report.files,
                out.display(),
                report.elapsed.as_millis(),
                report.write.written,
                report.write.unchanged,
                report.write.removed
            );
        }
        Command::Check { content } => {
            let c = load::load(&content, &load::Cache::default())?;
            println!(
                "content is valid: {} listings, {} neighborhoods, {} quiz questions",
                c.listings.len(),
                c.neighborhoods.len(),
                c.quiz.data.questions.len()
            );
        }
        Command::New { kind, name, content } => {
            let kind = match kind {
                Kind::Listing => "listing",
                Kind::Neighborhood => "neighborhood",
            };
            let path = scaffold::create(&content, kind, &name)?;
            println!("created {} (a draft: fill it in, then remove `draft: true`)", path.display());
        }
        Command::Serve { dirs, preview, host, port } => serve::serve(dirs.options(preview, Some(0)), &host, port)?,
        Command::Schemas { out, site } => {
            std::fs::create_dir_all(&out).with_context(|| format!("creating {}", out.display()))?;
            for (name, schema) in jax_model::schemas() {
                let path = out.join(name);
                let text = serde_json::to_string_pretty(&schema)? + "\n";
                std::fs::write(&path, text).with_context(|| format!("writing {}", path.display()))?;
            }
            println!("wrote the content schemas into {}", out.display());
            std::fs::create_dir_all(&site).with_context(|| format!("creating {}", site.display()))?;
            for (name, text) in render::typescript_files()? {
                let path = site.join(name);
                std::fs::write(&path, text).with_context(|| format!("writing {}", path.display()))?;
            }
            println!("wrote the islands' generated TypeScript into {}", site.display());
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            report_error(&e, false);
            ExitCode::FAILURE
        }
    }
}
