//! The publishing workflow's shape (.github/workflows/publish.yml; docs/deploy.md "Previews and secrets"),
//! read as an intruder with a pull request would read it: which job sees which secret, which code
//! each job runs, and what a preview takes from the pull request (its content/, as files only);
//! and the code it deploys: only a commit's whose `make test` passed.

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
        ("changes", "", &[][..]),
        ("test", "", &[][..]),
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
                    match name.as_str() {
                        // The pull request's tree, in the preview job only: beside the code, never over it.
                        "preview" => {
                            assert_eq!(str_of(with, "ref"), "${{ github.event.pull_request.head.sha }}");
                            assert_eq!(str_of(with, "path"), ".cache/pull-request");
                            assert_eq!(str_of(with, "sparse-checkout"), "content");
                        }
                        // The tested code and main's content/ (code_is_deployed_only_from_a_tested_commit).
                        "publish" => assert!(with.get("repository").is_none(), "{name} checks out another repository"),
                        _ => panic!("{name} checks out another tree"),
                    }
                }
            }
            let run = str_of(step, "run");
            // Expressions a pull request's author writes never reach a shell (they go through env).
            for tainted in
                ["github.event.pull_request.title", "github.event.pull_request.body", "github.head_ref", "${{"]
            {
                assert!(!run.contains(tainted), "{name}: a run step expands {tainted}: {run}");
            }
            // The pull request's tree (main's, in publish) is read by one command: the one taking its
            // content/ as files.
            if run.contains(".cache/pull-request") || run.contains(".cache/main") {
                assert!(run.starts_with("scripts/preview.sh content .cache/"), "{name}: {run}");
            }
        }
    }
}

fn steps(job: &Value) -> &[Value] {
    job["steps"].as_array().map(Vec::as_slice).unwrap_or_default()
}

fn runs(job: &Value) -> Vec<&str> {
    steps(job).iter().map(|step| str_of(step, "run")).collect()
}

#[test]
fn code_is_deployed_only_from_a_tested_commit() {
    let wf = workflow();
    let jobs = &wf["jobs"];

    // A push to main that changes anything outside content/ is code, and so is one with no earlier
    // commit of main to compare with (a new branch, a forced push).
    let changes = &jobs["changes"];
    assert_eq!(str_of(changes, "if"), "github.event_name == 'push' && github.ref == 'refs/heads/main'");
    let diff = runs(changes).into_iter().find(|run| run.contains("git diff")).expect("changes lists the push's paths");
    for must in [
        r#"git merge-base --is-ancestor "$BEFORE" "$GITHUB_SHA"; then"#,
        r#"--name-only "$BEFORE" "$GITHUB_SHA" -- ':(exclude)content/')"#,
        r#"if [[ -n $code ]]; then echo "code=true"; else echo "code=false"; fi"#,
    ] {
        assert!(diff.contains(must), "changes: {must}\n{diff}");
    }

    // Its code runs `make test`, and only a pass marks the commit, with no secret at hand.
    let test = &jobs["test"];
    assert_eq!(test["needs"], "changes");
    assert_eq!(str_of(test, "if"), "needs.changes.outputs.code == 'true'");
    assert_eq!(test["permissions"], serde_json::json!({ "contents": "read", "statuses": "write" }));
    let test_runs = runs(test);
    let ran = test_runs.iter().position(|run| *run == "make test").expect("the test job runs make test");
    let marks: Vec<usize> = (0..test_runs.len()).filter(|&i| test_runs[i].contains("/statuses/")).collect();
    assert_eq!(marks.len(), 1, "one step marks the commit");
    let mark = marks[0];
    assert!(ran < mark && steps(test)[mark].get("if").is_none(), "the commit is marked once make test has passed");
    assert!(test_runs[mark].contains(r#"\"state\": \"success\", \"context\": \"make test\""#), "{}", test_runs[mark]);
    for (i, step) in steps(test).iter().enumerate() {
        assert!(i == mark || !step.to_string().contains("github.token"), "only the marking step holds the token");
    }

    // Publish waits for that test: on a push, it runs after the test passed or when the push
    // changed content/ alone; never when the run was cancelled.
    let publish = &jobs["publish"];
    assert_eq!(publish["needs"], serde_json::json!(["changes", "test"]));
    let gate = str_of(publish, "if");
    assert!(gate.starts_with("!cancelled() && "), "publish's if: {gate}");
    assert!(
        gate.ends_with(
            "&& (needs.test.result == 'success' || needs.changes.outputs.code == 'false' || github.event_name != 'push')"
        ),
        "publish's if: {gate}"
    );

    // Its code is the newest commit of main whose "make test" status is a success, found before
    // anything is checked out (no such commit: it fails); main's content/ goes over it as files.
    let publish_steps = steps(publish);
    assert_eq!(str_of(&publish_steps[0], "id"), "tested");
    let find = str_of(&publish_steps[0], "run");
    for must in [
        "rev=refs/heads/main",
        r#"context(name: "make test") { state }"#,
        r#"select(.status.context.state == "SUCCESS")"#,
        "exit 1",
    ] {
        assert!(find.contains(must), "publish's first step: {must}\n{find}");
    }
    let checkouts: Vec<(usize, &Value)> = publish_steps
        .iter()
        .enumerate()
        .filter(|(_, step)| str_of(step, "uses").starts_with("actions/checkout@"))
        .map(|(i, step)| (i, &step["with"]))
        .collect();
    let expected = [
        serde_json::json!({ "ref": "${{ steps.tested.outputs.code }}", "persist-credentials": false }),
        serde_json::json!({
            "ref": "${{ steps.tested.outputs.main }}",
            "path": ".cache/main",
            "sparse-checkout": "content",
            "persist-credentials": false,
        }),
    ];
    assert_eq!(checkouts.iter().map(|(_, with)| (*with).clone()).collect::<Vec<_>>(), expected, "publish's checkouts");
    let publish_runs = runs(publish);
    for run in &publish_runs {
        for git in ["git checkout", "git switch", "git reset", "git restore", "git fetch", "git pull", "git merge"] {
            assert!(!run.contains(git), "publish changes the code it checked out: {run}");
        }
    }
    let at = |what: &str| {
        publish_runs.iter().position(|run| run.starts_with(what)).unwrap_or_else(|| panic!("publish runs {what}"))
    };
    let (content, check, deploy) = (at("scripts/preview.sh content .cache/main"), at("make check"), at("make deploy"));
    assert!(checkouts[1].0 < content && content < check && check < deploy, "content/ over the code, checked, deployed");
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
