//! The listing a form was sent about: the hidden `listing` field (its page's path, which the
//! pages' 'Inquire' and 'Request a Showing' set; the saved homes' "Ask about these homes" sets
//! several, apart by spaces) checked here and named in the agent's e-mail, a line each.

use crate::content::Content;
use jax_model::api;
use jax_model::submission::FieldError;

/// Between a featured listing's address and its link, in what `named` gives.
pub const ADDRESS_AND_LINK: &str = " — ";

/// What the agent's e-mail says of the listing named by `path`: a featured listing's address and
/// link, an MLS listing's link (its slug holds its address and MLS number; the worker does not
/// carry the MLS's thousands of listings, so their shape is what is checked). `Ok(None)` when the
/// form named none. The link is always the site's own: only the path comes from the visitor.
pub fn named(content: &Content, paths: Option<&str>) -> Result<Option<String>, FieldError> {
    let paths: Vec<&str> = paths.unwrap_or("").split_whitespace().collect();
    if paths.is_empty() {
        return Ok(None);
    }
    if paths.len() > api::ASK_MAX_LISTINGS {
        let message = format!("At most {} listings at once.", api::ASK_MAX_LISTINGS);
        return Err(FieldError { field: api::LISTING_FIELD.into(), message });
    }
    let named = paths.into_iter().map(|p| one(content, p)).collect::<Result<Vec<_>, _>>()?;
    Ok(Some(named.join("\n")))
}

/// One listing's line: `named`'s.
fn one(content: &Content, path: &str) -> Result<String, FieldError> {
    let refused = || FieldError { field: api::LISTING_FIELD.into(), message: content.forms.messages.listing.clone() };
    if !api::is_listing_path(path) {
        return Err(refused());
    }
    let link = format!("{}{path}", content.base_url);
    if path.starts_with(api::HOMES) {
        return Ok(link);
    }
    match content.listings.iter().find(|(p, _)| p == path) {
        Some((_, address)) => Ok(format!("{address}{ADDRESS_AND_LINK}{link}")),
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
    fn several_by_a_line_each_and_one_bad_refuses_them_all() {
        let (own, address) = &content().listings[0];
        let mls = "/homes/3343-avondale-ave-atlantic-beach-fl-32233-2111072/";
        let both = named(content(), Some(&format!(" {mls}  {own}\n"))).unwrap().unwrap();
        assert_eq!(both, format!("https://www.movetojax.com{mls}\n{address} — https://www.movetojax.com{own}"));
        assert_eq!(named(content(), Some(&format!("{mls} /nope/"))).unwrap_err().field, "listing");
        let many = vec![mls; api::ASK_MAX_LISTINGS + 1].join(" ");
        assert!(named(content(), Some(&many)).unwrap_err().message.contains("At most 24"));
        let most = vec![mls; api::ASK_MAX_LISTINGS].join(" ");
        assert_eq!(named(content(), Some(&most)).unwrap().unwrap().lines().count(), api::ASK_MAX_LISTINGS);
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
