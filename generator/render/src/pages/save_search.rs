//! "Save this search" on the lists of homes for sale: a form that posts the search's
//! URL parameters with the buyer's address to the worker, which sends a confirmation (the
//! worker's domain/searches.rs). Without JavaScript it saves the list's own search (every home,
//! or the neighborhood's); with it, the search island keeps `search` on the search shown.

use super::form::{form_view, owned_field_views, FormView};
use super::shared::Shared;
use crate::islands::{Mount, Mounted};
use crate::props::CheckedFormProps;
use anyhow::Result;
use jax_model::api;
use jax_model::saved_search::{SavedSearchForm, SEARCH_FIELD};
use jax_model::search::FIELDS;
use serde::Serialize;

#[derive(Serialize)]
pub(super) struct SaveView<'a> {
    /// The bot check's island, which lets the form post as it is.
    mount: Mount,
    labels: &'a SavedSearchForm,
    form: FormView<'a>,
}

/// The form's id, and its fields' prefix.
pub(super) const FORM_ID: &str = "save-search";
/// Its hidden field of the search, for the search island (`HomesSearchProps::save_field`).
pub(super) const SAVE_FIELD: &str = "#save-search input[name=\"search\"]";

impl Shared<'_> {
    /// The save form of the list of `slug`'s homes (None: every home's).
    pub(super) fn save_search(&self, slug: Option<&'_ str>, mounted: &mut Mounted) -> Result<SaveView<'_>> {
        let forms = &self.input.content.forms.data;
        let form = &forms.saved_search;
        let query = slug.map_or_else(String::new, |s| format!("{}={s}", FIELDS.area));
        let fields = owned_field_views(FORM_ID, form.fields(), &forms.limits);
        let view = form_view(FORM_ID, api::SAVED_SEARCHES, fields, &form.submit, &forms.honeypot)
            .with_hidden(SEARCH_FIELD, query);
        let mount = mounted.mount(self.input.assets, &CheckedFormProps { api: api::ENDPOINTS })?;
        Ok(SaveView { mount, labels: form, form: view })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_search_island_is_told_the_save_forms_own_field() {
        assert_eq!(SAVE_FIELD, format!("#{FORM_ID} input[name=\"{SEARCH_FIELD}\"]"));
    }
}
