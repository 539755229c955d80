//! What a deploy needs checked before anything reaches Cloudflare.

pub mod assets;
pub mod branch;
pub mod bucket;
pub mod manifest;
pub mod photos;
pub mod preflight;
