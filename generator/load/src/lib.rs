//! Reads `content/` — each file once, in parallel — into the typed model, collecting every
//! problem of every file. A cache keyed by each file's bytes lets `serve` re-parse only what changed.

use jax_model::content::{self, Parts};
use jax_model::legal::{LegalKind, LegalPage};
use jax_model::market::{self, Snapshot};
use jax_model::record as content_record;
use jax_model::{Content, Diagnostic, Diagnostics, Parsed};
use rayon::prelude::*;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use walkdir::WalkDir;

/// The top-level files, each required.
pub const SITE: &str = "site.yaml";
pub const HOME: &str = "home.yaml";
pub const CONCIERGE: &str = "concierge.yaml";
pub const QUIZ: &str = "quiz.yaml";
pub const FORMS: &str = "forms.yaml";
pub const LISTINGS: &str = "listings";
pub const NEIGHBORHOODS: &str = "neighborhoods";
/// The market snapshots, one `<YYYY-MM>.yaml` per month.
pub const MARKET: &str = "market";
/// The privacy policy and the terms of service, one Markdown file each (`LegalKind`).
pub const LEGAL: &str = "legal";
/// The agent's market reports, one MDX file each.
pub const REPORTS: &str = "reports";
/// Her clients' words and her sales, one Markdown file each.
pub const TESTIMONIALS: &str = "testimonials";
pub const SOLD: &str = "sold";
/// The sellers' page; without it, none.
pub const SELL: &str = "sell.yaml";
/// Folders that hold no content files to parse.
const NOT_CONTENT: &[&str] = &["images", "schemas"];

/// Parsed files kept between builds, keyed by path; reused while the bytes are the same.
#[derive(Default)]
pub struct Cache {
    entries: Mutex<HashMap<PathBuf, (blake3::Hash, Parsed_)>>,
}

#[derive(Clone)]
enum Parsed_ {
    Listing(Result<jax_model::listing::Listing, Diagnostics>),
    Neighborhood(Result<jax_model::neighborhood::Neighborhood, Diagnostics>),
}

/// The content folder as a build reads it: the files on disk, or with one file's unsaved text
/// in place of its own or beside them (the editor's preview: nothing is written).
#[derive(Clone, Copy)]
pub struct Folder<'a> {
    root: &'a Path,
    unsaved: Option<&'a Unsaved>,
}

/// A content file as the editor holds it before saving.
pub struct Unsaved {
    /// Its path in the content folder, with `/` separators: `listings/oak.md`.
    pub rel: String,
    pub text: String,
}

impl<'a> Folder<'a> {
    pub fn on_disk(root: &'a Path) -> Folder<'a> {
        Folder { root, unsaved: None }
    }

    pub fn with_unsaved(root: &'a Path, unsaved: &'a Unsaved) -> Folder<'a> {
        Folder { root, unsaved: Some(unsaved) }
    }

    /// The display name of a file: the content folder as given, then the path inside it.
    fn display(self, rel: &str) -> String {
        let r = self.root.to_string_lossy();
        let r = r.trim_end_matches('/');
        if r.is_empty() || r == "." {
            rel.to_string()
        } else {
            format!("{r}/{rel}")
        }
    }

    fn read(self, rel: &str) -> Result<(String, String), Diagnostics> {
        let file = self.display(rel);
        if let Some(u) = self.unsaved.filter(|u| u.rel == rel) {
            return Ok((file, u.text.clone()));
        }
        match std::fs::read_to_string(self.root.join(rel)) {
            Ok(text) => Ok((file, text)),
            Err(e) => Err(unreadable(file, &e)),
        }
    }

    fn is_file(self, rel: &str) -> bool {
        self.unsaved.is_some_and(|u| u.rel == rel) || self.root.join(rel).is_file()
    }

    /// Files directly in `dir` with one of `extensions`, sorted, as paths relative to the folder.
    fn files_in(self, dir: &str, extensions: &[&str]) -> Vec<String> {
        let mut files: Vec<String> = WalkDir::new(self.root.join(dir))
            .min_depth(1)
            .max_depth(1)
            .into_iter()
            .filter_map(Result::ok)
            .filter(|e| {
                e.file_type().is_file() && e.path().extension().is_some_and(|x| extensions.iter().any(|ext| x == *ext))
            })
            .map(|e| format!("{dir}/{}", e.file_name().to_string_lossy()))
            .collect();
        if let Some(u) = self.unsaved {
            let new_here = u.rel.rsplit_once('/').is_some_and(|(d, name)| {
                d == dir && Path::new(name).extension().is_some_and(|x| extensions.iter().any(|ext| x == *ext))
            });
            if new_here && !files.contains(&u.rel) {
                files.push(u.rel.clone());
            }
        }
        files.sort();
        files
    }
}

fn unreadable(file: String, e: &std::io::Error) -> Diagnostics {
    let message = if e.kind() == std::io::ErrorKind::NotFound {
        "file not found (every site needs it)".to_string()
    } else {
        format!("cannot read the file: {e}")
    };
    Diagnostics(vec![Diagnostic { file, line: 1, column: 1, field: String::new(), message }])
}

/// Markdown files directly in `root/dir`.
fn markdown_files(root: Folder, dir: &str) -> Vec<String> {
    root.files_in(dir, &["md"])
}

/// Every market snapshot file, parsed (the month is the file's name).
fn snapshots(root: Folder) -> Vec<Result<Snapshot, Diagnostics>> {
    root.files_in(MARKET, &["yaml", "yml"])
        .par_iter()
        .map(|rel| {
            let (file, text) = root.read(rel)?;
            let name = rel.rsplit('/').next().unwrap_or(rel);
            market::parse_snapshot(&file, name, &text)
        })
        .collect()
}

/// Top-level files that are not content (typos such as `site.yml`, stray Markdown).
fn unknown_files(root: Folder) -> Vec<Diagnostic> {
    let known =
        [SITE, HOME, CONCIERGE, QUIZ, FORMS, LISTINGS, NEIGHBORHOODS, MARKET, LEGAL, REPORTS, TESTIMONIALS, SOLD, SELL];
    let Ok(entries) = std::fs::read_dir(root.root) else { return Vec::new() };
    let mut out: Vec<Diagnostic> = entries
        .filter_map(Result::ok)
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().to_string();
            let ignored = name.starts_with('.') || name.starts_with('_') || NOT_CONTENT.contains(&name.as_str());
            let is_content_like = [".yaml", ".yml", ".md", ".mdx"].iter().any(|x| name.ends_with(x));
            (!ignored && !known.contains(&name.as_str()) && is_content_like).then(|| Diagnostic::at_start(
                root.display(&name),
                "",
                format!(
                    "unknown content file; expected {SITE}, {HOME}, {CONCIERGE}, {QUIZ}, {FORMS}, {SELL}, {LISTINGS}/*.md, {NEIGHBORHOODS}/*.md, {TESTIMONIALS}/*.md, {SOLD}/*.md, {MARKET}/<YYYY-MM>.yaml, {REPORTS}/*.mdx, {}",
                    legal_names().iter().map(|n| format!("{LEGAL}/{n}")).collect::<Vec<_>>().join(" or ")
                ),
            ))
        })
        .collect();
    out.sort();
    out
}

fn parse_top<T>(
    root: Folder,
    rel: &str,
    parse: fn(&str, &str) -> Result<Parsed<T>, Diagnostics>,
) -> Result<Parsed<T>, Diagnostics> {
    let (file, text) = root.read(rel)?;
    parse(&file, &text)
}

impl Cache {
    fn parse_many<T: Send>(
        &self,
        root: Folder,
        files: &[String],
        parse: impl Fn(&str, &str) -> Parsed_ + Sync,
        take: impl Fn(Parsed_) -> Option<Result<T, Diagnostics>> + Sync,
    ) -> Vec<Result<T, Diagnostics>> {
        files
            .par_iter()
            .map(|rel| {
                let (file, text) = root.read(rel)?;
                let path = root.root.join(rel);
                let hash = blake3::hash(text.as_bytes());
                let cached = self
                    .entries
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .get(&path)
                    .filter(|(h, _)| *h == hash)
                    .map(|(_, p)| p.clone());
                let parsed = match cached {
                    Some(p) => p,
                    None => {
                        let p = parse(&file, &text);
                        self.entries.lock().unwrap_or_else(|e| e.into_inner()).insert(path, (hash, p.clone()));
                        p
                    }
                };
                take(parsed).unwrap_or_else(|| Err(unreadable(file, &std::io::Error::other("cache mismatch"))))
            })
            .collect()
    }
}

fn legal_names() -> Vec<String> {
    LegalKind::ALL.iter().map(|k| k.file_name()).collect()
}

/// The legal pages (each required), and a problem for any other Markdown file in their folder.
fn legal_pages(root: Folder) -> ([Result<LegalPage, Diagnostics>; 2], Vec<Diagnostic>) {
    let pages = LegalKind::ALL.map(|kind| {
        let (file, text) = root.read(&format!("{LEGAL}/{}", kind.file_name()))?;
        content::parse_legal(&file, &text, kind)
    });
    let names = legal_names();
    let strays = markdown_files(root, LEGAL)
        .into_iter()
        .filter(|rel| !names.iter().any(|n| rel.ends_with(&format!("/{n}"))))
        .map(|rel| {
            Diagnostic::at_start(root.display(&rel), "", format!("unknown legal page; expected {}", names.join(" or ")))
        })
        .collect();
    (pages, strays)
}

/// The reports (drafts too), and a problem for a Markdown file among them (reports are `.mdx`).
fn reports(root: Folder) -> (Vec<Result<jax_model::report::Report, Diagnostics>>, Vec<Diagnostic>) {
    let parsed = root
        .files_in(REPORTS, &["mdx"])
        .par_iter()
        .map(|rel| {
            let (file, text) = root.read(rel)?;
            let slug = rel.trim_start_matches(&format!("{REPORTS}/")).trim_end_matches(".mdx");
            content::parse_report(&file, slug, &text)
        })
        .collect();
    let strays = markdown_files(root, REPORTS)
        .into_iter()
        .map(|rel| Diagnostic::at_start(root.display(&rel), "", "a report is an MDX file: rename it to end in .mdx"))
        .collect();
    (parsed, strays)
}

/// Every Markdown file of `dir`, parsed with `parse`, in parallel.
fn parse_each<T: Send>(
    root: Folder,
    dir: &str,
    parse: fn(&str, &str) -> Result<T, Diagnostics>,
) -> Vec<Result<T, Diagnostics>> {
    markdown_files(root, dir)
        .par_iter()
        .map(|rel| {
            let (file, text) = root.read(rel)?;
            parse(&file, &text)
        })
        .collect()
}

/// site.yaml alone, checked.
pub fn site(root: &Path) -> Result<jax_model::site::Site, Diagnostics> {
    parse_top(Folder::on_disk(root), SITE, content::parse_site).map(|p| p.data)
}

/// forms.yaml alone, checked.
pub fn forms(root: &Path) -> Result<jax_model::forms::Forms, Diagnostics> {
    parse_top(Folder::on_disk(root), FORMS, content::parse_forms).map(|p| p.data)
}

/// Keep the value, or add its problems to the pile.
fn ok<T>(r: Result<T, Diagnostics>, problems: &mut Diagnostics) -> Option<T> {
    r.map_err(|d| problems.extend(d)).ok()
}

/// Load and check the whole content folder.
pub fn load(root: &Path, cache: &Cache) -> Result<Content, Diagnostics> {
    load_from(Folder::on_disk(root), cache)
}

/// The same, from `root` as given (with an unsaved file in it, for the editor's preview).
pub fn load_from(root: Folder, cache: &Cache) -> Result<Content, Diagnostics> {
    let mut problems = Diagnostics(unknown_files(root));
    let listing_files = markdown_files(root, LISTINGS);
    let neighborhood_files = markdown_files(root, NEIGHBORHOODS);

    let ((site, home), ((concierge, quiz), (forms, (listings, neighborhoods)))) = rayon::join(
        || rayon::join(|| parse_top(root, SITE, content::parse_site), || parse_top(root, HOME, content::parse_home)),
        || {
            rayon::join(
                || {
                    rayon::join(
                        || parse_top(root, CONCIERGE, content::parse_concierge),
                        || parse_top(root, QUIZ, content::parse_quiz),
                    )
                },
                || {
                    rayon::join(
                        || parse_top(root, FORMS, content::parse_forms),
                        || {
                            rayon::join(
                                || {
                                    cache.parse_many(
                                        root,
                                        &listing_files,
                                        |f, t| Parsed_::Listing(content::parse_listing(f, t)),
                                        |p| match p {
                                            Parsed_::Listing(r) => Some(r),
                                            _ => None,
                                        },
                                    )
                                },
                                || {
                                    cache.parse_many(
                                        root,
                                        &neighborhood_files,
                                        |f, t| Parsed_::Neighborhood(content::parse_neighborhood(f, t)),
                                        |p| match p {
                                            Parsed_::Neighborhood(r) => Some(r),
                                            _ => None,
                                        },
                                    )
                                },
                            )
                        },
                    )
                },
            )
        },
    );

    let site = ok(site, &mut problems);
    let home = ok(home, &mut problems);
    let concierge = ok(concierge, &mut problems);
    let quiz = ok(quiz, &mut problems);
    let forms = ok(forms, &mut problems);
    let listings: Vec<_> = listings.into_iter().filter_map(|r| ok(r, &mut problems)).collect();
    let neighborhoods: Vec<_> = neighborhoods.into_iter().filter_map(|r| ok(r, &mut problems)).collect();
    let snapshots: Vec<_> = snapshots(root).into_iter().filter_map(|r| ok(r, &mut problems)).collect();
    let (legal, strays) = legal_pages(root);
    problems.extend(Diagnostics(strays));
    let [privacy, terms] = legal.map(|r| ok(r, &mut problems));
    let (reports, strays) = reports(root);
    problems.extend(Diagnostics(strays));
    let mut reports: Vec<_> = reports.into_iter().filter_map(|r| ok(r, &mut problems)).collect();
    let testimonials: Vec<_> = parse_each(root, TESTIMONIALS, content_record::parse_testimonial)
        .into_iter()
        .filter_map(|r| ok(r, &mut problems))
        .collect();
    let sold: Vec<_> =
        parse_each(root, SOLD, content_record::parse_sale).into_iter().filter_map(|r| ok(r, &mut problems)).collect();
    let sell = if root.is_file(SELL) { ok(parse_top(root, SELL, content::parse_sell), &mut problems) } else { None };
    if neighborhood_files.is_empty() {
        problems.push(Diagnostic::at_start(
            root.display(NEIGHBORHOODS),
            "",
            "no neighborhood files found; expected at least one neighborhoods/*.md",
        ));
    }
    let (Some(site), Some(home), Some(concierge), Some(quiz), Some(forms), Some(privacy), Some(terms)) =
        (site, home, concierge, quiz, forms, privacy, terms)
    else {
        return Err(problems.sorted());
    };
    if !problems.is_empty() {
        // Cross-file checks on a partial set would report false problems; report what we have.
        return Err(problems.sorted());
    }
    let months = snapshots.iter().filter(|s| !s.fields.draft).count();
    let known = jax_reports::known(&neighborhoods, &listings, &forms.data, months);
    let mdx = jax_reports::check_all(&mut reports, &known);
    if !mdx.is_empty() {
        return Err(mdx.sorted());
    }
    let content = Content::assemble(Parts {
        site,
        home,
        concierge,
        quiz,
        forms,
        listings,
        neighborhoods,
        snapshots,
        privacy,
        terms,
        reports,
        testimonials,
        sold,
        sell,
        listings_dir: root.display(LISTINGS),
        market_dir: root.display(MARKET),
    })
    .map_err(Diagnostics::sorted)?;
    let missing = missing_images(root, &content);
    if !missing.is_empty() {
        return Err(missing.sorted());
    }
    // Problems that do not stop the build: said each time the content is read (check, build, serve).
    for w in content.site.data.warnings(&content.site.source) {
        eprintln!("warning: {w}");
    }
    Ok(content)
}

/// Every image the content names, with the source that names it (for error positions).
pub fn image_refs(c: &Content) -> Vec<(&str, &jax_model::Source, String)> {
    let mut refs = vec![
        (c.site.data.social_image.as_str(), &c.site.source, "social_image".to_string()),
        (c.home.data.hero.image.as_str(), &c.home.source, "hero.image".to_string()),
        (c.home.data.about.image.as_str(), &c.home.source, "about.image".to_string()),
    ];
    if let Some(p) = &c.site.data.agent.portrait {
        refs.push((p.image.as_str(), &c.site.source, "agent.portrait.image".to_string()));
    }
    refs.extend(c.listings.iter().map(|l| (l.fields.image.as_str(), &l.source, "image".to_string())));
    refs.extend(c.neighborhoods.iter().map(|n| (n.fields.image.as_str(), &n.source, "image".to_string())));
    refs
}

/// Images every page uses without content naming them.
pub const SITE_IMAGES: &[&str] = &[FAVICON, "images/apple-touch-icon.png"];
/// The site's icon, which every page (and the editor's) links.
pub const FAVICON: &str = "images/favicon.svg";

fn missing_images(root: Folder, c: &Content) -> Diagnostics {
    let mut out = Diagnostics::default();
    for (path, source, field) in image_refs(c) {
        if !root.is_file(path) {
            out.push(source.at_value(
                &field,
                format!("image not found: {} (paths are relative to the content folder)", root.display(path)),
            ));
        }
    }
    out
}

/// A failure as the agent reads it: content problems all at once, anything else as a chain of
/// reasons.
pub fn describe(e: &anyhow::Error) -> String {
    if let Some(d) = e.downcast_ref::<Diagnostics>() {
        return d.to_string();
    }
    let mut text = format!("error: {e}");
    for cause in e.chain().skip(1) {
        text.push_str(&format!("\n  caused by: {cause}"));
    }
    text
}
