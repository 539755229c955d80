//! What the generator takes from the machine it runs on: its own binary's identity, which keys
//! its caches, and its one HTTP client.

pub mod exe;
pub mod http_client;
