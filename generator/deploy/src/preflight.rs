//! What a deploy needs, checked before anything is built for it or uploaded, and said as one list:
//! every problem at once, not the first. The checks of the content and the built site need
//! nothing but this machine; Cloudflare's (the worker's secrets, the buckets) ask wrangler, which
//! needs a login; the feed's asks the feed. A dry run (`make deploy DRY_RUN=1`) runs what it can
//! and names what it skipped.

use jax_model::site::Site;

/// The editor's example repository and account that `content/site.yaml` ships with.
pub const EXAMPLE_REPOSITORY: &str = "movetojax/site";
pub const EXAMPLE_ACCOUNT: &str = "awhitfield";
/// The map the site ships with (OpenStreetMap's embed of Jacksonville), to be replaced by hers.
pub const EXAMPLE_MAP_ORIGIN: &str = "https://www.openstreetmap.org/export/embed.html";

/// The worker's secrets a deploy needs (docs/deploy.md); Turnstile's keys are the bot check's.
pub const SECRETS: [&str; 10] = [
    "EMAILJS_PUBLIC_KEY",
    "EMAILJS_PRIVATE_KEY",
    "EMAILJS_SERVICE_ID",
    "EMAILJS_TEMPLATE_ID",
    "DOCUMENT_LINK_SECRET",
    "COUNTING_SECRET",
    // The saved searches' own key: rotating another secret breaks none of their links.
    "SAVED_SEARCH_SECRET",
    "TURNSTILE_SITE_KEY",
    "TURNSTILE_SECRET_KEY",
    // Where every lead goes: not content's address, which the editor can change.
    "AGENT_EMAIL",
];

/// The buckets: the concierge's documents always, the MLS photos' with `mls.photos_url`.
pub fn buckets(site: &Site) -> Vec<&'static str> {
    let mut b = vec!["client-documents"];
    if site.mls.as_ref().is_some_and(|m| m.photos_url.is_some()) {
        b.push("listing-photos");
    }
    b
}

/// What the content still holds of the examples it shipped with.
pub fn content(site: &Site, sample_listings: bool) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(e) = &site.editor {
        if e.repository == EXAMPLE_REPOSITORY {
            out.push(format!(
                "site.yaml: editor.repository is still the example \"{EXAMPLE_REPOSITORY}\": name her repository (owner/name)"
            ));
        }
        if e.accounts.iter().any(|a| a.eq_ignore_ascii_case(EXAMPLE_ACCOUNT)) {
            out.push(format!(
                "site.yaml: editor.accounts still lists the example account \"{EXAMPLE_ACCOUNT}\": list her GitHub account"
            ));
        }
    }
    if site.development_map_url.starts_with(EXAMPLE_MAP_ORIGIN) {
        out.push(
            "site.yaml: development_map_url is still the OpenStreetMap example: paste her own map's embed URL".into(),
        );
    }
    if sample_listings {
        out.push(
            "the MLS store holds the project's sample listings: name the feed in site.yaml (mls.feed) and import it"
                .into(),
        );
    }
    if site.mls.as_ref().is_some_and(|m| m.feed.is_some()) && std::env::var_os("RESO_TOKEN").is_none() {
        out.push("RESO_TOKEN is not set: the MLS feed cannot be imported".into());
    }
    out
}

/// wrangler.toml's SITE_URL (its top-level `[vars]`), where every link in the worker's e-mails
/// leads, held against site.yaml's `base_url`: a problem when they differ or it is missing.
pub fn site_url(wrangler_toml: &str, base_url: &str) -> Option<String> {
    let mut section = "";
    let mut found = None;
    for line in wrangler_toml.lines().map(str::trim) {
        if line.starts_with('[') {
            section = line;
        } else if section == "[vars]" {
            let value = line.strip_prefix("SITE_URL").map(str::trim_start).and_then(|r| r.strip_prefix('='));
            found = found.or(value.map(|v| v.trim().trim_matches('"').to_string()));
        }
    }
    let want = base_url.trim_end_matches('/');
    match found {
        Some(url) if url.trim_end_matches('/') == want => None,
        Some(url) => Some(format!(
            "wrangler.toml: SITE_URL is {url} but site.yaml's base_url is {want}: the links in every e-mail lead to SITE_URL"
        )),
        None => Some(format!("wrangler.toml: [vars] has no SITE_URL: set it to site.yaml's base_url ({want})")),
    }
}

/// The documents bucket's backstop: a lifecycle rule deleting every object some days after its
/// upload, should the worker's cron ever stop. A week past the retention the privacy policy states.
pub const BACKSTOP: &str = "backstop";
pub fn backstop_days(retention_days: u32) -> u32 {
    retention_days + 7
}

/// What `wrangler r2 bucket lifecycle list <bucket>` says of the backstop.
#[derive(Debug, PartialEq, Eq)]
pub enum Backstop {
    /// An enabled rule for every prefix expiring objects after this many days.
    Present(u32),
    Missing,
}

/// Read the rules wrangler prints (blocks of `name:`, `enabled:`, `prefix:`, `action:` lines).
pub fn backstop(text: &str) -> Backstop {
    soonest(text, "Expire objects after ").map_or(Backstop::Missing, Backstop::Present)
}

/// The name of the rule `make deploy` adds when none aborts incomplete multipart uploads.
pub const ABORTS: &str = "backstop-uploads";

/// After how many days an enabled rule for every prefix aborts incomplete multipart uploads: the
/// parts of a document a post left unfinished, which no listing shows and so no timer deletes.
pub fn aborts_incomplete(text: &str) -> Option<u32> {
    soonest(text, "Abort incomplete multipart uploads after ")
}

/// The fewest days after `action` among the enabled rules for every prefix.
fn soonest(text: &str, action: &str) -> Option<u32> {
    let plain: String = text.lines().map(|l| l.trim()).collect::<Vec<_>>().join("\n");
    plain
        .split("\n\n")
        .filter(|rule| {
            rule.contains("enabled:") && rule.lines().any(|l| l.starts_with("enabled:") && l.ends_with("Yes"))
        })
        .filter(|rule| rule.lines().any(|l| l.starts_with("prefix:") && l.ends_with("(all prefixes)")))
        .filter_map(|rule| {
            let actions = rule.lines().find(|l| l.starts_with("action:"))?;
            let days = actions.split(action).nth(1)?.split(' ').next()?;
            days.parse::<u32>().ok()
        })
        .min()
}

/// The names `wrangler secret list --format json` lists.
pub fn secret_names(json: &str) -> Result<Vec<String>, String> {
    let list: Vec<serde_json::Value> =
        serde_json::from_str(json).map_err(|e| format!("wrangler secret list answered no list: {e}"))?;
    Ok(list.iter().filter_map(|s| s["name"].as_str().map(str::to_string)).collect())
}

/// The bucket names `wrangler r2 bucket list` prints (`name:   client-documents` lines).
pub fn bucket_names(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| l.trim().strip_prefix("name:"))
        .map(|n| n.trim().to_string())
        .filter(|n| !n.is_empty())
        .collect()
}

/// What is missing of `wanted` among `have`, each said as `what` says.
pub fn missing(wanted: &[&str], have: &[String], what: impl Fn(&str) -> String) -> Vec<String> {
    wanted.iter().filter(|w| !have.iter().any(|h| h == *w)).map(|w| what(w)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_content_is_named_for_each_example_it_still_holds() {
        let content_dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content");
        let site = &jax_load::site(&content_dir).unwrap();
        let found = content(site, true);
        let all = found.join("\n");
        assert!(all.contains("editor.repository is still the example \"movetojax/site\""), "{all}");
        assert!(all.contains("editor.accounts still lists the example account \"awhitfield\""), "{all}");
        assert!(all.contains("development_map_url is still the OpenStreetMap example"), "{all}");
        assert!(all.contains("sample listings"), "{all}");
        let mut hers = site.clone();
        let editor = hers.editor.as_mut().unwrap();
        editor.repository = "alexandra/site".into();
        editor.accounts = vec!["alexandra-w".into()];
        hers.development_map_url = "https://www.google.com/maps/d/embed?mid=abc".into();
        assert!(content(&hers, false).is_empty(), "{:?}", content(&hers, false));
    }

    #[test]
    fn the_workers_site_url_must_be_the_sites_address() {
        let toml = "name = \"x\"\n[vars]\nEMAILJS_API_URL = \"https://api.emailjs.com\"\nSITE_URL = \"https://www.movetojax.com\"\n[env.preview.vars]\nSITE_URL = \"https://other.example\"\n";
        assert_eq!(site_url(toml, "https://www.movetojax.com/"), None);
        assert!(site_url(toml, "https://movetojax.com").unwrap().contains("SITE_URL is https://www.movetojax.com"));
        assert!(site_url("[vars]\n", "https://www.movetojax.com").unwrap().contains("has no SITE_URL"));
        assert!(
            site_url("[env.preview.vars]\nSITE_URL = \"https://www.movetojax.com\"\n", "https://www.movetojax.com")
                .is_some(),
            "the top level's"
        );
        let shipped = include_str!("../../../wrangler.toml");
        assert_eq!(
            site_url(shipped, "https://www.movetojax.com"),
            None,
            "the shipped wrangler.toml names the shipped site"
        );
    }

    #[test]
    fn wrangler_answers_are_read_and_what_is_missing_is_named() {
        let names = secret_names(r#"[{"name":"EMAILJS_PUBLIC_KEY","type":"secret_text"},{"name":"DOCUMENT_LINK_SECRET","type":"secret_text"}]"#).unwrap();
        assert_eq!(names, ["EMAILJS_PUBLIC_KEY", "DOCUMENT_LINK_SECRET"]);
        assert!(secret_names("Not logged in").is_err());
        let lacking = missing(&SECRETS, &names, |s| format!("the worker's secret {s}"));
        assert_eq!(lacking.len(), SECRETS.len() - 2);
        assert!(lacking.contains(&"the worker's secret TURNSTILE_SECRET_KEY".to_string()));
        let text = "Listing buckets...\nname:           client-documents\ncreation_date:  2026-11-01T00:00:00.000Z\n";
        assert_eq!(bucket_names(text), ["client-documents"]);
    }

    #[test]
    fn the_backstop_is_an_enabled_rule_for_every_prefix_that_expires_objects() {
        let rule = |name: &str, enabled: &str, prefix: &str, action: &str| {
            format!("name:     {name}\nenabled:  {enabled}\nprefix:   {prefix}\naction:   {action}")
        };
        let listing = |rules: &[String]| {
            format!("Listing lifecycle rules for bucket 'client-documents'...\n{}\n", rules.join("\n\n"))
        };
        assert_eq!(backstop("Listing lifecycle rules for bucket 'client-documents'...\nThere are no lifecycle rules for bucket 'client-documents'.\n"), Backstop::Missing);
        let ok = rule("backstop", "Yes", "(all prefixes)", "Expire objects after 37 days");
        assert_eq!(backstop(&listing(std::slice::from_ref(&ok))), Backstop::Present(37));
        let multipart = rule("uploads", "Yes", "(all prefixes)", "Abort incomplete multipart uploads after 1 days");
        let off = rule("old", "No", "(all prefixes)", "Expire objects after 10 days");
        let some = rule("timers", "Yes", "timers/", "Expire objects after 5 days");
        assert_eq!(backstop(&listing(&[multipart.clone(), off, some])), Backstop::Missing);
        let sooner = rule(
            "sooner",
            "Yes",
            "(all prefixes)",
            "Expire objects after 20 days, Abort incomplete multipart uploads after 1 days",
        );
        assert_eq!(
            backstop(&listing(&[multipart, ok, sooner])),
            Backstop::Present(20),
            "the soonest rule is what deletes"
        );
        assert_eq!(backstop_days(30), 37);
        // Incomplete multipart uploads: R2's default rule, or the backstop's own.
        let default = rule(
            "Default Multipart Abort Rule",
            "Yes",
            "(all prefixes)",
            "Abort incomplete multipart uploads after 7 days",
        );
        let expire = rule("backstop", "Yes", "(all prefixes)", "Expire objects after 37 days");
        assert_eq!(aborts_incomplete(&listing(std::slice::from_ref(&expire))), None);
        assert_eq!(aborts_incomplete(&listing(&[expire, default])), Some(7));
        let off = rule("uploads", "No", "(all prefixes)", "Abort incomplete multipart uploads after 1 days");
        assert_eq!(aborts_incomplete(&listing(&[off])), None);
    }
}
