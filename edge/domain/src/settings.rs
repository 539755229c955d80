//! The worker's settings: wrangler vars and secrets (locally, an env file written from the process
//! environment by scripts/worker-env.sh), with defaults from content. Read through a lookup so this
//! is tested on the host. A missing setting closes the door: without EmailJS (outside local
//! development) or a long enough link secret there are no settings, and the API answers 503.

use crate::bot_check::{Keys, VERIFY_URL};
use crate::content::Content;
use crate::crm::Handoffs;
use crate::email::EmailJs;
use crate::form::FormKind;
use crate::keys::Keyring;
use crate::searches::links::SearchKeys;
use jax_model::forms::Budget;

/// EmailJS's API origin.
pub const EMAILJS_API_URL: &str = "https://api.emailjs.com";
/// How long a document link stays valid unless DOCUMENT_LINK_DAYS says otherwise.
pub const LINK_DAYS: u64 = jax_model::forms::DOCUMENT_LINK_DAYS as u64;
const DAY_S: u64 = 24 * 60 * 60;
/// Set only by scripts/worker-env.sh (`make dev`, `make serve`, the browser suite): without EmailJS,
/// e-mails go to the local outbox. Never inferred from a missing key.
pub const LOCAL_DEVELOPMENT: &str = "LOCAL_DEVELOPMENT";
/// Set only by wrangler.toml's `[env.preview]`: a pull request's preview keeps every e-mail in its
/// outbox (even were EmailJS's keys set) and has no editor sign-in.
pub const PREVIEW: &str = "PREVIEW";

/// Whether these settings are a pull request's preview's (only "true" counts, like LOCAL_DEVELOPMENT).
pub fn is_preview(lookup: impl Fn(&str) -> Option<String>) -> bool {
    lookup(PREVIEW).is_some_and(|v| v.trim() == "true")
}
/// A shorter DOCUMENT_LINK_SECRET (or DOCUMENT_LINK_SECRET_PREVIOUS, COUNTING_SECRET,
/// SAVED_SEARCH_SECRET or SAVED_SEARCH_SECRET_PREVIOUS) is refused: links, counts and submission
/// tokens must not be forgeable.
pub const MIN_LINK_SECRET_BYTES: usize = 32;

/// The largest e-mail budget a day (EmailJS's largest plans send about as many a month).
pub const MAX_EMAILS_PER_DAY: u32 = 100_000;

/// The forms whose e-mails have a template of their own (EMAILJS_TEMPLATE_ID_<FORM>): every one
/// but those that borrow another's (FormKind::template).
pub fn templated() -> impl Iterator<Item = FormKind> {
    FormKind::ALL.into_iter().filter(|f| f.template() == *f)
}

#[derive(Debug, Clone)]
pub struct Settings {
    /// None only in local development without EmailJS: e-mails go to the local outbox.
    pub emailjs: Option<EmailJs>,
    pub agent_email: String,
    /// Document links' keys, and the counting and submission keys (domain/keys.rs).
    pub keys: Keyring,
    pub link_lifetime_s: u64,
    /// Documents and records are deleted this long after filing (DOCUMENT_RETENTION_DAYS).
    pub retention_s: u64,
    /// Seconds before the first retry of a failed e-mail (EMAIL_RETRY_FIRST_SECONDS; tests shorten it).
    pub retry_first_s: u64,
    /// Quiz e-mails sent a day at most (QUIZ_EMAILS_PER_DAY; 0 sends none).
    pub quiz_emails_per_day: u32,
    /// Saved searches' alerts sent a day at most (ALERT_EMAILS_PER_DAY; 0 sends none), apart
    /// from the leads' budget: an alert never delays a lead.
    pub alert_emails_per_day: u32,
    /// The site's address, for every link in an e-mail (SITE_URL, required once deployed; in local
    /// development and previews the content's base_url unless set): never a request's Host.
    pub site_url: String,
    /// The second channel to the agent (ALERT_WEBHOOK_URL), if any: see domain/alert.rs.
    pub alert_webhook: Option<String>,
    /// The day's budget: content's (`budget` in forms.yaml), each figure overridable by
    /// EMAILS_PER_DAY, UNVERIFIED_EMAILS_PER_DAY, UNVERIFIED_PER_CLIENT_PER_HOUR,
    /// CONCIERGE_PER_CLIENT_PER_DAY, UPLOAD_BYTES_PER_DAY, CONFIRMATION_EMAILS_PER_DAY,
    /// CONFIRMATIONS_PER_CLIENT_PER_DAY and CRM_LEADS_PER_DAY.
    pub budget: Budget,
    /// Bytes one client may upload a day (UPLOAD_BYTES_PER_CLIENT_PER_DAY): by default as many
    /// submissions' worth as it may file (CONCIERGE_PER_CLIENT_PER_DAY × every document at its limit),
    /// never more than the day's whole budget, so one client cannot spend it all.
    pub upload_bytes_per_client_per_day: u64,
    /// The bot check (domain/bot_check.rs): None, off, without TURNSTILE_SITE_KEY and
    /// TURNSTILE_SECRET_KEY.
    pub bot_check: Option<Keys>,
    /// Where leads go besides her e-mail: Follow Up Boss, a lead webhook (domain/crm.rs).
    pub handoffs: Handoffs,
}

/// `EMAILJS_TEMPLATE_ID_LISTING_REQUEST` for the listing request.
pub fn template_var(form: FormKind) -> String {
    format!("EMAILJS_TEMPLATE_ID_{}", form.name().replace('-', "_").to_ascii_uppercase())
}

impl Settings {
    /// The settings, or what is missing, by name (for the log line of every refused request).
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>, content: &Content) -> Result<Settings, Vec<String>> {
        let get = |name: &str| lookup(name).map(|v| v.trim().to_string()).filter(|v| !v.is_empty());
        let local = get(LOCAL_DEVELOPMENT).as_deref() == Some("true");
        let preview = is_preview(&lookup);
        let mut missing = Vec::new();
        let public_key = get("EMAILJS_PUBLIC_KEY");
        let emailjs = (!preview && (public_key.is_some() || !local)).then(|| EmailJs {
            api_url: get("EMAILJS_API_URL").unwrap_or_else(|| EMAILJS_API_URL.into()).trim_end_matches('/').to_string(),
            public_key: public_key.unwrap_or_default(),
            private_key: get("EMAILJS_PRIVATE_KEY"),
            service_id: get("EMAILJS_SERVICE_ID"),
            template_id: get("EMAILJS_TEMPLATE_ID"),
            form_templates: templated().filter_map(|f| get(&template_var(f)).map(|t| (f, t))).collect(),
        });
        if let Some(e) = &emailjs {
            let unset = |name: &str, value: bool| (!value).then(|| name.to_string());
            missing.extend(unset("EMAILJS_PUBLIC_KEY", !e.public_key.is_empty()));
            missing.extend(unset("EMAILJS_PRIVATE_KEY", e.private_key.is_some()));
            missing.extend(unset("EMAILJS_SERVICE_ID", e.service_id.is_some()));
            missing.extend(unset("EMAILJS_TEMPLATE_ID", templated().all(|f| e.template_for(f).is_some())));
            // The private key travels in every send's body.
            missing.extend(unset("EMAILJS_API_URL (an https:// URL)", crate::http::is_secure_url(&e.api_url)));
        }
        // Each secret required (or, for the previous link secret, optional) and long enough.
        let mut secret = |name: &str, required: bool| match get(name) {
            None if required => {
                missing.push(name.to_string());
                None
            }
            Some(s) if s.len() < MIN_LINK_SECRET_BYTES => {
                missing.push(format!("{name} (at least {MIN_LINK_SECRET_BYTES} bytes)"));
                None
            }
            s => s,
        };
        let link_secret = secret("DOCUMENT_LINK_SECRET", true);
        let previous_link_secret = secret("DOCUMENT_LINK_SECRET_PREVIOUS", false);
        let counting_secret = secret("COUNTING_SECRET", true);
        // The saved searches' own: rotating another secret breaks none of their links.
        let search_secret = secret("SAVED_SEARCH_SECRET", true);
        let previous_search_secret = secret("SAVED_SEARCH_SECRET_PREVIOUS", false);
        let days = |name: &str, default: u64, max: u64| {
            get(name).and_then(|d| d.parse::<u64>().ok()).filter(|d| (1..=max).contains(d)).unwrap_or(default)
        };
        let link_days = days("DOCUMENT_LINK_DAYS", LINK_DAYS, 365);
        // The default is content's, the number the privacy policy states.
        let retention_days =
            days("DOCUMENT_RETENTION_DAYS", u64::from(content.forms.concierge.document_retention_days), 3650);
        if retention_days < link_days {
            // A link must never outlive its document: the setting is wrong, not to be guessed at.
            missing.push(format!("DOCUMENT_RETENTION_DAYS (at least DOCUMENT_LINK_DAYS, {link_days})"));
        }
        let alert_webhook = get("ALERT_WEBHOOK_URL");
        if alert_webhook.as_deref().is_some_and(|url| !crate::http::is_secure_url(url)) {
            // A second channel that silently goes nowhere is worse than none: the setting is wrong.
            missing.push("ALERT_WEBHOOK_URL (an https:// URL)".into());
        }
        // Both keys or neither: half a check would refuse every visitor or let every script in.
        let bot_check = match (get("TURNSTILE_SITE_KEY"), get("TURNSTILE_SECRET_KEY")) {
            (Some(site_key), Some(secret_key)) => {
                let verify_url = get("TURNSTILE_VERIFY_URL").unwrap_or_else(|| VERIFY_URL.into());
                if !crate::http::is_secure_url(&verify_url) {
                    missing.push("TURNSTILE_VERIFY_URL (an https:// URL)".into());
                }
                Some(Keys { site_key, secret_key, verify_url })
            }
            (None, None) => None,
            (Some(_), None) => {
                missing.push("TURNSTILE_SECRET_KEY (with TURNSTILE_SITE_KEY)".into());
                None
            }
            (None, Some(_)) => {
                missing.push("TURNSTILE_SITE_KEY (with TURNSTILE_SECRET_KEY)".into());
                None
            }
        };
        // Deployed, the recipient is a secret: `content/site.yaml` is what the editor (and a pull
        // request that touches only content) can change, and every lead and document link goes there.
        let agent_email = match get("AGENT_EMAIL") {
            Some(address) => address,
            None if local || preview => content.agent_email.clone(),
            None => {
                missing.push("AGENT_EMAIL".into());
                String::new()
            }
        };
        // Every link in an e-mail a stranger can cause leads here, never to a request's Host. Deployed,
        // it is required: content's base_url is what a content-only change can set.
        let site_url = match get("SITE_URL") {
            Some(u) if crate::http::is_secure_url(&u) => u.trim_end_matches('/').to_string(),
            Some(_) => {
                missing.push("SITE_URL (an https:// URL)".into());
                String::new()
            }
            None if local || preview => content.base_url.trim_end_matches('/').to_string(),
            None => {
                missing.push("SITE_URL".into());
                String::new()
            }
        };
        let handoffs = Handoffs::from_lookup(get, preview, MIN_LINK_SECRET_BYTES, &mut missing);
        if !missing.is_empty() {
            return Err(missing);
        }
        let budget = {
            let b = &content.forms.budget;
            let figure = |name: &str, default: u64| {
                get(name).and_then(|n| n.parse::<u64>().ok()).filter(|n| *n >= 1).unwrap_or(default)
            };
            // Each e-mail takes a slot below it (services/budget.rs): a bound keeps that cheap.
            let emails_per_day =
                figure("EMAILS_PER_DAY", b.emails_per_day.into()).min(MAX_EMAILS_PER_DAY.into()) as u32;
            let unverified = get("UNVERIFIED_EMAILS_PER_DAY").and_then(|n| n.parse::<u32>().ok());
            Budget {
                emails_per_day,
                unverified_emails_per_day: unverified.unwrap_or(b.unverified_emails_per_day).min(emails_per_day),
                unverified_per_client_per_hour: figure(
                    "UNVERIFIED_PER_CLIENT_PER_HOUR",
                    b.unverified_per_client_per_hour.into(),
                )
                .min(u32::MAX.into()) as u32,
                concierge_per_client_per_day: figure(
                    "CONCIERGE_PER_CLIENT_PER_DAY",
                    b.concierge_per_client_per_day.into(),
                )
                .min(u32::MAX.into()) as u32,
                upload_bytes_per_day: figure("UPLOAD_BYTES_PER_DAY", b.upload_bytes_per_day),
                confirmation_emails_per_day: figure("CONFIRMATION_EMAILS_PER_DAY", b.confirmation_emails_per_day.into())
                    .min(MAX_EMAILS_PER_DAY.into()) as u32,
                confirmations_per_client_per_day: figure(
                    "CONFIRMATIONS_PER_CLIENT_PER_DAY",
                    b.confirmations_per_client_per_day.into(),
                )
                .min(u32::MAX.into()) as u32,
                crm_leads_per_day: figure("CRM_LEADS_PER_DAY", b.crm_leads_per_day.into())
                    .min(MAX_EMAILS_PER_DAY.into()) as u32,
            }
        };
        Ok(Settings {
            emailjs,
            agent_email,
            keys: Keyring::new(
                link_secret.unwrap_or_default().as_bytes(),
                previous_link_secret.as_ref().map(|s| s.as_bytes()),
                counting_secret.unwrap_or_default().as_bytes(),
                SearchKeys::new(
                    search_secret.unwrap_or_default().as_bytes(),
                    previous_search_secret.as_ref().map(|s| s.as_bytes()),
                ),
            ),
            link_lifetime_s: link_days * DAY_S,
            retention_s: retention_days * DAY_S,
            retry_first_s: get("EMAIL_RETRY_FIRST_SECONDS")
                .and_then(|s| s.parse::<u64>().ok())
                .filter(|s| (1..=3600).contains(s))
                .unwrap_or(crate::delivery::FIRST_DELAY_S),
            quiz_emails_per_day: get("QUIZ_EMAILS_PER_DAY")
                .and_then(|n| n.parse::<u32>().ok())
                .filter(|n| *n <= 10_000)
                .unwrap_or(crate::quota::QUIZ_EMAILS_PER_DAY),
            alert_emails_per_day: get("ALERT_EMAILS_PER_DAY")
                .and_then(|n| n.parse::<u32>().ok())
                .filter(|n| *n <= MAX_EMAILS_PER_DAY)
                .unwrap_or(crate::searches::alerts::ALERT_EMAILS_PER_DAY),
            site_url,
            alert_webhook,
            upload_bytes_per_client_per_day: {
                let c = &content.forms.concierge;
                let submissions = u64::from(budget.concierge_per_client_per_day);
                get("UPLOAD_BYTES_PER_CLIENT_PER_DAY")
                    .and_then(|n| n.parse::<u64>().ok())
                    .filter(|n| *n >= 1)
                    .unwrap_or(submissions.saturating_mul(c.max_file_bytes * c.documents.len() as u64))
                    .min(budget.upload_bytes_per_day)
            },
            budget,
            bot_check,
            handoffs,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::content;
    use std::collections::HashMap;

    const SECRET: &str = "0123456789abcdef0123456789abcdef";

    const COUNTING: &str = "counting-0123456789abcdef0123456789";

    const SEARCHES: &str = "saved-search-0123456789abcdef0123456789";

    /// `vars`, with a COUNTING_SECRET and a SAVED_SEARCH_SECRET unless they name one (an empty one
    /// is unset).
    fn settings(vars: &[(&str, &str)]) -> Result<Settings, Vec<String>> {
        let mut vars: HashMap<String, String> = vars.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        vars.entry("COUNTING_SECRET".into()).or_insert_with(|| COUNTING.into());
        vars.entry("SAVED_SEARCH_SECRET".into()).or_insert_with(|| SEARCHES.into());
        Settings::from_lookup(|k| vars.get(k).cloned(), content())
    }

    const DEPLOYED: [(&str, &str); 7] = [
        ("EMAILJS_PUBLIC_KEY", "pub"),
        ("EMAILJS_PRIVATE_KEY", "priv"),
        ("EMAILJS_SERVICE_ID", "svc"),
        ("EMAILJS_TEMPLATE_ID", "tpl"),
        ("DOCUMENT_LINK_SECRET", SECRET),
        ("AGENT_EMAIL", "agent@example.com"),
        ("SITE_URL", "https://movetojax.com/"),
    ];

    #[test]
    fn local_development_without_a_key_sends_to_the_outbox_and_content_gives_the_agent() {
        let s = settings(&[
            ("LOCAL_DEVELOPMENT", "true"),
            ("EMAILJS_PUBLIC_KEY", "  "),
            ("DOCUMENT_LINK_SECRET", SECRET),
            ("DOCUMENT_LINK_DAYS", "0"),
        ])
        .unwrap();
        assert_eq!(s.emailjs, None);
        assert_eq!(s.agent_email, content().agent_email);
        assert_eq!(s.link_lifetime_s, 14 * 86_400);
        assert_eq!(s.retry_first_s, 60);
        assert_eq!(s.quiz_emails_per_day, 5);
        assert_eq!(s.alert_emails_per_day, 100);
        assert_eq!(s.site_url, content().base_url.trim_end_matches('/'));
        assert_eq!(s.retention_s, 30 * 86_400);
        assert_eq!(s.keys.current_link().secret, SECRET.as_bytes());
        assert_eq!(s.keys.links_for(None).count(), 1, "no previous link key unless set");
        assert_eq!(s.alert_webhook, None);
        assert_eq!(s.budget.emails_per_day, content().forms.budget.emails_per_day);
        assert_eq!(s.bot_check, None, "no keys: the bot check is off");
    }

    #[test]
    fn a_preview_sends_no_email_even_with_emailjs_keys() {
        let mut preview = DEPLOYED.to_vec();
        preview.push((PREVIEW, "true"));
        assert_eq!(settings(&preview).unwrap().emailjs, None, "the outbox, not EmailJS");
        assert_eq!(settings(&[(PREVIEW, "true"), ("DOCUMENT_LINK_SECRET", SECRET)]).unwrap().emailjs, None);
        // Still a link secret of its own, and only "true" makes a preview.
        assert_eq!(settings(&[(PREVIEW, "true")]).unwrap_err(), ["DOCUMENT_LINK_SECRET"]);
        preview.pop();
        preview.push((PREVIEW, "1"));
        assert!(settings(&preview).unwrap().emailjs.is_some());
    }

    /// The misconfiguration matrix: each EmailJS setting or the link secret missing, or the secret
    /// too short, and there are no settings — only the names of what is missing.
    #[test]
    fn a_deployment_missing_any_setting_has_none_and_names_what_is_missing() {
        assert!(settings(&DEPLOYED).is_ok());
        for (i, (name, _)) in DEPLOYED.iter().enumerate() {
            let without: Vec<_> = DEPLOYED.iter().enumerate().filter(|(j, _)| *j != i).map(|(_, v)| *v).collect();
            assert_eq!(settings(&without).unwrap_err(), [name.to_string()], "without {name}");
        }
        let mut short = DEPLOYED.to_vec();
        short[4] = ("DOCUMENT_LINK_SECRET", "local-development-only");
        assert_eq!(settings(&short).unwrap_err(), ["DOCUMENT_LINK_SECRET (at least 32 bytes)"]);
        // The counting secret too, and a previous link secret, if set, as long as a current one.
        assert_eq!(settings(&[&DEPLOYED[..], &[("COUNTING_SECRET", "")]].concat()).unwrap_err(), ["COUNTING_SECRET"]);
        assert_eq!(
            settings(&[&DEPLOYED[..], &[("COUNTING_SECRET", "short")]].concat()).unwrap_err(),
            ["COUNTING_SECRET (at least 32 bytes)"]
        );
        assert_eq!(
            settings(&[&DEPLOYED[..], &[("DOCUMENT_LINK_SECRET_PREVIOUS", "short")]].concat()).unwrap_err(),
            ["DOCUMENT_LINK_SECRET_PREVIOUS (at least 32 bytes)"]
        );
        // The saved searches' secret likewise, and its previous one if set.
        assert_eq!(
            settings(&[&DEPLOYED[..], &[("SAVED_SEARCH_SECRET", "")]].concat()).unwrap_err(),
            ["SAVED_SEARCH_SECRET"]
        );
        assert_eq!(
            settings(&[&DEPLOYED[..], &[("SAVED_SEARCH_SECRET_PREVIOUS", "short")]].concat()).unwrap_err(),
            ["SAVED_SEARCH_SECRET_PREVIOUS (at least 32 bytes)"]
        );
        // Rotated: links the previous secret signed still check out.
        let old = SearchKeys::new(SEARCHES.as_bytes(), None);
        let token = old.address_token(&old.address_of("ana@example.com"), 0, 1_000);
        let rotated = settings(
            &[&DEPLOYED[..], &[("SAVED_SEARCH_SECRET", COUNTING), ("SAVED_SEARCH_SECRET_PREVIOUS", SEARCHES)]].concat(),
        )
        .unwrap();
        assert!(rotated.keys.searches.check_address(&token, 2_000).is_ok());
        let rotated = settings(&[&DEPLOYED[..], &[("DOCUMENT_LINK_SECRET_PREVIOUS", COUNTING)]].concat()).unwrap();
        let previous = crate::keys::Keyring::new(COUNTING.as_bytes(), None, b"", SearchKeys::new(b"", None))
            .current_link()
            .id
            .clone();
        assert_eq!(rotated.keys.links_for(Some(&previous)).next().unwrap().secret, COUNTING.as_bytes());
        // Documents must outlive their links.
        let mut brief = DEPLOYED.to_vec();
        brief.push(("DOCUMENT_RETENTION_DAYS", "13"));
        assert_eq!(settings(&brief).unwrap_err(), ["DOCUMENT_RETENTION_DAYS (at least DOCUMENT_LINK_DAYS, 14)"]);
        brief.push(("DOCUMENT_LINK_DAYS", "7"));
        assert!(settings(&brief).is_ok());
        // A second channel must be one that can carry an alert.
        let mut webhook = DEPLOYED.to_vec();
        webhook.push(("ALERT_WEBHOOK_URL", "http://example.com/hook"));
        assert_eq!(settings(&webhook).unwrap_err(), ["ALERT_WEBHOOK_URL (an https:// URL)"]);
        webhook[DEPLOYED.len()] = ("ALERT_WEBHOOK_URL", "https://ntfy.sh/move-to-jax");
        assert_eq!(settings(&webhook).unwrap().alert_webhook.as_deref(), Some("https://ntfy.sh/move-to-jax"));
        // The bot check takes both its keys or neither, and verifies only where a token can go.
        let mut half = DEPLOYED.to_vec();
        half.push(("TURNSTILE_SITE_KEY", "site"));
        assert_eq!(settings(&half).unwrap_err(), ["TURNSTILE_SECRET_KEY (with TURNSTILE_SITE_KEY)"]);
        half[DEPLOYED.len()] = ("TURNSTILE_SECRET_KEY", "secret");
        assert_eq!(settings(&half).unwrap_err(), ["TURNSTILE_SITE_KEY (with TURNSTILE_SECRET_KEY)"]);
        half.push(("TURNSTILE_SITE_KEY", "site"));
        assert_eq!(settings(&half).unwrap().bot_check.unwrap().verify_url, VERIFY_URL);
        half.push(("TURNSTILE_VERIFY_URL", "http://example.com/siteverify"));
        assert_eq!(settings(&half).unwrap_err(), ["TURNSTILE_VERIFY_URL (an https:// URL)"]);
        // Nothing set: every name, and never the outbox (a missing key is not local development).
        assert_eq!(
            settings(&[]).unwrap_err(),
            [
                "EMAILJS_PUBLIC_KEY",
                "EMAILJS_PRIVATE_KEY",
                "EMAILJS_SERVICE_ID",
                "EMAILJS_TEMPLATE_ID",
                "DOCUMENT_LINK_SECRET",
                "AGENT_EMAIL",
                "SITE_URL"
            ]
        );
        // Links lead to the site's own address, never one a request names: SITE_URL must be one.
        assert_eq!(settings(&DEPLOYED).unwrap().site_url, "https://movetojax.com");
        let mut plain = DEPLOYED.to_vec();
        plain[6] = ("SITE_URL", "http://movetojax.com");
        assert_eq!(settings(&plain).unwrap_err(), ["SITE_URL (an https:// URL)"]);
        // Only a value of "true" means local development; even there the link secret is required.
        assert!(settings(&[("LOCAL_DEVELOPMENT", "1"), ("DOCUMENT_LINK_SECRET", SECRET)]).is_err());
        assert_eq!(settings(&[("LOCAL_DEVELOPMENT", "true")]).unwrap_err(), ["DOCUMENT_LINK_SECRET"]);
        // One template per form stands in for EMAILJS_TEMPLATE_ID only if every form has one.
        let mut per_form: Vec<(String, String)> =
            DEPLOYED[..3].iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        per_form.push(("DOCUMENT_LINK_SECRET".into(), SECRET.into()));
        per_form.push(("AGENT_EMAIL".into(), "agent@example.com".into()));
        per_form.push(("SITE_URL".into(), "https://movetojax.com".into()));
        per_form.extend(templated().map(|f| (template_var(f), format!("tpl-{}", f.name()))));
        let vars: Vec<(&str, &str)> = per_form.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        assert!(settings(&vars).is_ok());
        assert_eq!(settings(&vars[..vars.len() - 1]).unwrap_err(), ["EMAILJS_TEMPLATE_ID"]);
    }

    #[test]
    fn emailjs_is_reached_over_https_or_on_this_machine() {
        let with = |url: &'static str| {
            settings(&[
                ("EMAILJS_PUBLIC_KEY", "pub"),
                ("EMAILJS_PRIVATE_KEY", "priv"),
                ("EMAILJS_SERVICE_ID", "svc"),
                ("EMAILJS_TEMPLATE_ID", "tpl"),
                ("EMAILJS_API_URL", url),
                ("AGENT_EMAIL", "agent@example.com"),
                ("SITE_URL", "https://movetojax.com"),
                ("DOCUMENT_LINK_SECRET", SECRET),
            ])
        };
        assert_eq!(with("http://api.emailjs.com").unwrap_err(), ["EMAILJS_API_URL (an https:// URL)"]);
        assert!(with("https://api.emailjs.com").is_ok() && with("http://127.0.0.1:9").is_ok());
    }

    #[test]
    fn every_setting_is_read() {
        let s = settings(&[
            ("EMAILJS_PUBLIC_KEY", "pub"),
            ("EMAILJS_PRIVATE_KEY", "priv"),
            ("EMAILJS_SERVICE_ID", "svc"),
            ("EMAILJS_TEMPLATE_ID", "tpl"),
            ("EMAILJS_TEMPLATE_ID_QUIZ", "tpl-quiz"),
            ("EMAILJS_API_URL", "http://127.0.0.1:9/"),
            ("AGENT_EMAIL", "agent@example.com"),
            ("SITE_URL", "http://127.0.0.1:8787/"),
            ("DOCUMENT_LINK_SECRET", SECRET),
            ("DOCUMENT_LINK_DAYS", "3"),
            ("EMAIL_RETRY_FIRST_SECONDS", "1"),
            ("QUIZ_EMAILS_PER_DAY", "0"),
            ("DOCUMENT_RETENTION_DAYS", "3"),
            ("EMAILS_PER_DAY", "7"),
            ("CONCIERGE_PER_CLIENT_PER_DAY", "2"),
            ("UPLOAD_BYTES_PER_DAY", "20000000"),
            ("UNVERIFIED_EMAILS_PER_DAY", "9"),
            ("UNVERIFIED_PER_CLIENT_PER_HOUR", "2"),
            ("CONFIRMATION_EMAILS_PER_DAY", "11"),
            ("CONFIRMATIONS_PER_CLIENT_PER_DAY", "4"),
            ("CRM_LEADS_PER_DAY", "12"),
            ("TURNSTILE_SITE_KEY", "site"),
            ("TURNSTILE_SECRET_KEY", "secret"),
            ("TURNSTILE_VERIFY_URL", "http://127.0.0.1:9/siteverify"),
        ])
        .unwrap();
        assert_eq!(
            (s.budget.emails_per_day, s.budget.concierge_per_client_per_day, s.budget.upload_bytes_per_day),
            (7, 2, 20_000_000)
        );
        let b = &s.budget;
        assert_eq!(
            (b.confirmation_emails_per_day, b.confirmations_per_client_per_day, b.crm_leads_per_day),
            (11, 4, 12)
        );
        // No more of the day's e-mails for unverified posts than the day has.
        assert_eq!((s.budget.unverified_emails_per_day, s.budget.unverified_per_client_per_hour), (7, 2));
        let keys = s.bot_check.as_ref().unwrap();
        assert_eq!((keys.site_key.as_str(), keys.secret_key.as_str()), ("site", "secret"));
        assert_eq!(keys.verify_url, "http://127.0.0.1:9/siteverify");
        let e = s.emailjs.as_ref().unwrap();
        assert_eq!(e.api_url, "http://127.0.0.1:9");
        assert_eq!(e.template_for(FormKind::Quiz), Some("tpl-quiz"));
        assert_eq!(e.template_for(FormKind::Lead), Some("tpl"));
        assert_eq!(e.private_key.as_deref(), Some("priv"));
        assert_eq!(s.agent_email, "agent@example.com");
        assert_eq!(s.site_url, "http://127.0.0.1:8787");
        assert_eq!(s.link_lifetime_s, 3 * 86_400);
        assert_eq!(s.retry_first_s, 1);
        assert_eq!(s.quiz_emails_per_day, 0);
        assert_eq!(s.retention_s, 3 * 86_400);
        // The variables deployments set (docs/deploy.md, scripts/worker-env.sh), as they were named.
        assert_eq!(
            templated().map(template_var).collect::<Vec<_>>(),
            [
                "EMAILJS_TEMPLATE_ID_LEAD",
                "EMAILJS_TEMPLATE_ID_LISTING_REQUEST",
                "EMAILJS_TEMPLATE_ID_CONTACT",
                "EMAILJS_TEMPLATE_ID_QUIZ",
                "EMAILJS_TEMPLATE_ID_CONCIERGE",
                "EMAILJS_TEMPLATE_ID_SEARCH_CONFIRM",
                "EMAILJS_TEMPLATE_ID_SEARCH_ALERT",
            ]
        );
    }
}
