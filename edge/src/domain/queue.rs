//! No lead is lost: every accepted submission is recorded in R2 before it is e-mailed. A record
//! stays at `submissions/<id>.json` for good; while it is undelivered a marker `pending/<id>`
//! names it for the scheduled retries. This module holds the record and the EmailJS request.

use crate::domain::delivery::{retry_delay, Outcome};
use crate::domain::email::Params;
use crate::domain::settings::EmailJs;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

pub const RECORDS: &str = "submissions/";
pub const PENDING: &str = "pending/";
/// E-mails kept instead of sent in local development without EmailJS.
pub const OUTBOX: &str = "outbox/";

/// What EmailJS's own browser SDK sends as `lib_version`; the REST API takes the same field.
pub const LIB_VERSION: &str = "4.4.1";

/// One e-mail owed, and what became of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Delivery {
    pub id: String,
    /// lead, listing-request, contact, quiz or concierge.
    pub form: String,
    pub received_ms: u64,
    pub params: BTreeMap<String, String>,
    pub attempts: u32,
    pub next_attempt_ms: u64,
    #[serde(default)]
    pub last_outcome: Option<String>,
    #[serde(default)]
    pub delivered_ms: Option<u64>,
}

impl Delivery {
    pub fn new(id: String, form: &str, params: &Params, now_ms: u64) -> Delivery {
        Delivery {
            id,
            form: form.into(),
            received_ms: now_ms,
            params: params.0.iter().map(|(k, v)| (k.to_string(), v.clone())).collect(),
            attempts: 0,
            next_attempt_ms: now_ms,
            last_outcome: None,
            delivered_ms: None,
        }
    }

    pub fn record_key(&self) -> String {
        record_key(&self.id)
    }

    pub fn pending_key(&self) -> String {
        format!("{PENDING}{}", self.id)
    }

    /// Note an attempt's outcome: delivered, or when to try again (the first retry `first_retry_s`
    /// after the first failure).
    pub fn attempted(&mut self, outcome: Outcome, now_ms: u64, first_retry_s: u64) {
        self.attempts += 1;
        self.last_outcome = Some(outcome.describe());
        if outcome == Outcome::Sent {
            self.delivered_ms = Some(now_ms);
        } else {
            self.next_attempt_ms = now_ms + retry_delay(first_retry_s, self.attempts) * 1000;
        }
    }

    pub fn is_due(&self, now_ms: u64) -> bool {
        self.delivered_ms.is_none() && self.next_attempt_ms <= now_ms
    }
}

/// Where the record of delivery `id` is kept.
pub fn record_key(id: &str) -> String {
    format!("{RECORDS}{id}.json")
}

/// The id in a pending marker's key.
pub fn id_of_pending(key: &str) -> Option<&str> {
    key.strip_prefix(PENDING).filter(|id| is_id(id))
}

/// Ids are `<ms>-<form>-<16 hex>`: sortable by arrival and safe in a key.
pub fn new_id(now_ms: u64, form: &str, random: u64) -> String {
    format!("{now_ms:013}-{form}-{random:016x}")
}

fn is_id(s: &str) -> bool {
    !s.is_empty() && s.len() <= 80 && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
}

/// `POST {api_url}/api/v1.0/email/send` and its JSON body, or why it cannot be sent.
pub fn emailjs_request(e: &EmailJs, d: &Delivery) -> Result<(String, serde_json::Value), Outcome> {
    let (Some(service), Some(template)) = (e.service_id.as_deref(), e.template_for(&d.form)) else {
        return Err(Outcome::NotConfigured);
    };
    let mut body = serde_json::json!({
        "lib_version": LIB_VERSION,
        "user_id": e.public_key,
        "service_id": service,
        "template_id": template,
        "template_params": d.params,
    });
    if let Some(token) = &e.private_key {
        body["accessToken"] = token.clone().into();
    }
    Ok((format!("{}/api/v1.0/email/send", e.api_url), body))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn emailjs(service: Option<&str>) -> EmailJs {
        EmailJs {
            api_url: "http://127.0.0.1:9".into(),
            public_key: "pub".into(),
            private_key: Some("priv".into()),
            service_id: service.map(Into::into),
            template_id: Some("tpl".into()),
            form_templates: vec![("quiz", "tpl-quiz".into())],
        }
    }

    fn delivery(form: &str) -> Delivery {
        let params = Params([("subject", "Hi".to_string())].into_iter().collect());
        Delivery::new(new_id(1_700_000_000_000, form, 0xabc), form, &params, 1_700_000_000_000)
    }

    #[test]
    fn the_request_is_what_emailjs_takes() {
        let (url, body) = emailjs_request(&emailjs(Some("svc")), &delivery("quiz")).unwrap();
        assert_eq!(url, "http://127.0.0.1:9/api/v1.0/email/send");
        assert_eq!(
            body,
            serde_json::json!({"lib_version": LIB_VERSION, "user_id": "pub", "service_id": "svc", "template_id": "tpl-quiz",
                "template_params": {"subject": "Hi"}, "accessToken": "priv"})
        );
        assert_eq!(emailjs_request(&emailjs(None), &delivery("lead")).unwrap_err(), Outcome::NotConfigured);
    }

    #[test]
    fn a_failed_delivery_waits_and_a_sent_one_is_done() {
        let mut d = delivery("contact");
        assert_eq!(d.id, "1700000000000-contact-0000000000000abc");
        assert_eq!(id_of_pending(&d.pending_key()), Some(d.id.as_str()));
        assert_eq!(id_of_pending("pending/../x"), None);
        assert!(d.is_due(d.received_ms));
        d.attempted(Outcome::RateLimited, d.received_ms, 60);
        assert!(!d.is_due(d.received_ms + 59_999));
        assert!(d.is_due(d.received_ms + 60_000));
        assert_eq!(d.last_outcome.as_deref(), Some("EmailJS rate limit (429)"));
        d.attempted(Outcome::Sent, d.received_ms + 60_000, 60);
        assert_eq!(d.delivered_ms, Some(d.received_ms + 60_000));
        assert!(!d.is_due(u64::MAX));
        let json = serde_json::to_string(&d).unwrap();
        assert_eq!(serde_json::from_str::<Delivery>(&json).unwrap(), d);
    }
}
