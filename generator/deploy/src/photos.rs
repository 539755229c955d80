//! Which MLS photo files go to the `listing-photos` bucket and which leave it: decided here from
//! the site's files, the bucket's listing and when each unreferenced object was first seen, with no
//! I/O (`bucket` does the requests). Photos are named by their listing and a hash of their source,
//! so a key that is there with the same bytes (its ETag: a whole PUT's MD5) is never sent again;
//! one with other bytes (an encoder changed) is replaced. An object no page names any more stays
//! for a grace period (pages cached in browsers, a deploy still propagating) before it is deleted.

use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

/// A photo file of the built site.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Local {
    /// Its key in the bucket: its path in the site (`images/mls/…`).
    pub key: String,
    pub path: PathBuf,
    /// MD5 of its bytes, lowercase hex (what the bucket's ETag is for a whole PUT).
    pub md5: String,
    pub bytes: u64,
}

/// An object the bucket lists.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Remote {
    pub key: String,
    /// As listed, quotes and all.
    pub etag: String,
}

/// What the previous runs saw: each object no page named, from when (seconds since 1970).
#[derive(Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct State {
    pub unreferenced: BTreeMap<String, i64>,
}

/// What one run does.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Plan {
    /// Named by the pages with no file in the site (shown from `in_bucket`'s record) and not in
    /// the bucket: deleted by hand, or by a run that forgot them. Their photos must be made again.
    pub lost: Vec<String>,
    /// Not in the bucket, or there with other bytes.
    pub upload: Vec<Local>,
    pub unchanged: usize,
    /// Unreferenced for longer than the grace period.
    pub delete: Vec<String>,
    /// The state to keep once the run is done: the unreferenced objects left in the bucket.
    pub next: State,
}

/// The plan for the site's photos, `local` (files of the site) and `kept` (named by its pages with
/// no file: already sent), against the bucket's `remote`, at `now`.
pub fn plan(local: &[Local], kept: &[&str], remote: &[Remote], before: &State, now: i64, grace_secs: i64) -> Plan {
    let listed: BTreeMap<&str, &str> = remote.iter().map(|r| (r.key.as_str(), r.etag.trim_matches('"'))).collect();
    let mut plan = Plan::default();
    for l in local {
        match listed.get(l.key.as_str()) {
            Some(etag) if etag.eq_ignore_ascii_case(&l.md5) => plan.unchanged += 1,
            _ => plan.upload.push(l.clone()),
        }
    }
    let mut named: BTreeSet<&str> = local.iter().map(|l| l.key.as_str()).collect();
    for &k in kept {
        if named.insert(k) {
            match listed.contains_key(k) {
                true => plan.unchanged += 1,
                false => plan.lost.push(k.to_string()),
            }
        }
    }
    for r in remote.iter().filter(|r| !named.contains(r.key.as_str())) {
        let since = before.unreferenced.get(&r.key).copied().unwrap_or(now);
        if now - since >= grace_secs {
            plan.delete.push(r.key.clone());
        } else {
            plan.next.unreferenced.insert(r.key.clone(), since);
        }
    }
    plan
}

#[cfg(test)]
mod tests {
    use super::*;

    fn local(key: &str, md5: &str) -> Local {
        Local { key: key.into(), path: PathBuf::from(key), md5: md5.into(), bytes: 1 }
    }
    fn remote(key: &str, etag: &str) -> Remote {
        Remote { key: key.into(), etag: format!("\"{etag}\"") }
    }

    #[test]
    fn sends_what_is_new_or_other_and_skips_what_is_there() {
        let l = [
            local("images/mls/a-1-480.webp", "aa"),
            local("images/mls/b-2-480.webp", "bb"),
            local("images/mls/c-3-480.webp", "cc"),
        ];
        let r = [remote("images/mls/a-1-480.webp", "AA"), remote("images/mls/b-2-480.webp", "00")];
        let p = plan(&l, &[], &r, &State::default(), 1000, 3600);
        assert_eq!(p.unchanged, 1, "the same MD5 (ETags compare without case or quotes)");
        let sent: Vec<&str> = p.upload.iter().map(|l| l.key.as_str()).collect();
        assert_eq!(sent, ["images/mls/b-2-480.webp", "images/mls/c-3-480.webp"], "other bytes, and new");
        assert!(p.delete.is_empty());
    }

    #[test]
    fn deletes_an_unreferenced_object_only_after_the_grace_period() {
        let r = [remote("images/mls/old-1-480.webp", "aa")];
        // First seen unreferenced now: kept, and remembered.
        let first = plan(&[], &[], &r, &State::default(), 1000, 3600);
        assert!(first.delete.is_empty());
        assert_eq!(first.next.unreferenced.get("images/mls/old-1-480.webp"), Some(&1000));
        // Within the grace period: still kept, from the same time.
        let later = plan(&[], &[], &r, &first.next, 4599, 3600);
        assert!(later.delete.is_empty());
        assert_eq!(later.next.unreferenced.get("images/mls/old-1-480.webp"), Some(&1000));
        // Past it: deleted, and forgotten.
        let past = plan(&[], &[], &r, &later.next, 4600, 3600);
        assert_eq!(past.delete, ["images/mls/old-1-480.webp"]);
        assert!(past.next.unreferenced.is_empty());
        // Named again by a page before then: neither deleted nor remembered.
        let back = plan(&[local("images/mls/old-1-480.webp", "aa")], &[], &r, &first.next, 9999, 3600);
        assert!(back.delete.is_empty() && back.next.unreferenced.is_empty() && back.unchanged == 1);
    }

    #[test]
    fn a_photo_named_without_a_file_is_kept_when_there_and_lost_when_not() {
        let l = [local("images/mls/new-3-480.webp", "cc")];
        let r = [remote("images/mls/sent-1-480.webp", "aa"), remote("images/mls/gone-2-480.webp", "bb")];
        let kept = ["images/mls/sent-1-480.webp", "images/mls/deleted-4-480.webp", "images/mls/new-3-480.webp"];
        let p = plan(&l, &kept, &r, &State::default(), 1000, 0);
        assert_eq!(p.upload.len(), 1, "the new file, once, though the record names it too");
        assert_eq!(p.unchanged, 1, "the one sent before stays, unsent");
        assert_eq!(p.lost, ["images/mls/deleted-4-480.webp"], "named, no file, not in the bucket");
        assert_eq!(p.delete, ["images/mls/gone-2-480.webp"], "named by nothing");
    }
}
