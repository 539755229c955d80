//! The one error type of the worker's answers: every refusal names its fields and reasons. The
//! 5xx are few and honest: 503 when storage fails, the deployment lacks a setting or the day's
//! upload budget is spent, and 502 when the concierge's documents are stored but the agent's
//! e-mail could not go yet (the retry sends it); the browser shows its failure toast for all.

use jax_model::submission::FieldError;
use worker::{console_error, Response};

#[derive(Debug)]
pub enum Failure {
    /// The fields at fault: 400 bad input, 409, 411, 413, 415, 429 (a limit of the day's budget or a
    /// submission's count) — or 502 (see above) and 503 when uploads are paused for the day.
    Refused(u16, Vec<FieldError>),
    /// 405; the allowed method.
    Method(&'static str),
    /// 403 for a document link, revealing nothing about why.
    Forbidden,
    NotFound,
    /// 429 from the rate limit.
    TooMany,
    /// 503: storage failed or a setting is missing; said to the browser, the details only to the log.
    Unavailable(String),
}

impl Failure {
    pub fn field(status: u16, field: &str, message: impl Into<String>) -> Failure {
        Failure::Refused(status, vec![FieldError { field: field.into(), message: message.into() }])
    }

    pub fn status(&self) -> u16 {
        match self {
            Failure::Refused(status, _) => *status,
            Failure::Method(_) => 405,
            Failure::Forbidden => 403,
            Failure::NotFound => 404,
            Failure::TooMany => 429,
            Failure::Unavailable(_) => 503,
        }
    }

    /// The JSON answer: `{"errors": [{field, message}]}` (a general reason under "request").
    pub fn into_response(self) -> worker::Result<Response> {
        let status = self.status();
        let general = |message: &str| vec![FieldError { field: "request".into(), message: message.into() }];
        let (errors, allow) = match self {
            Failure::Refused(_, errors) => (errors, None),
            Failure::Method(allowed) => (general(&format!("Use {allowed}.")), Some(allowed)),
            Failure::Forbidden => (general("This link is not valid."), None),
            Failure::NotFound => (general("Not found."), None),
            Failure::TooMany => (general("Too many requests. Please wait a minute and try again."), None),
            Failure::Unavailable(detail) => {
                console_error!("503: {detail}");
                (general("The service is unavailable. Please try again shortly."), None)
            }
        };
        let mut response = Response::from_json(&serde_json::json!({ "errors": errors }))?.with_status(status);
        if let Some(allow) = allow {
            response.headers_mut().set("Allow", allow)?;
        }
        if status == 429 {
            response.headers_mut().set("Retry-After", "60")?;
        }
        Ok(response)
    }
}

/// A refusal the domain decided (domain/concierge.rs `Refused`): its status and fields.
impl From<domain::concierge::Refused> for Failure {
    fn from((status, errors): domain::concierge::Refused) -> Failure {
        Failure::Refused(status, errors)
    }
}

/// Storage and runtime errors are outages, never the visitor's fault.
impl From<worker::Error> for Failure {
    fn from(e: worker::Error) -> Failure {
        Failure::Unavailable(e.to_string())
    }
}
