//! Sending one e-mail: through EmailJS's REST API, or, in local development without it, into the
//! local outbox. What is owed, and when to try again, is services/queue.rs's job.

use crate::services::{fetch, storage};
use domain::delivery::Outcome;
use domain::email::EmailJs;
use domain::email::{emailed, emailjs_request};
use domain::queue::{Delivery, OUTBOX};
use domain::settings::Settings;
use worker::{console_error, console_log, Bucket};

/// One attempt to send `d`: through EmailJS, or into the local outbox when it is not set.
pub async fn send(settings: &Settings, bucket: &Bucket, d: &Delivery) -> Outcome {
    match &settings.emailjs {
        None => to_outbox(bucket, d).await,
        Some(e) => to_emailjs(e, d).await,
    }
}

/// Local runs and previews: keep the e-mail in R2 under outbox/ and say where.
async fn to_outbox(bucket: &Bucket, d: &Delivery) -> Outcome {
    let key = format!("{OUTBOX}{}.json", d.id);
    match storage::put_json(bucket, &key, &emailed(&d.params)).await {
        Ok(()) => {
            // Its subject and recipient stay in the record: a preview's visitors are real people.
            console_log!("outbox: {} e-mail kept at {key} (no EmailJS: local development or a preview)", d.form.name());
            Outcome::Sent
        }
        Err(e) => {
            console_error!("outbox: storing {key} failed: {e}");
            Outcome::Network
        }
    }
}

async fn to_emailjs(e: &EmailJs, d: &Delivery) -> Outcome {
    match emailjs_request(e, d.form, &d.params) {
        Ok((url, body)) => fetch::post_json(&url, &body).await,
        Err(outcome) => outcome,
    }
}
