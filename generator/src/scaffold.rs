//! `generator new listing|neighborhood|report NAME`: a content file for the agent to fill in. It
//! starts as a draft — checked by every build, published once the agent removes `draft: true`.

use anyhow::{bail, Context, Result};
use std::path::{Path, PathBuf};

/// What `generator new` can create.
#[derive(Clone, Copy, clap::ValueEnum)]
pub enum Kind {
    Listing,
    Neighborhood,
    Report,
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
snapshot:
  median: "$400K"
  yoy: "+5.0%"
  days: 40
  zip: "32200"
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

/// Today's date as YYYY-MM-DD (UTC), from the days since 1970 (H. Hinnant's civil_from_days).
fn today() -> String {
    let secs = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let z = (secs / 86_400) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
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

/// Write the scaffold; returns its path. Never overwrites.
pub fn create(content: &Path, kind: Kind, name: &str) -> Result<PathBuf> {
    let slug = slugify(name);
    if slug.is_empty() {
        bail!("the name {name:?} has no letters or digits to make a file name from");
    }
    let (dir, text, ext) = match kind {
        Kind::Listing => ("listings", listing(name, &slug), "md"),
        Kind::Neighborhood => ("neighborhoods", neighborhood(name, &slug), "md"),
        Kind::Report => ("reports", report(name, &today()), "mdx"),
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
    fn never_overwrites() {
        let dir = tempfile::tempdir().unwrap();
        let p = create(dir.path(), Kind::Listing, "9 Palm Ave").unwrap();
        assert!(p.ends_with("listings/9-palm-ave.md"));
        let err = create(dir.path(), Kind::Listing, "9 Palm Ave").unwrap_err().to_string();
        assert!(err.contains("already exists"), "{err}");
    }
}
