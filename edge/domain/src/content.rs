//! The agent's content the worker needs (forms, quiz, the agent's address, the map's origin),
//! checked and embedded at build time by build.rs (domain/embedded.rs).

pub use super::embedded::Content;
use std::sync::OnceLock;

/// The embedded content, parsed once per isolate.
pub fn content() -> &'static Content {
    static CONTENT: OnceLock<Content> = OnceLock::new();
    CONTENT.get_or_init(|| {
        postcard::from_bytes(include_bytes!(concat!(env!("OUT_DIR"), "/content.bin")))
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
        assert_eq!(c.frame_origins, ["https://www.openstreetmap.org"]);
    }
}
