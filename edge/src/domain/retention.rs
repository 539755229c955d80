//! Nothing kept without bound, nothing kept for ever. Each thing the worker stores with an end
//! gets a timer, `timers/<due ms>/<job>/<subject>`, sorted by due time like the e-mail queue, and
//! the scheduled run does each job when its time comes: uploads never filed go after 24 hours;
//! a filed submission's documents, and every record, after the retention period; quota records
//! after their day. A submission holds at most 6 × 10 MB however often a document is replaced, and
//! when it is filed only the latest document per field is kept.

use crate::domain::concierge::is_key_of;
use crate::domain::due;
use jax_model::forms::Forms;
use std::collections::BTreeMap;

pub const TIMERS: &str = "timers/";
/// Uploads not filed within this are deleted.
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
}

impl Job {
    const ALL: [(Job, &'static str); 4] =
        [(Job::Unfiled, "unfiled"), (Job::Documents, "documents"), (Job::Record, "record"), (Job::Quota, "quota")];

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

/// The stored uploads of one submission, told apart at filing: the latest per field, which are
/// filed, and every other, which goes.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Filing {
    pub latest: BTreeMap<String, String>,
    pub replaced: Vec<String>,
}

/// `keys`: what is stored under `<submission>/`. The latest of a field is the one uploaded last
/// (its key starts with the upload's milliseconds).
pub fn filing(forms: &Forms, submission: &str, keys: &[String]) -> Filing {
    let ms = |key: &str| {
        key.split_once('/')
            .and_then(|(_, rest)| rest.split_once('-'))
            .and_then(|(ms, _)| ms.parse::<u64>().ok())
            .unwrap_or(0)
    };
    let mut f = Filing::default();
    for key in keys {
        let Some(d) = forms.concierge.documents.iter().find(|d| is_key_of(key, submission, &d.field)) else {
            f.replaced.push(key.clone());
            continue;
        };
        match f.latest.get(&d.field) {
            Some(kept) if ms(kept) >= ms(key) => f.replaced.push(key.clone()),
            Some(kept) => {
                f.replaced.push(kept.clone());
                f.latest.insert(d.field.clone(), key.clone());
            }
            None => {
                f.latest.insert(d.field.clone(), key.clone());
            }
        }
    }
    f
}

/// Whether one more upload of `length` bytes fits a submission already holding `sizes`: at most
/// six documents' worth of bytes, and MAX_UPLOADS uploads.
pub fn upload_fits(forms: &Forms, sizes: &[u64], length: u64) -> bool {
    let c = &forms.concierge;
    let max = c.max_file_bytes * c.documents.len() as u64;
    sizes.len() < MAX_UPLOADS && sizes.iter().sum::<u64>() + length <= max
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::content::content;

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
    fn filing_keeps_the_latest_document_of_each_field() {
        let f = &content().forms;
        let keys: Vec<String> = [
            format!("{S}/1700000000100-photoId-old.png"),
            format!("{S}/1700000000300-photoId-new.png"),
            format!("{S}/1700000000200-photoId-middle.png"),
            format!("{S}/1700000000100-creditReport-only.pdf"),
            format!("{S}/stray"),
        ]
        .into();
        let filed = filing(f, S, &keys);
        assert_eq!(filed.latest.get("photoId"), Some(&keys[1]));
        assert_eq!(filed.latest.get("creditReport"), Some(&keys[3]));
        assert_eq!(filed.latest.len(), 2);
        let mut replaced = filed.replaced.clone();
        replaced.sort();
        assert_eq!(replaced, [keys[0].clone(), keys[2].clone(), keys[4].clone()]);
    }

    #[test]
    fn a_submission_holds_six_documents_worth_at_most() {
        let f = &content().forms;
        let ten = f.concierge.max_file_bytes;
        assert!(upload_fits(f, &[ten; 5], ten));
        assert!(!upload_fits(f, &[ten; 6], 1), "60 MB stored: nothing more");
        assert!(upload_fits(f, &[1; 23], 1));
        assert!(!upload_fits(f, &[1; 24], 1), "24 uploads at most, however small");
    }
}
