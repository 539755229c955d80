//! What a form post is answered, decided once from what became of it. Without JavaScript the
//! visitor sees only the page the answer leads to: a 303 to the form's thank-you page, or, for any
//! failure, to its error page. The islands get JSON: what was recorded, or the failure with its
//! status and fields.

use crate::form::FormKind;
use jax_model::api;
use serde_json::json;

/// The pages a form posted without JavaScript leads to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pages {
    pub thank_you: &'static str,
    pub error: &'static str,
    /// The form they name in their query (`?form=<name>`), if they do.
    pub form: Option<FormKind>,
}

impl Pages {
    /// The site's thank-you and error pages, naming `form`.
    pub fn of(form: FormKind) -> Pages {
        Pages { thank_you: api::THANK_YOU, error: api::FORM_ERROR, form: Some(form) }
    }

    /// The concierge portal's own pair (its error page leads back to the portal).
    pub const CONCIERGE: Pages = Pages {
        thank_you: api::CONCIERGE_THANK_YOU,
        error: api::CONCIERGE_FORM_ERROR,
        form: Some(FormKind::Concierge),
    };

    /// A saved search's: its confirmation is on its way, or the save failed.
    pub const SAVED_SEARCH: Pages = Pages { thank_you: api::ALERTS_SENT, error: api::ALERTS_ERROR, form: None };

    /// `page` (one of these) with the query naming the form.
    fn location(self, page: &str) -> String {
        match self.form {
            Some(form) => format!("{page}?form={}", form.name()),
            None => page.to_string(),
        }
    }
}

/// What became of a post that was taken.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Taken {
    /// Taken, with nothing more to say (a bot's post is answered so too: it learns nothing).
    Quietly,
    /// Recorded as `id` (a repeat: as its first post was); `delivered`: its e-mail went at once,
    /// else the scheduled retry sends it.
    Recorded { id: String, delivered: bool },
}

/// The answer to a post; `E` is the worker's failure (its status and fields).
#[derive(Debug, Clone, PartialEq)]
pub enum Answer<E> {
    /// A 303 to this path of the site, with its query; `hiding`: the failure the error page stands
    /// for (the visitor sees only the page, so the log says what it was).
    SeeOther { location: String, hiding: Option<E> },
    /// 200 with this body.
    Json(serde_json::Value),
    /// The failure, answered as JSON with its status and fields.
    Failed(E),
}

/// The answer to a post to the form of `pages`, sent `plain` (without JavaScript) or from an island,
/// that came to `outcome`.
pub fn answer<E>(pages: Pages, plain: bool, outcome: Result<Taken, E>) -> Answer<E> {
    match (plain, outcome) {
        (true, Ok(_)) => Answer::SeeOther { location: pages.location(pages.thank_you), hiding: None },
        (true, Err(failure)) => Answer::SeeOther { location: pages.location(pages.error), hiding: Some(failure) },
        (false, Ok(Taken::Quietly)) => Answer::Json(json!({ "ok": true })),
        (false, Ok(Taken::Recorded { id, delivered })) => {
            Answer::Json(json!({ "ok": true, "id": id, "delivered": delivered }))
        }
        (false, Err(failure)) => Answer::Failed(failure),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn recorded() -> Result<Taken, &'static str> {
        Ok(Taken::Recorded { id: "1700000000000-contact-0000000000000abc".into(), delivered: false })
    }

    #[test]
    fn without_javascript_every_outcome_is_a_page_naming_the_form() {
        let contact = Pages::of(FormKind::Contact);
        let page = |location: &str, hiding| Answer::SeeOther { location: location.into(), hiding };
        assert_eq!(answer(contact, true, recorded()), page("/thank-you/?form=contact", None));
        assert_eq!(answer(contact, true, Ok(Taken::Quietly)), page("/thank-you/?form=contact", None));
        // Any failure, a refusal or an outage: the error page, the failure kept for the log.
        assert_eq!(answer(contact, true, Err("refused")), page("/form-error/?form=contact", Some("refused")));
        assert_eq!(
            answer(Pages::CONCIERGE, true, Err("unavailable")),
            page("/client-concierge/form-error/?form=concierge", Some("unavailable"))
        );
        assert_eq!(answer(Pages::SAVED_SEARCH, true, Ok(Taken::Quietly)), page("/homes/alerts/sent/", None));
        assert_eq!(answer(Pages::SAVED_SEARCH, true, Err("full")), page("/homes/alerts/error/", Some("full")));
    }

    #[test]
    fn an_island_gets_what_was_recorded_or_the_failure_itself() {
        let lead = Pages::of(FormKind::Lead);
        assert_eq!(
            answer(lead, false, recorded()),
            Answer::Json(json!({ "ok": true, "id": "1700000000000-contact-0000000000000abc", "delivered": false }))
        );
        assert_eq!(answer(lead, false, Ok::<_, ()>(Taken::Quietly)), Answer::Json(json!({ "ok": true })));
        assert_eq!(answer(lead, false, Err("refused")), Answer::Failed("refused"));
    }
}
