//! The second channel to the agent, for when e-mail itself may be down: ALERT_WEBHOOK_URL (any
//! HTTPS endpoint taking a JSON POST — ntfy, Slack, a phone push service) is told when an e-mail is
//! given up on, when a notice of those could not be delivered, when the day's e-mail budget is
//! reached and when uploads are paused. The body carries the same words under the names those
//! services read: `text` (Slack), `message` and `title` (ntfy, push services).

use crate::notice::{Parked, HANDOFF};
use serde_json::json;

/// What happened, in words for a phone's lock screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Alert {
    pub event: &'static str,
    pub title: String,
    pub text: String,
}

impl Alert {
    /// A visitor's e-mail given up on (kept in storage, listed in the next notice). Named by its
    /// record only: the webhook's service is not hers to trust with a client's name or address
    /// (the day's notice, an e-mail to her, says whose it was).
    pub fn parked(p: &Parked) -> Alert {
        // A CRM hand-off says so (notice::Parked::of); her e-mail of that lead went its own way.
        let (event, title, what) = match p.what.contains(HANDOFF) {
            true => ("handoff-parked", "A lead could not be handed to your CRM", p.what.clone()),
            false => ("email-parked", "A website e-mail could not be delivered", format!("{} e-mail", p.what)),
        };
        Alert {
            event,
            title: title.into(),
            text: format!(
                "The {what} was given up on after {} attempts ({}). It is kept at submissions/{}.json; \
                 the day's notice lists it.",
                p.attempts, p.reason, p.id
            ),
        }
    }

    /// Follow Up Boss answered 204: the lead flow of the site's source is archived, so it ignores
    /// every lead the site hands it (told once, until it takes one again).
    pub fn archived(crm: &str, source: &str) -> Alert {
        Alert {
            event: "crm-archived",
            title: "Your CRM is ignoring the website's leads".into(),
            text: format!(
                "{crm} answered 204: the lead flow for {source} is archived, so it ignored the lead. Leads still \
                 reach you by e-mail. Restore the lead flow in {crm}'s settings."
            ),
        }
    }

    /// A record given up on that no notice ever reached her, deleted at its retention's end: the
    /// last word of it (by its id only; what it said is gone with it).
    pub fn expired_untold(id: &str, retention_days: u64) -> Alert {
        Alert {
            event: "record-expired-untold",
            title: "A website request was deleted unread".into(),
            text: format!(
                "The e-mail for submissions/{id}.json was given up on and no notice of it reached you; after \
                 {retention_days} days it has been deleted, as the privacy policy says. Check the e-mail settings."
            ),
        }
    }

    /// The day's notice of e-mails given up on (`digest`: a morning digest of held requests)
    /// could not be delivered itself: how many, and their records — never its text, which names
    /// the clients.
    pub fn undelivered(digest: bool, records: &[String]) -> Alert {
        let list: Vec<String> = records.iter().map(|id| format!("submissions/{id}.json")).collect();
        let (title, what) = if digest {
            ("The website's morning digest could not be delivered", "stay held for the next digest")
        } else {
            ("A notice of undelivered website e-mails could not be delivered", "are kept")
        };
        Alert {
            event: if digest { "digest-parked" } else { "notice-parked" },
            title: title.into(),
            text: format!("It listed {} request(s), which {what}: {}.", records.len(), list.join(", ")),
        }
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
                "The website sent today's {share} e-mails for requests sent without its spam check (no JavaScript, \
                 or a script). Further ones are kept and listed in tomorrow morning's digest; requests the check saw \
                 are still sent at once. A flood of posts may be under way."
            ),
        }
    }

    /// The day's CRM hand-offs are spent: leads still reach her e-mail, not her CRM.
    pub fn crm_spent(leads_per_day: u32) -> Alert {
        Alert {
            event: "crm-budget",
            title: "The website's CRM hand-offs for today are spent".into(),
            text: format!(
                "The website handed today's {leads_per_day} leads to your CRM. Further leads still reach your e-mail                  (or the morning digest) but not the CRM until tomorrow (UTC). A flood of posts may be under way; if                  this is real demand, raise budget.crm_leads_per_day in content/forms.yaml."
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_alert_says_what_happened_under_every_name_a_service_reads() {
        let p = Parked {
            id: "1700000000000-lead-00000000000000aa".into(),
            what: "lead".into(),
            received_ms: 1_700_000_000_000,
            who: "Ana Ruiz <ana@example.com>".into(),
            reason: "EmailJS answered 400".into(),
            attempts: 3,
            told: None,
            listed: None,
        };
        let a = Alert::parked(&p);
        // The record, never the client: the webhook's service is not the agent's to trust.
        assert_eq!(
            a.text,
            "The lead e-mail was given up on after 3 attempts (EmailJS answered 400). \
             It is kept at submissions/1700000000000-lead-00000000000000aa.json; the day's notice lists it."
        );
        let body = a.body();
        assert_eq!(body["event"], "email-parked");
        assert_eq!(body["title"], "A website e-mail could not be delivered");
        assert_eq!(body["text"], a.text);
        assert_eq!(body["message"], a.text);
        let handoff =
            Parked { what: format!("lead{HANDOFF}Follow Up Boss"), reason: "Follow Up Boss answered 502".into(), ..p };
        let a = Alert::parked(&handoff);
        assert_eq!((a.event, a.title.as_str()), ("handoff-parked", "A lead could not be handed to your CRM"));
        assert!(
            a.text.starts_with(
                "The lead hand-off to Follow Up Boss was given up on after 3 attempts (Follow Up Boss answered 502)."
            ),
            "{}",
            a.text
        );
        let archived = Alert::archived("Follow Up Boss", "movetojax.com");
        assert_eq!(archived.event, "crm-archived");
        assert!(archived.text.contains("the lead flow for movetojax.com is archived"), "{}", archived.text);
    }

    #[test]
    fn an_undelivered_notice_or_digest_is_told_by_its_records_only() {
        let ids = ["1700000000000-lead-aa".to_string(), "1700000000001-quiz-bb".to_string()];
        let notice = Alert::undelivered(false, &ids);
        assert_eq!(
            (notice.event, notice.title.as_str()),
            ("notice-parked", "A notice of undelivered website e-mails could not be delivered")
        );
        assert_eq!(
            notice.text,
            "It listed 2 request(s), which are kept: submissions/1700000000000-lead-aa.json, submissions/1700000000001-quiz-bb.json."
        );
        let digest = Alert::undelivered(true, &ids[..1]);
        assert_eq!(digest.event, "digest-parked");
        assert_eq!(
            digest.text,
            "It listed 1 request(s), which stay held for the next digest: submissions/1700000000000-lead-aa.json."
        );
    }

    #[test]
    fn the_unverified_alert_reads_as_one_sentence_per_line_break_nowhere() {
        assert!(!Alert::unverified(7).text.contains("  "), "{}", Alert::unverified(7).text);
    }
}
