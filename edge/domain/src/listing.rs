//! The listing a form was sent about: the hidden `listing` field (its page's path, which the
//! pages' 'Inquire' and 'Request a Showing' set) checked here and named in the agent's e-mail.

use crate::content::Content;
use jax_model::api;
use jax_model::submission::FieldError;

/// Between a featured listing's address and its link, in what `named` gives.
pub const ADDRESS_AND_LINK: &str = " — ";

/// What the agent's e-mail says of the listing named by `path`: a featured listing's address and
/// link, an MLS listing's link (its slug holds its address and MLS number; the worker does not
/// carry the MLS's thousands of listings, so their shape is what is checked). `Ok(None)` when the
/// form named none. The link is always the site's own: only the path comes from the visitor.
pub fn named(content: &Content, path: Option<&str>) -> Result<Option<String>, FieldError> {
    let Some(path) = path.map(str::trim).filter(|p| !p.is_empty()) else { return Ok(None) };
    let refused = || FieldError { field: api::LISTING_FIELD.into(), message: content.forms.messages.listing.clone() };
    if !api::is_listing_path(path) {
        return Err(refused());
    }
    let link = format!("{}{path}", content.base_url);
    if path.starts_with(api::HOMES) {
        return Ok(Some(link));
    }
    match content.listings.iter().find(|(p, _)| p == path) {
        Some((_, address)) => Ok(Some(format!("{address}{ADDRESS_AND_LINK}{link}"))),
        None => Err(refused()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::content;

    #[test]
    fn a_featured_listing_is_named_by_its_address_and_link() {
        let c = content();
        let (path, address) = &c.listings[0];
        let named = named(c, Some(path)).unwrap().unwrap();
        assert_eq!(named, format!("{address} — https://www.movetojax.com{path}"));
    }

    #[test]
    fn an_mls_listing_by_its_link() {
        let path = "/homes/3343-avondale-ave-atlantic-beach-fl-32233-2111072/";
        assert_eq!(named(content(), Some(path)).unwrap().unwrap(), format!("https://www.movetojax.com{path}"));
    }

    #[test]
    fn none_named_is_none() {
        assert_eq!(named(content(), None).unwrap(), None);
        assert_eq!(named(content(), Some("  ")).unwrap(), None);
    }

    #[test]
    fn anything_else_is_refused_on_its_field() {
        for bad in ["/listings/not-a-listing/", "https://evil.example/", "/homes/a/b/", "javascript:alert(1)", "/"] {
            let e = named(content(), Some(bad)).unwrap_err();
            assert_eq!(e.field, "listing", "{bad}");
            assert_eq!(e.message, content().forms.messages.listing);
        }
    }
}
