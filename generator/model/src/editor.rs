//! `site.yaml`'s `editor:` block: the browser editor away from the agent's computer (`/admin/` on
//! the live site). It signs in with GitHub through the worker (`/api/auth/github`, the paths
//! below) and saves to `repository`, each change a pull request to review before it goes live.
//! Without the block, `/admin/` works only on the computer that holds the site (`make dev`).

use crate::diagnostics::Diagnostic;
use crate::document::Source;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The sign-in's paths, which the worker answers apart from the forms.
pub const AUTH_PREFIX: &str = "/api/auth/";
/// Where the editor's sign-in starts: Decap CMS opens it in a window of its own (its
/// `auth_endpoint`, from the site's origin).
pub const AUTH_BEGIN: &str = "/api/auth/github";
/// Where GitHub sends her back (the GitHub App's "Callback URL", on the site's origin).
pub const AUTH_CALLBACK: &str = "/api/auth/github/callback";
/// Whether the sign-in is on: `{"sign_in": true}` when the worker has the GitHub App's keys.
pub const AUTH_STATUS: &str = "/api/auth/status";
/// Where the editor renews its GitHub token (8 hours) with the refresh token the worker keeps in
/// a cookie: `POST`, answered `{"token", "expires_in"}` or `{"error"}` with 401 once it has ended.
pub const AUTH_REFRESH: &str = "/api/auth/refresh";

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Editor {
    /// The GitHub repository that holds the site, as owner/name, e.g. "movetojax/site".
    pub repository: String,
    /// The branch the site is published from.
    #[serde(default = "main_branch")]
    pub branch: String,
    /// The GitHub accounts that may sign in to the editor (user names, e.g. "awhitfield"); anyone
    /// else is turned away even with access to the repository.
    pub accounts: Vec<String>,
}

fn main_branch() -> String {
    "main".into()
}

impl Editor {
    pub fn validate(&self, src: &Source, out: &mut Vec<Diagnostic>) {
        let parts: Vec<&str> = self.repository.split('/').collect();
        if parts.len() != 2 || !is_login(parts[0]) || !is_repo_name(parts[1]) {
            out.push(src.at_value(
                "editor.repository",
                format!(
                    "expected a GitHub repository as owner/name, such as \"movetojax/site\", found \"{}\"",
                    self.repository
                ),
            ));
        }
        if self.branch.is_empty() || self.branch.contains([' ', '~', '^', ':', '?', '*', '[', '\\']) {
            out.push(src.at_value("editor.branch", format!("expected a branch name, found \"{}\"", self.branch)));
        }
        if self.accounts.is_empty() {
            out.push(src.at_value("editor.accounts", "expected at least one GitHub account: nobody could sign in"));
        }
        for (i, a) in self.accounts.iter().enumerate() {
            if !is_login(a) {
                out.push(src.at_value(
                    &format!("editor.accounts[{i}]"),
                    format!("expected a GitHub user name (letters, digits and single hyphens), found \"{a}\""),
                ));
            }
        }
    }
}

/// Whether the GitHub account `login` is one of `accounts` (GitHub's user names ignore case).
pub fn allows(accounts: &[String], login: &str) -> bool {
    accounts.iter().any(|a| a.eq_ignore_ascii_case(login))
}

/// GitHub's rule for user and organisation names: 1–39 letters, digits or single inner hyphens.
pub fn is_login(s: &str) -> bool {
    (1..=39).contains(&s.len())
        && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
        && !s.starts_with('-')
        && !s.ends_with('-')
        && !s.contains("--")
}

fn is_repo_name(s: &str) -> bool {
    (1..=100).contains(&s.len())
        && s.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b))
        && s != "."
        && s != ".."
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn logins_follow_githubs_rule() {
        for ok in ["awhitfield", "a", "Alexandra-W", "x1-2-3"] {
            assert!(is_login(ok), "{ok}");
        }
        for bad in ["", "-a", "a-", "a--b", "a b", "a_b", "émile", &"a".repeat(40)] {
            assert!(!is_login(bad), "{bad}");
        }
    }

    #[test]
    fn accounts_match_whatever_their_case() {
        let accounts = ["AWhitfield".to_string()];
        assert!(allows(&accounts, "awhitfield"));
        assert!(!allows(&accounts, "awhitfield2"));
        assert!(!allows(&accounts, ""));
    }
}
