//! Fixture sites: `fixtures/valid` is a small complete site; each folder under
//! `fixtures/invalid/` holds only the files that differ from it (plus `remove.txt` listing files to
//! delete) and `expected.txt`, the exact output of `generator check`. A case that only deletes has
//! no `content/`.

mod common;

use common::{copy_dir, generator};
use std::path::Path;

fn fixtures() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures"))
}

/// A temporary folder holding `content/` = the valid fixture with `case` laid over it.
fn site(case: Option<&str>) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let content = dir.path().join("content");
    copy_dir(&fixtures().join("valid"), &content);
    if let Some(case) = case {
        let overlay = fixtures().join("invalid").join(case);
        if overlay.join("content").is_dir() {
            copy_dir(&overlay.join("content"), &content);
        }
        if let Ok(list) = std::fs::read_to_string(overlay.join("remove.txt")) {
            for f in list.lines().filter(|l| !l.trim().is_empty()) {
                std::fs::remove_file(content.join(f.trim())).unwrap();
            }
        }
    }
    dir
}

#[test]
fn the_valid_fixture_checks_and_builds() {
    let dir = site(None);
    let check = generator(dir.path(), &["check"]);
    assert!(check.ok, "{}", check.stderr);
    assert!(
        check.stdout.starts_with("content is valid: 2 listings, 3 neighborhoods, 6 quiz questions"),
        "{}",
        check.stdout
    );
    // Its map is no known provider's embed: said, and the site still builds.
    assert!(
        check.stderr.starts_with(
            "warning: content/site.yaml:15:22: development_map_url: \"https://maps.example.com/embed?mid=1\" is not a map embed the site knows"
        ),
        "{}",
        check.stderr
    );
    let site_yaml = dir.path().join("content/site.yaml");
    let osm = "https://www.openstreetmap.org/export/embed.html?bbox=-81.8%2C30.1%2C-81.3%2C30.5&layer=mapnik";
    std::fs::write(
        &site_yaml,
        std::fs::read_to_string(&site_yaml).unwrap().replace("https://maps.example.com/embed?mid=1", osm),
    )
    .unwrap();
    let check = generator(dir.path(), &["check"]);
    assert!(check.ok && !check.stderr.contains("warning"), "{}", check.stderr);
    let build = generator(dir.path(), &["build", "--islands", "none"]);
    assert!(build.ok, "{}", build.stderr);
    for page in [
        "index.html",
        "neighborhoods/riverside/index.html",
        "client-concierge/index.html",
        "404.html",
        "thank-you/index.html",
        "form-error/index.html",
        "sitemap.xml",
        "robots.txt",
    ] {
        assert!(dir.path().join("dist").join(page).is_file(), "missing {page}");
    }
}

#[test]
fn every_invalid_fixture_reports_exactly_its_expected_problems() {
    let mut failures = Vec::new();
    let mut cases: Vec<_> =
        std::fs::read_dir(fixtures().join("invalid")).unwrap().map(|e| e.unwrap().file_name()).collect();
    cases.sort();
    assert!(cases.len() >= 8, "expected the invalid fixtures, found {cases:?}");
    for case in cases {
        let case = case.to_string_lossy().into_owned();
        let expected = std::fs::read_to_string(fixtures().join("invalid").join(&case).join("expected.txt")).unwrap();
        let dir = site(Some(&case));
        let check = generator(dir.path(), &["check"]);
        if check.ok || check.stderr != expected {
            failures
                .push(format!("== {case}: exit ok={}\n-- expected:\n{expected}-- got:\n{}", check.ok, check.stderr));
        }
        // `build` refuses too, and writes nothing.
        let build = generator(dir.path(), &["build", "--islands", "none"]);
        if build.ok || dir.path().join("dist").exists() {
            failures.push(format!("== {case}: build did not refuse (ok={})", build.ok));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_broken_edit_leaves_the_previous_site_untouched() {
    let dir = site(None);
    assert!(generator(dir.path(), &["build", "--islands", "none"]).ok);
    let before = common::files(&dir.path().join("dist"));
    let listing = std::fs::read_dir(dir.path().join("content/listings")).unwrap().next().unwrap().unwrap().path();
    let text = std::fs::read_to_string(&listing).unwrap();
    std::fs::write(&listing, text.replacen("beds:", "beds: many\nbeds_old:", 1)).unwrap();
    let build = generator(dir.path(), &["build", "--islands", "none"]);
    assert!(!build.ok);
    assert!(build.stderr.contains("nothing was written"), "{}", build.stderr);
    assert_eq!(before, common::files(&dir.path().join("dist")));
}

#[test]
fn the_generator_never_deletes_a_folder_it_did_not_write() {
    let dir = site(None);
    std::fs::create_dir_all(dir.path().join("precious")).unwrap();
    std::fs::write(dir.path().join("precious/notes.txt"), "keep me").unwrap();
    let build = generator(dir.path(), &["build", "--islands", "none", "--out", "precious"]);
    assert!(!build.ok);
    assert!(build.stderr.contains("refusing to write into it"), "{}", build.stderr);
    assert_eq!(std::fs::read_to_string(dir.path().join("precious/notes.txt")).unwrap(), "keep me");
}

#[test]
fn new_scaffolds_a_draft_that_checks_but_is_not_published() {
    let dir = site(None);
    let new = generator(dir.path(), &["new", "listing", "77 Ocean Drive"]);
    assert!(new.ok, "{}", new.stderr);
    assert!(dir.path().join("content/listings/77-ocean-drive.md").is_file());
    // A draft is checked but not published, and may still lack its image.
    let check = generator(dir.path(), &["check"]);
    assert!(check.ok, "{}", check.stderr);
    assert!(check.stdout.starts_with("content is valid: 2 listings"), "{}", check.stdout);
    let build = generator(dir.path(), &["build", "--islands", "none"]);
    assert!(build.ok, "{}", build.stderr);
    assert!(!dir.path().join("dist/listings/77-ocean-drive").exists());
    // Published, its missing image is reported precisely.
    let path = dir.path().join("content/listings/77-ocean-drive.md");
    std::fs::write(&path, std::fs::read_to_string(&path).unwrap().replace("draft: true\n", "")).unwrap();
    let check = generator(dir.path(), &["check"]);
    assert!(!check.ok);
    assert!(
        check.stderr.contains("content/listings/77-ocean-drive.md:11:8: image: image not found: content/images/listings/77-ocean-drive.jpg"),
        "{}",
        check.stderr
    );
    let again = generator(dir.path(), &["new", "listing", "77 Ocean Drive"]);
    assert!(!again.ok && again.stderr.contains("already exists"));
}

#[test]
fn new_report_scaffolds_a_draft_that_checks_and_once_published_builds() {
    let dir = site(None);
    let new = generator(dir.path(), &["new", "report", "November 2026"]);
    assert!(new.ok, "{}", new.stderr);
    let path = dir.path().join("content/reports/november-2026.mdx");
    assert!(path.is_file());
    let check = generator(dir.path(), &["check"]);
    assert!(check.ok, "{}", check.stderr);
    // A draft: no page, so no Node either (the script does not exist here).
    let build = generator(dir.path(), &["build", "--islands", "none", "--mdx-renderer", "missing.mjs"]);
    assert!(build.ok, "{}", build.stderr);
    assert!(!dir.path().join("dist/reports").exists());
    // Published, it is compiled by mdx-js: the note renders nothing, the call to action a link.
    std::fs::write(&path, std::fs::read_to_string(&path).unwrap().replace("draft: true\n", "")).unwrap();
    let missing = generator(dir.path(), &["build", "--islands", "none", "--mdx-renderer", "missing.mjs"]);
    assert!(!missing.ok && missing.stderr.contains("missing.mjs"), "{}", missing.stderr);
    let script = common::repo_root().join("site/build/render-reports.mjs");
    let build = generator(dir.path(), &["build", "--islands", "none", "--mdx-renderer", script.to_str().unwrap()]);
    assert!(build.ok, "{}", build.stderr);
    let html = std::fs::read_to_string(dir.path().join("dist/reports/november-2026/index.html")).unwrap();
    assert!(html.contains("data-open=\"lead\" data-type=\"consultation\">Schedule a private consultation</a>"));
    assert!(!html.contains("Copy a line below") && !html.contains("jax-component"));
    assert!(dir.path().join("dist/reports/index.html").is_file());
    let again = generator(dir.path(), &["new", "report", "November 2026"]);
    assert!(!again.ok && again.stderr.contains("already exists"));
}
