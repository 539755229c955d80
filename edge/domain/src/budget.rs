//! What the website may spend in a day (content/forms.yaml `budget`), so a stranger with a script
//! cannot cost the agent a real lead: past the day's e-mail budget no lead is dropped or sent
//! singly; each is held (`held/<id>` marks it) and the next morning's digest, one e-mail to the
//! agent, lists them all. Quota answers from EmailJS itself are an outage, retried (delivery.rs).
//! The counts live under `quota/` like the quiz's, a day each (UTC).

use crate::email::{to_agent, Params};
use crate::form::FormKind;
use crate::queue::{record_key, Delivery};
use crate::quota::{client_hash, QUOTA};
use crate::words::{quoted, LEGEND};
use jax_model::calendar::date;

/// Where held records are marked for the digest.
pub const HELD: &str = "held/";
/// The digest goes with the first cron run from this hour (UTC): 8 am in Jacksonville in winter,
/// 9 am in summer.
pub const DIGEST_HOUR_UTC: u64 = 13;
/// The digest's text stays under this many bytes (EmailJS refuses requests over 50 KB); what does
/// not fit is the next day's.
const DIGEST_MAX_BYTES: usize = 40_000;
/// One entry's visitor text, at most, in characters.
const ENTRY_TEXT_MAX: usize = 1_500;

/// Where today's e-mails sent singly take their slots (`<prefix><n>`, n below the budget).
pub fn emails_prefix(now_ms: u64) -> String {
    format!("{QUOTA}email/day/{}/", date(now_ms / 1000))
}

/// Where today's saved-search e-mails take their slots: an allowance apart from the leads'.
pub fn confirmations_prefix(now_ms: u64) -> String {
    format!("{QUOTA}confirm/day/{}/", date(now_ms / 1000))
}

/// Today's confirmations caused by one client, keyed by an HMAC of its address.
pub fn client_confirmations_key(secret: &[u8], client: &str, now_ms: u64) -> String {
    format!("{QUOTA}confirm/client/{}/{}", date(now_ms / 1000), client_hash(secret, client))
}

/// Where today's CRM hand-offs take their slots (a lead one, whatever number of CRMs it goes to).
pub fn crm_prefix(now_ms: u64) -> String {
    format!("{QUOTA}crm/day/{}/", date(now_ms / 1000))
}

/// The marker that the agent was alerted today that the CRM hand-offs are spent.
pub fn crm_alerted_key(now_ms: u64) -> String {
    format!("{QUOTA}crm/alerted/{}", date(now_ms / 1000))
}

/// The marker that the agent was alerted today that the e-mail budget is spent.
pub fn emails_alerted_key(now_ms: u64) -> String {
    format!("{QUOTA}email/alerted/{}", date(now_ms / 1000))
}

/// The marker that the agent was alerted today that unverified requests' share is spent.
pub fn unverified_alerted_key(now_ms: u64) -> String {
    format!("{QUOTA}email/unverified-alerted/{}", date(now_ms / 1000))
}

/// Today's bytes uploaded, and the marker that uploads were paused today.
pub fn uploads_key(now_ms: u64) -> String {
    format!("{QUOTA}upload/day/{}", date(now_ms / 1000))
}

pub fn uploads_alerted_key(now_ms: u64) -> String {
    format!("{QUOTA}upload/alerted/{}", date(now_ms / 1000))
}

/// Today's bytes uploaded by one client, keyed by an HMAC of its address.
pub fn client_uploads_key(secret: &[u8], client: &str, now_ms: u64) -> String {
    format!("{QUOTA}upload/client/{}/{}", date(now_ms / 1000), client_hash(secret, client))
}

/// Today's concierge filings of one client, keyed by an HMAC of its address (no addresses kept).
pub fn filings_key(secret: &[u8], client: &str, now_ms: u64) -> String {
    format!("{QUOTA}concierge/{}/{}", date(now_ms / 1000), client_hash(secret, client))
}

/// A held record's marker: `held/1/<id>`, or `held/2/<id>` for a request sent without the bot
/// check, so a listing (and the digest) comes to the requests people sent first.
pub fn held_key(id: &str, unverified: bool) -> String {
    format!("{HELD}{}/{id}", if unverified { 2 } else { 1 })
}

/// The record id a held marker's key names.
pub fn held_id(key: &str) -> Option<&str> {
    key.strip_prefix(HELD)?.split_once('/').map(|(_, id)| id)
}

/// A morning sends up to this many digests (each one e-mail of at most DIGEST_MAX_BYTES, about a
/// hundred requests): a flood's held requests are all listed within days, for a few e-mails a day.
pub const DIGEST_PARTS: u32 = 5;

/// Today's digest `part` (1 to DIGEST_PARTS): ids per UTC day, so runs that race write each once.
pub fn digest_id(now_ms: u64, part: u32) -> String {
    format!("{}-{}-{part}", FormKind::Digest.name(), date(now_ms / 1000))
}

/// The start of `now_ms`'s UTC day.
pub fn day_start(now_ms: u64) -> u64 {
    now_ms - now_ms % 86_400_000
}

/// Whether the digest is due at `now_ms`: from DIGEST_HOUR_UTC on.
pub fn digest_due(now_ms: u64) -> bool {
    (now_ms / 3_600_000) % 24 >= DIGEST_HOUR_UTC
}

/// The digest's params (through the contact form's template, like the notice) for `held` (those
/// the bot check saw first, then oldest first), and the ids it lists: as many as fit; the rest are counted and wait for the next one.
pub fn digest(agent_email: &str, held: &[Delivery]) -> (Params, Vec<String>) {
    let mut message = String::from(
        "The website's e-mail budget for the day was spent, so these requests were kept instead of sent one by \
         one. Each is stored under the record named below.\n",
    );
    let mut listed = Vec::new();
    for d in held {
        let entry = entry(d);
        if message.len() + entry.len() > DIGEST_MAX_BYTES {
            break;
        }
        message.push_str(&entry);
        listed.push(d.id.clone());
    }
    let more = held.len() - listed.len();
    if more > 0 {
        message.push_str(&format!("\n…and {more} more, listed in the next digest."));
    }
    message.push_str(&format!("\n\n{LEGEND}"));
    let n = listed.len();
    let subject = if n == 1 {
        "1 request from your website kept for this digest".to_string()
    } else {
        format!("{n} requests from your website kept for this digest")
    };
    (to_agent(agent_email, "Website digest", subject, message), listed)
}

/// One held request: when, its subject, how to reach the visitor, and what they wrote.
fn entry(d: &Delivery) -> String {
    let p = |k: &str| d.params.get(k).map_or("", String::as_str);
    let unverified = if d.unverified { " (sent without the spam check)" } else { "" };
    let mut out = format!("\n- {} — {}{unverified}", date(d.received_ms / 1000), p("subject"));
    for (label, key) in [("E-mail", "from_email"), ("Phone", "phone"), ("Property", "property_address")] {
        if !p(key).is_empty() {
            out.push_str(&format!("\n  {label}: {}", quoted(p(key))));
        }
    }
    let text = [p("message"), p("notes")].into_iter().find(|t| !t.is_empty()).unwrap_or("");
    if !text.is_empty() {
        let text: String = text.chars().take(ENTRY_TEXT_MAX).collect();
        out.push_str(&format!("\n  {}", quoted(&text.replace('\n', "\n  "))));
    }
    out.push_str(&format!("\n  Record: {}", record_key(&d.id)));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn held(n: u64, message: &str) -> Delivery {
        let params = Params::new([
            ("subject", format!("Consultation Request from Ana {n}")),
            ("from_email", "ana@example.com".into()),
            ("phone", "904-555-0142".into()),
            ("message", message.into()),
        ]);
        Delivery::new(format!("1700000000000-lead-{n:016x}"), FormKind::Lead, &params, 1_700_000_000_000)
    }

    #[test]
    fn the_digest_lists_each_held_request_and_what_does_not_fit_waits() {
        let (p, listed) = digest("agent@example.com", &[held(1, "Call me\nplease")]);
        assert_eq!(listed, ["1700000000000-lead-0000000000000001"]);
        assert_eq!(p.get("subject"), Some("1 request from your website kept for this digest"));
        assert_eq!(p.get("to_email"), Some("agent@example.com"));
        let m = p.get("message").unwrap();
        assert!(
            m.contains(
                "\n- 2023-11-14 — Consultation Request from Ana 1\n  E-mail: “ana@example.com”\n  Phone: “904-555-0142”\n  \
                 “Call me\n  please”\n  Record: submissions/1700000000000-lead-0000000000000001.json"
            ),
            "{m}"
        );
        let many: Vec<Delivery> = (0..200).map(|n| held(n, &"x".repeat(1_000))).collect();
        let (p, listed) = digest("agent@example.com", &many);
        assert!(listed.len() < 200 && listed.len() > 20);
        assert!(p.get("message").unwrap().len() <= DIGEST_MAX_BYTES + 200);
        assert!(p
            .get("message")
            .unwrap()
            .contains(&format!("…and {} more, listed in the next digest.", 200 - listed.len())));
    }

    #[test]
    fn held_markers_sort_the_checked_first_and_name_their_record() {
        let (checked, unchecked) = (held_key("1700000000001-lead-a", false), held_key("1600000000000-lead-b", true));
        assert!(checked < unchecked, "{checked} lists before {unchecked}");
        assert_eq!(held_id(&unchecked), Some("1600000000000-lead-b"));
        assert_eq!(held_id("held/x"), None);
        let mut d = held(1, "Hi");
        d.unverified = true;
        assert!(digest("a@example.com", &[d])
            .0
            .get("message")
            .unwrap()
            .contains("Ana 1 (sent without the spam check)"));
    }

    #[test]
    fn days_and_hours_are_utc() {
        assert_eq!(emails_prefix(1_700_000_000_000), "quota/email/day/2023-11-14/");
        assert_eq!(digest_id(1_700_000_000_000, 2), "digest-2023-11-14-2");
        let midnight = 1_699_920_000_000; // 2023-11-14T00:00Z
        assert!(!digest_due(midnight + 12 * 3_600_000 + 3_599_999));
        assert!(digest_due(midnight + 13 * 3_600_000));
        assert_eq!(day_start(midnight + 13 * 3_600_000 + 5), midnight);
        let k = filings_key(b"s", "192.0.2.1", midnight);
        assert!(k.starts_with("quota/concierge/2023-11-14/") && !k.contains("192"));
        assert_ne!(k, filings_key(b"s", "192.0.2.2", midnight));
    }
}
