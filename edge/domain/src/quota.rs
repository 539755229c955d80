//! Limits that keep the forms from being used against the agent. The quiz e-mails its result to
//! whatever address a visitor types, so without a bound it is a relay that spends her EmailJS
//! quota (and can get the account blocked, after which no lead arrives): at most one quiz e-mail
//! per address a day, and a daily cap on all of them. The per-client rate limit keys IPv6 clients
//! by their /64, which one client holds whole.

use crate::documents::hex;
use hmac::{Hmac, Mac};
use jax_model::calendar::date;
use sha2::Sha256;
use std::net::IpAddr;

/// Where quota records live in the bucket.
pub const QUOTA: &str = "quota/";
/// One quiz e-mail per address in this window.
pub const RECIPIENT_WINDOW_MS: u64 = 24 * 60 * 60 * 1000;
/// Quiz e-mails a day unless QUIZ_EMAILS_PER_DAY says otherwise: with leads sharing the plan, the
/// quiz must not be able to use it up (EmailJS's free plan has 200 a month).
pub const QUIZ_EMAILS_PER_DAY: u32 = 5;

/// Why a quiz e-mail was not sent (the result is still shown and the submission recorded).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Withheld {
    Recipient,
    DailyCap,
}

impl Withheld {
    pub fn describe(self) -> &'static str {
        match self {
            Withheld::Recipient => "withheld: this address was sent a quiz e-mail in the last 24 hours",
            Withheld::DailyCap => "withheld: today's cap on quiz e-mails is reached",
        }
    }
}

/// The record that a mailbox was sent a quiz e-mail: keyed by an HMAC of the mailbox (with the
/// deployment's secret), so the bucket holds no list of addresses, and every spelling of one
/// mailbox (domain/mailbox.rs) is one.
pub fn recipient_key(secret: &[u8], address: &str) -> String {
    let mut m = Hmac::<Sha256>::new_from_slice(secret).expect("HMAC takes a key of any length");
    m.update(crate::mailbox::mailbox(address).as_bytes());
    format!("{QUOTA}quiz/to/{}", hex(&m.finalize().into_bytes()))
}

/// A client (client_key's) as the counts name it: an HMAC of it, so no address is kept.
pub fn client_hash(secret: &[u8], client: &str) -> String {
    let mut m = Hmac::<Sha256>::new_from_slice(secret).expect("HMAC takes a key of any length");
    m.update(client.as_bytes());
    hex(&m.finalize().into_bytes()[..16])
}

/// Today's count of quiz e-mails.
pub fn day_key(now_ms: u64) -> String {
    format!("{QUOTA}quiz/day/{}", date(now_ms / 1000))
}

/// The key the rate limit counts a client under: its IPv4 address, or its IPv6 /64; None when the
/// request carries no readable client address (refused rather than pooled with every other).
pub fn client_key(connecting_ip: Option<&str>) -> Option<String> {
    match connecting_ip?.trim().parse::<IpAddr>().ok()? {
        IpAddr::V4(v4) => Some(v4.to_string()),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => Some(v4.to_string()),
            None => {
                let s = v6.segments();
                Some(format!("{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3]))
            }
        },
    }
}

/// A count that takes each of its items once (`services::quota::add_once`) keeps a mark per item,
/// stored in a count's shape (which the worker reads already): `COUNTED` once the item is counted,
/// else the time (ms) at which the request counting it made the mark.
pub const COUNTED: u64 = 0;

/// A mark still uncounted this long after it was made belongs to a request that died: another
/// request of the same item takes its place (a request's whole run is well under this).
pub const MARK_ABANDONED_MS: u64 = 30_000;

/// What a request does next about its item, from the mark it found (none, or the mark).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MarkStep {
    /// No mark: make one (create-only), then count the item.
    Make,
    /// Counted already (by a parallel request for the same item): nothing to add.
    Counted,
    /// Another request is counting it: wait for its mark to say how that went.
    Wait,
    /// Its request died while counting: remove its mark, and start again.
    TakeOver,
}

pub fn mark_step(found: Option<u64>, now_ms: u64) -> MarkStep {
    match found {
        None => MarkStep::Make,
        Some(COUNTED) => MarkStep::Counted,
        Some(at_ms) if now_ms.saturating_sub(at_ms) >= MARK_ABANDONED_MS => MarkStep::TakeOver,
        Some(_) => MarkStep::Wait,
    }
}

/// The mark of `item` in the count at `key`.
pub fn mark_key(key: &str, item: &str) -> String {
    format!("{key}.marks/{item}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_ipv6_client_is_its_64_and_no_address_is_no_key() {
        assert_eq!(client_key(Some("203.0.113.7")).as_deref(), Some("203.0.113.7"));
        let a = client_key(Some("2001:db8:1:2:aaaa:bbbb:cccc:1"));
        assert_eq!(a.as_deref(), Some("2001:db8:1:2::/64"));
        assert_eq!(client_key(Some("2001:0db8:0001:0002::ffff")), a, "any address in the /64 is the same client");
        assert_ne!(client_key(Some("2001:db8:1:3::1")), a);
        assert_eq!(client_key(Some("::ffff:198.51.100.9")).as_deref(), Some("198.51.100.9"));
        for none in [None, Some(""), Some("unknown"), Some("203.0.113.7, 10.0.0.1"), Some("2001:db8::/64")] {
            assert_eq!(client_key(none), None, "{none:?}");
        }
    }

    #[test]
    fn addresses_are_kept_as_keyed_hashes_alike_however_typed() {
        let k = recipient_key(b"secret", "Ana@Example.com ");
        assert_eq!(k, recipient_key(b"secret", "ana@example.com"));
        assert_ne!(k, recipient_key(b"other secret", "ana@example.com"));
        assert!(k.starts_with("quota/quiz/to/") && !k.contains("ana"));
        assert_eq!(day_key(1_700_000_000_000), "quota/quiz/day/2023-11-14");
        assert_ne!(Withheld::Recipient.describe(), Withheld::DailyCap.describe());
    }

    #[test]
    fn an_item_is_counted_by_the_request_that_marks_it_and_waited_for_by_the_others() {
        assert_eq!(mark_step(None, 5_000), MarkStep::Make);
        assert_eq!(mark_step(Some(COUNTED), 5_000), MarkStep::Counted);
        assert_eq!(mark_step(Some(1_000), 1_000 + MARK_ABANDONED_MS - 1), MarkStep::Wait);
        assert_eq!(mark_step(Some(1_000), 1_000 + MARK_ABANDONED_MS), MarkStep::TakeOver);
        assert_eq!(mark_key("quota/concierge/2026-11-26/ab", "s-1"), "quota/concierge/2026-11-26/ab.marks/s-1");
    }
}
