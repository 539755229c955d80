//! The agent's content the worker needs (forms, quiz, the agent's address, the map's origin),
//! checked and embedded at build time by build.rs.

use jax_model::forms::Forms;
use jax_model::quiz::Quiz;
use serde::Deserialize;
use std::sync::OnceLock;

#[derive(Debug, Deserialize)]
pub struct Content {
    pub forms: Forms,
    pub quiz: Quiz,
    /// The recipient of every agent-bound form unless AGENT_EMAIL says otherwise.
    pub agent_email: String,
    /// What the pages may embed (the new-developments map), for the Content-Security-Policy.
    pub frame_origins: Vec<String>,
}

/// The embedded content, parsed once per isolate.
pub fn content() -> &'static Content {
    static CONTENT: OnceLock<Content> = OnceLock::new();
    CONTENT.get_or_init(|| {
        serde_json::from_str(include_str!(concat!(env!("OUT_DIR"), "/content.json")))
            .expect("build.rs embeds content it has checked")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_agents_content_is_embedded() {
        let c = content();
        assert_eq!(c.forms.concierge.documents.len(), 6);
        assert_eq!(c.quiz.questions.len(), 6);
        assert!(c.agent_email.contains('@'));
        assert_eq!(c.frame_origins, ["https://www.google.com"]);
    }
}
