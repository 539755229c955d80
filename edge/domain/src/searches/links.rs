//! The keys and signed links of saved searches. SAVED_SEARCH_SECRET is theirs alone, so rotating
//! another secret breaks none of them; SAVED_SEARCH_SECRET_PREVIOUS is still accepted while links
//! it signed are out. From each secret three keys are derived, one a job: the address's keyed
//! hash (what a search is kept under), the confirmation links' and the address links' signatures.
//!
//! - A confirmation link names a search and when it was saved: past 48 hours it has expired.
//! - An address link (unsubscribe, manage) names an address, its epoch and when it ends. The
//!   epoch is the address's count of "delete everything" and unsubscribes: each one makes every
//!   link sent before it stop working. It ends a year after it was sent (each alert carries a new
//!   one), so the record of an epoch is kept a year and no more.

use crate::documents::{hex, unhex};
use hkdf::Hkdf;
use hmac::{Hmac, Mac};
use sha2::Sha256;

/// How long an address link works: every alert carries a fresh one.
pub const ADDRESS_LINK_MS: u64 = 365 * 24 * 60 * 60 * 1000;
/// A confirmation link's 48 hours (an unconfirmed search is deleted then: searches::UNCONFIRMED_MS).
pub const CONFIRM_LINK_MS: u64 = 48 * 60 * 60 * 1000;

/// The three keys of one secret.
#[derive(Clone)]
struct Keys {
    address: [u8; 32],
    confirm: [u8; 32],
    manage: [u8; 32],
}

impl Keys {
    fn of(secret: &[u8]) -> Keys {
        let derive = |info: &str| {
            let mut out = [0u8; 32];
            Hkdf::<Sha256>::new(None, secret).expand(info.as_bytes(), &mut out).expect("32 bytes is a valid length");
            out
        };
        Keys {
            address: derive("move-to-jax saved searches: address hash v2"),
            confirm: derive("move-to-jax saved searches: confirmation link v2"),
            manage: derive("move-to-jax saved searches: address link v2"),
        }
    }
}

/// The saved searches' keys: the current secret's, then the previous one's if set.
#[derive(Clone)]
pub struct SearchKeys {
    keys: Vec<Keys>,
}

/// Why a link was not taken: the page it gets says which.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// Changed or cut short (no key of this worker signed it): 400.
    Invalid,
    /// Its time is over: 410.
    Expired,
}

/// What a confirmation link names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Confirmation<'a> {
    pub address: &'a str,
    pub id: &'a str,
}

/// What an address link names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AddressLink<'a> {
    pub address: &'a str,
    pub epoch: u64,
}

impl SearchKeys {
    pub fn new(secret: &[u8], previous: Option<&[u8]>) -> SearchKeys {
        SearchKeys { keys: std::iter::once(secret).chain(previous).map(Keys::of).collect() }
    }

    /// The keyed hash `email`'s mailbox is kept under (domain/mailbox.rs: one however it is
    /// spelled), under the current key.
    pub fn address_of(&self, email: &str) -> String {
        address_under(&self.keys[0], email)
    }

    /// The hashes it may be kept under: the current key's, then the previous one's (a search saved
    /// before a rotation keeps its hash; caps and a suppression hold across it).
    pub fn addresses_of(&self, email: &str) -> Vec<String> {
        self.keys.iter().map(|k| address_under(k, email)).collect()
    }

    /// `<address>.<id>.<saved ms, hex>.<signature>`.
    pub fn confirm_token(&self, address: &str, id: &str, saved_ms: u64) -> String {
        let saved = format!("{saved_ms:x}");
        let sig = signature(&self.keys[0].confirm, &[address, id, &saved]);
        format!("{address}.{id}.{saved}.{}", hex(&sig))
    }

    /// The search a confirmation token names, if a key of this worker signed it and its 48 hours
    /// are not over at `now_ms`.
    pub fn check_confirm<'a>(&self, token: &'a str, now_ms: u64) -> Result<Confirmation<'a>, Refused> {
        let parts: Vec<&str> = token.split('.').collect();
        let [address, id, saved, sig] = parts[..] else { return Err(Refused::Invalid) };
        let saved_ms = u64::from_str_radix(saved, 16).map_err(|_| Refused::Invalid)?;
        if !is_token_part(address)
            || !is_token_part(id)
            || !self.keys.iter().any(|k| verify(&k.confirm, &[address, id, saved], sig))
        {
            return Err(Refused::Invalid);
        }
        if now_ms > saved_ms.saturating_add(CONFIRM_LINK_MS) {
            return Err(Refused::Expired);
        }
        Ok(Confirmation { address, id })
    }

    /// `<address>.<epoch>.<end ms, hex>.<signature>`, ending a year after `now_ms`.
    pub fn address_token(&self, address: &str, epoch: u64, now_ms: u64) -> String {
        let (epoch, ends) = (epoch.to_string(), format!("{:x}", now_ms + ADDRESS_LINK_MS));
        let sig = signature(&self.keys[0].manage, &[address, &epoch, &ends]);
        format!("{address}.{epoch}.{ends}.{}", hex(&sig))
    }

    /// The address and epoch an address token names, if a key of this worker signed it and it has
    /// not ended at `now_ms` (whether its epoch is the address's own is for the caller to ask).
    pub fn check_address<'a>(&self, token: &'a str, now_ms: u64) -> Result<AddressLink<'a>, Refused> {
        let parts: Vec<&str> = token.split('.').collect();
        let [address, epoch, ends, sig] = parts[..] else { return Err(Refused::Invalid) };
        let (Ok(epoch_n), Ok(ends_ms)) = (epoch.parse::<u64>(), u64::from_str_radix(ends, 16)) else {
            return Err(Refused::Invalid);
        };
        if !is_token_part(address) || !self.keys.iter().any(|k| verify(&k.manage, &[address, epoch, ends], sig)) {
            return Err(Refused::Invalid);
        }
        if now_ms > ends_ms {
            return Err(Refused::Expired);
        }
        Ok(AddressLink { address, epoch: epoch_n })
    }
}

/// Secrets never reach a log, even through `{:?}`.
impl std::fmt::Debug for SearchKeys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SearchKeys {{ {} key(s) }}", self.keys.len())
    }
}

fn address_under(keys: &Keys, email: &str) -> String {
    let mailbox = crate::mailbox::mailbox(email);
    hex(&mac(&keys.address, &[&mailbox]).finalize().into_bytes()[..16])
}

/// An address or an id: lowercase hex, as this module and the save make them.
pub fn is_token_part(s: &str) -> bool {
    !s.is_empty() && s.len() <= 64 && s.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// The HMAC of `parts`, a line each.
fn mac(key: &[u8; 32], parts: &[&str]) -> Hmac<Sha256> {
    let mut m = Hmac::<Sha256>::new_from_slice(key).expect("HMAC takes a key of any length");
    for (i, p) in parts.iter().enumerate() {
        if i > 0 {
            m.update(b"\n");
        }
        m.update(p.as_bytes());
    }
    m
}

fn signature(key: &[u8; 32], parts: &[&str]) -> Vec<u8> {
    mac(key, parts).finalize().into_bytes()[..16].to_vec()
}

/// In constant time.
fn verify(key: &[u8; 32], parts: &[&str], sig: &str) -> bool {
    let Some(given) = unhex(sig) else { return false };
    given.len() == 16 && mac(key, parts).verify_truncated_left(&given).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &[u8] = b"saved-search-secret-0123456789abcdef";
    const NEXT: &[u8] = b"next-saved-search-secret-0123456789ab";

    #[test]
    fn a_confirmation_link_names_its_search_for_48_hours() {
        let keys = SearchKeys::new(SECRET, None);
        let address = keys.address_of(" Ana+homes@EXAMPLE.com ");
        assert_eq!(address, keys.address_of("ana@example.com"), "one mailbox however it is spelled");
        assert_eq!(address.len(), 32);
        let token = keys.confirm_token(&address, "00ff00ff00ff00ff", 1_000);
        assert_eq!(keys.check_confirm(&token, 2_000), Ok(Confirmation { address: &address, id: "00ff00ff00ff00ff" }));
        assert_eq!(keys.check_confirm(&token, 1_000 + CONFIRM_LINK_MS + 1), Err(Refused::Expired));
        let other = keys.confirm_token(&address, "00ff00ff00ff00fe", 1_000);
        let forged = format!("{}{}", &token[..token.len() - 32], &other[other.len() - 32..]);
        assert_eq!(keys.check_confirm(&forged, 2_000), Err(Refused::Invalid), "another search's signature");
        let later = token.replacen(".3e8.", ".fffffff.", 1);
        assert_eq!(keys.check_confirm(&later, 2_000), Err(Refused::Invalid), "its time cannot be moved");
        for bad in ["", "a.b", "a.b.c.d.e", &format!("{token}.x"), &token.to_uppercase(), &token[..token.len() - 2]] {
            assert_eq!(keys.check_confirm(bad, 2_000), Err(Refused::Invalid), "{bad}");
        }
        assert_eq!(SearchKeys::new(NEXT, None).check_confirm(&token, 2_000), Err(Refused::Invalid));
    }

    #[test]
    fn an_address_link_names_its_address_and_epoch_for_a_year() {
        let keys = SearchKeys::new(SECRET, None);
        let address = keys.address_of("ana@example.com");
        let token = keys.address_token(&address, 2, 1_000);
        assert_eq!(keys.check_address(&token, 5_000), Ok(AddressLink { address: &address, epoch: 2 }));
        assert_eq!(keys.check_address(&token, 1_000 + ADDRESS_LINK_MS + 1), Err(Refused::Expired));
        let older = token.replacen(".2.", ".1.", 1);
        assert_eq!(keys.check_address(&older, 5_000), Err(Refused::Invalid), "its epoch cannot be changed");
        // One kind of link is not the other.
        let confirm = keys.confirm_token(&address, "00ff00ff00ff00ff", 1_000);
        assert_eq!(keys.check_address(&confirm, 5_000), Err(Refused::Invalid));
        assert_eq!(keys.check_confirm(&token, 5_000), Err(Refused::Invalid));
        assert_eq!(keys.check_address(&format!("../{token}"), 5_000), Err(Refused::Invalid));
    }

    #[test]
    fn after_a_rotation_links_of_the_previous_secret_still_work_and_its_hashes_are_found() {
        let before = SearchKeys::new(SECRET, None);
        let after = SearchKeys::new(NEXT, Some(SECRET));
        let old = before.address_of("ana@example.com");
        let token = before.address_token(&old, 0, 1_000);
        assert_eq!(after.check_address(&token, 5_000), Ok(AddressLink { address: &old, epoch: 0 }));
        let confirm = before.confirm_token(&old, "00ff00ff00ff00ff", 1_000);
        assert!(after.check_confirm(&confirm, 2_000).is_ok());
        assert_ne!(after.address_of("ana@example.com"), old, "new saves take the new key's hash");
        assert_eq!(after.addresses_of("ana@example.com"), [after.address_of("ana@example.com"), old]);
        assert_eq!(SearchKeys::new(NEXT, None).check_address(&token, 5_000), Err(Refused::Invalid), "dropped");
        assert!(!format!("{after:?}").contains("secret"), "no secret in a log");
    }

    #[test]
    fn each_job_has_a_key_of_its_own() {
        let k = Keys::of(SECRET);
        assert!(k.address != k.confirm && k.confirm != k.manage && k.address != k.manage);
    }
}
