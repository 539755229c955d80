//! The edge worker's API paths and the pages it redirects to: the pages' form actions, the
//! islands' props, the generator's output paths and the worker's router all take them from here.

use serde::Serialize;

pub const LEAD: &str = "/api/lead";
pub const LISTING_REQUEST: &str = "/api/listing-request";
pub const CONTACT: &str = "/api/contact";
pub const QUIZ: &str = "/api/quiz";
/// One concierge document per request (multipart, a single file).
pub const CONCIERGE_DOCUMENTS: &str = "/api/concierge/documents";
/// The concierge submission: the uploaded documents plus the acknowledgment (or, without
/// JavaScript, everything in one multipart form).
pub const CONCIERGE: &str = "/api/concierge";

/// Where the worker sends (303, with `?form=<name>`) a visitor whose form was posted without
/// JavaScript and accepted: a static page the generator renders (`thank-you/index.html`).
pub const THANK_YOU: &str = "/thank-you/";
/// The same for a post the worker refused (missing or invalid fields): `form-error/index.html`.
pub const FORM_ERROR: &str = "/form-error/";
/// The concierge portal's own pair: its documents filed, or refused (with a link back to it).
pub const CONCIERGE_THANK_YOU: &str = "/client-concierge/thank-you/";
pub const CONCIERGE_FORM_ERROR: &str = "/client-concierge/form-error/";

/// The paths the islands post to, serialized into their props.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct Endpoints {
    pub lead: &'static str,
    pub listing_request: &'static str,
    pub contact: &'static str,
    pub quiz: &'static str,
    pub concierge_documents: &'static str,
    pub concierge: &'static str,
}

pub const ENDPOINTS: Endpoints = Endpoints {
    lead: LEAD,
    listing_request: LISTING_REQUEST,
    contact: CONTACT,
    quiz: QUIZ,
    concierge_documents: CONCIERGE_DOCUMENTS,
    concierge: CONCIERGE,
};
