//! What a delivery record (domain/queue.rs) is of: a form a visitor sent, or one of the website's
//! own e-mails. Its name is the one stored records hold (`"form": "quiz"`), and the one in record
//! ids, `once/` keys, log lines and the template variables (EMAILJS_TEMPLATE_ID_<FORM>).

use jax_model::api;
use serde::{de, Deserialize, Deserializer, Serialize, Serializer};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormKind {
    /// The lead form: a consultation, the buyer's guide, a valuation (email::LeadKind).
    Lead,
    ListingRequest,
    Contact,
    /// The quiz's result, e-mailed to the visitor who took it.
    Quiz,
    /// A Client Concierge filing: the agent's e-mail with a link per document.
    Concierge,
    /// A saved search's confirmation, to the buyer.
    SearchConfirm,
    /// The agent's lead once a saved search is confirmed.
    SavedSearch,
    /// A confirmed search's alert of new homes, to the buyer.
    SearchAlert,
    /// The agent's notice of e-mails given up on (domain/notice.rs).
    Notice,
    /// The morning digest of requests held past the day's budget (domain/budget.rs).
    Digest,
}

impl FormKind {
    pub const ALL: [FormKind; 10] = [
        FormKind::Lead,
        FormKind::ListingRequest,
        FormKind::Contact,
        FormKind::Quiz,
        FormKind::Concierge,
        FormKind::SearchConfirm,
        FormKind::SavedSearch,
        FormKind::SearchAlert,
        FormKind::Notice,
        FormKind::Digest,
    ];

    /// Its name, as records, ids, keys and template variables spell it.
    pub fn name(self) -> &'static str {
        match self {
            FormKind::Lead => "lead",
            FormKind::ListingRequest => "listing-request",
            FormKind::Contact => "contact",
            FormKind::Quiz => "quiz",
            FormKind::Concierge => "concierge",
            FormKind::SearchConfirm => "search-confirm",
            FormKind::SavedSearch => "saved-search",
            FormKind::SearchAlert => "search-alert",
            FormKind::Notice => "notice",
            FormKind::Digest => "digest",
        }
    }

    pub fn parse(name: &str) -> Option<FormKind> {
        FormKind::ALL.into_iter().find(|f| f.name() == name)
    }

    /// The forms posted to an API path of their own, each checked by `submit::accept`.
    pub fn from_path(path: &str) -> Option<FormKind> {
        match path {
            api::LEAD => Some(FormKind::Lead),
            api::LISTING_REQUEST => Some(FormKind::ListingRequest),
            api::CONTACT => Some(FormKind::Contact),
            api::QUIZ => Some(FormKind::Quiz),
            _ => None,
        }
    }

    /// The website's own e-mails to the agent: her address and template; they outlast refusals.
    pub fn is_agents_own(self) -> bool {
        matches!(self, FormKind::Notice | FormKind::Digest)
    }

    /// The form whose EmailJS template its e-mail goes through: its own, or — for the agent's own
    /// e-mails and a saved search's lead, which fill the contact template's params — the contact
    /// form's.
    pub fn template(self) -> FormKind {
        match self {
            FormKind::Notice | FormKind::Digest | FormKind::SavedSearch => FormKind::Contact,
            own => own,
        }
    }
}

/// Written as its name: a record reads the same before and after the enum.
impl Serialize for FormKind {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for FormKind {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<FormKind, D::Error> {
        let name = String::deserialize(d)?;
        FormKind::parse(&name).ok_or_else(|| de::Error::custom("a form no kind is named"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_a_stored_record_holds_reads_back_as_its_kind() {
        // The names records were written with before the kinds were an enum, each to its kind.
        let stored = [
            ("lead", FormKind::Lead),
            ("listing-request", FormKind::ListingRequest),
            ("contact", FormKind::Contact),
            ("quiz", FormKind::Quiz),
            ("concierge", FormKind::Concierge),
            ("search-confirm", FormKind::SearchConfirm),
            ("saved-search", FormKind::SavedSearch),
            ("search-alert", FormKind::SearchAlert),
            ("notice", FormKind::Notice),
            ("digest", FormKind::Digest),
        ];
        assert_eq!(stored.len(), FormKind::ALL.len(), "every kind has a stored name");
        for (name, kind) in stored {
            assert_eq!(serde_json::from_str::<FormKind>(&format!("\"{name}\"")).unwrap(), kind);
            assert_eq!(serde_json::to_string(&kind).unwrap(), format!("\"{name}\""));
            assert_eq!(FormKind::parse(name), Some(kind));
        }
        for bad in ["\"Quiz\"", "\"\"", "\"searches\"", "3", "null"] {
            assert!(serde_json::from_str::<FormKind>(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_posted_forms_path_names_it_as_its_bot_check_action() {
        for kind in FormKind::ALL {
            let path = [api::LEAD, api::LISTING_REQUEST, api::CONTACT, api::QUIZ]
                .into_iter()
                .find(|p| FormKind::from_path(p) == Some(kind));
            // A post's `once/` key and its bot check's action both come from its path.
            if let Some(path) = path {
                assert_eq!(api::bot_check_action(path), Some(kind.name()));
            }
        }
        assert_eq!(FormKind::from_path(api::CONCIERGE), None);
        assert_eq!(FormKind::from_path(api::SAVED_SEARCHES), None);
    }

    #[test]
    fn the_agents_own_e_mails_and_a_saved_searchs_lead_borrow_the_contact_template() {
        let borrowing: Vec<_> = FormKind::ALL.into_iter().filter(|f| f.template() != *f).collect();
        assert_eq!(borrowing, [FormKind::SavedSearch, FormKind::Notice, FormKind::Digest]);
        assert!(borrowing.iter().all(|f| f.template() == FormKind::Contact));
    }
}
