//! What the concierge's routes check before they store: the submission's token, and room in the
//! day's uploads (the refusals each gets).

use crate::failure::Failure;
use crate::services::budget::{self, UploadAdmission, UploadReservation};
use domain::settings::Settings;
use jax_model::forms::Forms;
use worker::Bucket;

/// A submission token that is not `submission`'s: refused before anything is read or stored.
pub fn check_token(settings: &Settings, submission: &str, token: Option<&str>) -> Result<(), Failure> {
    if token.is_some_and(|t| settings.keys.is_submission_token(submission, t)) {
        return Ok(());
    }
    Err(Failure::field(403, "submission", NOT_THIS_SUBMISSION))
}

/// What an upload or a filing without its submission's token is told.
const NOT_THIS_SUBMISSION: &str =
    "This submission was not started on this page; reload the page and send the documents again.";

/// `bytes` of today's uploads taken for `who` (budget::reserve_upload), or the refusal; `field`
/// names the upload when its client's other uploads keep the count busy.
pub async fn reserve(
    settings: &Settings,
    bucket: &Bucket,
    who: &str,
    bytes: u64,
    field: &str,
) -> Result<UploadReservation, Failure> {
    match budget::reserve_upload(settings, bucket, who, bytes).await? {
        UploadAdmission::Reserved(reservation) => Ok(reservation),
        UploadAdmission::Paused => Err(uploads_paused()),
        UploadAdmission::ClientFull => Err(Failure::field(
            429,
            "request",
            "This browser has sent as many documents as the portal takes from one visitor in a day; please try again tomorrow.",
        )),
        UploadAdmission::Busy => Err(too_many_at_once(field)),
    }
}

/// Room for `bytes` stored by one post in today's uploads for everyone, or the refusal.
pub async fn day_room(settings: &Settings, bucket: &Bucket, bytes: u64) -> Result<(), Failure> {
    if budget::day_has_room(settings, bucket, bytes).await? {
        Ok(())
    } else {
        Err(uploads_paused())
    }
}

/// Too many uploads contending for a count at once: try again.
pub fn too_many_at_once(field: &str) -> Failure {
    Failure::field(429, field, "Too many uploads at once; choose the file again.")
}

/// Past the day's upload budget (the agent is alerted).
pub fn uploads_paused() -> Failure {
    Failure::field(503, "request", "The document portal's uploads are paused for today; please try again tomorrow.")
}

/// The largest whole form without JavaScript: every document at its limit, plus the rest.
pub fn multipart_max(forms: &Forms) -> u64 {
    let c = &forms.concierge;
    c.max_file_bytes * c.documents.len() as u64 + u64::from(forms.limits.body_max_bytes)
}
