//! The agent is told of every e-mail given up on: at most one notice a day, through the contact
//! form's template (it shows to_email, from_name, from_email, phone, message and subject), listing
//! each e-mail with its form, when it came, whom it concerns and why it failed. An entry counts as
//! told only once a notice listing it was delivered (or, when e-mail itself is down, the alert
//! webhook took it); until then every day's notice lists it again, and retention keeps its record.

use crate::email::{to_agent, Params};
use crate::form::FormKind;
use crate::queue::{record_key, Delivery};
use crate::words::{quoted, LEGEND};
use std::collections::HashMap;

use jax_model::calendar::date;
/// Who the notice says it is from.
const FROM_NAME: &str = "Website delivery notice";
/// Between a hand-off's form and its CRM where a parked entry says what it is: "contact hand-off to
/// Follow Up Boss".
pub const HANDOFF: &str = " hand-off to ";
/// Entries listed in one notice; the rest are counted.
const MAX_LISTED: usize = 50;

/// What a `dead/` marker keeps in its custom metadata, so a run lists them without reading each.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parked {
    pub id: String,
    /// What was given up on, as the notice and the alert name it: its form's name, and for a
    /// hand-off where it was going (kept as the marker's `form`).
    pub what: String,
    pub received_ms: u64,
    /// The visitor it came from (or, for a quiz, went to), as they typed it.
    pub who: String,
    pub reason: String,
    pub attempts: u32,
    /// The notice that told the agent (delivered); None until one did.
    pub told: Option<String>,
    /// The notice listing it, while that notice is owed.
    pub listed: Option<String>,
}

/// Custom metadata values are small: who is cut here, far below R2's 2 KB for all of them.
const WHO_MAX: usize = 200;

impl Parked {
    pub fn of(d: &Delivery) -> Parked {
        let p = |k: &str| d.params.get(k).map_or("", String::as_str);
        let who = match d.form {
            FormKind::Quiz => p("to_email").to_string(),
            _ if p("from_email").is_empty() => String::new(),
            _ => format!("{} <{}>", p("from_name"), p("from_email")),
        };
        Parked {
            id: d.id.clone(),
            // A hand-off says where it was going.
            what: match d.handoff {
                Some(h) => format!("{}{HANDOFF}{}", d.form.name(), h.name()),
                None => d.form.name().to_string(),
            },
            received_ms: d.received_ms,
            who: who.chars().take(WHO_MAX).collect(),
            reason: d.last_outcome.clone().unwrap_or_default(),
            attempts: d.attempts,
            // A notice given up on is not itself reported by e-mail (that could go on for ever): the
            // alert webhook carries it.
            told: (d.form == FormKind::Notice).then(|| d.id.clone()),
            listed: None,
        }
    }

    pub fn metadata(&self) -> HashMap<String, String> {
        let mut m: HashMap<String, String> = [
            ("form", self.what.clone()),
            ("received", self.received_ms.to_string()),
            ("who", self.who.clone()),
            ("reason", self.reason.clone()),
            ("attempts", self.attempts.to_string()),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect();
        for (key, value) in [("told", &self.told), ("listed", &self.listed)] {
            if let Some(value) = value {
                m.insert(key.into(), value.clone());
            }
        }
        m
    }

    pub fn from_metadata(id: &str, m: &HashMap<String, String>) -> Parked {
        let get = |k: &str| m.get(k).cloned().unwrap_or_default();
        Parked {
            id: id.to_string(),
            what: get("form"),
            received_ms: get("received").parse().unwrap_or(0),
            who: get("who"),
            reason: get("reason"),
            attempts: get("attempts").parse().unwrap_or(0),
            told: m.get("told").cloned(),
            listed: m.get("listed").cloned(),
        }
    }
}

/// Today's notice: one id per UTC day, so runs that race write one notice between them.
pub fn notice_id(now_ms: u64) -> String {
    format!("{}-{}", FormKind::Notice.name(), date(now_ms / 1000))
}

/// The notice's params, listing `parked` (oldest first).
pub fn params(agent_email: &str, parked: &[Parked]) -> Params {
    let n = parked.len();
    let subject = if n == 1 {
        "1 e-mail from your website could not be delivered".to_string()
    } else {
        format!("{n} e-mails from your website could not be delivered")
    };
    let mut message = format!(
        "The website gave up sending {}. Each is kept in the site's storage under the record named below; nothing was lost.\n",
        if n == 1 { "this e-mail" } else { "these e-mails" }
    );
    for p in parked.iter().take(MAX_LISTED) {
        let who = if p.who.is_empty() { String::new() } else { format!(", {}", quoted(&p.who)) };
        message.push_str(&format!(
            "\n- {} — {}{who}: {} after {} attempts. Record: {}",
            date(p.received_ms / 1000),
            p.what,
            p.reason,
            p.attempts,
            record_key(&p.id)
        ));
    }
    if n > MAX_LISTED {
        message.push_str(&format!("\n…and {} more.", n - MAX_LISTED));
    }
    message.push_str(&format!("\n\n{LEGEND}"));
    to_agent(agent_email, FROM_NAME, subject, message)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::delivery::Outcome;

    fn parked(form: FormKind, params: &[(&'static str, &str)]) -> Delivery {
        let params = Params(params.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect());
        let id = format!("1700000000000-{}-00000000000000aa", form.name());
        let mut d = Delivery::new(id, form, &params, 1_700_000_000_000);
        for _ in 0..3 {
            d.attempted(Outcome::Failed(400), 1_700_000_000_000, 1);
        }
        d
    }

    #[test]
    fn a_parked_email_survives_its_marker() {
        let p = Parked::of(&parked(FormKind::Contact, &[("from_name", "Ana Ruiz"), ("from_email", "ana@example.com")]));
        assert_eq!(p.who, "Ana Ruiz <ana@example.com>");
        assert_eq!(p.reason, "EmailJS answered 400");
        assert_eq!(p.told, None);
        assert_eq!(Parked::from_metadata(&p.id, &p.metadata()), p);
        let listed = Parked { listed: Some("notice-2023-11-14".into()), ..p.clone() };
        assert_eq!(Parked::from_metadata(&p.id, &listed.metadata()), listed);
        assert_eq!(Parked::of(&parked(FormKind::Quiz, &[("to_email", "v@example.com")])).who, "v@example.com");
        assert_eq!(Parked::of(&parked(FormKind::Concierge, &[("from_name", "Move to JAX")])).who, "");
        let lead = parked(FormKind::Contact, &[("from_name", "Ana Ruiz"), ("from_email", "ana@example.com")]);
        let handoff = Parked::of(&lead.handoff(crate::crm::Handoff::FollowUpBoss, None, 1));
        assert_eq!(
            (handoff.what.as_str(), handoff.who.as_str()),
            ("contact hand-off to Follow Up Boss", p.who.as_str())
        );
        let notice = Delivery::new(notice_id(0), FormKind::Notice, &Params(Default::default()), 0);
        assert_eq!(Parked::of(&notice).told.as_deref(), Some("notice-1970-01-01"), "a notice is never reported");
    }

    #[test]
    fn one_notice_a_day_listing_each_email_and_counting_the_rest() {
        assert_eq!(notice_id(1_700_000_000_000), "notice-2023-11-14");
        assert_eq!(notice_id(1_700_000_000_000), notice_id(1_700_000_000_000 + 3_600_000));
        let one = Parked::of(&parked(FormKind::Contact, &[("from_name", "Ana"), ("from_email", "ana@example.com")]));
        let p = params("agent@example.com", std::slice::from_ref(&one));
        assert_eq!(p.get("subject"), Some("1 e-mail from your website could not be delivered"));
        assert_eq!(p.get("to_email"), Some("agent@example.com"));
        let message = p.get("message").unwrap();
        assert!(message.contains("- 2023-11-14 — contact, “Ana <ana@example.com>”: EmailJS answered 400 after 3 attempts. Record: submissions/1700000000000-contact-00000000000000aa.json"), "{message}");
        let many = vec![one; 120];
        let p = params("agent@example.com", &many);
        assert_eq!(p.get("subject"), Some("120 e-mails from your website could not be delivered"));
        assert_eq!(p.get("message").unwrap().matches("\n- ").count(), 50);
        assert!(p.get("message").unwrap().ends_with(&format!("…and 70 more.\n\n{LEGEND}")));
    }
}
