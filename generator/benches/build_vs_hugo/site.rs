//! The corpus: material read from the real `content/` (images, neighborhoods, site settings) and
//! synthetic listings drawn from it with a seeded RNG, so every run builds the same corpus.

use crate::hugo;
use crate::sample::{city_of, pick, remarks, thousands as money, Area, Words, FEATURES, KINDS, STREETS};
use jax_model::slug::slugify;
use rand::rngs::Xoshiro256PlusPlus;
use rand::seq::IndexedRandom;
use rand::RngExt;
use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Listings marked `featured: true` in a synthetic corpus, so the home page stays normal-sized.
const FEATURED: usize = 8;

pub struct RealContent {
    /// Images the real listings use (paths relative to content/; each exists).
    pub images: Vec<String>,
    pub areas: Vec<Area>,
    /// Published (non-draft) neighborhood pages.
    pub neighborhoods: usize,
    pub brand: String,
    pub tagline: String,
    pub base_url: String,
    pub agent: String,
    pub phone: String,
    pub licensing: String,
    pub year: String,
    pub popular_areas: Vec<String>,
}

impl RealContent {
    pub fn read(content: &Path) -> RealContent {
        let md = |dir: &str| -> Vec<(PathBuf, String)> {
            let mut files: Vec<PathBuf> = std::fs::read_dir(content.join(dir))
                .map(|r| {
                    r.filter_map(Result::ok)
                        .map(|e| e.path())
                        .filter(|p| p.extension().is_some_and(|x| x == "md"))
                        .collect()
                })
                .unwrap_or_default();
            files.sort();
            files.into_iter().map(|p| (p.clone(), std::fs::read_to_string(&p).unwrap())).collect()
        };
        let mut images = BTreeSet::new();
        for (_, text) in md("listings") {
            if let Some(img) = yaml_str(&front_matter(&text), &["image"]) {
                if content.join(img).is_file() {
                    images.insert(img.to_string());
                }
            }
        }
        if images.is_empty() {
            // No listings yet: any listing image, else any neighborhood image.
            for dir in ["images/listings", "images/neighborhoods"] {
                for e in walkdir::WalkDir::new(content.join(dir))
                    .into_iter()
                    .filter_map(Result::ok)
                    .filter(|e| e.file_type().is_file())
                {
                    let rel = e.path().strip_prefix(content).unwrap().to_string_lossy().replace('\\', "/");
                    if [".jpg", ".jpeg", ".png", ".webp", ".svg"].iter().any(|x| rel.to_ascii_lowercase().ends_with(x))
                    {
                        images.insert(rel);
                    }
                }
                if !images.is_empty() {
                    break;
                }
            }
        }
        assert!(!images.is_empty(), "no images to reuse in {}", content.display());
        // The latest market snapshot holds each neighborhood's ZIP code.
        let market = latest_snapshot(content).and_then(|p| yaml(&std::fs::read_to_string(p).ok()?)).unwrap_or_default();
        let mut areas = Vec::new();
        let mut neighborhoods = 0;
        for (_, text) in md("neighborhoods") {
            let fm = front_matter(&text);
            if fm.get("draft").and_then(|d| d.as_bool()) != Some(true) {
                neighborhoods += 1;
            }
            if let Some(name) = yaml_str(&fm, &["name"]) {
                let slug = yaml_str(&fm, &["slug"]).unwrap_or_default();
                let zip = yaml_str(&market, &["neighborhoods", slug, "zip"]).unwrap_or("32202").to_string();
                areas.push(Area { name: name.to_string(), zip });
            }
        }
        if areas.is_empty() {
            areas.push(Area { name: "Downtown".into(), zip: "32202".into() });
        }
        let site = std::fs::read_to_string(content.join("site.yaml")).ok().and_then(|t| yaml(&t)).unwrap_or_default();
        let s = |path: &[&str], default: &str| yaml_str(&site, path).unwrap_or(default).to_string();
        let year = site
            .get("legal")
            .and_then(|l| l.get("copyright_year"))
            .and_then(|y| y.as_u64())
            .map_or("2024".into(), |y| y.to_string());
        let popular_areas = site
            .get("popular_areas")
            .and_then(|p| p.as_array())
            .map(|s| s.iter().filter_map(|v| v.as_str().map(String::from)).collect())
            .unwrap_or_default();
        RealContent {
            images: images.into_iter().collect(),
            areas,
            neighborhoods,
            brand: s(&["brand"], "Move to JAX"),
            tagline: s(&["tagline"], "Jacksonville Real Estate"),
            base_url: s(&["base_url"], "https://www.example.com"),
            agent: s(&["agent", "name"], "Agent"),
            phone: s(&["agent", "phone"], "(904) 555-0100"),
            licensing: s(&["legal", "licensing"], ""),
            year,
            popular_areas,
        }
    }
}

// --- The synthetic corpus ---------------------------------------------------------------------

pub struct Corpus {
    /// The generator's content folder.
    pub content: PathBuf,
    /// The Hugo site (its `content/` holds the same Markdown files).
    pub hugo: PathBuf,
}

impl Corpus {
    pub fn create(real: &RealContent, real_content: &Path, dir: &Path, n: usize, with_hugo: bool) -> Corpus {
        let content = dir.join("content");
        let hugo = dir.join("hugo");
        std::fs::create_dir_all(content.join("listings")).unwrap();
        for e in std::fs::read_dir(real_content).unwrap().filter_map(Result::ok) {
            let p = e.path();
            if p.is_file() && p.extension().is_some_and(|x| x == "yaml") {
                std::fs::copy(&p, content.join(e.file_name())).unwrap();
            }
        }
        copy_dir(&real_content.join("neighborhoods"), &content.join("neighborhoods"));
        copy_dir(&real_content.join("market"), &content.join("market"));
        copy_dir(&real_content.join("legal"), &content.join("legal"));
        copy_dir(&real_content.join("images"), &content.join("images"));

        let mut rng = crate::sample::rng(n);
        let listings: Vec<(String, String)> = (0..n).map(|i| listing(real, &mut rng, i)).collect();
        for (id, text) in &listings {
            write(&content.join("listings").join(format!("{id}.md")), text);
        }
        if with_hugo {
            hugo::site(real, real_content, &hugo, &listings);
        }
        Corpus { content, hugo }
    }
}

/// One synthetic listing: (id, the Markdown file's text).
fn listing(real: &RealContent, rng: &mut Xoshiro256PlusPlus, i: usize) -> (String, String) {
    let kind = pick(rng, KINDS);
    let area = pick(rng, &real.areas);
    let street = *pick(rng, STREETS);
    let number = rng.random_range(100..=9_899);
    let unit = if kind.lot.is_none() {
        format!(", Unit {}{:02}", rng.random_range(1..=24), rng.random_range(1..=12))
    } else {
        String::new()
    };
    let address = format!("{number} {street}{unit}, {}, FL {}", city_of(&area.name), area.zip);
    let id = format!("{}-{i:05}", slugify(&format!("{number} {street}{unit}")));
    let beds = rng.random_range(kind.beds.0..=kind.beds.1);
    let baths = (rng.random_range(beds.max(2) - 1..=beds + 1) * 2 + rng.random_range(0..=1)) as f64 / 2.0;
    let sqft = rng.random_range(kind.sqft.0..=kind.sqft.1) / 10 * 10;
    let price = (sqft * rng.random_range(kind.per_sqft.0..=kind.per_sqft.1)) / 5_000 * 5_000;
    let features: Vec<&str> = FEATURES.sample(rng, 4).copied().collect();
    let image = pick(rng, &real.images);
    let alt = format!("Front of the {} at {number} {street}", kind.name);

    let words = Words { street, kind: kind.name, area: &area.name, beds, sqft, features: &features };
    let fill = |t: &str| words.fill(t);
    let mut body = String::new();
    for paragraph in remarks(rng, fill) {
        body.push_str(&paragraph);
        body.push_str("\n\n");
    }

    let mut t = String::from("---\n");
    let _ = writeln!(t, "id: {id}");
    let _ = writeln!(t, "address: {}", quoted(&address));
    let _ = writeln!(t, "neighborhood: {}", quoted(&area.name));
    let _ = writeln!(t, "price: \"${}\"", money(price));
    let _ = writeln!(t, "beds: {beds}");
    let _ = writeln!(t, "baths: {baths}");
    let _ = writeln!(t, "sqft: \"{}\"", money(sqft));
    let _ = writeln!(t, "image: {image}");
    let _ = writeln!(t, "image_alt: {}", quoted(&alt));
    let _ = writeln!(t, "features: [{}]", features.iter().map(|f| quoted(f)).collect::<Vec<_>>().join(", "));
    if i < FEATURED {
        let _ = writeln!(t, "featured: true");
        let _ = writeln!(t, "order: {}", i + 1);
    }
    t.push_str("---\n");
    t.push_str(&body);
    (id, t)
}

// --- Files ----------------------------------------------------------------------------------

pub fn remove(p: &Path) {
    if p.exists() {
        std::fs::remove_dir_all(p).unwrap_or_else(|e| panic!("removing {}: {e}", p.display()));
    }
}

pub fn copy_dir(from: &Path, to: &Path) {
    for entry in walkdir::WalkDir::new(from) {
        let entry = entry.unwrap_or_else(|e| panic!("walking {}: {e}", from.display()));
        let target = to.join(entry.path().strip_prefix(from).unwrap());
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&target).unwrap();
        } else {
            std::fs::copy(entry.path(), &target).unwrap_or_else(|e| panic!("copying {}: {e}", entry.path().display()));
        }
    }
}

pub fn write(path: &Path, text: impl AsRef<[u8]>) {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).unwrap();
    }
    std::fs::write(path, text).unwrap_or_else(|e| panic!("writing {}: {e}", path.display()));
}

/// The front matter of a Markdown file, as YAML.
fn front_matter(text: &str) -> serde_json::Value {
    let text = text.trim_start_matches('\u{feff}');
    let Some(rest) = text.strip_prefix("---") else {
        return serde_json::Value::Null;
    };
    let end = rest.find("\n---").unwrap_or(rest.len());
    yaml(&rest[..end]).unwrap_or_default()
}

/// A YAML text as a JSON value, read by the same parser as the generator's.
/// The newest `market/<YYYY-MM>.yaml` (names sort by month).
pub fn latest_snapshot(content: &Path) -> Option<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(content.join("market"))
        .ok()?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "yaml" || x == "yml"))
        .collect();
    files.sort();
    files.pop()
}

fn yaml(text: &str) -> Option<serde_json::Value> {
    jax_model::yaml::load(text, 1).ok().map(|(value, _)| value)
}

fn yaml_str<'a>(v: &'a serde_json::Value, path: &[&str]) -> Option<&'a str> {
    let mut v = v;
    for k in path {
        v = v.get(*k)?;
    }
    v.as_str()
}

/// A string as a double-quoted scalar (valid in YAML and TOML alike).
pub fn quoted(s: &str) -> String {
    serde_json::to_string(s).unwrap()
}
