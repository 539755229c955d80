//! What the generator writes for other code to read: the TypeScript the islands share with it
//! (`typescript`: their props, the mount protocol, the file signatures) and the browser editor's
//! configuration (`editor`), both from the Rust types and the content, never by hand.

pub mod editor;
pub mod typescript;
