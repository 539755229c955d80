//! Plain Rust, no `worker` types: what the worker decides, tested with `cargo test` on the host.

pub mod alert;
pub mod bot_check;
pub mod budget;
pub mod concierge;
pub mod content;
pub mod crm;
pub mod delivery;
pub mod documents;
pub mod due;
pub mod editor_auth;
pub mod email;
pub mod embedded;
pub mod fallback;
pub mod http;
pub mod keys;
pub mod listing;
pub mod multipart;
pub mod notice;
pub mod once;
pub mod queue;
pub mod quota;
pub mod retention;
pub mod searches;
pub mod settings;
pub mod submit;
pub mod words;

/// A map of `pairs`, inserted one by one: `collect()` into a BTreeMap sorts first, and each call
/// site's sort is code of its own in the wasm (~2.5 KiB apiece).
pub fn map_of<K: Ord, V>(pairs: impl IntoIterator<Item = (K, V)>) -> std::collections::BTreeMap<K, V> {
    let mut map = std::collections::BTreeMap::new();
    for (k, v) in pairs {
        map.insert(k, v);
    }
    map
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn map_of_keeps_the_last_value_of_a_key() {
        let m = map_of([("b", 1), ("a", 2), ("b", 3)]);
        assert_eq!(m.into_iter().collect::<Vec<_>>(), [("a", 2), ("b", 3)]);
    }
}
