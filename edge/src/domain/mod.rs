//! Plain Rust, no `worker` types: what the worker decides, tested with `cargo test` on the host.

pub mod alert;
pub mod bot_check;
pub mod budget;
pub mod concierge;
pub mod content;
pub mod delivery;
pub mod documents;
pub mod due;
pub mod email;
pub mod embedded;
pub mod fallback;
pub mod http;
pub mod listing;
pub mod multipart;
pub mod notice;
pub mod once;
pub mod queue;
pub mod quota;
pub mod retention;
pub mod settings;
pub mod submit;
pub mod words;
