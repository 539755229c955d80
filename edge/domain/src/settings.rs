//! The worker's settings: wrangler vars and secrets (locally, an env file written from the process
//! environment by scripts/worker-env.sh), with defaults from content. Read through a lookup so this
//! is tested on the host. A missing setting closes the door: without EmailJS (outside local
//! development) or a long enough link secret there are no settings, and the API answers 503.

use crate::bot_check::{Keys, VERIFY_URL};
use crate::content::Content;
use crate::crm::Handoffs;
use crate::email::EmailJs;
use crate::keys::Keyring;
use jax_model::forms::Budget;
use secrets::Secrets;

mod budget;
mod emailjs;
mod secrets;
#[cfg(test)]
mod tests;

pub use budget::MAX_EMAILS_PER_DAY;
pub use emailjs::{template_var, templated, EMAILJS_API_URL};
pub use secrets::MIN_LINK_SECRET_BYTES;

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

impl Settings {
    /// The settings, or what is missing, by name (for the log line of every refused request).
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>, content: &Content) -> Result<Settings, Vec<String>> {
        let get = |name: &str| lookup(name).map(|v| v.trim().to_string()).filter(|v| !v.is_empty());
        let local = get(LOCAL_DEVELOPMENT).as_deref() == Some("true");
        let preview = is_preview(&lookup);
        let mut missing = Vec::new();
        let emailjs = emailjs::read(get, local, preview, &mut missing);
        let secrets = Secrets::read(get, &mut missing);
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
        let budget = budget::budget(get, content);
        Ok(Settings {
            emailjs,
            agent_email,
            keys: secrets.keyring(),
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
            upload_bytes_per_client_per_day: budget::upload_bytes_per_client_per_day(get, content, &budget),
            budget,
            bot_check,
            handoffs,
        })
    }
}
