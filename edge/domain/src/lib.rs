//! Plain Rust, no `worker` types: what the worker decides, tested with `cargo test` on the host.

pub mod alert;
pub mod answer;
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
pub mod form;
pub mod http;
pub mod keys;
pub mod listing;
pub mod mailbox;
pub mod multipart;
pub mod notice;
pub mod once;
pub mod queue;
pub mod quota;
pub mod retention;
pub mod search_page;
pub mod searches;
pub mod settings;
pub mod submit;
pub mod web_url;
pub mod words;

/// A map of `pairs`, inserted one by one: `collect()` into a BTreeMap sorts first, and each call
/// site's sort is code of its own in the wasm.
pub fn map_of<K: Ord, V>(pairs: impl IntoIterator<Item = (K, V)>) -> std::collections::BTreeMap<K, V> {
    let mut map = std::collections::BTreeMap::new();
    for (k, v) in pairs {
        map.insert(k, v);
    }
    map
}

/// `items` in the order of `key`, ties as they were: one sort in the wasm for every caller, where
/// each `sort_by_key` is a copy of the whole sort of its own.
pub fn sort_by_number<T>(items: &mut Vec<T>, key: impl Fn(&T) -> u128) {
    let mut order: Vec<(u128, usize)> = items.iter().enumerate().map(|(i, item)| (key(item), i)).collect();
    order.sort_unstable();
    let mut slots: Vec<Option<T>> = items.drain(..).map(Some).collect();
    items.extend(order.into_iter().filter_map(|(_, i)| slots[i].take()));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn map_of_keeps_the_last_value_of_a_key() {
        let m = map_of([("b", 1), ("a", 2), ("b", 3)]);
        assert_eq!(m.into_iter().collect::<Vec<_>>(), [("a", 2), ("b", 3)]);
    }

    #[test]
    fn sort_by_number_orders_by_the_key_and_keeps_ties_as_they_were() {
        let mut items = vec![("c", 3), ("a", 1), ("b", 3), ("d", 0), ("e", 1)];
        sort_by_number(&mut items, |(_, n)| *n as u128);
        assert_eq!(items, [("d", 0), ("a", 1), ("e", 1), ("c", 3), ("b", 3)]);
        let mut none: Vec<u8> = Vec::new();
        sort_by_number(&mut none, |n| u128::from(*n));
        assert!(none.is_empty());
    }
}
