//! No lead is lost: every accepted submission is recorded in R2 before it is e-mailed, at
//! `submissions/<id>.json`. While it is owed, a marker `pending/<due ms>/<id>` names it for the
//! scheduled retries: keys sort by due time, so a run lists the due ones first and stops at the
//! first that is not, however many wait. The record is the authority on its state; a marker is
//! only an index (a stale one is repaired or dropped). Whoever sends first claims the record (a
//! conditional write on its etag, with a lease), so no e-mail goes twice. An e-mail that keeps
//! failing is parked: its record kept, a marker `dead/<id>` with the reason, the agent told once.
//! A lead's CRM hand-offs (domain/crm.rs) are records of their own beside its e-mail's, under the
//! same prefixes: `submissions/<lead's id>-fub.json` and the like, each with its own marker and
//! claim, so the e-mail and each CRM are retried on their own and none waits on the others.
//! This module holds the record and its states (the EmailJS request is domain/email.rs's).

use crate::crm::{Answer, Handoff};
use crate::delivery::{gives_up, next_delay, Outcome};
use crate::due;
use crate::email::Params;
use crate::form::FormKind;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

pub const RECORDS: &str = "submissions/";
pub const PENDING: &str = "pending/";
/// E-mails given up on, kept for the agent.
pub const DEAD: &str = "dead/";
/// How long a claim holds: well beyond one attempt (services/fetch.rs's TIMEOUT and a few writes),
/// so a claimer that died lets the record go again a minute later.
pub const LEASE_MS: u64 = 60_000;
/// E-mails kept instead of sent in local development without EmailJS.
pub const OUTBOX: &str = "outbox/";

/// One e-mail owed, and what became of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Delivery {
    pub id: String,
    /// What it sends: a visitor's form, or one of the website's own e-mails.
    pub form: FormKind,
    pub received_ms: u64,
    pub params: BTreeMap<String, String>,
    pub attempts: u32,
    pub next_attempt_ms: u64,
    #[serde(default)]
    pub last_outcome: Option<String>,
    #[serde(default)]
    pub delivered_ms: Option<u64>,
    /// Someone is sending it until then (see LEASE_MS).
    #[serde(default)]
    pub claimed_until_ms: Option<u64>,
    /// Given up on: no more attempts.
    #[serde(default)]
    pub parked_ms: Option<u64>,
    /// Recorded but never to be sent, and why (a quiz e-mail over its limits).
    #[serde(default)]
    pub withheld: Option<String>,
    /// Kept for the morning digest instead of sent (the day's e-mail budget was spent): since when.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub held_ms: Option<u64>,
    /// A notice's or digest's entries: the records it tells the agent of, marked told (or, for a
    /// digest, delivered) once it is delivered.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub covers: Vec<String>,
    /// Sent without the bot check (domain/bot_check.rs): its e-mail says so, the digest lists it last.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unverified: bool,
    /// A hand-off of the lead to a CRM, not an e-mail: the lead's id is this id without the
    /// hand-off's suffix.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub handoff: Option<Handoff>,
    /// The site's page the lead was sent from, for the CRM.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<String>,
}

/// Where a record stands, for whoever finds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum State {
    Delivered,
    Parked,
    Withheld,
    /// Waiting for the morning digest.
    Held,
    /// Another attempt holds it.
    Claimed,
    /// Owed, its next attempt at this time.
    Waiting(u64),
    Due,
}

impl Delivery {
    pub fn new(id: String, form: FormKind, params: &Params, now_ms: u64) -> Delivery {
        Delivery {
            id,
            form,
            received_ms: now_ms,
            params: params.0.clone(),
            attempts: 0,
            next_attempt_ms: now_ms,
            last_outcome: None,
            delivered_ms: None,
            claimed_until_ms: None,
            parked_ms: None,
            withheld: None,
            held_ms: None,
            covers: Vec::new(),
            unverified: false,
            handoff: None,
            page: None,
        }
    }

    /// The hand-off of this lead to `to`, owed now: the lead's words, its own id and attempts.
    pub fn handoff(&self, to: Handoff, page: Option<String>, now_ms: u64) -> Delivery {
        let mut d =
            Delivery::new(format!("{}-{}", self.id, to.suffix()), self.form, &Params(self.params.clone()), now_ms);
        d.received_ms = self.received_ms;
        d.handoff = Some(to);
        d.page = page;
        d
    }

    /// The id of the lead this record is about: its own, or, for a hand-off, the lead's.
    pub fn lead_id(&self) -> &str {
        match self.handoff {
            Some(h) => self.id.strip_suffix(h.suffix()).and_then(|id| id.strip_suffix('-')).unwrap_or(&self.id),
            None => &self.id,
        }
    }

    /// What the record delivers, for log lines: "e-mail" or "Follow Up Boss hand-off".
    pub fn what(&self) -> String {
        match self.handoff {
            None => "e-mail".into(),
            Some(h) => format!("{} hand-off", h.name()),
        }
    }

    pub fn record_key(&self) -> String {
        record_key(&self.id)
    }

    /// Its marker while it is owed: under its next attempt's time.
    pub fn pending_key(&self) -> String {
        pending_key(self.next_attempt_ms, &self.id)
    }

    pub fn dead_key(&self) -> String {
        format!("{DEAD}{}", self.id)
    }

    pub fn state(&self, now_ms: u64) -> State {
        if self.delivered_ms.is_some() {
            State::Delivered
        } else if self.parked_ms.is_some() {
            State::Parked
        } else if self.withheld.is_some() {
            State::Withheld
        } else if self.held_ms.is_some() {
            State::Held
        } else if self.claimed_until_ms.is_some_and(|until| until > now_ms) {
            State::Claimed
        } else if self.next_attempt_ms > now_ms {
            State::Waiting(self.next_attempt_ms)
        } else {
            State::Due
        }
    }

    /// The website's own e-mails to the agent (the notice, the digest): her address and template.
    pub fn is_agents_own(&self) -> bool {
        self.handoff.is_none() && self.form.is_agents_own()
    }

    /// Taken for an attempt now (written with a condition on the etag read, so one claimer wins).
    pub fn claim(&mut self, now_ms: u64) {
        self.claimed_until_ms = Some(now_ms + LEASE_MS);
    }

    /// Note an attempt's outcome: delivered, parked (see `gives_up`), or when to try again (the
    /// first retry `first_retry_s` after the first failure; see `next_delay`). The claim ends.
    pub fn attempted(&mut self, outcome: Outcome, now_ms: u64, first_retry_s: u64) {
        self.attempts += 1;
        self.claimed_until_ms = None;
        self.last_outcome = Some(outcome.describe());
        if outcome == Outcome::Sent {
            self.delivered_ms = Some(now_ms);
        } else if gives_up(outcome, self.attempts, !self.is_agents_own()) {
            self.parked_ms = Some(now_ms);
        } else {
            self.next_attempt_ms = now_ms + next_delay(outcome, first_retry_s, self.attempts) * 1000;
        }
    }

    /// Note a hand-off attempt's answer: done (taken, or ignored by an archived lead flow, which
    /// retrying would not change), parked (given up on), or when to try again: a 429's Retry-After,
    /// else the e-mail's backoff.
    pub fn handed(&mut self, answer: Answer, now_ms: u64, first_retry_s: u64) {
        self.attempts += 1;
        self.claimed_until_ms = None;
        self.last_outcome = Some(answer.describe(self.handoff.map_or("the CRM", Handoff::name)));
        match answer.retry_in(first_retry_s, self.attempts) {
            Some(s) => self.next_attempt_ms = now_ms + s * 1000,
            None if matches!(answer, Answer::Taken | Answer::Archived) => self.delivered_ms = Some(now_ms),
            None => self.parked_ms = Some(now_ms),
        }
    }
}

/// Where the record of delivery `id` is kept.
pub fn record_key(id: &str) -> String {
    format!("{RECORDS}{id}.json")
}

/// `pending/<due ms, 13 digits>/<id>`: in key order, by due time.
pub fn pending_key(due_ms: u64, id: &str) -> String {
    due::key(PENDING, due_ms, id)
}

/// The due time and id in a pending marker's key.
pub fn parse_pending(key: &str) -> Option<(u64, &str)> {
    due::split(PENDING, key).filter(|(_, id)| is_id(id))
}

/// Ids are `<ms>-<form>-<16 hex>`: sortable by arrival and safe in a key.
pub fn new_id(now_ms: u64, form: FormKind, random: u64) -> String {
    format!("{now_ms:013}-{}-{random:016x}", form.name())
}

fn is_id(s: &str) -> bool {
    !s.is_empty() && s.len() <= 80 && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::delivery::MAX_ATTEMPTS;

    fn delivery(form: FormKind) -> Delivery {
        let params = Params::new([("subject", "Hi".to_string())]);
        Delivery::new(new_id(1_700_000_000_000, form, 0xabc), form, &params, 1_700_000_000_000)
    }

    #[test]
    fn a_failed_delivery_waits_and_a_sent_one_is_done() {
        let mut d = delivery(FormKind::Contact);
        let t = d.received_ms;
        assert_eq!(d.id, "1700000000000-contact-0000000000000abc");
        assert_eq!(d.pending_key(), "pending/1700000000000/1700000000000-contact-0000000000000abc");
        assert_eq!(parse_pending(&d.pending_key()), Some((t, d.id.as_str())));
        assert_eq!(d.state(t), State::Due);
        d.claim(t);
        assert_eq!(d.state(t + LEASE_MS - 1), State::Claimed);
        d.attempted(Outcome::RateLimited, t, 60);
        assert_eq!(d.state(t + 59_999), State::Waiting(t + 60_000), "the claim ends with the attempt");
        assert_eq!(d.state(t + 60_000), State::Due);
        assert_eq!(parse_pending(&d.pending_key()), Some((t + 60_000, d.id.as_str())));
        assert_eq!(d.last_outcome.as_deref(), Some("EmailJS rate limit (429)"));
        d.attempted(Outcome::Sent, t + 60_000, 60);
        assert_eq!(d.delivered_ms, Some(t + 60_000));
        assert_eq!(d.state(u64::MAX), State::Delivered);
        let json = serde_json::to_string(&d).unwrap();
        assert_eq!(serde_json::from_str::<Delivery>(&json).unwrap(), d);
    }

    #[test]
    fn a_claimer_that_died_lets_go_after_the_lease() {
        let mut d = delivery(FormKind::Lead);
        d.claim(d.received_ms);
        assert_eq!(d.state(d.received_ms + LEASE_MS), State::Due);
    }

    #[test]
    fn a_refused_delivery_is_parked_after_a_few_attempts() {
        let mut d = delivery(FormKind::Contact);
        let t = d.received_ms;
        for n in 0..3 {
            assert_ne!(d.state(u64::MAX), State::Parked, "attempt {n}");
            d.attempted(Outcome::Failed(400), t, 1);
        }
        assert_eq!(d.state(u64::MAX), State::Parked);
        assert_eq!(d.parked_ms, Some(t));
        assert_eq!(d.dead_key(), "dead/1700000000000-contact-0000000000000abc");
        // The agent's own notice outlasts a refusal like an outage: it is her address and template.
        let mut notice = delivery(FormKind::Notice);
        for _ in 0..MAX_ATTEMPTS - 1 {
            notice.attempted(Outcome::Failed(400), t, 1);
        }
        assert_eq!(notice.parked_ms, None);
        notice.attempted(Outcome::Failed(400), t, 1);
        assert_eq!(notice.parked_ms, Some(t));
    }

    #[test]
    fn a_handoff_is_a_record_of_its_own_retried_on_its_own() {
        let lead = delivery(FormKind::Contact);
        let t = lead.received_ms + 5;
        let mut h = lead.handoff(Handoff::FollowUpBoss, Some("https://www.movetojax.com/sell/".into()), t);
        assert_eq!(h.id, "1700000000000-contact-0000000000000abc-fub");
        assert_eq!((h.lead_id(), h.received_ms, &h.params), (lead.id.as_str(), lead.received_ms, &lead.params));
        assert_eq!((h.state(t), h.what().as_str()), (State::Due, "Follow Up Boss hand-off"));
        assert!(!h.is_agents_own() && parse_pending(&h.pending_key()).is_some());
        h.handed(Answer::RateLimited(Some(30)), t, 60);
        assert_eq!(h.state(t), State::Waiting(t + 30_000), "Retry-After, not the backoff");
        h.handed(Answer::Failed(Some(502)), t, 60);
        assert_eq!(h.state(t), State::Waiting(t + 120_000), "the second failure's backoff");
        h.handed(Answer::Taken, t + 1, 60);
        assert_eq!((h.state(u64::MAX), h.delivered_ms), (State::Delivered, Some(t + 1)));
        assert_eq!(h.last_outcome.as_deref(), Some("Follow Up Boss took it"));
        let json = serde_json::to_string(&h).unwrap();
        assert_eq!(serde_json::from_str::<Delivery>(&json).unwrap(), h);
        assert!(!serde_json::to_string(&lead).unwrap().contains("handoff"), "an e-mail's record is as before");
        // An archived lead flow ignores it again whenever it is sent: done, not retried.
        let mut archived = lead.handoff(Handoff::FollowUpBoss, None, t);
        archived.handed(Answer::Archived, t, 60);
        assert_eq!(archived.state(t), State::Delivered);
        let mut refused = lead.handoff(Handoff::Webhook, None, t);
        assert_eq!(refused.lead_id(), lead.id);
        for _ in 0..3 {
            assert_ne!(refused.state(u64::MAX), State::Parked);
            refused.handed(Answer::Refused(422), t, 60);
        }
        assert_eq!(refused.state(u64::MAX), State::Parked);
        assert_eq!(refused.last_outcome.as_deref(), Some("the lead webhook refused the lead (422)"));
    }

    #[test]
    fn marker_keys_sort_by_due_time_and_refuse_anything_else() {
        let (early, late) = (pending_key(999, "b-id"), pending_key(1_700_000_000_000, "a-id"));
        assert!(early < late);
        for bad in [
            "pending/x/id",
            "pending/1700000000000/../x",
            "pending/17/id",
            "pending/1700000000000",
            "other/1700000000000/id",
        ] {
            assert_eq!(parse_pending(bad), None, "{bad}");
        }
        // Records written before claims and parking existed still read.
        let old = r#"{"id":"x","form":"lead","received_ms":1,"params":{},"attempts":0,"next_attempt_ms":1}"#;
        let old: Delivery = serde_json::from_str(old).unwrap();
        assert_eq!((old.form, old.state(1)), (FormKind::Lead, State::Due));
        let quiz = r#"{"id":"y","form":"quiz","received_ms":1,"params":{},"attempts":0,"next_attempt_ms":1}"#;
        assert_eq!(serde_json::from_str::<Delivery>(quiz).unwrap().form, FormKind::Quiz);
    }

    #[test]
    fn a_record_stored_with_its_forms_name_reads_back_as_its_kind_and_writes_back_the_same() {
        let stored = |form: &str| {
            format!(
                r#"{{"id":"1700000000000-{form}-0000000000000abc","form":"{form}","received_ms":1700000000000,"params":{{"subject":"Hi","to_email":"ana@example.com"}},"attempts":1,"next_attempt_ms":1700000060000,"last_outcome":"EmailJS answered 500","delivered_ms":null,"claimed_until_ms":null,"parked_ms":null,"withheld":null,"unverified":true}}"#
            )
        };
        // The names themselves are form.rs's test: here, each in a whole record as stored.
        for kind in FormKind::ALL {
            let name = kind.name();
            let json = stored(name);
            let d: Delivery = serde_json::from_str(&json).unwrap();
            assert_eq!((d.form, d.id.as_str()), (kind, new_id(1_700_000_000_000, kind, 0xabc).as_str()));
            assert_eq!(d.state(1_700_000_060_000), State::Due);
            assert_eq!(serde_json::to_string(&d).unwrap(), json, "{name} is written back as it was stored");
        }
        // A form no kind is named is not taken for another.
        assert!(serde_json::from_str::<Delivery>(&stored("newsletter")).is_err());
    }
}
