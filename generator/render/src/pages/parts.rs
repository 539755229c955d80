//! What several pages show or are made from, below the pages themselves: her sales, the MLS's
//! "last updated" line, the list cards and their photos, the listings' slides, the clients' words
//! and dates written out.

use crate::markdown;
use jax_images::ImageInfo;
use jax_mls::homes::{dollars, Homes};
use jax_mls::record::Status;
use jax_mls::sample;
use jax_model::api;
use jax_model::document::Source;
use jax_model::listing::{Listing, ListingFields};
use jax_model::market::Month;
use jax_model::mls::{Mls, MlsLabels};
use jax_model::record::{self, Sale, SaleFields, Side, Testimonial};
use jax_model::Content;
use serde::Serialize;

/// Listings per list page.
pub const PER_PAGE: usize = 24;

/// A listing's photo: the site's own image (the sample's, or a first photo the import cached), or
/// the MLS's, in a frame of fixed proportions so nothing shifts while it loads.
pub(super) struct Photo<'a> {
    pub(super) local: Option<&'a ImageInfo>,
    pub(super) src: &'a str,
    pub(super) alt: String,
    /// The MLS's words for it (RESO `ShortDescription`), which the listing page's viewer shows.
    pub(super) caption: Option<&'a str>,
}

/// The frame an MLS photo served from the media host fills (3:2, as listing photos are shot).
const REMOTE_WIDTH: u32 = 1200;
const REMOTE_HEIGHT: u32 = 800;

/// What `mls_photo` in `macros.html` draws, decided here: one `<img>` from flat fields, since each
/// nested lookup and macro call in a template costs on every photo of every listing.
impl Serialize for Photo<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Flat<'a> {
            src: &'a str,
            #[serde(skip_serializing_if = "str::is_empty")]
            srcset: &'a str,
            width: u32,
            height: u32,
            alt: &'a str,
            #[serde(skip_serializing_if = "<[_]>::is_empty")]
            sources: &'a [jax_images::ImageSource],
            #[serde(skip_serializing_if = "Option::is_none")]
            caption: Option<&'a str>,
        }
        let (alt, caption) = (&self.alt, self.caption);
        let flat = match self.local {
            Some(i) => Flat {
                src: &i.src,
                srcset: &i.srcset,
                width: i.width,
                height: i.height,
                alt,
                sources: &i.sources,
                caption,
            },
            None => Flat {
                src: self.src,
                srcset: "",
                width: REMOTE_WIDTH,
                height: REMOTE_HEIGHT,
                alt,
                sources: &[],
                caption,
            },
        };
        flat.serialize(s)
    }
}

impl<'a> Photo<'a> {
    /// The site's own image, when the photo is one.
    pub(super) fn local(&self) -> Option<&'a ImageInfo> {
        self.local
    }
}

/// `cached`: the photo as the build made it from the import's copy (`Home::photo`).
pub(super) fn photo<'a>(
    images: &'a std::collections::HashMap<String, ImageInfo>,
    url: &'a str,
    cached: Option<&'a ImageInfo>,
    alt: String,
) -> Photo<'a> {
    let local = url.strip_prefix(sample::MEDIA_ORIGIN).and_then(|path| images.get(path)).or(cached);
    Photo { local, src: url, alt, caption: None }
}

/// A listing as its card shows it (lists, and the listing page's head).
#[derive(Serialize)]
pub(super) struct Card<'a> {
    pub url: &'a str,
    /// The street address, or the label that says it is not published.
    pub title: &'a str,
    pub place: &'a str,
    pub price: String,
    pub status: &'a str,
    /// Only for statuses other than For Sale.
    pub show_status: bool,
    pub beds: Option<u32>,
    pub baths: Option<u32>,
    pub sqft: Option<String>,
    pub photo: Option<Photo<'a>>,
    pub office: String,
    pub mls_number: &'a str,
    /// The heart's label, "Save {home}" with the title in it.
    pub save: String,
    pub sample: bool,
}

pub(super) fn status(l: &MlsLabels, s: Status) -> &str {
    match s {
        Status::ActiveUnderContract => &l.status.active_under_contract,
        Status::ComingSoon => &l.status.coming_soon,
        Status::Pending => &l.status.pending,
        Status::Closed => &l.status.closed,
        _ => &l.status.active,
    }
}

/// `Shared::updated`, for a build's shared context: "Listing data last updated November 24, 2026",
/// the day of the last import. The day, not its minute: an hourly import that changes a few
/// listings then rewrites only their pages and the lists that show them, not every list.
pub(super) fn updated(mls: &Mls, homes: &Homes) -> Option<String> {
    let day = homes.imported_on()?.strftime("%B %-d, %Y").to_string();
    Some(mls.labels.updated.replace("{time}", &day))
}

/// "Listing data last updated November 24, 2026, 3:05 PM EST": `at` in Jacksonville's time.
pub(super) fn updated_at(mls: &Mls, at: jiff::Timestamp) -> Option<String> {
    let local = at.in_tz(jax_mls::homes::TIME_ZONE).ok()?;
    let time = local.strftime("%B %-d, %Y, %-I:%M %p %Z").to_string();
    Some(mls.labels.updated.replace("{time}", &time))
}

/// Each listing for sale's card as HTML, by the listing's place in `Homes::homes`: rendered once,
/// then written as the search's fragment and copied into every list that shows it.
#[derive(Default)]
pub struct RenderedCards(pub(super) Vec<Option<String>>);

impl RenderedCards {
    /// The card of the listing at `place`, which must be for sale.
    pub(super) fn get(&self, place: usize) -> &str {
        self.0.get(place).and_then(Option::as_deref).expect("every listing for sale has its card rendered")
    }
}

/// Her sales, newest first: content/sold/ and, from the MLS, the Closed listings she was party
/// to (by `mls.member_ids`; a file in content/sold/ for the same address wins: it says more).
pub fn sales(c: &Content, homes: Option<&Homes>) -> Vec<Sale> {
    let mut sales = c.sold.clone();
    let (Some(mls), Some(homes)) = (&c.site.data.mls, homes) else { return sales };
    let hers = |id: &Option<String>| id.as_ref().is_some_and(|id| mls.member_ids.contains(id));
    let key = |address: &str| address.chars().filter(char::is_ascii_alphanumeric).collect::<String>().to_lowercase();
    let written: Vec<String> = c.sold.iter().filter_map(|s| s.fields.address.as_deref()).map(key).collect();
    for h in homes.homes.iter().filter(|h| h.p.standard_status == Status::Closed) {
        let p = &h.p;
        let listed = hers(&p.list_agent_mls_id) || hers(&p.co_list_agent_mls_id);
        let bought = hers(&p.buyer_agent_mls_id) || hers(&p.co_buyer_agent_mls_id);
        let side = match (listed, bought) {
            (true, true) => Side::Both,
            (true, false) => Side::Seller,
            (false, true) => Side::Buyer,
            (false, false) => continue,
        };
        let (Some(price), Some(date)) = (p.close_price, p.close_date) else { continue };
        if h.address.as_deref().is_some_and(|a| written.contains(&key(a))) {
            continue;
        }
        let area = h.neighborhood.as_deref().and_then(|slug| c.neighborhood(slug)).map(|n| n.fields.name.clone());
        sales.push(Sale {
            fields: SaleFields {
                address: h.address.clone(),
                neighborhood: area.unwrap_or_else(|| p.city.clone()),
                price: dollars(price),
                date: date.to_string(),
                side,
                beds: p.bedrooms_total,
                baths: p.bathrooms_total_integer.map(|b| b as f32),
                draft: false,
            },
            // Its own page, by its MLS number.
            note: format!("[{}{}]({})", mls.labels.mls_number, p.listing_id, h.url),
            source: Source::default(),
        });
    }
    record::newest_first(&mut sales);
    sales
}

/// Clients' words as shown.
#[derive(Serialize)]
pub(super) struct Words {
    pub(super) html: String,
    pub(super) attribution: String,
}

pub(super) fn words<'a>(c: &Content, chosen: impl Iterator<Item = &'a Testimonial>) -> Vec<Words> {
    let l = &c.site.data.labels.testimonials;
    chosen
        .map(|t| Words {
            html: markdown::to_html(&t.words, 3),
            attribution: l
                .attribution
                .replace("{client}", &t.fields.client)
                .replace("{area}", &t.fields.area)
                .replace("{year}", &t.fields.year.to_string()),
        })
        .collect()
}

/// A listing as its card shows it (`listing_card` in macros.html): the carousel's slides, a
/// report's `<Listing>`.
#[derive(Serialize)]
pub(super) struct Slide<'a> {
    pub(super) n: usize,
    /// "01 / 05" in the carousel; empty elsewhere.
    pub(super) count: String,
    pub(super) url: String,
    pub(super) f: &'a ListingFields,
    pub(super) baths: String,
    /// The first three features.
    pub(super) features: &'a [String],
    pub(super) image: Option<&'a ImageInfo>,
    pub(super) show: String,
}

/// The card of listing `l`, the `n`-th on its page.
pub(super) fn slide<'a>(
    l: &'a Listing,
    n: usize,
    images: &'a std::collections::HashMap<String, ImageInfo>,
    labels: &jax_model::site::ListingLabels,
) -> Slide<'a> {
    Slide {
        n,
        count: String::new(),
        url: api::listing(&l.fields.id),
        f: &l.fields,
        baths: l.baths_text(),
        features: &l.fields.features[..l.fields.features.len().min(3)],
        image: images.get(&l.fields.image),
        show: labels.show_slide.replace("{n}", &n.to_string()),
    }
}

/// "2024-10-01" → "October 1, 2024" (the date is checked as YYYY-MM-DD on load).
pub(super) fn long_date(date: &str) -> String {
    let month = date.get(..7).and_then(Month::parse);
    let day = date.get(8..10).and_then(|d| d.parse::<u32>().ok());
    match (month, day) {
        (Some(m), Some(d)) => format!("{} {d}, {}", m.name(), m.year),
        _ => date.to_string(),
    }
}
