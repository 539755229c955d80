//! The listing a form was sent about: the hidden `listing` field (its page's path, which the
//! pages' 'Inquire' and 'Request a Showing' set; the saved homes' "Ask about these homes" sets
//! several, apart by spaces) checked here and named in the agent's e-mail, a line each. An MLS
//! listing's path must end in an MLS number of the feed's format; one whose page the site no
//! longer has is named "No longer listed" by its number (services/listings.rs), never by the
//! words of the path a stranger sent.

use crate::content::Content;
use jax_model::api;
use jax_model::mls::fits_number;
use jax_model::submission::FieldError;

/// Between a featured listing's address and its link, in what `named` gives.
pub const ADDRESS_AND_LINK: &str = " — ";
/// What the agent's e-mail says of an MLS listing the site no longer has.
pub const NO_LONGER_LISTED: &str = "No longer listed";

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
    if let Some(slug) = path.strip_prefix(api::HOMES) {
        // An MLS listing's slug ends in its number (jax_mls's pages).
        let number = slug.trim_end_matches('/').rsplit('-').next().unwrap_or("");
        let format = content.mls_number_format.as_deref();
        return if slug.contains('-') && fits_number(format, number) { Ok(link) } else { Err(refused()) };
    }
    match content.listings.iter().find(|(p, _)| p == path) {
        Some((_, address)) => Ok(format!("{address}{ADDRESS_AND_LINK}{link}")),
        None => Err(refused()),
    }
}

/// The path and MLS number of a line of `named` that is an MLS listing's link (on `base_url`).
pub fn mls_link<'a>(line: &'a str, base_url: &str) -> Option<(&'a str, &'a str)> {
    let path = line.strip_prefix(base_url)?;
    let slug = path.strip_prefix(api::HOMES)?;
    Some((path, slug.trim_end_matches('/').rsplit_once('-')?.1))
}

/// The line of an MLS listing the site no longer has: its number (checked), none of its path.
pub fn no_longer_listed(number: &str) -> String {
    format!("{NO_LONGER_LISTED} (MLS # {number})")
}

/// The MLS number a `no_longer_listed` line names.
pub fn unlisted_number(line: &str) -> Option<&str> {
    line.strip_prefix(NO_LONGER_LISTED)?.trim().strip_prefix("(MLS # ")?.strip_suffix(')')
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
    fn an_mls_listing_ends_in_a_number_of_the_feeds_format_and_one_gone_is_named_by_it() {
        assert_eq!(content().mls_number_format.as_deref(), Some("#######"));
        for bad in
            ["/homes/verify-your-account-at-evil-1/", "/homes/2104001/", "/homes/a-b-21040011/", "/homes/a-21O4001/"]
        {
            assert_eq!(named(content(), Some(bad)).unwrap_err().field, "listing", "{bad}");
        }
        let line = named(content(), Some("/homes/1-oak-ln-jacksonville-fl-32210-2104001/")).unwrap().unwrap();
        let (path, number) = mls_link(&line, &content().base_url).unwrap();
        assert_eq!((path, number), ("/homes/1-oak-ln-jacksonville-fl-32210-2104001/", "2104001"));
        assert_eq!(no_longer_listed(number), "No longer listed (MLS # 2104001)");
        assert_eq!(unlisted_number(&no_longer_listed(number)), Some("2104001"));
        let (own, _) = &content().listings[0];
        assert_eq!(mls_link(&named(content(), Some(own)).unwrap().unwrap(), &content().base_url), None, "her own");
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
