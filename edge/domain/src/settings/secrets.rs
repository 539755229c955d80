//! The secrets that key the links, counts and submission tokens, each required (or optional, for
//! a previous one kept while rotating) and long enough.

use crate::keys::Keyring;
use crate::searches::links::SearchKeys;

/// A shorter DOCUMENT_LINK_SECRET (or DOCUMENT_LINK_SECRET_PREVIOUS, COUNTING_SECRET,
/// SAVED_SEARCH_SECRET or SAVED_SEARCH_SECRET_PREVIOUS) is refused: links, counts and submission
/// tokens must not be forgeable.
pub const MIN_LINK_SECRET_BYTES: usize = 32;

/// The secrets as set, each None where missing or too short.
pub(super) struct Secrets {
    link: Option<String>,
    previous_link: Option<String>,
    counting: Option<String>,
    search: Option<String>,
    previous_search: Option<String>,
}

impl Secrets {
    /// The secrets; what is missing or too short is added to `missing`.
    pub(super) fn read(get: impl Fn(&str) -> Option<String>, missing: &mut Vec<String>) -> Secrets {
        let mut secret = |name: &str, required: bool| match get(name) {
            None if required => {
                missing.push(name.to_string());
                None
            }
            Some(s) if s.len() < MIN_LINK_SECRET_BYTES => {
                missing.push(format!("{name} (at least {MIN_LINK_SECRET_BYTES} bytes)"));
                None
            }
            s => s,
        };
        Secrets {
            link: secret("DOCUMENT_LINK_SECRET", true),
            previous_link: secret("DOCUMENT_LINK_SECRET_PREVIOUS", false),
            counting: secret("COUNTING_SECRET", true),
            // The saved searches' own: rotating another secret breaks none of their links.
            search: secret("SAVED_SEARCH_SECRET", true),
            previous_search: secret("SAVED_SEARCH_SECRET_PREVIOUS", false),
        }
    }

    /// The keys made from them.
    pub(super) fn keyring(self) -> Keyring {
        Keyring::new(
            self.link.unwrap_or_default().as_bytes(),
            self.previous_link.as_ref().map(|s| s.as_bytes()),
            self.counting.unwrap_or_default().as_bytes(),
            SearchKeys::new(
                self.search.unwrap_or_default().as_bytes(),
                self.previous_search.as_ref().map(|s| s.as_bytes()),
            ),
        )
    }
}
