//! `generator preflight`, as `make deploy DRY_RUN=1` runs it: every problem a deploy would meet,
//! said at once, with what a dry run did not ask Cloudflare named; nothing left, it says so.

mod common;

use common::{copy_dir, generator, generator_with, repo_root};
use std::path::Path;

/// The clone as preflight reads it: the content and the code owners.
fn clone_into(dir: &Path) {
    copy_dir(&repo_root().join("content"), &dir.join("content"));
    std::fs::create_dir_all(dir.join(".github")).unwrap();
    std::fs::copy(repo_root().join(".github/CODEOWNERS"), dir.join(".github/CODEOWNERS")).unwrap();
    std::fs::copy(repo_root().join("wrangler.toml"), dir.join("wrangler.toml")).unwrap();
}

fn preflight(dir: &Path) -> common::Run {
    generator(dir, &["preflight", "--content", "content", "--out", "dist", "--mls", "mls", "--dry-run"])
}

#[test]
fn a_dry_run_lists_everything_a_deploy_lacks_at_once() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    clone_into(dir);
    // A built site of 20,001 files: one past the Free plan's limit.
    for n in 0..20_001 {
        let page = dir.join(format!("dist/homes/{n}/index.html"));
        std::fs::create_dir_all(page.parent().unwrap()).unwrap();
        std::fs::write(page, "<p>").unwrap();
    }
    // The worker's links lead elsewhere than the site.
    let toml = dir.join("wrangler.toml");
    let shipped = std::fs::read_to_string(&toml).unwrap();
    std::fs::write(
        &toml,
        shipped.replace("SITE_URL = \"https://www.movetojax.com\"", "SITE_URL = \"https://movetojax.example\""),
    )
    .unwrap();
    let run = preflight(dir);
    assert!(run.stderr.contains("wrangler.toml: SITE_URL is https://movetojax.example but site.yaml's base_url is https://www.movetojax.com"), "{}", run.stderr);
    std::fs::write(&toml, shipped).unwrap();
    let run = preflight(dir);
    assert!(!run.ok);
    for said in [
        "5 to do:",
        "editor.repository is still the example \"movetojax/site\"",
        ".github/CODEOWNERS still names the example owner @movetojax/engineers: name the site's engineers",
        "editor.accounts still lists the example account \"awhitfield\"",
        "development_map_url is still the OpenStreetMap example",
        "20,001 static asset files, above the 20,000 the Cloudflare Free plan allows per version (CLOUDFLARE_PLAN); most are in homes/ 20,001",
    ] {
        assert!(run.stderr.contains(said), "{said}: {}", run.stderr);
    }
    assert!(
        run.stdout.contains("skipped (a dry run asks Cloudflare and GitHub nothing): the worker's secrets"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("main's rules on GitHub (GitHub's API)"), "{}", run.stdout);

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
    let owners = dir.join(".github/CODEOWNERS");
    std::fs::write(&owners, std::fs::read_to_string(&owners).unwrap().replace("@movetojax/engineers", "@jax-dev"))
        .unwrap();
    std::fs::remove_dir_all(dir.join("dist/homes/0")).unwrap();
    let run = preflight(dir);
    assert!(run.ok, "{}", run.stderr);
    assert!(
        run.stdout.contains("static assets: 20,000 files") && run.stdout.ends_with("preflight: ready to deploy\n"),
        "{}",
        run.stdout
    );
}

/// `generator preflight` as `make deploy` runs it (no dry run), with `wrangler` and `env`.
fn deploy_preflight(dir: &Path, wrangler: &Path, env: &[(&str, &str)]) -> common::Run {
    let args = [
        "preflight",
        "--content",
        "content",
        "--out",
        "dist",
        "--mls",
        "mls",
        "--wrangler",
        wrangler.to_str().unwrap(),
    ];
    generator_with(dir, &args, env)
}

/// A stand-in for wrangler, logged in: every secret set, both buckets there, and the documents
/// bucket's lifecycle rules as `rules` prints them; each call it gets is appended to `calls`.
fn fake_wrangler(dir: &Path, rules: &str) -> std::path::PathBuf {
    let secrets: Vec<String> =
        generator_secrets().iter().map(|s| format!(r#"{{"name":"{s}","type":"secret_text"}}"#)).collect();
    let script = format!(
        r#"#!/usr/bin/env bash
echo "$*" >> "{calls}"
case "$*" in
  "secret list --format json") echo '[{secrets}]' ;;
  "r2 bucket list") printf 'name: client-documents\nname: listing-photos\n' ;;
  "r2 bucket lifecycle list client-documents") printf '%s\n' "{rules}" ;;
  "r2 bucket lifecycle add "*) echo "Added lifecycle rule" ;;
  *) echo "unexpected: $*" >&2; exit 1 ;;
esac
"#,
        calls = dir.join("calls").display(),
        secrets = secrets.join(","),
    );
    let bin = dir.join("wrangler");
    std::fs::write(&bin, script).unwrap();
    let mut perms = std::fs::metadata(&bin).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut perms, 0o755);
    std::fs::set_permissions(&bin, perms).unwrap();
    bin
}

/// The secrets a deploy needs, as `deploy::preflight::SECRETS` lists them (read from its source:
/// the binary's modules are not a library the tests can import).
fn generator_secrets() -> Vec<String> {
    let source = std::fs::read_to_string(repo_root().join("generator/deploy/src/preflight.rs")).unwrap();
    let list = source.split("pub const SECRETS").nth(1).unwrap().split("];").next().unwrap();
    list.split('"').skip(1).step_by(2).map(str::to_string).collect()
}

#[test]
fn a_deploy_adds_the_documents_bucket_backstop_when_missing_and_refuses_one_that_deletes_too_soon() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    clone_into(dir);
    std::fs::create_dir_all(dir.join("dist")).unwrap();
    std::fs::write(dir.join("dist/index.html"), "<p>").unwrap();
    let github = fake_github(PROTECTED);
    let run = |rules: &str| deploy_preflight(dir, &fake_wrangler(dir, rules), &[("GITHUB_API_URL", &github.url)]);
    let none = "There are no lifecycle rules for bucket 'client-documents'.";
    let first = run(none);
    assert!(!first.stderr.contains("secret"), "every secret read as set: {}", first.stderr);
    assert!(
        first.stdout.contains(
            "added the lifecycle rule backstop to client-documents: every object deleted 37 days after its upload"
        ),
        "{}\n{}",
        first.stdout,
        first.stderr
    );
    let calls = std::fs::read_to_string(dir.join("calls")).unwrap();
    assert!(
        calls.contains(
            "r2 bucket lifecycle add client-documents backstop --expire-days 37 --abort-multipart-days 1 --force"
        ),
        "{calls}"
    );
    // A rule deleting before the 30 days documents are kept: named, not overwritten.
    std::fs::remove_file(dir.join("calls")).unwrap();
    let soon = run("name:     cleanup\nenabled:  Yes\nprefix:   (all prefixes)\naction:   Expire objects after 7 days");
    assert!(!soon.ok);
    assert!(
        soon.stderr.contains(
            "a lifecycle rule of client-documents deletes objects after 7 days, before the 30 days documents are kept"
        ),
        "{}",
        soon.stderr
    );
    assert!(!std::fs::read_to_string(dir.join("calls")).unwrap().contains("lifecycle add"));
    // An expiry in place but nothing aborting incomplete uploads (their parts are listed nowhere):
    // that rule is added on its own.
    std::fs::remove_file(dir.join("calls")).unwrap();
    let expiry =
        run("name:     backstop\nenabled:  Yes\nprefix:   (all prefixes)\naction:   Expire objects after 37 days");
    assert!(expiry.stdout.contains("added the lifecycle rule backstop-uploads"), "{}", expiry.stdout);
    let calls = std::fs::read_to_string(dir.join("calls")).unwrap();
    assert!(
        calls.contains("r2 bucket lifecycle add client-documents backstop-uploads --abort-multipart-days 1 --force"),
        "{calls}"
    );
    assert!(!calls.contains("--expire-days"), "{calls}");
    // Both in place: nothing added.
    std::fs::remove_file(dir.join("calls")).unwrap();
    let fine = run(
        "name:     backstop\nenabled:  Yes\nprefix:   (all prefixes)\naction:   Expire objects after 37 days, Abort incomplete multipart uploads after 1 days",
    );
    assert!(!fine.stdout.contains("added the lifecycle rule"), "{}", fine.stdout);
    assert!(!std::fs::read_to_string(dir.join("calls")).unwrap().contains("lifecycle add"));
}

/// The rules of a branch guarded as the README says.
const PROTECTED: &str = r#"[{"type":"deletion"},{"type":"non_fast_forward"},{"type":"pull_request","parameters":{"require_code_owner_review":true}}]"#;

struct FakeGitHub {
    url: String,
    asked: std::sync::Arc<std::sync::Mutex<Vec<String>>>,
}

/// GitHub's API on loopback: `rules` for the example repository's main, 404 for anything else.
fn fake_github(rules: &'static str) -> FakeGitHub {
    let server = tiny_http::Server::http("127.0.0.1:0").unwrap();
    let url = format!("http://{}", server.server_addr().to_ip().unwrap());
    let asked = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let seen = asked.clone();
    std::thread::spawn(move || {
        for request in server.incoming_requests() {
            seen.lock().unwrap().push(request.url().to_string());
            let (status, body) = match request.url() {
                "/repos/movetojax/site/rules/branches/main" => (200, rules),
                _ => (404, r#"{"message":"Not Found"}"#),
            };
            let _ = request.respond(tiny_http::Response::from_string(body).with_status_code(status));
        }
    });
    FakeGitHub { url, asked }
}

#[test]
fn a_deploy_refuses_a_branch_an_editors_token_could_publish_to_alone() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    clone_into(dir);
    std::fs::create_dir_all(dir.join("dist")).unwrap();
    std::fs::write(dir.join("dist/index.html"), "<p>").unwrap();
    let bin = fake_wrangler(
        dir,
        "name:     backstop\nenabled:  Yes\nprefix:   (all prefixes)\naction:   Expire objects after 37 days",
    );
    let run = |github: &FakeGitHub| {
        deploy_preflight(dir, &bin, &[("GITHUB_API_URL", &github.url), ("GITHUB_TOKEN", "ghs_read")])
    };
    let open = fake_github("[]");
    let refused = run(&open);
    assert!(!refused.ok);
    for said in [
        "main takes pushes without a pull request: whoever holds the editor's token could publish anything",
        "main can be force-pushed: block force pushes in its ruleset",
        "main can be deleted: restrict deletions in its ruleset",
    ] {
        assert!(refused.stderr.contains(said), "{said}: {}", refused.stderr);
    }
    assert_eq!(*open.asked.lock().unwrap(), ["/repos/movetojax/site/rules/branches/main"]);
    let guarded = run(&fake_github(PROTECTED));
    assert!(!guarded.stderr.contains("main takes") && !guarded.stderr.contains("main can be"), "{}", guarded.stderr);
    assert!(!guarded.stderr.contains("rules could not be read"), "{}", guarded.stderr);
    // A repository GitHub does not show this token: said, not taken for a guarded one.
    let site = dir.join("content/site.yaml");
    std::fs::write(
        &site,
        std::fs::read_to_string(&site).unwrap().replace("repository: movetojax/site", "repository: alexandra/site"),
    )
    .unwrap();
    let hidden = run(&fake_github(PROTECTED));
    assert!(
        hidden.stderr.contains("main's rules could not be read from GitHub: GitHub answered 404: is alexandra/site right, and GITHUB_TOKEN a token that can read it?"),
        "{}",
        hidden.stderr
    );
}
