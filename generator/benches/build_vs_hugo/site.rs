//! The corpus: material read from the real `content/` (images, neighborhoods, site settings) and
//! synthetic listings drawn from it with a seeded RNG, so every run builds the same corpus.

use crate::hugo;
use jax_model::slug::slugify;
use rand::rngs::Xoshiro256PlusPlus;
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{RngExt, SeedableRng};
use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Listings marked `featured: true` in a synthetic corpus, so the home page stays normal-sized.
const FEATURED: usize = 8;
/// The corpus's seed (xor the number of listings): a portable generator, so the corpus is the
/// same on every machine and rand version.
const SEED: u64 = 0x5eed_1157;

pub struct Area {
    pub name: String,
    pub zip: String,
}

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

        let mut rng = Xoshiro256PlusPlus::seed_from_u64(SEED ^ n as u64);
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

const STREETS: &[&str] = &[
    "Riverside Ave",
    "San Jose Blvd",
    "Herschel St",
    "Atlantic Blvd",
    "Beach Blvd",
    "1st St N",
    "Ocean Dr",
    "Park St",
    "Oak St",
    "Post St",
    "Edgewood Ave",
    "Ortega Blvd",
    "Baymeadows Rd",
    "Hendricks Ave",
    "Main St",
    "Laura St",
    "Hogan St",
    "Bay St",
    "Prudential Dr",
    "Kings Ave",
    "San Marco Blvd",
    "Landon Ave",
    "St Johns Ave",
    "Avondale Ave",
    "Challen Ave",
    "Belvedere Ave",
    "Lakeside Dr",
    "Pablo Rd",
    "Nocatee Pkwy",
    "Crosswater Pkwy",
    "Ponte Vedra Blvd",
    "Sawgrass Dr",
    "Seminole Rd",
    "Sherry Dr",
    "Silver St",
    "Walnut St",
    "Market St",
    "8th St W",
    "Willow Branch Ave",
    "Roscoe Blvd",
    "Atlantic Ave",
    "Mayport Rd",
    "Hodges Blvd",
    "Southside Blvd",
    "Gate Pkwy",
    "Timuquana Rd",
];

const FEATURES: &[&str] = &[
    "Private dock",
    "Pool & spa",
    "River views",
    "Ocean views",
    "Chef's kitchen",
    "Wine room",
    "Home office",
    "Three-car garage",
    "Impact windows",
    "Hardwood floors",
    "Walk-in closets",
    "Screened lanai",
    "Rooftop terrace",
    "24-hour concierge",
    "Fitness center",
    "Gated community",
    "Wood-burning fireplace",
    "Smart-home wiring",
    "Solar panels",
    "Guest suite",
    "Heart pine floors",
    "Original millwork",
    "Wraparound porch",
    "Quartz countertops",
    "Gas range",
    "Boat lift",
    "Golf course views",
    "Outdoor kitchen",
    "Private elevator",
    "Covered parking",
    "Resort-style pool",
    "Marsh views",
    "Detached studio",
    "Whole-house generator",
];

/// An inclusive range to draw from.
type Span = (u64, u64);
/// (kind, beds range, sqft range, $/sqft range, unit?)
const KINDS: &[(&str, Span, Span, Span, bool)] = &[
    ("condominium", (1, 3), (650, 2_400), (240, 650), true),
    ("townhome", (2, 4), (1_300, 2_800), (190, 420), false),
    ("single-family home", (3, 5), (1_700, 4_200), (170, 480), false),
    ("historic bungalow", (2, 4), (1_100, 2_600), (210, 430), false),
    ("estate", (4, 7), (3_800, 9_500), (320, 900), false),
];

const OPENERS: &[&str] = &[
    "Set on a quiet, tree-lined stretch of {street}, this {kind} pairs {area} convenience with room to breathe.",
    "Sunlight fills every room of this {kind} in the heart of {area}, steps from cafés, parks and the river.",
    "This {kind} on {street} has been thoughtfully updated from top to bottom without losing its character.",
    "Welcome home to one of {area}'s most inviting addresses: a {beds}-bedroom {kind} with {sqft} square feet of living space.",
    "Rarely does a {kind} like this come to market in {area}, and the details show why.",
];

const MIDDLES: &[&str] = &[
    "The open kitchen centres on a long island with **{f0}**, flowing into a family room made for long evenings.",
    "Upstairs, the primary suite offers a spa bath, a sitting area and **{f1}**, while the guest rooms share a bright hall bath.",
    "Entertaining is easy with **{f0}** and **{f2}**, and the floor plan keeps everyday living simple.",
    "Thoughtful upgrades include **{f1}**, new systems and *fresh paint throughout*, so there is nothing left to do but move in.",
    "Out back, a private yard and **{f2}** make weekends at home feel like a getaway.",
    "Every bedroom has generous closet space, and **{f3}** adds flexibility for guests or a growing household.",
];

const CLOSERS: &[&str] = &[
    "You are minutes from downtown Jacksonville, the beaches and the airport, with top-rated schools nearby.",
    "Stroll to the neighbourhood's restaurants and shops, or spend the afternoon on the water.",
    "{area} keeps its small-town feel while putting the whole city within a short drive.",
    "Schedule a private showing to see why buyers keep coming back to {area}.",
    "HOA dues are modest, and the community's amenities are among the best on the First Coast.",
];

fn money(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// One item of a non-empty slice.
fn pick<'a, T>(rng: &mut Xoshiro256PlusPlus, items: &'a [T]) -> &'a T {
    items.choose(rng).expect("a non-empty list")
}

fn city_of(area: &str) -> &str {
    if area.contains("Beach") {
        area
    } else if area == "Nocatee" {
        "Ponte Vedra"
    } else {
        "Jacksonville"
    }
}

/// One synthetic listing: (id, the Markdown file's text).
fn listing(real: &RealContent, rng: &mut Xoshiro256PlusPlus, i: usize) -> (String, String) {
    let &(kind, beds_r, sqft_r, ppsf_r, unit) = pick(rng, KINDS);
    let area = pick(rng, &real.areas);
    let street = *pick(rng, STREETS);
    let number = rng.random_range(100..=9_899);
    let unit = if unit {
        format!(", Unit {}{:02}", rng.random_range(1..=24), rng.random_range(1..=12))
    } else {
        String::new()
    };
    let address = format!("{number} {street}{unit}, {}, FL {}", city_of(&area.name), area.zip);
    let id = format!("{}-{i:05}", slugify(&format!("{number} {street}{unit}")));
    let beds = rng.random_range(beds_r.0..=beds_r.1);
    let baths = (rng.random_range(beds.max(2) - 1..=beds + 1) * 2 + rng.random_range(0..=1)) as f64 / 2.0;
    let sqft = rng.random_range(sqft_r.0..=sqft_r.1) / 10 * 10;
    let price = (sqft * rng.random_range(ppsf_r.0..=ppsf_r.1)) / 5_000 * 5_000;
    let features: Vec<&str> = FEATURES.sample(rng, 4).copied().collect();
    let image = pick(rng, &real.images);
    let alt = format!("Front of the {kind} at {number} {street}");

    let fill = |t: &str| {
        t.replace("{street}", street)
            .replace("{kind}", kind)
            .replace("{area}", &area.name)
            .replace("{beds}", &beds.to_string())
            .replace("{sqft}", &money(sqft))
            .replace("{f0}", &features[0].to_lowercase())
            .replace("{f1}", &features[1].to_lowercase())
            .replace("{f2}", &features[2].to_lowercase())
            .replace("{f3}", &features[3].to_lowercase())
    };
    // Each sentence at most once per listing: draw from shuffled pools.
    let (mut middles, mut closers) = (MIDDLES.to_vec(), CLOSERS.to_vec());
    middles.shuffle(rng);
    closers.shuffle(rng);
    let opener = *pick(rng, OPENERS);
    let paragraphs = if rng.random_bool(0.5) { 2 } else { 3 };
    let mut body = String::new();
    for p in 0..paragraphs {
        let last = p + 1 == paragraphs;
        let mut sentences = Vec::new();
        if p == 0 {
            sentences.push(fill(opener));
        }
        for _ in 0..rng.random_range(1..=2) {
            sentences.extend(middles.pop().map(fill));
        }
        if last {
            for _ in 0..rng.random_range(1..=2) {
                sentences.extend(closers.pop().map(fill));
            }
        }
        body.push_str(&sentences.join(" "));
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
