//! `generator new listing|neighborhood|report NAME` and `generator new snapshot YYYY-MM`: a content
//! file for the agent to fill in. It starts as a draft — checked by every build, published once the
//! agent removes `draft: true`. A snapshot starts as a copy of the latest one.

use anyhow::{bail, Context, Result};
use jax_model::market::{self, Month};
use std::path::{Path, PathBuf};

/// What `generator new` can create.
#[derive(Clone, Copy, clap::ValueEnum)]
pub enum Kind {
    Listing,
    Neighborhood,
    Report,
    /// A month's market figures: NAME is the month, `2026-11`.
    Snapshot,
}

pub use jax_model::slug::slugify;

fn yaml_quote(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}

pub fn listing(name: &str, id: &str) -> String {
    format!(
        r#"---
# yaml-language-server: $schema=../schemas/listing.schema.json
# New listing: fill in every field, then delete `draft: true` to publish it.
id: {id}
address: {address}
neighborhood: Riverside
price: "$1,000,000"
beds: 3
baths: 2.5
sqft: "2,000"
image: images/listings/{id}.jpg
image_alt: Front of {name_plain}
features:
  - First feature
  - Second feature
  - Third feature
  - Fourth feature
featured: false
draft: true
---
Describe the home here, in a few short paragraphs of Markdown.
"#,
        address = yaml_quote(name),
        name_plain = name.replace(['\n', '\r'], " "),
    )
}

pub fn neighborhood(name: &str, slug: &str) -> String {
    format!(
        r#"---
# yaml-language-server: $schema=../schemas/neighborhood.schema.json
# New neighborhood: fill in every field, then delete `draft: true` to publish it.
slug: {slug}
name: {name}
title: {name}
description: One or two sentences for the neighborhood card.
hero: The sentence under the page title.
image: images/neighborhoods/{slug}.jpg
image_alt: A street in {name_plain}
area: The part of Jacksonville it belongs to, e.g. The Beaches
buildings:
  - name: First building or community
    description: One sentence about it.
  - name: Second building or community
    description: One sentence about it.
  - name: Third building or community
    description: One sentence about it.
  - name: Fourth building or community
    description: One sentence about it.
draft: true
---
The About text: a few paragraphs of Markdown about living here.
"#,
        name = yaml_quote(name),
        name_plain = name.replace(['\n', '\r'], " "),
    )
}

/// Today's date as YYYY-MM-DD (UTC).
fn today() -> String {
    let secs = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    jax_model::calendar::date(secs)
}

pub fn report(name: &str, date: &str) -> String {
    format!(
        r#"---
# yaml-language-server: $schema=../schemas/report.schema.json
# New report: write it, then delete `draft: true` to publish it at /reports/<file name>/.
title: {title}
date: {date}
description: One or two sentences for the list of reports and for search results.
draft: true
---
Write the report here in Markdown: paragraphs, **bold**, *italic*, lists and `## headings`.

{{/* Figures and listings come from the site's own files. Copy a line below out of this note and
change its values:

<Snapshot area="ortega" />
<Trend areas={{["riverside", "san-marco"]}} figure="median" />
<Listing id="riverside-historic-craftsman" />

`area` and `areas` are neighborhoods (their file's `slug`), `figure` is median, yoy or days, and
`id` is a listing's id. */}}

<Cta form="consultation">Schedule a private consultation</Cta>
"#,
        title = yaml_quote(name),
    )
}

/// The latest snapshot's text with `draft: true` after its leading comments (any `draft:` line
/// it had replaced).
pub fn snapshot_from(latest: &str) -> String {
    let lines: Vec<&str> = latest.lines().filter(|l| !l.starts_with("draft:")).collect();
    let comments = lines.iter().take_while(|l| l.starts_with('#')).count();
    let mut out: Vec<&str> = lines[..comments].to_vec();
    out.push("draft: true # New month: put this month's figures in, then delete this line to publish it.");
    out.extend(&lines[comments..]);
    out.join("\n") + "\n"
}

/// Copy the latest snapshot in `content/market` to `<month>.yaml`, as a draft.
fn create_snapshot(content: &Path, month: &str) -> Result<PathBuf> {
    let month = Month::parse(month).with_context(|| {
        format!("expected a month such as 2026-11 (year, hyphen, two-digit month), found {month:?}")
    })?;
    let folder = content.join(jax_load::MARKET);
    let mut existing: Vec<(Month, PathBuf)> = std::fs::read_dir(&folder)
        .with_context(|| format!("reading {} (the snapshot to copy lives there)", folder.display()))?
        .filter_map(Result::ok)
        .filter_map(|e| market::month_of_file(&e.file_name().to_string_lossy()).ok().map(|m| (m, e.path())))
        .collect();
    existing.sort();
    if let Some((_, path)) = existing.iter().find(|(m, _)| *m == month) {
        bail!("{} already holds {}; edit that file", path.display(), month.label());
    }
    let Some((_, latest)) = existing.last() else {
        bail!(
            "no snapshot to copy in {}: write the first one by hand (see content/schemas/market.schema.json)",
            folder.display()
        );
    };
    let text = std::fs::read_to_string(latest).with_context(|| format!("reading {}", latest.display()))?;
    let path = folder.join(format!("{month}.yaml"));
    std::fs::write(&path, snapshot_from(&text)).with_context(|| format!("writing {}", path.display()))?;
    Ok(path)
}

/// Write the scaffold; returns its path. Never overwrites.
pub fn create(content: &Path, kind: Kind, name: &str) -> Result<PathBuf> {
    if let Kind::Snapshot = kind {
        return create_snapshot(content, name);
    }
    let slug = slugify(name);
    if slug.is_empty() {
        bail!("the name {name:?} has no letters or digits to make a file name from");
    }
    let (dir, text, ext) = match kind {
        Kind::Listing => ("listings", listing(name, &slug), "md"),
        Kind::Neighborhood => ("neighborhoods", neighborhood(name, &slug), "md"),
        Kind::Report => ("reports", report(name, &today()), "mdx"),
        Kind::Snapshot => unreachable!("handled above"),
    };
    let folder = content.join(dir);
    let path = folder.join(format!("{slug}.{ext}"));
    if path.exists() {
        bail!("{} already exists; choose another name or edit that file", path.display());
    }
    std::fs::create_dir_all(&folder).with_context(|| format!("creating {}", folder.display()))?;
    std::fs::write(&path, text).with_context(|| format!("writing {}", path.display()))?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs() {
        assert_eq!(slugify("1234 Ocean Blvd, Unit 5"), "1234-ocean-blvd-unit-5");
        assert_eq!(slugify("  San Marco!  "), "san-marco");
        assert_eq!(slugify("Ponte Vedra — Beach"), "ponte-vedra-beach");
        assert_eq!(slugify("!!!"), "");
    }

    #[test]
    fn scaffolds_parse_as_drafts() {
        let l = jax_model::content::parse_listing("x.md", &listing("12 \"Oak\" St", "12-oak-st")).unwrap();
        assert!(l.fields.draft && l.fields.address == "12 \"Oak\" St");
        let n = jax_model::content::parse_neighborhood("y.md", &neighborhood("Fernandina Beach", "fernandina-beach"))
            .unwrap();
        assert!(n.fields.draft && n.fields.slug == "fernandina-beach");
        let r = jax_model::content::parse_report("z.mdx", "november-2026", &report("November 2026", &today())).unwrap();
        assert!(r.fields.draft && r.fields.title == "November 2026" && jax_model::report::is_date(&r.fields.date));
    }

    #[test]
    fn a_new_snapshot_is_a_draft_copy_of_the_latest() {
        let dir = tempfile::tempdir().unwrap();
        let market = dir.path().join("market");
        std::fs::create_dir(&market).unwrap();
        let nov = "# figures\nsource: MLS\nneighborhoods:\n  ortega: {median_price: 1000, yoy_growth: 1.0, days_on_market: 1, zip: \"32210\"}\n";
        std::fs::write(market.join("2024-11.yaml"), nov).unwrap();
        std::fs::write(market.join("2024-10.yaml"), "source: older\n").unwrap();
        std::fs::write(market.join("notes.txt"), "not a snapshot").unwrap();
        let p = create(dir.path(), Kind::Snapshot, "2026-01").unwrap();
        assert!(p.ends_with("market/2026-01.yaml"));
        let text = std::fs::read_to_string(&p).unwrap();
        assert!(text.starts_with("# figures\ndraft: true # New month:"), "{text}");
        assert!(text.ends_with(&nov["# figures\n".len()..]), "{text}");
        let s = jax_model::market::parse_snapshot("m", "2026-01.yaml", &text).unwrap();
        assert!(s.fields.draft);
        // The copy of a copy is a draft once.
        assert_eq!(snapshot_from(&text).matches("draft:").count(), 1);
        let err = create(dir.path(), Kind::Snapshot, "2026-01").unwrap_err().to_string();
        assert!(err.contains("already holds January 2026"), "{err}");
        let err = create(dir.path(), Kind::Snapshot, "2026-1").unwrap_err().to_string();
        assert!(err.starts_with("expected a month such as 2026-11"), "{err}");
        let empty = tempfile::tempdir().unwrap();
        std::fs::create_dir(empty.path().join("market")).unwrap();
        let err = create(empty.path(), Kind::Snapshot, "2026-01").unwrap_err().to_string();
        assert!(err.starts_with("no snapshot to copy"), "{err}");
    }

    #[test]
    fn never_overwrites() {
        let dir = tempfile::tempdir().unwrap();
        let p = create(dir.path(), Kind::Listing, "9 Palm Ave").unwrap();
        assert!(p.ends_with("listings/9-palm-ave.md"));
        let err = create(dir.path(), Kind::Listing, "9 Palm Ave").unwrap_err().to_string();
        assert!(err.contains("already exists"), "{err}");
    }
}
