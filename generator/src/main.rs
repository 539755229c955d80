//! `generator`: compiles the agent's `content/` into the Move to JAX site. This file only
//! parses the command line; each command's work is in `cmd/`.

mod cmd;
mod scaffold;

/// mimalloc, not glibc's malloc: a build allocates and frees per page and per value, and profiled
/// a fifth of its time in glibc's allocator. (`jax_build::allocator` sets how soon it gives memory
/// back.)
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "generator", version, about = "Builds the Move to JAX site from content/")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Args)]
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
    /// The script that compiles the reports' MDX with mdx-js (run by `node` when reports exist).
    #[arg(long, default_value = "site/build/render-reports.mjs")]
    mdx_renderer: PathBuf,
    /// The MLS listings `generator import reso` wrote (read when site.yaml has an `mls:` block).
    #[arg(long, default_value = ".cache/mls")]
    mls: PathBuf,
}

impl Dirs {
    fn options(self, out: PathBuf, photos_bucket: bool) -> jax_build::BuildOptions {
        jax_build::BuildOptions {
            content: self.content,
            out,
            islands: self.islands,
            cache: self.cache,
            mdx_renderer: self.mdx_renderer,
            mls: self.mls,
            photos_bucket,
            deploy: false,
        }
    }
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
        /// A build to publish: refuses the sample MLS listings; with `mls.photos_url` in site.yaml,
        /// as `--photos-bucket`.
        #[arg(long)]
        deploy: bool,
        /// The pages load the MLS photos from their bucket (`mls.photos_url`), and `.assetsignore`
        /// keeps their files out of the static assets (`generator photos upload` sends them).
        #[arg(long)]
        photos_bucket: bool,
        /// Then build again on every change to the content (make dev: the editor's saves reach
        /// the site being served). A build that fails leaves the previous site and says why.
        #[arg(long, conflicts_with = "deploy")]
        watch: bool,
    },
    /// Check the content without writing anything.
    Check {
        #[arg(long, default_value = "content")]
        content: PathBuf,
    },
    /// Create a content file to fill in (a draft until you remove `draft: true`).
    New {
        kind: scaffold::Kind,
        /// The address of a listing, the name of a neighborhood, the title of a report, or a
        /// snapshot's month (`2026-11`).
        name: String,
        #[arg(long, default_value = "content")]
        content: PathBuf,
    },
    /// Build, serve the site on a local port, rebuild on every change and reload the browser.
    Serve {
        #[command(flatten)]
        dirs: Dirs,
        /// Where the preview is written; never `dist/`, which only `generator build` writes
        /// (a preview is of content still being edited).
        #[arg(long, default_value = ".cache/preview")]
        preview: PathBuf,
        #[arg(long, default_value = "127.0.0.1")]
        host: String,
        #[arg(long, default_value_t = jax_preview::preview::PORT)]
        port: u16,
    },
    /// Import the MLS's listings (IDX) into the store the build reads.
    Import {
        #[command(subcommand)]
        feed: ImportFeed,
    },
    /// Write the project's sample MLS feed (invented Jacksonville listings) as OData pages.
    Sample {
        #[command(subcommand)]
        feed: SampleFeed,
    },
    /// Count the static assets `wrangler deploy` would upload from the built site (honouring
    /// `.assetsignore`) against the Cloudflare plan's limit; fails when they exceed it.
    Assets {
        #[arg(long, default_value = "dist")]
        out: PathBuf,
        /// The Workers plan: free allows 20,000 files per version, paid 100,000.
        #[arg(long, env = "CLOUDFLARE_PLAN", value_enum, default_value = "free")]
        plan: jax_deploy::assets::Plan,
        /// Also print what a deploy uploads against the manifest the last one recorded here.
        #[arg(long)]
        since: Option<PathBuf>,
        /// Record the files' manifest here (after a deploy), for the next `--since`.
        #[arg(long)]
        record: Option<PathBuf>,
    },
    /// Check everything a deploy needs and say all that is missing at once: the content's
    /// examples, sample listings, the static assets against the plan, the worker's secrets and
    /// the buckets (wrangler, logged in; not with --dry-run), and that the MLS feed answers.
    Preflight {
        #[arg(long, default_value = "content")]
        content: PathBuf,
        #[arg(long, default_value = "dist")]
        out: PathBuf,
        #[arg(long, default_value = ".cache/mls")]
        mls: PathBuf,
        #[arg(long, env = "CLOUDFLARE_PLAN", value_enum, default_value = "free")]
        plan: jax_deploy::assets::Plan,
        #[arg(long, default_value = "node_modules/.bin/wrangler")]
        wrangler: PathBuf,
        /// Ask Cloudflare nothing (no login needed); the checks skipped are named.
        #[arg(long)]
        dry_run: bool,
    },
    /// The MLS photos' R2 bucket (site.yaml's mls.photos_url serves it).
    Photos {
        #[command(subcommand)]
        action: PhotosAction,
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

#[derive(Subcommand)]
enum ImportFeed {
    /// A RESO Web API Property feed with `$expand=Media,OpenHouse`: a saved response (`--file`),
    /// a live feed (`--url`, token in RESO_TOKEN), or the sample (`--sample`). With none of them,
    /// the feed site.yaml's `mls:` block names, or the sample when it names none.
    Reso {
        /// One OData JSON document, or a folder of such pages.
        #[arg(long, conflicts_with_all = ["url", "sample"])]
        file: Option<PathBuf>,
        /// The feed's Property resource; pages by @odata.nextLink and asks only for what changed
        /// since the last import from it.
        #[arg(long, conflicts_with = "sample")]
        url: Option<String>,
        /// The project's sample listings (never deployable).
        #[arg(long)]
        sample: bool,
        /// How many sample listings.
        #[arg(long, default_value_t = 240)]
        listings: usize,
        /// Give each sample listing its own generated first photo (a 1600 × 1067 JPEG), as a real
        /// feed's are: for measuring the photos' cost at scale.
        #[arg(long, requires = "sample")]
        photos: bool,
        /// The sample after N rounds of news: each round, the first listing for sale is 5 % cheaper
        /// and a new listing like it comes on the market (the news saved searches are told of).
        #[arg(long, value_name = "N", default_value_t = 0, requires = "sample")]
        round: usize,
        /// Ask the feed for every listing, not only what changed.
        #[arg(long)]
        full: bool,
        /// Keep at most N first photos not yet in the photos' bucket at once (those an earlier
        /// import downloaded count), the most recently changed listings' first: the rest wait for
        /// later imports, shown from the media host meanwhile, so a run that encodes and sends
        /// them stays short (the publishing workflow: 1,500).
        #[arg(long, value_name = "N")]
        photo_limit: Option<usize>,
        /// Where the listings are kept (the build reads them from there).
        #[arg(long, default_value = ".cache/mls")]
        into: PathBuf,
        #[arg(long, default_value = "content")]
        content: PathBuf,
    },
}

#[derive(Subcommand)]
enum PhotosAction {
    /// Send the built site's MLS photos (`images/mls/`) the bucket lacks, before the pages that
    /// load them are deployed, and delete those no page has named for the grace period. Keys:
    /// R2_ACCESS_KEY_ID and R2_SECRET_ACCESS_KEY (an R2 API token's).
    Upload {
        #[arg(long, default_value = "content")]
        content: PathBuf,
        #[arg(long, default_value = "dist")]
        out: PathBuf,
        /// R2's S3 API: https://<ACCOUNT_ID>.r2.cloudflarestorage.com.
        #[arg(long, env = "R2_ENDPOINT")]
        endpoint: Option<String>,
        #[arg(long, default_value = "listing-photos")]
        bucket: String,
        /// When each photo no page names was first seen so (kept between runs).
        #[arg(long, default_value = ".cache/mls/photo-bucket.json")]
        state: PathBuf,
        /// The import's store, where the photos the bucket holds are recorded for the next build.
        #[arg(long, default_value = ".cache/mls")]
        mls: PathBuf,
        #[arg(long, default_value_t = 48)]
        grace_hours: i64,
    },
}

#[derive(Subcommand)]
enum SampleFeed {
    /// OData pages (`page-000001.json`, …) of seeded, invented listings, RESO Data Dictionary names.
    Reso {
        #[arg(long, default_value_t = 240)]
        listings: usize,
        #[arg(long, default_value_t = 200)]
        page_size: usize,
        /// The feed after N rounds of news (as `import reso --sample --round N`).
        #[arg(long, value_name = "N", default_value_t = 0)]
        round: usize,
        #[arg(long)]
        out: PathBuf,
        #[arg(long, default_value = "content")]
        content: PathBuf,
    },
}

fn main() -> ExitCode {
    jax_build::allocator::tune(jax_build::allocator::Work::Everything);
    let result = match Cli::parse().command {
        Command::Build { dirs, out, deploy, watch, photos_bucket } => {
            cmd::build::run(&dirs.options(out, photos_bucket), deploy, watch)
        }
        Command::Check { content } => cmd::check::run(&content),
        Command::New { kind, name, content } => cmd::new::run(&content, kind, &name),
        Command::Serve { dirs, preview, host, port } => cmd::serve::run(dirs.options(preview, false), &host, port),
        Command::Assets { out, plan, since, record } => {
            cmd::assets::run(&out, plan, since.as_deref(), record.as_deref())
        }
        Command::Preflight { content, out, mls, plan, wrangler, dry_run } => {
            cmd::preflight::run(cmd::preflight::Args {
                content: &content,
                out: &out,
                mls: &mls,
                plan,
                wrangler: &wrangler,
                dry_run,
            })
        }
        Command::Photos {
            action: PhotosAction::Upload { content, out, endpoint, bucket, state, mls, grace_hours },
        } => cmd::photos::upload(cmd::photos::UploadArgs {
            content: &content,
            out: &out,
            endpoint: endpoint.as_deref(),
            bucket: &bucket,
            state: &state,
            mls: &mls,
            grace_hours,
        }),
        Command::Schemas { out, site } => cmd::schemas::run(&out, &site),
        Command::Import {
            feed: ImportFeed::Reso { file, url, sample, listings, photos, round, full, photo_limit, into, content },
        } => cmd::import::run(cmd::import::ImportArgs {
            file,
            url,
            sample,
            listings,
            photos,
            round,
            full,
            photo_limit,
            into,
            content,
        }),
        Command::Sample { feed: SampleFeed::Reso { listings, page_size, round, out, content } } => {
            cmd::import::sample(&content, &out, listings, page_size, round)
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{}", jax_load::describe(&e));
            if e.is::<jax_model::Diagnostics>() {
                eprintln!("nothing was written");
            }
            ExitCode::FAILURE
        }
    }
}
