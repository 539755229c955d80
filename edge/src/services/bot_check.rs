//! The bot check's I/O (domain/bot_check.rs says what and why): siteverify, and the count of a
//! client's unverified posts.

use crate::failure::Failure;
use crate::services::quota::{self, Added};
use crate::services::{fetch, now_ms};
use domain::bot_check::{
    missing, plausible, request, token, unverified_key, unverified_uploads_cap, unverified_uploads_key, verdict,
    Expected, Trust, Verdict,
};
use domain::content::content;
use domain::settings::Settings;
use std::sync::atomic::{AtomicBool, Ordering};
use worker::{console_error, console_log, Bucket};

/// Whether this isolate said yet that the check is off.
static SAID_OFF: AtomicBool = AtomicBool::new(false);

/// How a post that carries `token` (or none) stands with the check. `key`: its submission's key
/// (a UUID lets a repeat verify the same token again). `tokenless`: a post that cannot carry a
/// token (no JavaScript) is unverified rather than refused. `expected`: the hostname and action
/// its token must have been made for. Refused: 403, nothing to record.
pub async fn check(
    settings: &Settings,
    client_ip: Option<&str>,
    token_value: Option<&str>,
    key: Option<&str>,
    tokenless: bool,
    expected: Expected<'_>,
) -> Result<Trust, Failure> {
    let Some(keys) = &settings.bot_check else {
        if !SAID_OFF.swap(true, Ordering::Relaxed) {
            console_log!("bot check: off (no TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY); posts are not checked");
        }
        return Ok(Trust::Unchecked);
    };
    let texts = &content().forms.bot_check;
    let refused = |message: &str| Failure::Refused(403, vec![missing(message)]);
    let Some(token) = token(token_value) else {
        return if tokenless { Ok(Trust::Unverified) } else { Err(refused(&texts.missing)) };
    };
    if !plausible(token) {
        return Err(refused(&texts.failed));
    }
    let body = request(&keys.secret_key, token, client_ip, key);
    let answer = fetch::post(&keys.verify_url, "application/x-www-form-urlencoded", &body).await;
    match answer.map(|(status, text)| verdict(status, &text, expected)) {
        Ok(Verdict::Passed) => Ok(Trust::Verified),
        Ok(Verdict::Refused(codes)) => {
            console_log!("bot check: a token refused ({codes})");
            Err(refused(&texts.failed))
        }
        // The check could not judge: the post is taken as one without a token would be, so no
        // visitor is turned away for Turnstile's outage (or a wrong secret, which the log says).
        Ok(Verdict::Unavailable(why)) => {
            console_error!("bot check: siteverify could not judge ({why}); taken as unverified");
            Ok(Trust::Unverified)
        }
        Err(outcome) => {
            console_error!("bot check: siteverify unreachable ({outcome:?}); taken as unverified");
            Ok(Trust::Unverified)
        }
    }
}

/// Count one unverified post of `client` this hour; past the hourly limit (or when the count is
/// too contended to decide, which a single visitor never causes) a 429 saying so.
pub async fn count_unverified(settings: &Settings, bucket: &Bucket, client: &str) -> Result<(), Failure> {
    let key = unverified_key(&settings.keys.counting, client, now_ms());
    let cap = settings.budget.unverified_per_client_per_hour;
    let refusal = format!(
        "This browser sent {cap} messages in the last hour without the spam check; please call or try again later."
    );
    count_one(bucket, &key, u64::from(cap), refusal).await
}

/// Count one concierge upload of `client` taken unverified this hour (siteverify could not judge
/// its token: an outage lets no visitor be turned away, nor a script upload without end); past the
/// hour's allowance a 429 saying so.
pub async fn count_unverified_upload(settings: &Settings, bucket: &Bucket, client: &str) -> Result<(), Failure> {
    let key = unverified_uploads_key(&settings.keys.counting, client, now_ms());
    let documents = content().forms.concierge.documents.len();
    let cap = unverified_uploads_cap(settings.budget.unverified_per_client_per_hour, documents);
    let refusal = "The spam check is unavailable and this browser has sent many documents in the last hour; please try again later.";
    count_one(bucket, &key, cap, refusal.into()).await
}

/// One more in the count at `key`, or, at `cap`, a 429 on the request with `refusal`.
async fn count_one(bucket: &Bucket, key: &str, cap: u64, refusal: String) -> Result<(), Failure> {
    match quota::add(bucket, key, 1, cap).await? {
        Added::Yes => Ok(()),
        _ => Err(Failure::field(429, "request", refusal)),
    }
}
