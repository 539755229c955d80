//! The EmailJS account the settings name: its keys, its API's origin and each form's template.

use crate::email::EmailJs;
use crate::form::FormKind;

/// EmailJS's API origin.
pub const EMAILJS_API_URL: &str = "https://api.emailjs.com";

/// The forms whose e-mails have a template of their own (EMAILJS_TEMPLATE_ID_<FORM>): every one
/// but those that borrow another's (FormKind::template).
pub fn templated() -> impl Iterator<Item = FormKind> {
    FormKind::ALL.into_iter().filter(|f| f.template() == *f)
}

/// `EMAILJS_TEMPLATE_ID_LISTING_REQUEST` for the listing request.
pub fn template_var(form: FormKind) -> String {
    format!("EMAILJS_TEMPLATE_ID_{}", form.name().replace('-', "_").to_ascii_uppercase())
}

/// The account, None in a preview and in local development without a public key; what it lacks
/// is added to `missing`.
pub(super) fn read(
    get: impl Fn(&str) -> Option<String>,
    local: bool,
    preview: bool,
    missing: &mut Vec<String>,
) -> Option<EmailJs> {
    let public_key = get("EMAILJS_PUBLIC_KEY");
    let emailjs = (!preview && (public_key.is_some() || !local)).then(|| EmailJs {
        api_url: get("EMAILJS_API_URL").unwrap_or_else(|| EMAILJS_API_URL.into()).trim_end_matches('/').to_string(),
        public_key: public_key.unwrap_or_default(),
        private_key: get("EMAILJS_PRIVATE_KEY"),
        service_id: get("EMAILJS_SERVICE_ID"),
        template_id: get("EMAILJS_TEMPLATE_ID"),
        form_templates: templated().filter_map(|f| get(&template_var(f)).map(|t| (f, t))).collect(),
    });
    if let Some(e) = &emailjs {
        let unset = |name: &str, value: bool| (!value).then(|| name.to_string());
        missing.extend(unset("EMAILJS_PUBLIC_KEY", !e.public_key.is_empty()));
        missing.extend(unset("EMAILJS_PRIVATE_KEY", e.private_key.is_some()));
        missing.extend(unset("EMAILJS_SERVICE_ID", e.service_id.is_some()));
        missing.extend(unset("EMAILJS_TEMPLATE_ID", templated().all(|f| e.template_for(f).is_some())));
        // The private key travels in every send's body.
        missing.extend(unset("EMAILJS_API_URL (an https:// URL)", crate::http::is_secure_url(&e.api_url)));
    }
    emailjs
}
