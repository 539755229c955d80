//! Load and check everything, then render the whole site into files held or handed on as each is
//! made: what `staged` (`generator build`) and `generator serve` both run.

use super::folder::Written;
use anyhow::{bail, Context, Result};
use jax_images::{ImageInfo, ImagePipeline};
use jax_mls::homes::Homes;
use jax_mls::search::KnownShards;
use jax_mls::store::Memo;
use jax_model::Content;
use jax_output::Output;
use jax_render::assets::Assets;
use jax_render::incremental::{Cards, Unchanged};
use jax_render::{data, sitemap};
use jax_render::{RenderInput, Renderer};
use rayon::prelude::*;
use std::borrow::Borrow;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::time::Duration;

#[derive(Clone)]
pub struct BuildOptions {
    pub content: PathBuf,
    pub out: PathBuf,
    /// Vite's output folder (its manifest and `assets/`); missing means no islands.
    pub islands: PathBuf,
    /// Where encoded image variants (and compiled reports) are kept between builds.
    pub cache: PathBuf,
    /// `site/build/render-reports.mjs`, which compiles the reports' MDX (only run when there are reports).
    pub mdx_renderer: PathBuf,
    /// Where `generator import reso` keeps the MLS's listings.
    pub mls: PathBuf,
    /// The MLS photos are served from their bucket (`mls.photos_url`), not as static files: their
    /// files are still written under `images/mls/` (what `generator photos upload` sends) and
    /// `.assetsignore` keeps wrangler from uploading them.
    pub photos_bucket: bool,
    /// A build for publishing: the editor's policy lets it reach nothing on the agent's machine
    /// (decap-server and the preview are `make dev`'s only).
    pub deploy: bool,
}

#[derive(Debug)]
pub struct Report {
    pub pages: usize,
    pub files: usize,
    pub write: Written,
    pub elapsed: Duration,
}

impl Report {
    /// The line `generator build` (and `serve`'s first build) prints.
    pub fn summary(&self, out: &Path) -> String {
        format!(
            "built {} pages ({} files) into {} in {} ms: {} written, {} unchanged, {} removed, {} reused unrendered",
            self.pages,
            self.files,
            out.display(),
            self.elapsed.as_millis(),
            self.write.written,
            self.write.unchanged,
            self.write.removed,
            self.write.reused
        )
    }
}

/// Process every image the site uses, in parallel.
fn process_images(content_dir: &Path, cache: &Path, c: &Content) -> Result<(HashMap<String, ImageInfo>, Vec<Output>)> {
    let mut paths: Vec<String> = jax_load::image_refs(c).into_iter().map(|(p, _, _)| p.to_string()).collect();
    paths.extend(jax_load::SITE_IMAGES.iter().filter(|p| content_dir.join(p).is_file()).map(|p| p.to_string()));
    paths.sort();
    paths.dedup();
    let pipeline = ImagePipeline::new(content_dir, cache);
    let done: Vec<(String, ImageInfo, Vec<Output>)> = paths
        .par_iter()
        .map(|p| {
            let done = if p == jax_load::FAVICON { pipeline.process_icon(p) } else { pipeline.process(p) };
            done.map(|(info, files)| (p.clone(), info, files))
        })
        .collect::<Result<_>>()?;
    let mut infos = HashMap::new();
    let mut files = Vec::new();
    for (p, info, out) in done {
        infos.insert(p, info);
        files.extend(out);
    }
    Ok((infos, files))
}

/// Vite's output folder of fingerprinted files, copied as is into the same folder of the site.
const ISLANDS_DIR: &str = "assets";

/// Vite's `assets/` folder, copied as is (names are already fingerprinted).
fn island_files(assets: &Assets) -> Result<Vec<Output>> {
    assets.dir.as_deref().map_or(Ok(Vec::new()), |dir| jax_output::copied(dir, ISLANDS_DIR))
}

/// What one process keeps between its builds (`generator serve`): the MLS's import as read
/// last, and a Node process that compiles the reports' MDX.
#[derive(Default)]
pub struct Kept {
    pub store: Memo,
    pub mdx: jax_reports::Resident,
}

/// Everything the site consists of, in memory; `kept` is what the builds of one process share.
pub fn generate(c: &Content, opts: &BuildOptions, renderer: &Renderer, kept: &Kept) -> Result<(Vec<Output>, usize)> {
    let none = |_: &Homes| Ok(Unchanged::default());
    let Generated { mut files, pages, photos, search, .. } =
        generate_with(c, opts, || Ok(renderer), Some(kept), none, Ok, |path| bail!("{path} was left unrendered"))?;
    let page_count = pages.len();
    files.extend(search.into_iter().chain(pages).chain(photos));
    Ok((files, page_count))
}

/// Only the pages at these output paths, as `generate` makes them, and the site's data files
/// (which pages load, so a change to them reloads every open page): what `generator serve`
/// shows first after an edit. The images they use are the whole build's to write.
pub fn generate_pages(
    c: &Content,
    opts: &BuildOptions,
    renderer: &Renderer,
    kept: &Kept,
    wanted: &HashSet<String>,
) -> Result<Vec<Output>> {
    let (inputs, _, _) = Inputs::read(c, opts, Some(kept), &|_| Ok(()))?;
    let mut files = renderer.render_some(&inputs.render_input(c), wanted).context("rendering pages")?;
    files.extend(data::outputs(c, &inputs.images)?);
    Ok(files)
}

/// The origin the pages load the MLS photos from when it is their bucket's (`photos_bucket`).
fn photos_bucket<'a>(c: &'a Content, opts: &BuildOptions) -> Result<Option<&'a str>> {
    if !opts.photos_bucket {
        return Ok(None);
    }
    match c.site.data.mls.as_ref().map(|m| m.photos_origin()) {
        Some(Some(origin)) => Ok(Some(origin)),
        _ => bail!("the MLS photos are to be served from their bucket, but site.yaml names none (mls.photos_url)"),
    }
}

/// What the pages are rendered from.
pub(super) struct Inputs {
    images: HashMap<String, ImageInfo>,
    assets: Assets,
    reports: HashMap<String, jax_reports::Prepared>,
    homes: Option<Homes>,
}

impl Inputs {
    /// These, with the files of the site's images and of the MLS's photos (as `keep` made them).
    fn read<P: Send>(
        c: &Content,
        opts: &BuildOptions,
        kept: Option<&Kept>,
        keep: &(impl Fn(Output) -> Result<P> + Sync),
    ) -> Result<(Inputs, Vec<Output>, Vec<P>)> {
        // The MLS's listings are read while the site's images and reports are made (each a
        // share of a rebuild after an import).
        let (made, homes) = rayon::join(
            || -> Result<_> {
                let (images, image_files) =
                    process_images(&opts.content, &opts.cache, c).context("processing images")?;
                let assets = Assets::load(&opts.islands).context("reading the islands' build")?;
                let reports =
                    jax_reports::prepare(c, &opts.mdx_renderer, &opts.cache.join("reports"), kept.map(|k| &k.mdx))?;
                Ok((images, image_files, assets, reports))
            },
            || jax_mls::for_build(c, &opts.mls, kept.map(|k| &k.store)),
        );
        let (images, image_files, assets, reports) = made?;
        let mut homes = homes?;
        let bucket = photos_bucket(c, opts)?;
        let photos = match homes.as_mut() {
            Some(h) => {
                let set = c.site.data.mls.as_ref().map_or(Default::default(), |m| m.photos);
                let pipeline = ImagePipeline::new(&opts.content, &opts.cache);
                jax_mls::photos::process(&pipeline, h, &opts.mls, bucket, set, keep)
                    .context("processing the MLS's photos")?
            }
            None => Vec::new(),
        };
        Ok((Inputs { images, assets, reports, homes }, image_files, photos))
    }

    fn render_input<'a>(&'a self, content: &'a Content) -> RenderInput<'a> {
        RenderInput {
            content,
            images: &self.images,
            assets: &self.assets,
            reports: &self.reports,
            homes: self.homes.as_ref(),
        }
    }
}

/// A rendered page as the rest of the build needs it: its path, and whether it asks not to be
/// indexed (the sitemap leaves it out).
pub(super) trait RenderedPage: Send {
    fn path(&self) -> &str;
    fn noindex(&self) -> bool;
}

impl RenderedPage for Output {
    fn path(&self) -> &str {
        &self.path
    }
    fn noindex(&self) -> bool {
        sitemap::is_noindex(&self.bytes)
    }
}

/// What `generate_with` made.
pub(super) struct Generated<P> {
    /// The site's files but its pages and MLS photos.
    pub(super) files: Vec<Output>,
    /// Each MLS listing for sale's card by its key in the build's record (`incremental`).
    pub(super) cards: Cards,
    pub(super) pages: Vec<P>,
    pub(super) photos: Vec<P>,
    /// The search's files (`jax_mls::search`), as `keep` made them.
    pub(super) search: Vec<P>,
    /// The search's card shards, for the next build (`jax_mls::search::KnownShards`).
    pub(super) shards: KnownShards,
    /// What the output held already (`incremental`).
    pub(super) unchanged: Unchanged,
    /// What the pages were made from.
    pub(super) inputs: Inputs,
}

/// The site's files but its pages and MLS photos, then its pages and the MLS photos' files as
/// `keep` made them when each was made (thousands of photos are not held in memory either), and
/// what `unchanged` said: given the listings, which of their pages and cards the output holds
/// already (`incremental`). Those pages go to `skipped` unrendered.
pub(super) fn generate_with<P: RenderedPage, R: Borrow<Renderer>>(
    c: &Content,
    opts: &BuildOptions,
    renderer: impl FnOnce() -> Result<R>,
    kept: Option<&Kept>,
    unchanged: impl FnOnce(&Homes) -> Result<Unchanged>,
    keep: impl Fn(Output) -> Result<P> + Sync + Send,
    skipped: impl Fn(String) -> Result<P> + Sync + Send,
) -> Result<Generated<P>> {
    let (inputs, mut files, photos) = Inputs::read(c, opts, kept, &keep)?;
    let renderer = renderer()?;
    let renderer = renderer.borrow();
    let assets = &inputs.assets;
    files.extend(island_files(assets)?);
    let homes = inputs.homes.as_ref();
    let unchanged = match homes {
        Some(h) => unchanged(h)?,
        None => Unchanged::default(),
    };
    // The search's index is built while the pages render (its words are a tenth of a
    // 10,000-listing build).
    let (rendered, index) = rayon::join(
        || renderer.render_pages_with(&inputs.render_input(c), &unchanged, &keep, &skipped).context("rendering pages"),
        || homes.map(|h| jax_mls::search::prepare(h).context("writing the search's index")),
    );
    let (pages, cards) = rendered?;
    let (search, shards) = match index.transpose()? {
        Some(index) => {
            let html: Vec<&str> = cards.iter().map(|(_, html)| html.as_str()).collect();
            // A card shard the previous build made is left as it is while the folder holds it.
            let reuse = |path: String| match opts.out.join(&path).is_file() {
                true => skipped(path).map(Some),
                false => Ok(None),
            };
            jax_mls::search::outputs_with(index, &html, &keep, &unchanged.shards(), &reuse)
                .context("writing the search's cards")?
        }
        None => (Vec::new(), KnownShards::default()),
    };
    if let Some(h) = homes {
        files.extend(jax_mls::news::outputs(h, &news_texts(c)).context("writing the imports' news")?);
        files.extend(jax_render::calendar::outputs(c, h));
    }
    files.push(sitemap::of_pages(&c.site.data.base_url, pages.iter().map(|p| (p.path(), p.noindex()))));
    files.push(sitemap::robots(&c.site.data.base_url));
    // Security headers on every static answer (the worker adds the same to its own, which are
    // never pages, so without the inline script's hash); year-long caching where names are hashed.
    let map = jax_model::headers::origin(&c.site.data.development_map_url);
    // The MLS's photos come from its media host, and the first ones from their bucket when they
    // are not files of the site (which wrangler then leaves out: .assetsignore).
    let bucket = photos_bucket(c, opts)?;
    let media: Vec<String> =
        c.site.data.mls.iter().map(|m| m.media_origin()).chain(bucket).filter_map(jax_model::headers::origin).collect();
    if bucket.is_some() {
        files.push(Output::new(
            ".assetsignore",
            format!(
                "# Served from the listing-photos bucket (generator photos upload)\n{}\n",
                jax_mls::photos::ASSETS_IGNORED
            ),
        ));
    }
    let hashed = [ISLANDS_DIR, jax_images::OUTPUT_DIR, jax_model::api::SEARCH_DIR];
    let favicon = inputs.images.get(jax_load::FAVICON);
    let editor = jax_codegen::editor::outputs(c, assets.dir.as_deref(), favicon).context("writing the editor")?;
    let editor_policy = jax_model::headers::editor_policy(
        jax_codegen::editor::local_connections(opts.deploy),
        &assets.inline_script_hashes(),
    );
    files.push(Output::new(
        "_headers",
        jax_model::headers::headers_file(
            map.as_slice(),
            &media,
            &assets.inline_script_hashes(),
            &hashed,
            (!editor.is_empty()).then_some((jax_codegen::editor::DIR, editor_policy.as_str())),
        ),
    ));
    files.extend(data::outputs(c, &inputs.images)?);
    files.extend(editor);
    let mut seen = rustc_hash::FxHashSet::default();
    for path in
        files.iter().map(|f| f.path.as_str()).chain(pages.iter().chain(&photos).chain(&search).map(|p| p.path()))
    {
        if !seen.insert(path) {
            bail!("two outputs want the same path {path}");
        }
    }
    Ok(Generated { files, cards, pages, photos, search, shards, unchanged, inputs })
}

/// The texts saved searches' alerts write their homes with (jax_mls::news).
fn news_texts(c: &Content) -> jax_mls::news::Texts<'_> {
    let site = &c.site.data;
    let listing = &site.labels.listing;
    let mls = site.mls.as_ref().map(|m| &m.labels);
    jax_mls::news::Texts {
        reasons: &c.forms.data.saved_search.alert.reasons,
        listed_by: mls.map_or("{office}", |l| l.listed_by.as_str()),
        address_hidden: mls.map_or("", |l| l.address_hidden.as_str()),
        beds: &listing.beds,
        baths: &listing.baths,
        sqft: &listing.sqft,
    }
}
