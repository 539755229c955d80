//! One MLS listing's page (/homes/<slug>/): its photos, price, facts (the key ones here, the rest by
//! group in `for_sale_facts`), remarks, open houses, place and the listing office (IDX rules:
//! shown prominently), with the MLS's disclaimer.

use super::parts::{photo, Card, Photo};
use super::shared::{breadcrumb_ld, Built, Crumb, Meta, Shared, DESCRIPTION_MAX};
use crate::islands::Mounted;
use crate::kind::Kind;
use crate::{markdown, seo};
use anyhow::Result;
use jax_mls::homes::Home;
use jax_mls::record::Status;
use jax_model::api;
use serde::Serialize;
use serde_json::json;

#[derive(Serialize)]
struct Fact<'a> {
    label: &'a str,
    value: String,
}

/// An open house on its listing's page: its day and hours, and its calendar file.
#[derive(Serialize)]
pub(super) struct OpenHouseView {
    pub(super) time: String,
    pub(super) ics: String,
}

/// "Saturday, December 5, 1:00 PM – 3:00 PM" (`with_day`), or "1:00 PM – 3:00 PM", in
/// Jacksonville's time.
pub(super) fn hours(o: &jax_mls::record::OpenHouse, with_day: bool) -> Option<String> {
    let (start, end) = (
        o.open_house_start_time.in_tz(jax_mls::homes::TIME_ZONE).ok()?,
        o.open_house_end_time.in_tz(jax_mls::homes::TIME_ZONE).ok()?,
    );
    let from = if with_day { "%A, %B %-d, %-I:%M %p" } else { "%-I:%M %p" };
    Some(format!("{} – {}", start.strftime(from), end.strftime("%-I:%M %p")))
}

#[derive(Serialize)]
struct ForSaleView<'a> {
    card: Card<'a>,
    /// The photos after the first, in the MLS's order.
    photos: Vec<Photo<'a>>,
    /// The gallery's viewer, with two photos or more.
    gallery: Option<super::gallery::Gallery>,
    /// The first photo's `sizes`, which its preload repeats.
    first_sizes: &'static str,
    facts: Vec<Fact<'a>>,
    /// The facts a buyer reads by group, when it came on the market, its tour and videos.
    details: super::for_sale_facts::Details<'a>,
    remarks: Vec<&'a str>,
    open_houses: Vec<OpenHouseView>,
    neighborhood: Option<super::shared::Link>,
    map_url: Option<String>,
    office_phone: Option<&'a str>,
    /// This page's path and the home it shows ("<address>, <place>", or the place alone where the
    /// address is withheld): 'Request a Showing' names them to the listing-request form, which
    /// starts its Property Address with the home and its Notes with `showing_message`.
    path: &'a str,
    home: String,
    showing_message: String,
    crumbs: Vec<Crumb<'a>>,
    /// When this listing's data last changed at the MLS (its ModificationTimestamp): a page is
    /// rewritten when its listing changes, not at every import.
    updated: Option<String>,
    hearts: Option<crate::islands::Mount>,
    /// A search for homes like it, which saving it offers to save (None once it is sold).
    like_url: Option<String>,
    /// What it would cost a month (None once it is sold).
    payment: Option<super::payment::Payment<'a>>,
}

impl<'a> Shared<'a> {
    pub(super) fn for_sale(&self, h: &'a Home) -> Result<Built> {
        let c = self.input.content;
        let s = &c.site.data;
        let mls = self.mls();
        let l = &mls.labels;
        let ll = &s.labels.listing;
        let p = &h.p;
        let mut card = self.card(h);
        let title = card.title;
        let photos: Vec<Photo> = p
            .photos()
            .enumerate()
            .skip(1)
            .map(|(i, m)| {
                let alt = m.short_description.clone().unwrap_or_else(|| format!("{title}, photo {}", i + 1));
                let hosted = h.gallery.get(&m.media_url);
                Photo { caption: m.short_description.as_deref(), ..photo(self.input.images, &m.media_url, hosted, alt) }
            })
            .collect();
        if let (Some(first), Some(m)) = (card.photo.as_mut(), p.media.first()) {
            first.caption = m.short_description.as_deref();
        }
        let mut facts = Vec::new();
        let mut fact = |label: &'a str, value: Option<String>| {
            if let Some(value) = value {
                facts.push(Fact { label, value });
            }
        };
        fact(&ll.beds, p.bedrooms_total.map(|b| b.to_string()));
        fact(&ll.baths, p.bathrooms_total_integer.map(|b| b.to_string()));
        fact(&ll.sqft, card.sqft.clone());
        fact(&l.lot, p.lot_size_acres.map(|a| format!("{a:.2}")));
        fact(&l.year_built, p.year_built.map(|y| y.to_string()));
        fact(&l.property_type, p.property_sub_type.clone().or_else(|| p.property_type.clone()));
        fact(&l.subdivision, p.subdivision_name.clone());
        fact(&l.mls_number, Some(p.listing_id.clone()));
        let open_houses = h
            .open_houses_ahead(self.homes().now)
            .filter_map(|o| Some(OpenHouseView { time: hours(o, true)?, ics: crate::calendar::path(h, o) }))
            .collect();
        let neighborhood = h
            .neighborhood
            .as_deref()
            .and_then(|slug| c.neighborhood(slug))
            .map(|n| super::shared::Link { name: n.fields.name.clone(), url: api::neighborhood(&n.fields.slug) });
        // Where the address may not be shown, neither may its place on a map.
        let map_url = match (&h.address, p.latitude, p.longitude) {
            (Some(_), Some(lat), Some(lon)) => {
                Some(format!("https://www.google.com/maps/search/?api=1&query={lat},{lon}"))
            }
            _ => None,
        };
        let remarks: Vec<&str> =
            p.public_remarks.as_deref().unwrap_or("").split("\n\n").map(str::trim).filter(|r| !r.is_empty()).collect();
        let crumbs = vec![
            Crumb { name: &s.labels.nav.home, url: api::HOME.into() },
            Crumb { name: &l.title, url: api::HOMES.into() },
            Crumb { name: title, url: h.url.clone() },
        ];
        let summary = format!(
            "{} · {} · {} {} · {} {} · {}. ",
            card.price,
            card.status,
            p.bedrooms_total.unwrap_or(0),
            ll.beds,
            p.bathrooms_total_integer.unwrap_or(0),
            ll.baths,
            h.place
        );
        let description = markdown::truncate(&(summary + &remarks.join(" ")), DESCRIPTION_MAX);
        let base = &s.base_url;
        let address = h.address.as_ref().map(|street| {
            json!({"@type": "PostalAddress", "streetAddress": street, "addressLocality": p.city, "addressRegion": "FL", "postalCode": p.postal_code, "addressCountry": "US"})
        });
        let availability = match p.standard_status {
            Status::Closed => "https://schema.org/SoldOut",
            Status::ComingSoon => "https://schema.org/PreOrder",
            _ => "https://schema.org/InStock",
        };
        let mut listing = json!({
            "@type": "RealEstateListing",
            "@id": format!("{}#listing", seo::absolute(base, &h.url)),
            "url": seo::absolute(base, &h.url),
            "name": format!("{title}, {}", h.place),
            "description": description,
            "dateModified": p.modification_timestamp.to_string(),
            "image": self.ld_images(h),
            "offers": {
                "@type": "Offer",
                "price": p.list_price,
                "priceCurrency": "USD",
                "availability": availability,
                "offeredBy": {"@type": "RealEstateAgent", "name": p.list_office_name},
            },
        });
        if let Some(a) = address {
            listing["about"] = json!({"@type": "Residence", "address": a});
        }
        let jsonld = seo::graph(&self.agent_json, &[breadcrumb_ld(base, &crumbs), listing])?;
        let meta = Meta {
            // Without its street, the MLS number tells one listing's title from another's.
            title: match &h.address {
                Some(_) => format!("{title}, {} — {} | {}", h.place, card.price, s.brand),
                None => {
                    format!("{title}, {} — {} ({} {}) | {}", h.place, card.price, l.mls_number, p.listing_id, s.brand)
                }
            },
            description,
            canonical: self.canonical(&h.url),
            og_type: "website",
            og_image: self.og_image(card.photo.as_ref().and_then(|p| p.local()), title),
            jsonld,
        };
        let home = h.address.as_ref().map_or_else(|| h.place.clone(), |a| format!("{a}, {}", h.place));
        let mut mounted = Mounted::default();
        let sold = p.standard_status == Status::Closed;
        let view = ForSaleView {
            hearts: self.hearts(true, &mut mounted)?,
            gallery: self.gallery(p.media.len(), title, &mut mounted)?,
            payment: (!sold).then(|| self.payment(p, &mut mounted)).transpose()?,
            first_sizes: super::gallery::FIRST_SIZES,
            photos,
            facts,
            details: super::for_sale_facts::details(p, self.homes().story(&p.listing_key), &l.facts, &l.story),
            remarks,
            open_houses,
            neighborhood,
            map_url,
            office_phone: p.list_office_phone.as_deref(),
            showing_message: l.showing_message.replace("{home}", &home).replace("{number}", &p.listing_id),
            path: &h.url,
            home,
            crumbs,
            updated: super::parts::updated_at(mls, p.modification_timestamp),
            like_url: (!sold).then(|| like(h)),
            card,
        };
        Ok(self.built(Kind::ForSale, jax_output::index_file(&h.url), &meta, &view, &mounted))
    }
}

/// `/homes/?…#save-search`: the homes like `h`: its neighborhood, its beds at least, and the price
/// filters' steps around its price (a fifth below to a fifth above), the save form open.
pub(super) fn like(h: &Home) -> String {
    use jax_mls::search::{FIELDS, PRICE_STEPS};
    let price = h.price();
    // Slugs and digits: nothing to encode.
    let mut q: Vec<String> = Vec::new();
    if let Some(area) = &h.neighborhood {
        q.push(format!("{}={area}", FIELDS.area));
    }
    if let Some(min) = PRICE_STEPS.iter().rev().find(|&&s| s <= price * 4 / 5) {
        q.push(format!("{}={min}", FIELDS.min_price));
    }
    if let Some(max) = PRICE_STEPS.iter().find(|&&s| s >= price * 6 / 5) {
        q.push(format!("{}={max}", FIELDS.max_price));
    }
    if let Some(beds) = h.p.bedrooms_total.filter(|b| *b > 0) {
        q.push(format!("{}={beds}", FIELDS.beds));
    }
    format!("{}?{}#{}", api::HOMES, q.join("&"), super::save_search::FORM_ID)
}

impl Shared<'_> {
    /// The listing's first five photos for its JSON-LD: the hosted ones where `mls.photos: all`
    /// hosts them (its rules may forbid naming the media host's), else the MLS's.
    fn ld_images(&self, h: &Home) -> Vec<String> {
        let all = self.mls().photos == jax_model::mls::PhotoSet::All;
        let base = &self.input.content.site.data.base_url;
        h.p.photos()
            .take(5)
            .enumerate()
            .map(|(i, m)| {
                let hosted = if i == 0 { h.photo.as_ref().filter(|_| all) } else { h.gallery.get(&m.media_url) };
                hosted.map_or_else(|| m.media_url.clone(), |info| seo::absolute(base, &info.src))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jax_mls::homes::Homes;

    #[test]
    fn homes_like_one_are_its_beds_and_the_price_steps_around_its_price() {
        let record = json!({
            "ListingKey": "K1", "ListingId": "2100001", "StandardStatus": "Active", "ListPrice": 640_000,
            "BedroomsTotal": 3, "UnparsedAddress": "1 Oak Lane", "City": "Jacksonville", "PostalCode": "32210",
            "ListOfficeName": "Harbor Realty", "ModificationTimestamp": "2026-11-01T00:00:00Z",
            "InternetEntireListingDisplayYN": true, "InternetAddressDisplayYN": true,
        });
        let homes = Homes::new(None, vec![jax_mls::check::check(&record, "x").unwrap()], &[]);
        // 512,000 and up: $500K; 768,000 and down: $1M. No neighborhood: none asked.
        assert_eq!(like(&homes.homes[0]), "/homes/?min_price=500000&max_price=1000000&beds=3#save-search");
        let mut ortega = homes.homes[0].clone();
        ortega.neighborhood = Some("ortega".into());
        ortega.p.bedrooms_total = None;
        ortega.p.list_price = 20_000_000;
        assert_eq!(like(&ortega), "/homes/?area=ortega&min_price=10000000#save-search", "no step above the top");
    }
}
