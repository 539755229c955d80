//! The editor's preview: the page a content file makes with the text the editor holds, unsaved,
//! rendered as `generator build` renders it (the same templates, styles and islands), with
//! nothing written. What only the generator can judge comes back as its problems, in its words.

use super::engine::Engine;
use anyhow::Result;
use jax_build::BuildOptions;
use jax_load::{Folder, Unsaved};
use jax_model::legal::LegalKind;
use jax_model::{api, Content, Diagnostic, Diagnostics};
use jax_output::index_file;
use std::collections::{HashMap, HashSet};
use std::path::{Component, Path};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

/// Where the editor asks (`POST`, JSON `{"file": "content/listings/oak.md", "text": "…"}`):
/// `editor::LOCAL_PREVIEW`'s path.
pub const PATH: &str = "/__preview";
/// `generator serve`'s port unless told another (`editor::LOCAL_PREVIEW` is on it).
pub const PORT: u16 = 4040;
/// The largest request taken: a content file is a few KB, a long report tens.
pub const MAX_BODY: usize = 1 << 20;

/// What a preview request gets.
#[derive(Debug)]
pub enum Answer {
    /// The page, as the build would write it.
    Page(Vec<u8>),
    /// The content's problems with this text (the file's own first).
    Problems(Vec<Diagnostic>),
    /// The request names no content file, or one that makes no page: why.
    Refused(String),
    /// A newer text of the same file came while this one waited its turn: not rendered.
    Superseded,
}

pub struct Previewer {
    opts: BuildOptions,
    /// One render at a time, and only of the newest text of each file: typing sends a text per
    /// keystroke, and a report's is slow (Node compiles its MDX), so older ones are skipped.
    turn: Mutex<()>,
    newest: Mutex<HashMap<String, u64>>,
    sent: AtomicU64,
}

impl Previewer {
    pub fn new(opts: BuildOptions) -> Previewer {
        let (turn, newest, sent) = (Mutex::new(()), Mutex::new(HashMap::new()), AtomicU64::new(0));
        Previewer { opts, turn, newest, sent }
    }

    /// The page of `file` (as the editor names it: under `content/`) with `text` in it, made
    /// with the builds' templates, parsed files and MLS import (`engine`).
    pub fn render(&self, engine: &Engine, file: &str, text: String) -> Result<Answer> {
        let Some(rel) = content_path(file) else {
            return Ok(Answer::Refused(format!("{file}: not a content file")));
        };
        let this = self.sent.fetch_add(1, Ordering::Relaxed);
        let newest = || self.newest.lock().unwrap_or_else(|e| e.into_inner());
        newest().insert(rel.clone(), this);
        let _turn = self.turn.lock().unwrap_or_else(|e| e.into_inner());
        if newest().get(&rel) != Some(&this) {
            return Ok(Answer::Superseded);
        }
        let unsaved = Unsaved { rel, text };
        let content = match jax_load::load_from(Folder::with_unsaved(&self.opts.content, &unsaved), &engine.cache) {
            Ok(c) => c,
            Err(Diagnostics(mut problems)) => {
                // The file's own problems first: the preview lists them, each with its field and line.
                problems.sort_by_key(|d| !d.file.ends_with(&unsaved.rel));
                return Ok(Answer::Problems(problems));
            }
        };
        let Some(url) = page_of(&content, &unsaved.rel) else {
            return Ok(Answer::Refused(format!("{file} makes no page of its own to preview")));
        };
        let path = index_file(&url);
        let renderer = engine.renderer();
        let renderer = renderer.as_ref().map_err(|problems| anyhow::anyhow!("{problems}"))?;
        let wanted = HashSet::from([path.clone()]);
        let pages = jax_build::generate_pages(&content, &self.opts, renderer, &engine.kept, &wanted)?;
        match pages.into_iter().find(|o| o.path == path) {
            Some(page) => Ok(Answer::Page(page.bytes)),
            None => Ok(Answer::Refused(format!("{file} makes no page of its own to preview"))),
        }
    }
}

/// `file` (`content/listings/oak.md`) as a path in the content folder (`listings/oak.md`), if
/// it can be one: plain segments, a content file's extension.
fn content_path(file: &str) -> Option<String> {
    let rel = file.strip_prefix(jax_codegen::editor::CONTENT_DIR)?.strip_prefix('/')?;
    let plain = Path::new(rel).components().all(|c| matches!(c, Component::Normal(_)));
    let extension = Path::new(rel).extension().and_then(|x| x.to_str());
    let text = matches!(extension, Some("yaml" | "yml" | "md" | "mdx"));
    (plain && text && !rel.contains(['\\', '\0'])).then(|| rel.to_string())
}

/// The page that shows what `rel` holds: its own page for a listing, neighborhood, report or
/// legal page; the page that shows it for the others.
fn page_of(c: &Content, rel: &str) -> Option<String> {
    let (dir, name) = rel.rsplit_once('/').unwrap_or(("", rel));
    let is = |file: &str| file.ends_with(&format!("/{rel}")) || file == rel;
    match dir {
        jax_load::LISTINGS => c.listings.iter().find(|l| is(&l.source.file)).map(|l| api::listing(&l.fields.id)),
        jax_load::NEIGHBORHOODS => {
            c.neighborhoods.iter().find(|n| is(&n.source.file)).map(|n| api::neighborhood(&n.fields.slug))
        }
        jax_load::REPORTS => {
            let slug = name.trim_end_matches(".mdx");
            c.reports.iter().any(|r| r.slug == slug && !r.fields.draft).then(|| api::report(slug))
        }
        jax_load::LEGAL => LegalKind::ALL.into_iter().find(|k| k.file_name() == name).map(LegalKind::url),
        jax_load::MARKET => Some(api::MARKET_PAGE.to_string()),
        jax_load::SOLD => Some(api::SOLD_PAGE.to_string()),
        jax_load::TESTIMONIALS => Some(api::HOME.to_string()),
        "" => Some(
            match name {
                jax_load::CONCIERGE => api::CONCIERGE_PAGE,
                jax_load::SELL => api::SELL_PAGE,
                _ => api::HOME,
            }
            .to_string(),
        ),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn the_editor_asks_where_serve_listens() {
        assert_eq!(jax_codegen::editor::LOCAL_PREVIEW, format!("http://127.0.0.1:{PORT}{PATH}"));
    }

    #[test]
    fn the_page_of_an_unsaved_file_is_rendered_and_nothing_is_written() {
        let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/valid");
        let tmp = tempfile::tempdir().unwrap();
        let opts = BuildOptions {
            content: fixture.clone(),
            out: tmp.path().join("out"),
            islands: tmp.path().join("no-islands"),
            cache: tmp.path().join("cache"),
            mdx_renderer: tmp.path().join("no-script"),
            mls: tmp.path().join("no-mls"),
            photos_bucket: false,
            deploy: false,
        };
        let preview = Previewer::new(opts);
        let engine = Engine::new(None);
        let saved = std::fs::read_to_string(fixture.join("listings/a.md")).unwrap();
        assert!(saved.contains("price: \"$995,000\""));
        let page = |answer: Answer| match answer {
            Answer::Page(bytes) => String::from_utf8(bytes).unwrap(),
            other => panic!("expected a page, got {other:?}"),
        };

        let edited = saved.replace("$995,000", "$1,234,000");
        let html = page(preview.render(&engine, "content/listings/a.md", edited.clone()).unwrap());
        assert!(html.contains("$1,234,000") && !html.contains("$995,000"), "the unsaved price is on the page");
        // A new file is previewed as the page it will make.
        let new = edited.replace("$1,234,000", "$2,500,000").replace("id: listing-a", "id: listing-new");
        let html = page(preview.render(&engine, "content/listings/zz-new.md", new).unwrap());
        assert!(html.contains("$2,500,000"));
        assert_eq!(std::fs::read_to_string(fixture.join("listings/a.md")).unwrap(), saved);
        assert!(!fixture.join("listings/zz-new.md").exists() && !tmp.path().join("out").exists(), "nothing written");

        // What the generator refuses comes back at the field, in its words.
        match preview.render(&engine, "content/listings/a.md", saved.replace("$995,000", "-5")).unwrap() {
            Answer::Problems(problems) => {
                let first = &problems[0];
                assert!(first.file.ends_with("listings/a.md") && first.field == "price", "{first:?}");
                assert!(first.message.starts_with("expected a price such as"), "{first:?}");
            }
            other => panic!("expected problems, got {other:?}"),
        }
        assert!(matches!(preview.render(&engine, "content/../site.yaml", String::new()).unwrap(), Answer::Refused(_)));

        // Texts that wait while another renders: only the newest of a file is rendered.
        let preview = Previewer::new(preview.opts.clone());
        let registered = |n: u64| {
            while preview.newest.lock().unwrap().get("listings/a.md") != Some(&n) {
                std::thread::yield_now();
            }
        };
        let rendering = preview.turn.lock().unwrap();
        std::thread::scope(|s| {
            let older = s.spawn(|| preview.render(&engine, "content/listings/a.md", edited.clone()).unwrap());
            registered(0);
            let newer = s.spawn(|| preview.render(&engine, "content/listings/a.md", saved.clone()).unwrap());
            registered(1);
            drop(rendering);
            assert!(matches!(older.join().unwrap(), Answer::Superseded));
            assert!(page(newer.join().unwrap()).contains("$995,000"));
        });
    }

    #[test]
    fn only_content_files_are_previewed() {
        assert_eq!(content_path("content/listings/oak.md").as_deref(), Some("listings/oak.md"));
        assert_eq!(content_path("content/site.yaml").as_deref(), Some("site.yaml"));
        for bad in [
            "listings/oak.md",
            "content/../site.yaml",
            "content//etc/passwd",
            "content/images/a.png",
            "content/a\\b.md",
        ] {
            assert_eq!(content_path(bad), None, "{bad}");
        }
    }
}
