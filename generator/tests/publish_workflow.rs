//! The publishing workflow's shape (.github/workflows/publish.yml; docs/deploy.md "Previews and secrets"),
//! read as an intruder with a pull request would read it: which job sees which secret, which code
//! each job runs, and what a preview takes from the pull request (its content/, as files only).

mod common;

use common::repo_root;
use serde_json::Value;
use std::collections::BTreeMap;
use std::process::Command;

fn workflow() -> Value {
    let text = std::fs::read_to_string(repo_root().join(".github/workflows/publish.yml")).unwrap();
    jax_model::yaml::load(&text, 1).unwrap().0
}

/// Every `secrets.NAME` an expression in `v` names (GITHUB_TOKEN is the job's own token).
fn secrets_in(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::String(s) => {
            for part in s.split("secrets.").skip(1) {
                let name: String = part.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
                if name != "GITHUB_TOKEN" && !out.contains(&name) {
                    out.push(name);
                }
            }
        }
        Value::Array(a) => a.iter().for_each(|v| secrets_in(v, out)),
        Value::Object(o) => o.values().for_each(|v| secrets_in(v, out)),
        _ => {}
    }
}

fn str_of<'a>(v: &'a Value, key: &str) -> &'a str {
    v.get(key).and_then(Value::as_str).unwrap_or("")
}

#[test]
fn each_job_sees_only_its_own_environments_secrets() {
    let wf = workflow();
    let mut outside = Vec::new();
    for key in ["env", "defaults"] {
        secrets_in(&wf[key], &mut outside);
    }
    assert!(outside.is_empty(), "no secret at the workflow's level: {outside:?}");
    assert_eq!(wf["permissions"], serde_json::json!({}), "each job asks for its own permissions");
    let mut seen: BTreeMap<String, (String, Vec<String>)> = BTreeMap::new();
    for (name, job) in wf["jobs"].as_object().unwrap() {
        let mut secrets = Vec::new();
        secrets_in(job, &mut secrets);
        secrets.sort();
        seen.insert(name.clone(), (str_of(job, "environment").to_string(), secrets));
    }
    let expected: BTreeMap<String, (String, Vec<String>)> = [
        ("check", "", &[][..]),
        (
            "publish",
            "production",
            &[
                "CLOUDFLARE_ACCOUNT_ID",
                "CLOUDFLARE_API_TOKEN",
                "R2_ACCESS_KEY_ID",
                "R2_SECRET_ACCESS_KEY",
                "RESO_TOKEN",
            ][..],
        ),
        ("preview", "preview", &["CLOUDFLARE_ACCOUNT_ID", "CLOUDFLARE_API_TOKEN"][..]),
        ("preview-closed", "preview", &["CLOUDFLARE_ACCOUNT_ID", "CLOUDFLARE_API_TOKEN"][..]),
    ]
    .into_iter()
    .map(|(job, env, secrets)| (job.to_string(), (env.to_string(), secrets.iter().map(|s| s.to_string()).collect())))
    .collect();
    assert_eq!(seen, expected, "job → (environment, secrets)");
}

#[test]
fn a_pull_requests_code_runs_only_where_there_is_nothing_to_take() {
    let wf = workflow();
    let jobs = &wf["jobs"];
    // The pull request's own code: the `pull_request` event only, a read-only token not kept on disk.
    let check = &jobs["check"];
    assert_eq!(str_of(check, "if"), "github.event_name == 'pull_request'");
    assert_eq!(check["permissions"], serde_json::json!({ "contents": "read" }));
    // Production: never on a pull request's events, and only from main.
    let publish = str_of(&jobs["publish"], "if");
    for must in [
        "github.event_name != 'pull_request'",
        "github.event_name != 'pull_request_target'",
        "github.ref == 'refs/heads/main'",
    ] {
        assert!(publish.contains(must), "publish's if: {publish}");
    }
    for (name, job) in jobs.as_object().unwrap() {
        let runs_on_target = str_of(job, "if").contains("github.event_name == 'pull_request_target'");
        assert_eq!(
            runs_on_target,
            name.starts_with("preview"),
            "{name}: only the preview jobs run on pull_request_target"
        );
        for step in job["steps"].as_array().unwrap() {
            let uses = str_of(step, "uses");
            let with = &step["with"];
            if uses.starts_with("actions/checkout@") {
                assert_eq!(with["persist-credentials"], Value::Bool(false), "{name}: no token left in .git/config");
                if with.get("ref").is_some() || with.get("repository").is_some() {
                    // The pull request's tree, in the preview job only: beside the code, never over it.
                    assert_eq!(name, "preview", "{name} checks out another tree");
                    assert_eq!(str_of(with, "ref"), "${{ github.event.pull_request.head.sha }}");
                    assert_eq!(str_of(with, "path"), ".cache/pull-request");
                    assert_eq!(str_of(with, "sparse-checkout"), "content");
                }
            }
            let run = str_of(step, "run");
            // Expressions a pull request's author writes never reach a shell (they go through env).
            for tainted in
                ["github.event.pull_request.title", "github.event.pull_request.body", "github.head_ref", "${{"]
            {
                assert!(!run.contains(tainted), "{name}: a run step expands {tainted}: {run}");
            }
            // The pull request's tree is read by one command: the one taking its content/ as files.
            if run.contains(".cache/pull-request") {
                assert!(run.starts_with("scripts/preview.sh content .cache/pull-request"), "{name}: {run}");
            }
        }
    }
}

fn preview_content(cwd: &std::path::Path, from: &std::path::Path) -> std::process::Output {
    Command::new(repo_root().join("scripts/preview.sh")).arg("content").arg(from).current_dir(cwd).output().unwrap()
}

#[test]
fn a_preview_takes_the_pull_requests_content_as_files_only() {
    let tmp = tempfile::tempdir().unwrap();
    let (base, pr) = (tmp.path().join("base"), tmp.path().join("pr"));
    std::fs::create_dir_all(base.join("content/pages")).unwrap();
    std::fs::write(base.join("content/pages/old.md"), "removed by the pull request").unwrap();
    std::fs::create_dir_all(pr.join("content/pages")).unwrap();
    std::fs::write(pr.join("content/pages/new.md"), "added").unwrap();
    // A symlink would publish whatever it points at on the runner: refused, content/ untouched.
    std::os::unix::fs::symlink("/etc/hostname", pr.join("content/pages/secret.md")).unwrap();
    let refused = preview_content(&base, &pr);
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("content/pages/secret.md"));
    assert!(base.join("content/pages/old.md").exists());
    std::fs::remove_file(pr.join("content/pages/secret.md")).unwrap();
    let taken = preview_content(&base, &pr);
    assert!(taken.status.success(), "{}", String::from_utf8_lossy(&taken.stderr));
    assert_eq!(std::fs::read_to_string(base.join("content/pages/new.md")).unwrap(), "added");
    assert!(!base.join("content/pages/old.md").exists(), "content/ is the pull request's, whole");
    // A preview is named by the pull request's number, nothing else.
    let odd = Command::new(repo_root().join("scripts/preview.sh")).args(["delete", "7; rm -rf /"]).output().unwrap();
    assert_eq!(odd.status.code(), Some(2));
}
