//! The worker's keys, one job each, so that rotating one breaks nothing the others hold:
//! - document links: DOCUMENT_LINK_SECRET signs them, and DOCUMENT_LINK_SECRET_PREVIOUS is still
//!   accepted while links it signed are out; each link names its key by an id derived from it;
//! - per-client counts (quota, budget, bot check) and concierge submission tokens: keys derived
//!   from COUNTING_SECRET with HKDF-SHA256, one `info` per use;
//! - saved searches' addresses and links: SAVED_SEARCH_SECRET, with SAVED_SEARCH_SECRET_PREVIOUS
//!   still accepted (domain/searches/links.rs).
//!
//! docs/deploy.md ("Accounts and secrets": rotating the secrets) says how to rotate each.

use crate::documents::{self, hex, unhex, LinkError};
use crate::searches::links::SearchKeys;
use hkdf::Hkdf;
use hmac::{Hmac, Mac};
use sha2::Sha256;

/// One document-link key: its id (carried by each link as `kid`) and its secret.
#[derive(Clone)]
pub struct LinkKey {
    pub id: String,
    pub secret: Vec<u8>,
}

#[derive(Clone)]
pub struct Keyring {
    /// The current link key first, then the previous one if set.
    links: Vec<LinkKey>,
    /// Keyring the per-client counts' names (HMACs of a client or an address).
    pub counting: [u8; 32],
    /// Keyring the concierge submission tokens.
    submissions: [u8; 32],
    /// Keys saved searches' addresses and signs their links (domain/searches/links.rs).
    pub searches: SearchKeys,
}

/// Secrets never reach a log, even through `{:?}`.
impl std::fmt::Debug for Keyring {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let ids: Vec<&str> = self.links.iter().map(|k| k.id.as_str()).collect();
        write!(f, "Keyring {{ links: {ids:?}, .. }}")
    }
}

pub(crate) fn hmac(key: &[u8], parts: &[&[u8]]) -> Hmac<Sha256> {
    let mut m = Hmac::<Sha256>::new_from_slice(key).expect("HMAC takes a key of any length");
    for part in parts {
        m.update(part);
    }
    m
}

/// A link key's id: 8 hex digits of an HMAC under it (ids say which key, never the key).
fn key_id(secret: &[u8]) -> String {
    hex(&hmac(secret, &[b"move-to-jax document link key id"]).finalize().into_bytes()[..4])
}

fn derive(master: &[u8], info: &str) -> [u8; 32] {
    let mut out = [0u8; 32];
    Hkdf::<Sha256>::new(None, master).expand(info.as_bytes(), &mut out).expect("32 bytes is a valid HKDF length");
    out
}

impl Keyring {
    pub fn new(link: &[u8], previous_link: Option<&[u8]>, counting_master: &[u8], searches: SearchKeys) -> Keyring {
        let links = std::iter::once(link)
            .chain(previous_link)
            .map(|secret| LinkKey { id: key_id(secret), secret: secret.to_vec() })
            .collect();
        Keyring {
            links,
            counting: derive(counting_master, "move-to-jax counting v1"),
            submissions: derive(counting_master, "move-to-jax submission tokens v1"),
            searches,
        }
    }

    /// The key new links are signed with.
    pub fn current_link(&self) -> &LinkKey {
        &self.links[0]
    }

    /// The keys that may have signed a link: the one its id names, or, for a link from before ids
    /// (no `kid`), each key the worker holds, the current one first — such a link may be older
    /// than the last rotation.
    pub fn links_for<'a>(&'a self, id: Option<&'a str>) -> impl Iterator<Item = &'a LinkKey> + 'a {
        self.links.iter().filter(move |k| id.is_none_or(|id| k.id == id))
    }

    /// Whether a document link checks out with a key that may have signed it (`links_for`); when
    /// none does, the most telling refusal (expired rather than a bad signature by another key).
    pub fn verify_link(
        &self,
        kid: Option<&str>,
        key: &str,
        expires: u64,
        sig: &str,
        now: u64,
    ) -> Result<(), LinkError> {
        let mut refused = LinkError::UnknownKey;
        for signer in self.links_for(kid) {
            match documents::verify(&signer.secret, key, expires, sig, now) {
                Ok(()) => return Ok(()),
                Err(LinkError::BadSignature) if refused != LinkError::UnknownKey => {}
                Err(e) => refused = e,
            }
        }
        Err(refused)
    }

    /// The token that proves a concierge submission was minted by this worker: every upload into
    /// it and its filing carry it.
    pub fn submission_token(&self, submission: &str) -> String {
        hex(&hmac(&self.submissions, &[submission.as_bytes()]).finalize().into_bytes())
    }

    /// Whether `token` is `submission`'s (compared in constant time).
    pub fn is_submission_token(&self, submission: &str, token: &str) -> bool {
        let Some(bytes) = unhex(token) else { return false };
        hmac(&self.submissions, &[submission.as_bytes()]).verify_slice(&bytes).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINK: &[u8] = b"link-secret-0123456789abcdef-0123456789";
    const NEXT: &[u8] = b"next-link-secret-0123456789abcdef-012345";
    const COUNTING: &[u8] = b"counting-secret-0123456789abcdef-0123456";

    fn searches() -> SearchKeys {
        SearchKeys::new(b"saved-search-secret-0123456789abcdef-01", None)
    }

    #[test]
    fn rotating_the_link_secret_keeps_the_previous_links_and_every_count() {
        let before = Keyring::new(LINK, None, COUNTING, searches());
        let after = Keyring::new(NEXT, Some(LINK), COUNTING, searches());
        let old = before.current_link();
        assert_eq!(old.id.len(), 8);
        // A link signed before names a key the worker still has; new links take the new one.
        let secrets = |id| after.links_for(id).map(|k| k.secret.as_slice()).collect::<Vec<_>>();
        assert_eq!(secrets(Some(&old.id)), [LINK]);
        assert_eq!(after.current_link().secret, NEXT);
        assert_ne!(after.current_link().id, old.id);
        assert!(secrets(Some("00000000")).is_empty(), "an id of no key");
        // A link from before ids may be signed with either: the current key first.
        assert_eq!(secrets(None), [NEXT, LINK]);
        // A link from before ids, signed with the key rotated out, still opens.
        let key = "0f8fad5b-d9cb-469f-a165-70867728950e/1700000000000-idFront-id.pdf";
        let sig = documents::sign(LINK, key, 2_000);
        assert_eq!(after.verify_link(None, key, 2_000, &sig, 1_000), Ok(()));
        assert_eq!(after.verify_link(Some(&old.id), key, 2_000, &sig, 1_000), Ok(()));
        assert_eq!(
            after.verify_link(Some(&after.current_link().id), key, 2_000, &sig, 1_000),
            Err(LinkError::BadSignature)
        );
        assert_eq!(after.verify_link(Some("00000000"), key, 2_000, &sig, 1_000), Err(LinkError::UnknownKey));
        assert_eq!(
            after.verify_link(None, key, 2_000, &sig, 3_000),
            Err(LinkError::Expired),
            "expired, not a bad signature"
        );
        assert_eq!(
            Keyring::new(NEXT, None, COUNTING, searches()).verify_link(None, key, 2_000, &sig, 1_000),
            Err(LinkError::BadSignature)
        );
        // Counts and tokens are keyed apart from links: the same across the rotation.
        assert_eq!(before.counting, after.counting);
        assert_eq!(before.submission_token("s"), after.submission_token("s"));
        // …and apart from each other.
        assert_ne!(before.counting, before.submissions);
        assert_ne!(Keyring::new(LINK, None, NEXT, searches()).counting, before.counting);
    }

    #[test]
    fn a_submission_token_is_its_submissions_only() {
        let keys = Keyring::new(LINK, None, COUNTING, searches());
        let a = "0f8fad5b-d9cb-469f-a165-70867728950e";
        let b = "0f8fad5b-d9cb-469f-a165-70867728950f";
        let token = keys.submission_token(a);
        assert_eq!(token.len(), 64);
        assert!(keys.is_submission_token(a, &token));
        assert!(!keys.is_submission_token(b, &token));
        assert!(!keys.is_submission_token(a, &token.to_uppercase()));
        assert!(!keys.is_submission_token(a, &token[..62]));
        assert!(!keys.is_submission_token(a, ""));
        assert!(!Keyring::new(LINK, None, NEXT, searches()).is_submission_token(a, &token), "another worker's");
        assert!(!format!("{keys:?}").contains("link-secret"), "no secret in a log");
    }
}
