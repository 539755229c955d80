//! The one HTTP client the generator's outgoing requests use (the MLS feed and its photos, the
//! photos' bucket, the deploy's checks): a status is an answer to read, not an error, and a
//! request that takes longer than its caller allows fails rather than hangs a build.

use std::time::Duration;

/// An agent whose requests fail after `whole` (connecting after 15 s).
pub fn agent(whole: Duration) -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_connect(Some(Duration::from_secs(15)))
        .timeout_global(Some(whole))
        .build()
        .into()
}
