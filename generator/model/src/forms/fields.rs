//! What every form is made of: its fields, their choices, and the toasts that answer a post.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum FieldKind {
    Text,
    Email,
    Tel,
    Textarea,
    Select,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Field {
    /// The name the form posts, e.g. "firstName".
    pub name: String,
    pub label: String,
    #[serde(rename = "type")]
    pub kind: FieldKind,
    #[serde(default)]
    pub required: bool,
    /// The HTML autocomplete token, e.g. "given-name".
    #[serde(default)]
    pub autocomplete: Option<String>,
    #[serde(default)]
    pub placeholder: Option<String>,
    /// The choices of a select.
    #[serde(default)]
    pub options: Vec<Choice>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Choice {
    pub value: String,
    pub label: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Toast {
    pub title: String,
    pub description: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Toasts {
    pub success: Toast,
    pub error: Toast,
}
