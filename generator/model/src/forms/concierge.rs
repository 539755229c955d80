//! The Client Concierge portal's form: who the client is, the documents it takes, their accepted
//! file types and the bytes that tell those types apart.

use super::fields::{Field, Toast};
use crate::signatures;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ConciergeForm {
    /// Largest accepted file, in bytes (10 MB = 10485760).
    pub max_file_bytes: u64,
    /// Days after a submission until its documents and its record are deleted; the privacy
    /// policy states it (`{document_retention_days}` in content/legal/privacy-policy.md). At
    /// least the download links' lifetime: no link may outlive its document.
    #[schemars(range(min = DOCUMENT_LINK_DAYS))]
    pub document_retention_days: u32,
    /// Who the client is (name, e-mail, phone), asked before the documents: the agent's e-mail
    /// is from the name and lists all three.
    pub fields: Vec<Field>,
    #[schemars(length(min = 1))]
    pub documents: Vec<Document>,
    pub acknowledgment: Acknowledgment,
    pub subject: String,
    pub submit: String,
    pub submitting: String,
    pub toasts: ConciergeToasts,
    pub thank_you: Toast,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Document {
    /// The name the form posts, e.g. "photoId".
    pub field: String,
    pub label: String,
    /// How the agent's e-mail names it, e.g. "Government ID".
    pub kind: String,
    #[serde(default)]
    pub hint: Option<String>,
    #[schemars(length(min = 1))]
    pub accept: Vec<FileType>,
    pub required_message: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Acknowledgment {
    /// The field name, e.g. "acknowledged".
    pub field: String,
    pub label: String,
    pub required_message: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ConciergeToasts {
    pub too_large: Toast,
    pub invalid_type: Toast,
    pub success: Toast,
    pub failure: Toast,
}

/// How many days the agent's document links last unless the worker's DOCUMENT_LINK_DAYS says
/// otherwise; documents are kept at least that long.
pub const DOCUMENT_LINK_DAYS: u32 = 14;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum FileType {
    Jpeg,
    Png,
    Pdf,
}

impl FileType {
    pub fn mime(self) -> &'static str {
        match self {
            FileType::Jpeg => "image/jpeg",
            FileType::Png => "image/png",
            FileType::Pdf => "application/pdf",
        }
    }
    /// File-name endings a browser's file picker should offer.
    pub fn extensions(self) -> &'static [&'static str] {
        match self {
            FileType::Jpeg => &[".jpg", ".jpeg"],
            FileType::Png => &[".png"],
            FileType::Pdf => &[".pdf"],
        }
    }
    /// What the first bytes say the file is, whatever its name claims.
    pub fn sniff(head: &[u8]) -> Option<FileType> {
        SIGNATURES.iter().find(|(_, signature)| head.starts_with(signature)).map(|(t, _)| *t)
    }
}

/// The bytes each accepted document type's files start with. The worker decides a file's type by
/// them (`FileType::sniff`), and so does the browser before it uploads (the concierge's sniffer
/// reads `site/src/lib/signatures.ts`, which the generator writes from this table).
pub const SIGNATURES: &[(FileType, &[u8])] =
    &[(FileType::Jpeg, signatures::JPEG), (FileType::Png, signatures::PNG), (FileType::Pdf, signatures::PDF)];

/// How many leading bytes decide a file's type: the longest signature.
pub const SNIFF_LEN: usize = {
    let mut longest = 0;
    let mut i = 0;
    while i < SIGNATURES.len() {
        if SIGNATURES[i].1.len() > longest {
            longest = SIGNATURES[i].1.len();
        }
        i += 1;
    }
    longest
};
