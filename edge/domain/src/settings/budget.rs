//! The day's budgets: content's figures (`budget` in forms.yaml), each overridable by a setting
//! and bounded.

use crate::content::Content;
use jax_model::forms::Budget;

/// The largest e-mail budget a day (EmailJS's largest plans send about as many a month).
pub const MAX_EMAILS_PER_DAY: u32 = 100_000;

/// Content's budget, each figure overridable by EMAILS_PER_DAY, UNVERIFIED_EMAILS_PER_DAY,
/// UNVERIFIED_PER_CLIENT_PER_HOUR, CONCIERGE_PER_CLIENT_PER_DAY, UPLOAD_BYTES_PER_DAY,
/// CONFIRMATION_EMAILS_PER_DAY, CONFIRMATIONS_PER_CLIENT_PER_DAY and CRM_LEADS_PER_DAY.
pub(super) fn budget(get: impl Fn(&str) -> Option<String>, content: &Content) -> Budget {
    let b = &content.forms.budget;
    let figure =
        |name: &str, default: u64| get(name).and_then(|n| n.parse::<u64>().ok()).filter(|n| *n >= 1).unwrap_or(default);
    // Each e-mail takes a slot below it (services/budget.rs): a bound keeps that cheap.
    let emails_per_day = figure("EMAILS_PER_DAY", b.emails_per_day.into()).min(MAX_EMAILS_PER_DAY.into()) as u32;
    let unverified = get("UNVERIFIED_EMAILS_PER_DAY").and_then(|n| n.parse::<u32>().ok());
    Budget {
        emails_per_day,
        unverified_emails_per_day: unverified.unwrap_or(b.unverified_emails_per_day).min(emails_per_day),
        unverified_per_client_per_hour: figure(
            "UNVERIFIED_PER_CLIENT_PER_HOUR",
            b.unverified_per_client_per_hour.into(),
        )
        .min(u32::MAX.into()) as u32,
        concierge_per_client_per_day: figure("CONCIERGE_PER_CLIENT_PER_DAY", b.concierge_per_client_per_day.into())
            .min(u32::MAX.into()) as u32,
        upload_bytes_per_day: figure("UPLOAD_BYTES_PER_DAY", b.upload_bytes_per_day),
        confirmation_emails_per_day: figure("CONFIRMATION_EMAILS_PER_DAY", b.confirmation_emails_per_day.into())
            .min(MAX_EMAILS_PER_DAY.into()) as u32,
        confirmations_per_client_per_day: figure(
            "CONFIRMATIONS_PER_CLIENT_PER_DAY",
            b.confirmations_per_client_per_day.into(),
        )
        .min(u32::MAX.into()) as u32,
        crm_leads_per_day: figure("CRM_LEADS_PER_DAY", b.crm_leads_per_day.into()).min(MAX_EMAILS_PER_DAY.into())
            as u32,
    }
}

/// Bytes one client may upload a day (UPLOAD_BYTES_PER_CLIENT_PER_DAY): by default as many
/// submissions' worth as it may file (CONCIERGE_PER_CLIENT_PER_DAY × every document at its limit),
/// never more than the day's whole budget, so one client cannot spend it all.
pub(super) fn upload_bytes_per_client_per_day(
    get: impl Fn(&str) -> Option<String>,
    content: &Content,
    budget: &Budget,
) -> u64 {
    let c = &content.forms.concierge;
    let submissions = u64::from(budget.concierge_per_client_per_day);
    get("UPLOAD_BYTES_PER_CLIENT_PER_DAY")
        .and_then(|n| n.parse::<u64>().ok())
        .filter(|n| *n >= 1)
        .unwrap_or(submissions.saturating_mul(c.max_file_bytes * c.documents.len() as u64))
        .min(budget.upload_bytes_per_day)
}
