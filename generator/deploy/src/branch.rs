//! The branch the site publishes from, as GitHub guards it: every push to it deploys, so the
//! editor's token (contents and pull requests on her repository) must not be enough to put code
//! there. A ruleset requires a pull request for it, with a code owner's review; `.github/CODEOWNERS`
//! owns everything but `content/`, so her own saves merge as before and a change to the code waits
//! for an engineer. The deploy's preflight reads the rules through GitHub's API (`rules`) and the
//! owners from the clone (`owners`).

/// The owner `.github/CODEOWNERS` ships with, to be replaced by the site's engineers.
pub const EXAMPLE_OWNER: &str = "@movetojax/engineers";
pub const CODEOWNERS: &str = ".github/CODEOWNERS";

/// GitHub's API path for the rules that apply to `branch` of `repository` (owner/name): any token
/// that can read the repository may ask (none for a public one).
pub fn rules_path(repository: &str, branch: &str) -> String {
    format!("/repos/{repository}/rules/branches/{branch}")
}

/// What the rules GitHub lists for `branch` (its answer to `rules_path`, a JSON list) lack.
pub fn rules(json: &str, branch: &str) -> Vec<String> {
    let Ok(serde_json::Value::Array(rules)) = serde_json::from_str(json) else {
        return vec![format!("GitHub's answer about {branch}'s rules is not a list of rules")];
    };
    let rule = |kind: &str| rules.iter().find(|r| r.get("type").and_then(|t| t.as_str()) == Some(kind));
    let mut out = Vec::new();
    match rule("pull_request") {
        None => out.push(format!(
            "{branch} takes pushes without a pull request: whoever holds the editor's token could publish anything (a ruleset for {branch}: Require a pull request before merging, docs/deploy.md: Set up publishing)"
        )),
        Some(pr) => {
            let owners = pr.pointer("/parameters/require_code_owner_review").and_then(|v| v.as_bool());
            if owners != Some(true) {
                out.push(format!(
                    "{branch}'s pull requests merge without a code owner's review: the editor's token could merge a change to the code (tick Require review from Code Owners in its ruleset)"
                ));
            }
        }
    }
    if rule("non_fast_forward").is_none() {
        out.push(format!("{branch} can be force-pushed: block force pushes in its ruleset"));
    }
    if rule("deletion").is_none() {
        out.push(format!("{branch} can be deleted: restrict deletions in its ruleset"));
    }
    out
}

/// What `.github/CODEOWNERS` (`text`, None when missing) lacks: an owner for every file, not the
/// example's, and none for `content/`, which the editor saves.
pub fn owners(text: Option<&str>) -> Vec<String> {
    let Some(text) = text else {
        return vec![format!(
            "{CODEOWNERS} is missing: without it no review guards the code (docs/deploy.md: Set up publishing)"
        )];
    };
    let lines: Vec<Vec<&str>> = text
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").split_whitespace().collect::<Vec<_>>())
        .filter(|words| !words.is_empty())
        .collect();
    let mut out = Vec::new();
    let all = lines.iter().rposition(|w| w[0] == "*" && w.len() > 1);
    if all.is_none() {
        out.push(format!("{CODEOWNERS} names no owner for every file (a line \"* @owner\")"));
    }
    if text.contains(EXAMPLE_OWNER) {
        out.push(format!("{CODEOWNERS} still names the example owner {EXAMPLE_OWNER}: name the site's engineers"));
    }
    // The last matching line wins: content/ without owners, after the line for every file.
    let content = lines.iter().rposition(|w| matches!(w[0], "/content/" | "/content/**" | "content/"));
    let content_free = content.is_some_and(|i| lines[i].len() == 1 && all.is_some_and(|a| a < i));
    if !content_free {
        out.push(format!(
            "{CODEOWNERS} does not leave content/ without an owner (a line \"/content/\" after \"* @owner\"): her saves would wait for a review"
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_branch_needs_a_pull_request_with_a_code_owners_review_and_no_force_push_or_deletion() {
        assert_eq!(rules_path("alexandra/site", "main"), "/repos/alexandra/site/rules/branches/main");
        let all = r#"[{"type":"deletion","ruleset_id":1},{"type":"non_fast_forward","ruleset_id":1},
            {"type":"pull_request","parameters":{"required_approving_review_count":0,"require_code_owner_review":true}}]"#;
        assert_eq!(rules(all, "main"), Vec::<String>::new());
        let none = rules("[]", "main");
        assert_eq!(none.len(), 3, "{none:?}");
        assert!(none[0].starts_with("main takes pushes without a pull request"));
        let no_owners = r#"[{"type":"deletion"},{"type":"non_fast_forward"},{"type":"pull_request","parameters":{"require_code_owner_review":false}}]"#;
        assert_eq!(
            rules(no_owners, "main"),
            ["main's pull requests merge without a code owner's review: the editor's token could merge a change to the code (tick Require review from Code Owners in its ruleset)"]
        );
        assert_eq!(
            rules(r#"{"message":"Not Found"}"#, "main"),
            ["GitHub's answer about main's rules is not a list of rules"]
        );
    }

    #[test]
    fn the_owners_own_everything_but_her_content() {
        let shipped =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../.github/CODEOWNERS")).unwrap();
        assert_eq!(
            owners(Some(&shipped)),
            [format!("{CODEOWNERS} still names the example owner {EXAMPLE_OWNER}: name the site's engineers")]
        );
        let hers = shipped.replace(EXAMPLE_OWNER, "@jax-dev");
        assert_eq!(owners(Some(&hers)), Vec::<String>::new());
        assert_eq!(owners(None).len(), 1);
        // content/ owned, or freed before the line that owns everything (which then wins).
        assert_eq!(owners(Some("* @jax-dev\n/content/ @jax-dev\n")).len(), 1);
        assert_eq!(owners(Some("/content/\n* @jax-dev\n")).len(), 1);
        assert_eq!(owners(Some("/content/\n")).len(), 2);
    }
}
