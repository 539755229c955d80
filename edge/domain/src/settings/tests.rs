use super::*;
use crate::bot_check::VERIFY_URL;
use crate::content::content;
use crate::form::FormKind;
use crate::searches::links::SearchKeys;
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
    let previous =
        crate::keys::Keyring::new(COUNTING.as_bytes(), None, b"", SearchKeys::new(b"", None)).current_link().id.clone();
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
    assert_eq!((b.confirmation_emails_per_day, b.confirmations_per_client_per_day, b.crm_leads_per_day), (11, 4, 12));
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
