//! Posting an alert to the second channel (domain/alert.rs says when and what).

use crate::services::fetch;
use domain::alert::Alert;
use domain::delivery::Outcome;
use domain::settings::Settings;
use worker::{console_error, console_log};

/// Post `alert` to ALERT_WEBHOOK_URL; whether the endpoint took it (false without one).
pub async fn send(settings: &Settings, alert: &Alert) -> bool {
    let Some(url) = &settings.alert_webhook else { return false };
    match fetch::post_json(url, &alert.body()).await {
        Outcome::Sent => {
            console_log!("alert {}: posted to the webhook", alert.event);
            true
        }
        outcome => {
            console_error!("alert {}: the webhook failed ({outcome:?}): {}", alert.event, alert.text);
            false
        }
    }
}
