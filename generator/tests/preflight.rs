//! `generator preflight`, as `make deploy DRY_RUN=1` runs it: every problem a deploy would meet,
//! said at once, with what a dry run did not ask Cloudflare named; nothing left, it says so.

mod common;

use common::{copy_dir, generator, repo_root};
use std::path::Path;

fn preflight(dir: &Path) -> common::Run {
    generator(dir, &["preflight", "--content", "content", "--out", "dist", "--mls", "mls", "--dry-run"])
}

#[test]
fn a_dry_run_lists_everything_a_deploy_lacks_at_once() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    copy_dir(&repo_root().join("content"), &dir.join("content"));
    // A built site of 20,001 files: one past the Free plan's limit.
    for n in 0..20_001 {
        let page = dir.join(format!("dist/homes/{n}/index.html"));
        std::fs::create_dir_all(page.parent().unwrap()).unwrap();
        std::fs::write(page, "<p>").unwrap();
    }
    let run = preflight(dir);
    assert!(!run.ok);
    for said in [
        "4 to do:",
        "editor.repository is still the example \"movetojax/site\"",
        "editor.accounts still lists the example account \"awhitfield\"",
        "development_map_url is still the OpenStreetMap example",
        "20,001 static asset files, above the 20,000 the Cloudflare Free plan allows per version (CLOUDFLARE_PLAN); most are in homes/ 20,001",
    ] {
        assert!(run.stderr.contains(said), "{said}: {}", run.stderr);
    }
    assert!(run.stdout.contains("skipped (a dry run asks Cloudflare nothing): the worker's secrets"), "{}", run.stdout);

    // Her own editor, map and a site within the plan: nothing left to do offline.
    let site = dir.join("content/site.yaml");
    let yaml = std::fs::read_to_string(&site).unwrap();
    let hers = yaml
        .replace("repository: movetojax/site", "repository: alexandra/site")
        .replace("accounts: [awhitfield]", "accounts: [alexandra-w]")
        .replace(
            yaml.lines().find(|l| l.starts_with("development_map_url:")).unwrap(),
            "development_map_url: https://www.google.com/maps/d/embed?mid=abc",
        );
    std::fs::write(&site, hers).unwrap();
    std::fs::remove_dir_all(dir.join("dist/homes/0")).unwrap();
    let run = preflight(dir);
    assert!(run.ok, "{}", run.stderr);
    assert!(
        run.stdout.contains("static assets: 20,000 files") && run.stdout.ends_with("preflight: ready to deploy\n"),
        "{}",
        run.stdout
    );
}
