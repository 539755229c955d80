//! E-mail delivery outcomes and the retry policy. Every accepted submission is stored first; a
//! failed delivery stays stored and the scheduled handler retries it with backoff until it goes.

/// What happened to one attempt to send through EmailJS, told apart for the logs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Sent,
    /// 403: the account refuses API calls from non-browser applications (a setting to fix).
    Forbidden,
    /// 451: EmailJS blocked the request.
    Blocked,
    /// 429: too many requests.
    RateLimited,
    /// Another 4xx whose answer says a limit of the account is reached (its monthly quota): an
    /// outage to outlast, never the request's fault.
    Quota(u16),
    /// Any other non-2xx status.
    Failed(u16),
    /// No answer in time.
    Timeout,
    /// The request never got an answer (DNS, connection).
    Network,
    /// EmailJS has a key but no service or template id set: nothing was sent.
    NotConfigured,
}

impl Outcome {
    /// What an answer means, its body read for EmailJS's quota answers.
    pub fn from_answer(status: u16, body: &str) -> Outcome {
        match Outcome::from_status(status) {
            Outcome::Failed(_) | Outcome::Forbidden | Outcome::Blocked
                if (400..500).contains(&status) && body.to_ascii_lowercase().contains("limit") =>
            {
                Outcome::Quota(status)
            }
            outcome => outcome,
        }
    }

    pub fn from_status(status: u16) -> Outcome {
        match status {
            200..=299 => Outcome::Sent,
            403 => Outcome::Forbidden,
            451 => Outcome::Blocked,
            429 => Outcome::RateLimited,
            s => Outcome::Failed(s),
        }
    }

    /// A short reason for the log line.
    pub fn describe(self) -> String {
        match self {
            Outcome::Sent => "sent".into(),
            Outcome::Forbidden => {
                "EmailJS refused the call (403): allow API calls from non-browser applications".into()
            }
            Outcome::Blocked => "EmailJS blocked the request (451)".into(),
            Outcome::RateLimited => "EmailJS rate limit (429)".into(),
            Outcome::Quota(s) => format!("EmailJS says the account's limit is reached ({s})"),
            Outcome::Failed(s) => format!("EmailJS answered {s}"),
            Outcome::Timeout => "EmailJS did not answer in time".into(),
            Outcome::Network => "EmailJS could not be reached".into(),
            Outcome::NotConfigured => {
                "EmailJS is not configured: set EMAILJS_SERVICE_ID and EMAILJS_TEMPLATE_ID".into()
            }
        }
    }
}

/// First retry after a minute (EMAIL_RETRY_FIRST_SECONDS), doubling up to six hours between attempts.
pub const FIRST_DELAY_S: u64 = 60;
const MAX_DELAY_S: u64 = 6 * 60 * 60;

/// When to try again after `failed_attempts` failures (≥ 1), in seconds from now, the first wait
/// being `first_s`.
pub fn retry_delay(first_s: u64, failed_attempts: u32) -> u64 {
    let doublings = failed_attempts.saturating_sub(1).min(20);
    first_s.saturating_mul(1 << doublings).min(MAX_DELAY_S)
}

/// A timed-out attempt may still be sent by the provider (EmailJS takes no idempotency key), so the
/// next one waits until the first has surely ended: at least this many first-retry delays (five
/// minutes by default; EmailJS answers a send within seconds). It is the one way an e-mail can
/// arrive twice: when the provider sent it after all.
pub const AFTER_TIMEOUT_FACTOR: u64 = 5;

/// When to try again after `failed_attempts` failures, the last ending in `outcome`.
pub fn next_delay(outcome: Outcome, first_s: u64, failed_attempts: u32) -> u64 {
    let delay = retry_delay(first_s, failed_attempts);
    if outcome == Outcome::Timeout {
        delay.max(first_s.saturating_mul(AFTER_TIMEOUT_FACTOR))
    } else {
        delay
    }
}

/// Attempts before an e-mail that keeps failing is parked: about three days with the backoff
/// above, long enough for the provider to come back or the agent to fix a setting.
pub const MAX_ATTEMPTS: u32 = 20;
/// Attempts before an e-mail EmailJS refuses as such (a 4xx other than 408/429: a template or an
/// address it rejects) is parked: the same request will not fare better later.
pub const MAX_REFUSED_ATTEMPTS: u32 = 3;

impl Outcome {
    /// EmailJS refused this very request, rather than failing to take any.
    fn is_refusal(self) -> bool {
        matches!(self, Outcome::Blocked) || matches!(self, Outcome::Failed(s) if (400..500).contains(&s) && s != 408)
    }
}

/// Whether to stop retrying after `attempts` attempts, the last ending in `outcome`: the e-mail is
/// then parked (kept, and the agent told), so it does not take every later run's time. Unless
/// `refusals_are_final` (not for the agent's own notices: her address and her template, so a
/// refusal there is a provider's fault to outlast), a refusal counts as an outage.
pub fn gives_up(outcome: Outcome, attempts: u32, refusals_are_final: bool) -> bool {
    match outcome {
        Outcome::Sent => false,
        o if o.is_refusal() && refusals_are_final => attempts >= MAX_REFUSED_ATTEMPTS,
        _ => attempts >= MAX_ATTEMPTS,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quota_answer_is_an_outage_not_a_refusal() {
        let quota = Outcome::from_answer(426, "The limit of emails for this month has been reached");
        assert_eq!(quota, Outcome::Quota(426));
        assert!(!gives_up(quota, MAX_REFUSED_ATTEMPTS, true), "retried like an outage");
        assert!(gives_up(quota, MAX_ATTEMPTS, true));
        assert_eq!(Outcome::from_answer(400, "The template ID is invalid"), Outcome::Failed(400));
        assert_eq!(Outcome::from_answer(429, "limit"), Outcome::RateLimited);
        assert_eq!(Outcome::from_answer(500, "limit"), Outcome::Failed(500));
        assert_eq!(Outcome::from_answer(200, "OK"), Outcome::Sent);
    }

    #[test]
    fn statuses_are_told_apart() {
        assert_eq!(Outcome::from_status(200), Outcome::Sent);
        assert_eq!(Outcome::from_status(403), Outcome::Forbidden);
        assert_eq!(Outcome::from_status(451), Outcome::Blocked);
        assert_eq!(Outcome::from_status(429), Outcome::RateLimited);
        assert_eq!(Outcome::from_status(502), Outcome::Failed(502));
        assert_ne!(Outcome::Forbidden.describe(), Outcome::Blocked.describe());
    }

    #[test]
    fn backoff_doubles_from_a_minute_to_six_hours() {
        assert_eq!([1, 2, 3, 4].map(|n| retry_delay(FIRST_DELAY_S, n)), [60, 120, 240, 480]);
        assert_eq!(retry_delay(FIRST_DELAY_S, 9), 15_360);
        assert_eq!(retry_delay(FIRST_DELAY_S, 10), 6 * 60 * 60);
        assert_eq!(retry_delay(FIRST_DELAY_S, u32::MAX), 6 * 60 * 60);
        assert_eq!(retry_delay(1, 3), 4);
    }

    #[test]
    fn a_timeout_waits_until_the_provider_surely_gave_up() {
        assert_eq!(next_delay(Outcome::Timeout, FIRST_DELAY_S, 1), 300, "five minutes, not one");
        assert_eq!(next_delay(Outcome::Failed(500), FIRST_DELAY_S, 1), 60);
        assert_eq!(next_delay(Outcome::Timeout, FIRST_DELAY_S, 4), 480, "backoff beyond that stands");
        assert_eq!(next_delay(Outcome::Timeout, 1, 1), 5);
    }

    #[test]
    fn refusals_are_parked_sooner_than_outages() {
        let total_wait_h = (1..MAX_ATTEMPTS).map(|n| retry_delay(FIRST_DELAY_S, n)).sum::<u64>() / 3600;
        assert!((60..=80).contains(&total_wait_h), "about three days of retries, not {total_wait_h} h");
        for o in [Outcome::Failed(400), Outcome::Failed(422), Outcome::Blocked] {
            assert!(!gives_up(o, MAX_REFUSED_ATTEMPTS - 1, true) && gives_up(o, MAX_REFUSED_ATTEMPTS, true), "{o:?}");
            assert!(!gives_up(o, MAX_ATTEMPTS - 1, false) && gives_up(o, MAX_ATTEMPTS, false), "{o:?}: an outage");
        }
        for o in [
            Outcome::RateLimited,
            Outcome::Failed(408),
            Outcome::Failed(500),
            Outcome::Timeout,
            Outcome::Network,
            Outcome::Forbidden,
        ] {
            assert!(!gives_up(o, MAX_ATTEMPTS - 1, true) && gives_up(o, MAX_ATTEMPTS, true), "{o:?}");
        }
        assert!(!gives_up(Outcome::Sent, u32::MAX, true));
    }
}
