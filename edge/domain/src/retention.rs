//! Nothing kept without bound, nothing kept for ever. Each thing the worker stores with an end
//! gets a timer, `timers/<due ms>/<job>/<subject>`, sorted by due time like the e-mail queue, and
//! the scheduled run does each job when its time comes: uploads never filed go after 24 hours;
//! a filed submission's documents, and every record, after the retention period; quota records
//! after their day. A submission holds at most every document at its limit however often one is
//! replaced, and when it is filed only the documents its filing names are kept.

use crate::due;
use jax_model::forms::Forms;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

pub const TIMERS: &str = "timers/";
/// Uploads not filed within this of their submission's newest are deleted.
pub const UNFILED_MS: u64 = 24 * 60 * 60 * 1000;
/// Uploads one submission may hold before it is filed (replacements included).
pub const MAX_UPLOADS: usize = 24;

/// What a timer does when it is due.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Job {
    /// `<submission>/…` uploaded over 24 hours ago, unless the submission was filed.
    Unfiled,
    /// Every document of a filed submission.
    Documents,
    /// A record (`submissions/<id>.json`) and what goes with it, once it is no longer owed.
    Record,
    /// A quota record (`quota/<rest>`) whose day is over.
    Quota,
    /// A saved search (`searches/<address>/<id>.json`) still unconfirmed 48 hours after it was
    /// saved (domain/searches.rs).
    Search,
    /// An address's suppression (`suppressed/<address>`), 30 days after it was last set.
    Suppression,
    /// An address's epoch (`epochs/<address>`), a year after it last moved: no link of an earlier
    /// one works by then.
    Epoch,
}

impl Job {
    const ALL: [(Job, &'static str); 7] = [
        (Job::Unfiled, "unfiled"),
        (Job::Documents, "documents"),
        (Job::Record, "record"),
        (Job::Quota, "quota"),
        (Job::Search, "search"),
        (Job::Suppression, "suppression"),
        (Job::Epoch, "epoch"),
    ];

    fn name(self) -> &'static str {
        Job::ALL.iter().find(|(j, _)| *j == self).map_or("", |(_, n)| n)
    }
}

/// `timers/<due ms, 13 digits>/<job>/<subject>`.
pub fn timer_key(due_ms: u64, job: Job, subject: &str) -> String {
    due::key(TIMERS, due_ms, &format!("{}/{subject}", job.name()))
}

/// The due time, job and subject of a timer's key.
pub fn parse_timer(key: &str) -> Option<(u64, Job, &str)> {
    let (due, rest) = due::split(TIMERS, key)?;
    let (name, subject) = rest.split_once('/')?;
    let job = Job::ALL.iter().find(|(_, n)| *n == name)?.0;
    (!subject.is_empty() && !subject.contains("..")).then_some((due, job, subject))
}

/// The stored uploads of one submission, told apart at filing: those its filing names, which are
/// filed, and every other, which goes.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Filing {
    pub filed: BTreeMap<String, String>,
    pub replaced: Vec<String>,
}

/// `stored`: what is under `<submission>/`; `named`: the document the filing names for each field
/// (checked to be that field's key of that submission). Only the named ones are filed: a document
/// someone else added to the submission is deleted, never filed in place of the client's. A named
/// document not stored is its field's error (the fields, in `named`'s order).
pub fn filing(stored: &[String], named: &[(&str, &str)]) -> Result<Filing, Vec<String>> {
    let missing: Vec<String> =
        named.iter().filter(|(_, key)| !stored.iter().any(|s| s == key)).map(|(field, _)| field.to_string()).collect();
    if !missing.is_empty() {
        return Err(missing);
    }
    let filed: BTreeMap<String, String> = crate::map_of(named.iter().map(|(f, k)| (f.to_string(), k.to_string())));
    let replaced = stored.iter().filter(|key| !filed.values().any(|k| k == *key)).cloned().collect();
    Ok(Filing { filed, replaced })
}

/// Where each submission's upload count is kept: outside its folder, so filing never lists it.
pub const UPLOAD_COUNTS: &str = "uploads/";

pub fn count_key(submission: &str) -> String {
    format!("{UPLOAD_COUNTS}{submission}.json")
}

/// What one submission has taken so far, replacements included: updated by a conditional write
/// before each upload is stored, so parallel uploads cannot pass the cap between them.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Uploads {
    pub count: u32,
    pub bytes: u64,
}

impl Uploads {
    /// The count with one more upload of `length` bytes, if it fits: at most six documents' worth
    /// of bytes, and MAX_UPLOADS uploads.
    pub fn with(self, forms: &Forms, length: u64) -> Option<Uploads> {
        let c = &forms.concierge;
        let max = c.max_file_bytes * c.documents.len() as u64;
        let bytes = self.bytes.checked_add(length)?;
        ((self.count as usize) < MAX_UPLOADS && bytes <= max).then_some(Uploads { count: self.count + 1, bytes })
    }

    /// The count with an upload of `length` bytes given back (it was not stored after all).
    pub fn without(self, length: u64) -> Uploads {
        Uploads { count: self.count.saturating_sub(1), bytes: self.bytes.saturating_sub(length) }
    }
}

/// The milliseconds an upload's key starts with (see documents::object_key).
pub fn uploaded_ms(key: &str) -> Option<u64> {
    key.split_once('/')?.1.split_once('-')?.0.parse().ok()
}

/// When a submission never filed is deleted: a day after its newest upload (`keys`: its folder).
pub fn unfiled_due(keys: &[String]) -> Option<u64> {
    keys.iter().filter_map(|k| uploaded_ms(k)).max().map(|newest| newest + UNFILED_MS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::content;

    const S: &str = "0b3c2a5e-7f1d-4c8e-9a6b-2d4f6e8a0c1e";

    #[test]
    fn timers_sort_by_due_time_and_read_back() {
        let k = timer_key(1_700_000_000_000, Job::Quota, "quota/quiz/to/ab12");
        assert_eq!(k, "timers/1700000000000/quota/quota/quiz/to/ab12");
        assert_eq!(parse_timer(&k), Some((1_700_000_000_000, Job::Quota, "quota/quiz/to/ab12")));
        assert!(timer_key(999, Job::Record, "z") < timer_key(1_000, Job::Unfiled, "a"));
        for (job, name) in Job::ALL {
            assert_eq!(parse_timer(&timer_key(1, job, S)).map(|t| t.1), Some(job), "{name}");
        }
        for bad in [
            "timers/1700000000000/other/x",
            "timers/17/record/x",
            "timers/1700000000000/record/",
            "timers/1700000000000/record/../x",
            "pending/1700000000000/record/x",
        ] {
            assert_eq!(parse_timer(bad), None, "{bad}");
        }
    }

    #[test]
    fn filing_files_the_documents_it_names_and_deletes_the_rest() {
        let keys: Vec<String> = [
            format!("{S}/1700000000100-photoId-mine.png"),
            format!("{S}/1700000000300-photoId-added-by-someone-else.png"),
            format!("{S}/1700000000100-creditReport-only.pdf"),
            format!("{S}/stray"),
        ]
        .into();
        let filed = filing(&keys, &[("photoId", &keys[0]), ("creditReport", &keys[2])]).unwrap();
        assert_eq!(filed.filed.get("photoId"), Some(&keys[0]), "the named one, not the newest");
        assert_eq!(filed.filed.get("creditReport"), Some(&keys[2]));
        assert_eq!(filed.filed.len(), 2);
        assert_eq!(filed.replaced, [keys[1].clone(), keys[3].clone()]);
        // A named document that is not stored: its field.
        let gone = format!("{S}/1700000000500-bankStatement1-gone.pdf");
        assert_eq!(filing(&keys, &[("photoId", &keys[0]), ("bankStatement1", &gone)]).unwrap_err(), ["bankStatement1"]);
    }

    #[test]
    fn a_submission_holds_six_documents_worth_at_most() {
        let f = &content().forms;
        let ten = f.concierge.max_file_bytes;
        let mut held = Uploads::default();
        for _ in 0..6 {
            held = held.with(f, ten).expect("six documents of 10 MB fit");
        }
        assert_eq!(held, Uploads { count: 6, bytes: 6 * ten });
        assert_eq!(held.with(f, 1), None, "60 MB stored: nothing more");
        assert_eq!(held.without(ten).with(f, ten), Some(held), "an upload given back makes room again");
        let small = Uploads { count: 23, bytes: 23 };
        assert!(small.with(f, 1).is_some());
        assert_eq!(small.with(f, 1).unwrap().with(f, 1), None, "24 uploads at most, however small");
        assert_eq!(Uploads { count: 0, bytes: u64::MAX }.with(f, 1), None);
        assert_eq!(Uploads::default().without(5), Uploads::default());
    }

    #[test]
    fn an_unfiled_submission_goes_a_day_after_its_newest_upload() {
        let keys = [format!("{S}/1700000000100-photoId-a.png"), format!("{S}/1700000005000-creditReport-b.pdf")];
        assert_eq!(unfiled_due(&keys), Some(1_700_000_005_000 + UNFILED_MS));
        assert_eq!(unfiled_due(&[format!("{S}/stray")]), None);
        assert_eq!(count_key(S), format!("uploads/{S}.json"));
    }
}
