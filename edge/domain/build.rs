//! Compiles the agent's form and quiz content into the worker: parsed and checked here, on the
//! host, with the generator's own rules, and embedded with postcard (no YAML parser in the wasm).

use jax_model::api;
use std::path::Path;

// The two modules, as siblings here as in src/ (embedded.rs names `super::fallback`).
#[path = "src/embedded.rs"]
mod embedded;
#[path = "src/fallback.rs"]
#[allow(dead_code)] // Only its Header is needed here.
mod fallback;

fn main() {
    let content = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content");
    let read = |name: &str| {
        let path = content.join(name);
        println!("cargo:rerun-if-changed={}", path.display());
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
        (path.display().to_string(), text)
    };
    let (file, text) = read("forms.yaml");
    let forms = jax_model::content::parse_forms(&file, &text).unwrap_or_else(|d| fail(d)).data;
    let (file, text) = read("quiz.yaml");
    let quiz = jax_model::content::parse_quiz(&file, &text).unwrap_or_else(|d| fail(d)).data;
    let (file, text) = read("site.yaml");
    let site = jax_model::content::parse_site(&file, &text).unwrap_or_else(|d| fail(d)).data;
    let nav = &site.labels.nav;
    let section = |id: &str| format!("{}#{id}", api::HOME);
    let header = fallback::Header {
        brand: site.brand.clone(),
        tagline: site.tagline.clone(),
        home: nav.home.clone(),
        nav: vec![
            (nav.properties.clone(), section(api::FEATURED_SECTION)),
            (nav.neighborhoods.clone(), section(api::NEIGHBORHOODS_SECTION)),
            (nav.developments.clone(), section(api::DEVELOPMENTS_SECTION)),
            (nav.concierge.clone(), api::CONCIERGE_PAGE.to_string()),
        ],
        home_link: site.labels.not_found.link.clone(),
    };
    let listings = published_listings(&content.join("listings"));
    let areas = neighborhoods(&content.join("neighborhoods"));
    let embedded = embedded::Content {
        forms,
        quiz,
        agent_email: site.agent.email.clone(),
        frame_origins: jax_model::headers::origin(&site.development_map_url).into_iter().collect(),
        header,
        base_url: site.base_url.clone(),
        listings,
        mls_number_format: site.mls.as_ref().and_then(|m| m.number_format.clone()),
        brokerage: (site.brokerage.name.clone(), site.brokerage.address.clone()),
        mls_disclaimer: site.mls.as_ref().map(|m| m.disclaimer.clone()).unwrap_or_default(),
        areas,
        editor_accounts: site.editor.map(|e| e.accounts),
    };
    let out = Path::new(&std::env::var("OUT_DIR").unwrap()).join("content.bin");
    std::fs::write(out, postcard::to_allocvec(&embedded).unwrap()).unwrap();
}

fn fail(problems: jax_model::Diagnostics) -> ! {
    eprintln!("{problems}");
    panic!("content/ has problems (listed above): `generator check` shows them too");
}

/// The agent's listings that have pages (drafts have none): path and address, in path order.
fn published_listings(dir: &Path) -> Vec<(String, String)> {
    let mut listings = Vec::new();
    for (file, text) in markdown_files(dir) {
        let listing = jax_model::content::parse_listing(&file, &text).unwrap_or_else(|d| fail(d));
        if !listing.fields.draft {
            listings.push((api::listing(&listing.fields.id), listing.fields.address));
        }
    }
    listings.sort();
    listings
}

/// Each neighborhood's slug and name, in slug order.
fn neighborhoods(dir: &Path) -> Vec<(String, String)> {
    let mut areas: Vec<(String, String)> = markdown_files(dir)
        .into_iter()
        .map(|(file, text)| jax_model::content::parse_neighborhood(&file, &text).unwrap_or_else(|d| fail(d)))
        .map(|n| (n.fields.slug, n.fields.name))
        .collect();
    areas.sort();
    areas
}

/// Every Markdown file of `dir` (each a rebuild's cause): its name and text.
fn markdown_files(dir: &Path) -> Vec<(String, String)> {
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("reading {}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "md") {
            continue;
        }
        println!("cargo:rerun-if-changed={}", path.display());
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
        files.push((path.display().to_string(), text));
    }
    files
}
