//! What the benchmark reads from the real `content/`: the site's settings, its neighborhoods in
//! the site's order (the sample places its listings in them) and the images the sample's photos
//! are; and small file helpers.

use crate::sample::Area;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// A neighborhood as the import and the build see it.
pub struct Hood {
    pub name: String,
    pub slug: String,
    /// Its ZIP code in the latest market snapshot.
    pub zip: Option<String>,
}

pub struct RealContent {
    /// Images the real listings use (paths relative to content/, sorted): the sample's photos.
    pub images: Vec<String>,
    /// In the site's order (`order`, then name), as the generator loads them.
    pub hoods: Vec<Hood>,
    /// The settings the Hugo site repeats (site.yaml keys, dotted).
    pub settings: Vec<(&'static str, String)>,
    pub popular_areas: Vec<String>,
    /// `mls.show_sold`: whether the import keeps Closed listings.
    pub show_sold: bool,
    /// `mls.member_ids`' first: the agent the sample names on some Closed listings.
    pub member: Option<String>,
}

/// The site.yaml settings the Hugo site's pages show: (Hugo param, site.yaml path).
const SETTINGS: &[(&str, &str)] = &[
    ("brand", "brand"),
    ("tagline", "tagline"),
    ("base_url", "base_url"),
    ("agent", "agent.name"),
    ("agent_title", "agent.title"),
    ("phone", "agent.phone"),
    ("brokerage", "brokerage.name"),
    ("licensing", "legal.licensing"),
    ("mls_name", "mls.name"),
    ("disclaimer", "mls.disclaimer"),
    ("intro", "mls.labels.intro"),
];

impl RealContent {
    pub fn read(content: &Path) -> RealContent {
        let md = |dir: &str| -> Vec<String> {
            let mut files: Vec<PathBuf> = std::fs::read_dir(content.join(dir))
                .map(|r| {
                    r.filter_map(Result::ok)
                        .map(|e| e.path())
                        .filter(|p| p.extension().is_some_and(|x| x == "md"))
                        .collect()
                })
                .unwrap_or_default();
            files.sort();
            files.into_iter().map(|p| std::fs::read_to_string(&p).unwrap()).collect()
        };
        let mut images = BTreeSet::new();
        for text in md("listings") {
            if let Some(img) = yaml_str(&front_matter(&text), &["image"]) {
                images.insert(img.to_string());
            }
        }
        let market = latest_snapshot(content).and_then(|p| yaml(&std::fs::read_to_string(p).ok()?)).unwrap_or_default();
        let mut hoods = Vec::new();
        for text in md("neighborhoods") {
            let fm = front_matter(&text);
            if let (Some(name), Some(slug)) = (yaml_str(&fm, &["name"]), yaml_str(&fm, &["slug"])) {
                let zip = yaml_str(&market, &["neighborhoods", slug, "zip"]).map(String::from);
                let order = fm.get("order").and_then(|o| o.as_u64()).unwrap_or(u64::MAX);
                hoods.push((order, Hood { name: name.to_string(), slug: slug.to_string(), zip }));
            }
        }
        hoods.sort_by(|(a, x), (b, y)| (a, &x.name).cmp(&(b, &y.name)));
        let site = std::fs::read_to_string(content.join("site.yaml")).ok().and_then(|t| yaml(&t)).unwrap_or_default();
        let settings = SETTINGS
            .iter()
            .map(|(key, path)| {
                let path: Vec<&str> = path.split('.').collect();
                (*key, yaml_str(&site, &path).unwrap_or_default().trim().to_string())
            })
            .collect();
        let popular_areas = site
            .get("popular_areas")
            .and_then(|p| p.as_array())
            .map(|s| s.iter().filter_map(|v| v.as_str().map(String::from)).collect())
            .unwrap_or_default();
        let show_sold = site.pointer("/mls/show_sold").and_then(|v| v.as_bool()) == Some(true);
        let member = site.pointer("/mls/member_ids/0").and_then(|v| v.as_str()).map(String::from);
        RealContent {
            images: images.into_iter().collect(),
            hoods: hoods.into_iter().map(|(_, h)| h).collect(),
            settings,
            popular_areas,
            show_sold,
            member,
        }
    }

    /// The sample's neighborhoods, as `generator import reso --sample` gives them.
    pub fn areas(&self) -> Vec<Area> {
        let zip = |h: &Hood| h.zip.clone().unwrap_or_else(|| "32202".into());
        self.hoods.iter().map(|h| Area { name: h.name.clone(), zip: zip(h) }).collect()
    }

    pub fn setting(&self, key: &str) -> &str {
        self.settings.iter().find(|(k, _)| *k == key).map_or("", |(_, v)| v.as_str())
    }
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
