//! Keys that sort by due time, `<prefix><due ms, 13 digits>/<rest>`: the e-mail queue's markers
//! and the retention timers. A run lists such a prefix in key order and stops at the first key
//! that is not due, however many are waiting.

/// `<prefix><due ms>/<rest>`.
pub fn key(prefix: &str, due_ms: u64, rest: &str) -> String {
    format!("{prefix}{due_ms:013}/{rest}")
}

/// The due time and the rest of a key made by `key`.
pub fn split<'a>(prefix: &str, key: &'a str) -> Option<(u64, &'a str)> {
    let (due, rest) = key.strip_prefix(prefix)?.split_once('/')?;
    let due = due.parse().ok().filter(|_| due.len() == 13 && due.bytes().all(|b| b.is_ascii_digit()))?;
    Some((due, rest))
}

/// Of one listed page of keys (in key order), with each one's due time (None: not such a key,
/// which says nothing either way): the keys due at `now`, and whether one was not due yet, so no
/// later page holds a due one.
pub fn due_on_page(keys: Vec<(String, Option<u64>)>, now: u64) -> (Vec<(String, u64)>, bool) {
    let later = keys.iter().any(|(_, due)| due.is_some_and(|d| d > now));
    let due = keys.into_iter().filter_map(|(k, due)| due.filter(|d| *d <= now).map(|d| (k, d))).collect();
    (due, later)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_sort_by_due_time_and_a_page_says_where_the_due_ones_end() {
        assert!(key("p/", 999, "z") < key("p/", 1_000, "a"));
        assert_eq!(split("p/", &key("p/", 1_700_000_000_000, "a/b")), Some((1_700_000_000_000, "a/b")));
        for bad in ["p/17/x", "p/+700000000000/x", "p/1700000000000", "q/1700000000000/x"] {
            assert_eq!(split("p/", bad), None, "{bad}");
        }
        let page = vec![("a".to_string(), Some(5)), ("stray".to_string(), None), ("b".to_string(), Some(10))];
        assert_eq!(due_on_page(page.clone(), 10), (vec![("a".to_string(), 5), ("b".to_string(), 10)], false));
        assert_eq!(due_on_page(page, 7), (vec![("a".to_string(), 5)], true));
    }
}
