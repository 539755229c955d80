//! The second channel to the agent, for when e-mail itself may be down: ALERT_WEBHOOK_URL (any
//! HTTPS endpoint taking a JSON POST — ntfy, Slack, a phone push service) is told when an e-mail is
//! given up on, when a notice of those could not be delivered, when the day's e-mail budget is
//! reached and when uploads are paused. The body carries the same words under the names those
//! services read: `text` (Slack), `message` and `title` (ntfy, push services).

use crate::domain::notice::Parked;
use serde_json::json;

/// What happened, in words for a phone's lock screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Alert {
    pub event: &'static str,
    pub title: String,
    pub text: String,
}

impl Alert {
    /// A visitor's e-mail given up on (kept in storage, listed in the next notice).
    pub fn parked(p: &Parked) -> Alert {
        let who = if p.who.is_empty() { String::new() } else { format!(" from “{}”", p.who) };
        Alert {
            event: "email-parked",
            title: "A website e-mail could not be delivered".into(),
            text: format!(
                "The {} e-mail{who} was given up on after {} attempts ({}). It is kept at submissions/{}.json; \
                 the day's notice lists it.",
                p.form, p.attempts, p.reason, p.id
            ),
        }
    }

    /// A notice of e-mails given up on that could not be delivered itself: its whole text.
    pub fn notice(subject: &str, message: &str) -> Alert {
        Alert { event: "notice-parked", title: subject.into(), text: message.into() }
    }

    /// The day's e-mail budget is spent: leads are held for the morning digest.
    pub fn budget(emails_per_day: u32) -> Alert {
        Alert {
            event: "email-budget",
            title: "The website's e-mail budget for today is spent".into(),
            text: format!(
                "The website sent today's {emails_per_day} e-mails. Further requests are kept and listed in tomorrow \
                 morning's digest; none is lost. A flood of posts may be under way."
            ),
        }
    }

    /// The day's share of e-mails for requests without the bot check is spent: more of them wait
    /// for the digest, while requests the check saw are still sent one by one.
    pub fn unverified(share: u32) -> Alert {
        Alert {
            event: "email-unverified",
            title: "Many website requests arrive without the spam check today".into(),
            text: format!(
                "The website sent today's {share} e-mails for requests sent without its spam check (no JavaScript,                  or a script). Further ones are kept and listed in tomorrow morning's digest; requests the check saw                  are still sent at once. A flood of posts may be under way."
            ),
        }
    }

    /// The day's upload budget is spent: uploads pause until the next (UTC) day.
    pub fn uploads_paused(bytes_per_day: u64) -> Alert {
        Alert {
            event: "uploads-paused",
            title: "Client Concierge uploads are paused".into(),
            text: format!(
                "Visitors uploaded today's {} MB of documents, so uploads are paused until tomorrow (UTC). If this is \
                 real demand, raise budget.upload_bytes_per_day in content/forms.yaml.",
                bytes_per_day / 1_000_000
            ),
        }
    }

    /// The JSON body posted.
    pub fn body(&self) -> serde_json::Value {
        json!({ "event": self.event, "title": self.title, "text": self.text, "message": self.text })
    }
}

/// Whether `url` may receive alerts: HTTPS, or plain HTTP on this machine (local runs, tests).
pub fn is_webhook_url(url: &str) -> bool {
    let host = |rest: &str| {
        let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
        authority.rsplit_once(':').map_or(authority, |(host, _)| host).to_string()
    };
    let plain = !url.contains(char::is_whitespace);
    match (url.strip_prefix("https://"), url.strip_prefix("http://")) {
        (Some(rest), _) => plain && !host(rest).is_empty(),
        (_, Some(rest)) => plain && matches!(host(rest).as_str(), "127.0.0.1" | "localhost"),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_alert_says_what_happened_under_every_name_a_service_reads() {
        let p = Parked {
            id: "1700000000000-lead-00000000000000aa".into(),
            form: "lead".into(),
            received_ms: 1_700_000_000_000,
            who: "Ana Ruiz <ana@example.com>".into(),
            reason: "EmailJS answered 400".into(),
            attempts: 3,
            told: None,
            listed: None,
        };
        let a = Alert::parked(&p);
        assert_eq!(
            a.text,
            "The lead e-mail from “Ana Ruiz <ana@example.com>” was given up on after 3 attempts (EmailJS answered 400). \
             It is kept at submissions/1700000000000-lead-00000000000000aa.json; the day's notice lists it."
        );
        let body = a.body();
        assert_eq!(body["event"], "email-parked");
        assert_eq!(body["title"], "A website e-mail could not be delivered");
        assert_eq!(body["text"], a.text);
        assert_eq!(body["message"], a.text);
    }

    #[test]
    fn only_https_or_this_machine_receives_alerts() {
        for ok in ["https://ntfy.sh/move-to-jax", "http://127.0.0.1:9000/hook", "http://localhost:1/x"] {
            assert!(is_webhook_url(ok), "{ok}");
        }
        for bad in ["http://example.com/hook", "ftp://x", "https://", "https://a b", "", "http://127.0.0.1.evil.com/x"]
        {
            assert!(!is_webhook_url(bad), "{bad}");
        }
    }
}
