//! The worker's settings: wrangler vars and secrets (locally, `.dev.vars` written from the
//! process environment), with defaults from content. Read through a lookup so this is tested on
//! the host.

use crate::domain::content::Content;

/// EmailJS's API origin.
pub const EMAILJS_API_URL: &str = "https://api.emailjs.com";
/// How long a document link stays valid unless DOCUMENT_LINK_DAYS says otherwise.
pub const LINK_DAYS: u64 = 14;
/// Signs document links when DOCUMENT_LINK_SECRET is unset: fine on a laptop, refused once EmailJS
/// is configured (a deployment), where the links would otherwise be forgeable.
const LOCAL_LINK_SECRET: &str = "local-development-only";

/// The forms that send e-mail, as they name their template variables and records.
pub const FORMS: [&str; 5] = ["lead", "listing-request", "contact", "quiz", "concierge"];

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EmailJs {
    pub api_url: String,
    /// user_id.
    pub public_key: String,
    /// accessToken (needs "allow API calls from non-browser applications").
    pub private_key: Option<String>,
    pub service_id: Option<String>,
    /// EMAILJS_TEMPLATE_ID, or EMAILJS_TEMPLATE_ID_<FORM> for one form.
    pub template_id: Option<String>,
    pub form_templates: Vec<(&'static str, String)>,
}

impl EmailJs {
    pub fn template_for(&self, form: &str) -> Option<&str> {
        self.form_templates
            .iter()
            .find(|(f, _)| *f == form)
            .map(|(_, t)| t.as_str())
            .or(self.template_id.as_deref())
    }
}

#[derive(Debug, Clone)]
pub struct Settings {
    /// None: no key set, so e-mails go to the local outbox.
    pub emailjs: Option<EmailJs>,
    pub agent_email: String,
    pub link_secret: Vec<u8>,
    /// True when no DOCUMENT_LINK_SECRET is set.
    pub link_secret_is_local: bool,
    pub link_lifetime_s: u64,
    /// Seconds before the first retry of a failed e-mail (EMAIL_RETRY_FIRST_SECONDS; tests shorten it).
    pub retry_first_s: u64,
}

/// `EMAILJS_TEMPLATE_ID_LISTING_REQUEST` for "listing-request".
pub fn template_var(form: &str) -> String {
    format!("EMAILJS_TEMPLATE_ID_{}", form.replace('-', "_").to_ascii_uppercase())
}

impl Settings {
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>, content: &Content) -> Settings {
        let get = |name: &str| lookup(name).map(|v| v.trim().to_string()).filter(|v| !v.is_empty());
        let emailjs = get("EMAILJS_PUBLIC_KEY").map(|public_key| EmailJs {
            api_url: get("EMAILJS_API_URL").unwrap_or_else(|| EMAILJS_API_URL.into()).trim_end_matches('/').to_string(),
            public_key,
            private_key: get("EMAILJS_PRIVATE_KEY"),
            service_id: get("EMAILJS_SERVICE_ID"),
            template_id: get("EMAILJS_TEMPLATE_ID"),
            form_templates: FORMS.iter().filter_map(|f| get(&template_var(f)).map(|t| (*f, t))).collect(),
        });
        let secret = get("DOCUMENT_LINK_SECRET");
        Settings {
            emailjs,
            agent_email: get("AGENT_EMAIL").unwrap_or_else(|| content.agent_email.clone()),
            link_secret_is_local: secret.is_none(),
            link_secret: secret.unwrap_or_else(|| LOCAL_LINK_SECRET.into()).into_bytes(),
            link_lifetime_s: get("DOCUMENT_LINK_DAYS")
                .and_then(|d| d.parse::<u64>().ok())
                .filter(|d| (1..=365).contains(d))
                .unwrap_or(LINK_DAYS)
                * 24
                * 60
                * 60,
            retry_first_s: get("EMAIL_RETRY_FIRST_SECONDS")
                .and_then(|s| s.parse::<u64>().ok())
                .filter(|s| (1..=3600).contains(s))
                .unwrap_or(crate::domain::delivery::FIRST_DELAY_S),
        }
    }

    /// Document links may be handed out: signed with a real secret, or by a local run.
    pub fn can_sign_links(&self) -> bool {
        !(self.link_secret_is_local && self.emailjs.is_some())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::content::content;
    use std::collections::HashMap;

    fn settings(vars: &[(&str, &str)]) -> Settings {
        let vars: HashMap<String, String> = vars.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        Settings::from_lookup(|k| vars.get(k).cloned(), content())
    }

    #[test]
    fn without_a_key_mail_goes_to_the_outbox_and_content_gives_the_agent() {
        let s = settings(&[("EMAILJS_PUBLIC_KEY", "  "), ("DOCUMENT_LINK_DAYS", "0")]);
        assert_eq!(s.emailjs, None);
        assert_eq!(s.agent_email, content().agent_email);
        assert_eq!(s.link_lifetime_s, 14 * 86_400);
        assert_eq!(s.retry_first_s, 60);
        assert!(s.can_sign_links());
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
            ("DOCUMENT_LINK_DAYS", "3"),
            ("EMAIL_RETRY_FIRST_SECONDS", "1"),
        ]);
        let e = s.emailjs.as_ref().unwrap();
        assert_eq!(e.api_url, "http://127.0.0.1:9");
        assert_eq!(e.template_for("quiz"), Some("tpl-quiz"));
        assert_eq!(e.template_for("lead"), Some("tpl"));
        assert_eq!(e.private_key.as_deref(), Some("priv"));
        assert_eq!(s.agent_email, "agent@example.com");
        assert_eq!(s.link_lifetime_s, 3 * 86_400);
        assert_eq!(s.retry_first_s, 1);
        assert_eq!(template_var("listing-request"), "EMAILJS_TEMPLATE_ID_LISTING_REQUEST");
        // A deployment must sign links with its own secret.
        assert!(!s.can_sign_links());
        assert!(settings(&[("EMAILJS_PUBLIC_KEY", "pub"), ("DOCUMENT_LINK_SECRET", "s3cret")]).can_sign_links());
    }
}
