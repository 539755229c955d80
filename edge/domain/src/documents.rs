//! Concierge documents: where each is stored and how its private download link is signed.
//! The bucket stays private; a link is `/api/documents/<key>?expires=<unix s>&sig=<hex>`, an
//! HMAC-SHA256 over the key and the expiry, checked by the worker before it serves the file.

use hmac::{Hmac, Mac};
use jax_model::forms::FileType;
use sha2::Sha256;

/// Longest safe file name kept in a key, in characters (the key stays well under R2's 1024 bytes).
const NAME_MAX: usize = 100;

/// A file name made safe for a key: no path separators, control characters or other characters
/// that need escaping, bounded length, never empty.
pub fn safe_name(name: &str) -> String {
    // Browsers send a bare name, but some old ones sent a path: keep the last part.
    let base = name.rsplit(['/', '\\']).next().unwrap_or("");
    let mut out = String::new();
    for c in base.chars() {
        let c = if c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_') { c } else { '_' };
        // Runs collapse: the final step and the download refuse any key holding "..".
        if !(matches!(c, '_' | '.') && out.ends_with(c)) {
            out.push(c);
        }
    }
    let out = out.trim_matches(|c| c == '.' || c == '_');
    let out: String = out.chars().rev().take(NAME_MAX).collect::<Vec<_>>().into_iter().rev().collect();
    let out = out.trim_start_matches(['.', '_']);
    if out.is_empty() {
        "document".to_string()
    } else {
        out.to_string()
    }
}

/// Longest file name an upload may carry, in bytes: what file systems allow; a longer one is no
/// file's real name, and would overflow R2's custom metadata.
pub const NAME_MAX_BYTES: usize = 255;

/// The name a document is stored, listed and downloaded under: the visitor's stem with the
/// extension of the type its bytes proved, so "x.html" that is a PDF is kept as "x.pdf" and opens
/// as one. An ending of up to five letters or digits counts as the old extension.
pub fn proven_name(name: &str, file_type: FileType) -> String {
    let stem = match name.rsplit_once('.') {
        Some((stem, ext)) if (1..=5).contains(&ext.len()) && ext.bytes().all(|b| b.is_ascii_alphanumeric()) => stem,
        _ => name,
    };
    let stem = stem.trim_end_matches('.').trim();
    let stem = if stem.is_empty() { "document" } else { stem };
    format!("{stem}{}", file_type.extensions()[0])
}

/// `<submission>/<timestamp>-<field>-<safe name>` in the `client-documents` bucket: unique per upload, sortable
/// by time, readable by the agent.
pub fn object_key(submission: &str, unix_millis: u64, field: &str, file_name: &str) -> String {
    format!("{submission}/{unix_millis}-{field}-{}", safe_name(file_name))
}

/// A document's key as a log may name it: its submission and field, never the client's file name
/// (`object_key`'s last part). A key that is not `object_key`'s is not named at all.
pub fn loggable(key: &str) -> String {
    let parts = key.split_once('/').map(|(submission, rest)| (submission, rest.splitn(3, '-').collect::<Vec<_>>()));
    match parts {
        Some((submission, rest)) if rest.len() == 3 => format!("{submission}/{}-{}-…", rest[0], rest[1]),
        _ => "(a key that is no document's)".into(),
    }
}

fn mac(secret: &[u8], key: &str, expires: u64) -> Hmac<Sha256> {
    let mut m = Hmac::<Sha256>::new_from_slice(secret).expect("HMAC takes a key of any length");
    m.update(key.as_bytes());
    m.update(b"\n");
    m.update(expires.to_string().as_bytes());
    m
}

pub(crate) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// `hex`'s bytes again, from lowercase hex only: one spelling per value, none with a letter's case
/// flipped.
pub(crate) fn unhex(s: &str) -> Option<Vec<u8>> {
    if !s.len().is_multiple_of(2) || !s.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')) {
        return None;
    }
    (0..s.len() / 2).map(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).ok()).collect()
}

/// The signature of a link to `key` valid until `expires` (unix seconds).
pub fn sign(secret: &[u8], key: &str, expires: u64) -> String {
    hex(&mac(secret, key, expires).finalize().into_bytes())
}

/// Why a link is refused. The worker answers every one with the same 403, revealing nothing.
#[derive(Debug, PartialEq, Eq)]
pub enum LinkError {
    Malformed,
    Expired,
    BadSignature,
    /// Its key id names no key the worker holds.
    UnknownKey,
}

/// Check a link's signature (in constant time) and expiry.
pub fn verify(secret: &[u8], key: &str, expires: u64, sig_hex: &str, now: u64) -> Result<(), LinkError> {
    // Only the lowercase hex `sign` writes: one spelling per link.
    let sig = unhex(sig_hex).filter(|_| sig_hex.len() == 64).ok_or(LinkError::Malformed)?;
    mac(secret, key, expires).verify_slice(&sig).map_err(|_| LinkError::BadSignature)?;
    if now >= expires {
        return Err(LinkError::Expired);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::collection::vec;
    use proptest::prelude::*;

    #[test]
    fn a_log_names_a_document_by_its_submission_and_field_only() {
        let key = object_key(
            "0f8fad5b-d9cb-469f-a165-70867728950e",
            1_700_000_000_000,
            "bankStatement1",
            "Ana Ruiz - Chase.pdf",
        );
        assert_eq!(loggable(&key), "0f8fad5b-d9cb-469f-a165-70867728950e/1700000000000-bankStatement1-…");
        assert_eq!(loggable("no-slash"), "(a key that is no document's)");
    }

    #[test]
    fn names_lose_paths_controls_and_odd_characters() {
        assert_eq!(safe_name("W-2 2025.pdf"), "W-2_2025.pdf");
        assert_eq!(safe_name("../../etc/passwd"), "passwd");
        assert_eq!(safe_name("C:\\Users\\ana\\id card.PNG"), "id_card.PNG");
        assert_eq!(safe_name("bank\r\n\u{0}statement.pdf"), "bank_statement.pdf");
        assert_eq!(safe_name("..."), "document");
        assert_eq!(safe_name("statement..pdf"), "statement.pdf");
        assert_eq!(safe_name("résumé.pdf"), "r_sum_.pdf");
        let long = format!("{}.pdf", "a".repeat(500));
        assert_eq!(safe_name(&long).chars().count(), NAME_MAX);
        assert!(safe_name(&long).ends_with(".pdf"));
    }

    #[test]
    fn a_stored_name_takes_the_extension_its_bytes_proved() {
        assert_eq!(proven_name("x.html", FileType::Pdf), "x.pdf");
        assert_eq!(proven_name("statement.PDF", FileType::Pdf), "statement.pdf");
        assert_eq!(proven_name("scan.jpeg", FileType::Jpeg), "scan.jpg");
        assert_eq!(proven_name("May 2026 statement", FileType::Pdf), "May 2026 statement.pdf");
        assert_eq!(proven_name("Dr. Ruiz ID", FileType::Png), "Dr. Ruiz ID.png", "' Ruiz ID' is no extension");
        assert_eq!(proven_name("report.final.docx", FileType::Pdf), "report.final.pdf");
        assert_eq!(proven_name(".pdf", FileType::Pdf), "document.pdf");
        assert_eq!(proven_name("", FileType::Jpeg), "document.jpg");
    }

    #[test]
    fn keys_combine_submission_time_field_and_name() {
        assert_eq!(
            object_key("7f3e", 1_763_800_000_000, "photoId", "my id.jpg"),
            "7f3e/1763800000000-photoId-my_id.jpg"
        );
    }

    #[test]
    fn a_signed_link_verifies_until_it_expires() {
        let secret = b"test secret";
        let sig = sign(secret, "k/1-photoId-id.jpg", 2_000);
        assert_eq!(verify(secret, "k/1-photoId-id.jpg", 2_000, &sig, 1_999), Ok(()));
        assert_eq!(verify(secret, "k/1-photoId-id.jpg", 2_000, &sig, 2_000), Err(LinkError::Expired));
    }

    #[test]
    fn an_altered_link_is_refused() {
        let secret = b"test secret";
        let sig = sign(secret, "k/a.pdf", 2_000);
        assert_eq!(verify(secret, "k/b.pdf", 2_000, &sig, 1), Err(LinkError::BadSignature));
        assert_eq!(verify(secret, "k/a.pdf", 3_000, &sig, 1), Err(LinkError::BadSignature));
        assert_eq!(verify(b"other", "k/a.pdf", 2_000, &sig, 1), Err(LinkError::BadSignature));
        assert_eq!(verify(secret, "k/a.pdf", 2_000, "zz", 1), Err(LinkError::Malformed));
        let mut flipped = sig.clone();
        flipped.replace_range(0..1, if &sig[0..1] == "0" { "1" } else { "0" });
        assert_eq!(verify(secret, "k/a.pdf", 2_000, &flipped, 1), Err(LinkError::BadSignature));
    }

    /// Any text at all: empty, unicode, controls, up to 5,000 characters.
    fn text() -> impl Strategy<Value = String> {
        prop_oneof![".{0,40}", vec(any::<char>(), 0..5_000).prop_map(String::from_iter)]
    }

    proptest! {
        #![proptest_config(ProptestConfig { failure_persistence: None, ..ProptestConfig::with_cases(512) })]

        #[test]
        fn only_the_secret_signs_a_link(
            secret in vec(any::<u8>(), 0..80),
            key in text(),
            expires in any::<u64>(),
            sig in prop_oneof!["[0-9a-fA-F]{64}", "[0-9a-f]{0,70}", text()],
            now in any::<u64>(),
        ) {
            let verified = verify(&secret, &key, expires, &sig, now);
            prop_assert_eq!(verified.is_ok(), sig == sign(&secret, &key, expires) && now < expires);
        }

        #[test]
        fn a_signed_link_with_any_byte_flipped_is_refused(
            secret in vec(any::<u8>(), 0..80),
            key in text(),
            expires in 1..u64::MAX,
            at in 0..64usize,
            bit in 0..8u32,
        ) {
            let sig = sign(&secret, &key, expires);
            prop_assert_eq!(verify(&secret, &key, expires, &sig, expires - 1), Ok(()));
            let mut flipped = sig.into_bytes();
            flipped[at] ^= 1 << bit;
            let flipped = String::from_utf8_lossy(&flipped);
            prop_assert!(verify(&secret, &key, expires, &flipped, expires - 1).is_err(), "{}", flipped);
        }

        #[test]
        fn a_link_to_another_key_or_time_is_refused(secret in vec(any::<u8>(), 0..80), key in text(), other in text(), expires in any::<u64>(), later in any::<u64>()) {
            let sig = sign(&secret, &key, expires);
            prop_assume!(other != key && later != expires);
            prop_assert_eq!(verify(&secret, &other, expires, &sig, 0), Err(LinkError::BadSignature));
            prop_assert_eq!(verify(&secret, &key, later, &sig, 0), Err(LinkError::BadSignature));
        }

        #[test]
        fn any_name_makes_a_safe_one(name in text()) {
            let safe = safe_name(&name);
            prop_assert!(!safe.is_empty() && safe.chars().count() <= NAME_MAX, "{}", safe);
            prop_assert!(safe.bytes().all(|b| b.is_ascii_alphanumeric() || b"._-".contains(&b)), "{}", safe);
            prop_assert!(!safe.starts_with(['.', '_']) && !safe.ends_with(['.', '_']) && !safe.contains(".."), "{}", safe);
        }
    }
}
