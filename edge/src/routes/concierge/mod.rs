//! Client Concierge: each document streamed into R2 in its own request (its type told by its first
//! bytes before anything is stored; never buffered whole), then the set submitted with the
//! acknowledgment, idempotently, as one e-mail to the agent with a signed link per document.

mod admission;
mod filing;
mod upload;
mod without_script;

pub use filing::submit;
pub use upload::{begin, upload};
