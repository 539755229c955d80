//! Exactly once per submission: a form post repeated within a day — a double tap, a retry after a
//! timeout — gets the first post's answer and sends nothing again. The islands send a key they
//! make once per submission (`idempotency_key`); a post without one (a page without JavaScript,
//! whose static HTML cannot carry a key per visit) is keyed by what it says and who sent it, which
//! is exactly what a repeat repeats.

use crate::documents::hex;
use crate::submit::Input;
use jax_model::api::BOT_CHECK_FIELD;
use jax_model::submission::FieldError;
use sha2::{Digest, Sha256};

/// The body field the islands send the key in.
pub use jax_model::api::IDEMPOTENCY_KEY as FIELD;
/// Where the first post of each key is remembered (for a day: retention's quota job).
pub const ONCE: &str = "once/";

/// The key a post to the form `action` is remembered under — its API path's action
/// (`api::bot_check_action`, the form's name for those that are a FormKind), so one form's key
/// never answers another's post: its own key, or a hash of its client and values.
pub fn key_of(action: &str, input: &Input, client: &str) -> Result<String, FieldError> {
    match input.fields.get(FIELD).map(|k| k.trim()).filter(|k| !k.is_empty()) {
        Some(key) if is_key(key) => Ok(format!("{ONCE}{action}/k-{key}")),
        Some(_) => Err(FieldError {
            field: FIELD.into(),
            message: "Expected the submission's key: 8 to 64 letters, digits, dashes or underscores.".into(),
        }),
        None => {
            let mut h = Sha256::new();
            for part in [action, client] {
                h.update(part.as_bytes());
                h.update([0]);
            }
            // Fields and groups in key order (BTreeMaps): the same post hashes the same however sent.
            let groups = input.groups.iter().flat_map(|(g, m)| m.iter().map(move |(k, v)| (format!("{g}.{k}"), v)));
            // Not the bot check's token either: a repeat carries a new one.
            let fields =
                input.fields.iter().filter(|(k, _)| *k != FIELD && *k != BOT_CHECK_FIELD).map(|(k, v)| (k.clone(), v));
            for (name, value) in fields.chain(groups) {
                h.update(name.as_bytes());
                h.update([0]);
                h.update(value.trim().as_bytes());
                h.update([0]);
            }
            Ok(format!("{ONCE}{action}/h-{}", hex(&h.finalize()[..16])))
        }
    }
}

/// The key of a concierge form posted without JavaScript (one multipart post, read part by part),
/// under its path's action as `key_of`'s are: its client and each part in order — a field's
/// value, a file's field, name, length and first FILE_HEAD bytes.
pub struct PostPrint(Sha256);

/// How much of each file the print reads: enough to know a repeat, and cheap for the largest post.
pub const FILE_HEAD: usize = 64 * 1024;

impl PostPrint {
    pub fn new(action: &str, client: &str) -> PostPrint {
        let mut h = Sha256::new();
        for part in [action, client] {
            h.update(part.as_bytes());
            h.update([0]);
        }
        PostPrint(h)
    }

    pub fn field(&mut self, name: &str, value: &str) {
        for part in [name.as_bytes(), value.trim().as_bytes()] {
            self.0.update(part);
            self.0.update([0]);
        }
    }

    /// A file part: its name, its length and its first bytes (`head`, at least FILE_HEAD of them
    /// when it is that long), so a post is known without holding its files.
    pub fn file(&mut self, name: &str, file_name: &str, length: u64, head: &[u8]) {
        self.field(name, file_name);
        self.0.update(length.to_be_bytes());
        self.0.update(&head[..head.len().min(FILE_HEAD)]);
    }

    pub fn key(self, action: &str) -> String {
        format!("{ONCE}{action}/h-{}", hex(&self.0.finalize()[..16]))
    }
}

fn is_key(key: &str) -> bool {
    (8..=64).contains(&key.len()) && key.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_multipart_post_is_known_by_its_client_and_parts() {
        let print = |client: &str, file: &[u8], name: &str| {
            let mut p = PostPrint::new("concierge", client);
            p.field("acknowledgment", "on");
            p.file("photoId", name, file.len() as u64, file);
            p.key("concierge")
        };
        let big = vec![7u8; 200_000];
        let first = print("192.0.2.1", &big, "id.pdf");
        assert!(first.starts_with("once/concierge/h-"));
        assert_eq!(print("192.0.2.1", &big, "id.pdf"), first, "the same post again");
        assert_ne!(print("192.0.2.2", &big, "id.pdf"), first, "another client");
        assert_ne!(print("192.0.2.1", &big, "passport.pdf"), first, "another file");
        assert_ne!(print("192.0.2.1", &big[..199_999], "id.pdf"), first, "another length");
    }

    fn input(pairs: &[(&str, &str)]) -> Input {
        Input { fields: pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(), ..Default::default() }
    }

    #[test]
    fn a_post_is_remembered_by_its_own_key_or_by_what_it_says() {
        let key = "0f8fad5b-d9cb-469f-a165-70867728950e";
        assert_eq!(
            key_of("contact", &input(&[(FIELD, key), ("name", "Ana")]), "192.0.2.1"),
            Ok(format!("once/contact/k-{key}"))
        );
        let bad = key_of("contact", &input(&[(FIELD, "../x")]), "192.0.2.1").unwrap_err();
        assert_eq!(bad.field, FIELD);
        // Without a key: the same post from the same client is the same; anything else is not.
        let post = input(&[("name", "Ana"), ("message", "Hi")]);
        let same = key_of("contact", &input(&[("message", "Hi "), ("name", "Ana")]), "192.0.2.1").unwrap();
        assert_eq!(key_of("contact", &post, "192.0.2.1").unwrap(), same);
        assert!(same.starts_with("once/contact/h-") && same.len() == "once/contact/h-".len() + 32);
        assert_ne!(key_of("contact", &post, "192.0.2.2").unwrap(), same, "another client");
        let hash = |k: &str| k.rsplit_once("/h-").unwrap().1.to_string();
        assert_ne!(hash(&key_of("lead", &post, "192.0.2.1").unwrap()), hash(&same), "another form");
        assert_ne!(key_of("contact", &input(&[("name", "Ana"), ("message", "Hi!")]), "192.0.2.1").unwrap(), same);
        let retoken = input(&[("name", "Ana"), ("message", "Hi"), (BOT_CHECK_FIELD, "another")]);
        assert_eq!(key_of("contact", &retoken, "192.0.2.1").unwrap(), same, "a new token is the same post");
        let empty_key = input(&[("name", "Ana"), ("message", "Hi"), (FIELD, " ")]);
        assert_eq!(key_of("contact", &empty_key, "192.0.2.1").unwrap(), same, "an empty key is no key");
    }
}
