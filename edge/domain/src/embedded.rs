//! The agent's content as the worker embeds it: build.rs writes it, domain/content.rs reads it,
//! both through this one struct, so they cannot disagree on its fields or their order (postcard,
//! the format, names none: it is compact, and its reader is far smaller in the wasm than JSON's).

use super::fallback::Header;
use jax_model::forms::Forms;
use jax_model::quiz::Quiz;
use serde::{Deserialize, Serialize};

#[derive(Debug, Serialize, Deserialize)]
pub struct Content {
    pub forms: Forms,
    pub quiz: Quiz,
    /// The recipient of every agent-bound form unless AGENT_EMAIL says otherwise.
    pub agent_email: String,
    /// What the pages may embed (the new-developments map), for the Content-Security-Policy.
    pub frame_origins: Vec<String>,
    /// The site's header on the worker's own error page.
    pub header: Header,
    /// The site's address (`https://…`, no trailing slash): links in the agent's e-mails.
    pub base_url: String,
    /// The agent's own published listings: each page's path and the listing's address.
    pub listings: Vec<(String, String)>,
    /// The shape of the MLS's numbers (site.yaml `mls.number_format`): the only ones a form may name.
    pub mls_number_format: Option<String>,
    /// What every saved search's alert ends with: the brokerage's name and postal address
    /// (CAN-SPAM), and the MLS's disclaimer (IDX rules; empty without an MLS).
    pub brokerage: (String, String),
    pub mls_disclaimer: String,
    /// The neighborhoods' slugs and names: a saved search in words (domain/searches.rs).
    pub areas: Vec<(String, String)>,
    /// The GitHub accounts that may sign in to the browser editor (site.yaml's `editor:`; None
    /// without it: no sign-in away from the agent's computer).
    pub editor_accounts: Option<Vec<String>>,
}
