//! What the imports changed, published for saved searches' alerts: `api::HOMES_NEWS`
//! names each import of the store's window (crate::changes) and its file, which holds its homes
//! still listed for sale, each with the facts a search matches (`search::facts`, the site's own)
//! and the texts an alert shows, written as the site's cards write them. One file per import, so
//! the worker reads only what came after a search's last alert.

use crate::changes::Reason;
use crate::homes::{dollars, Homes};
use crate::record::Status;
use crate::sample::thousands;
use crate::search::{facts, Clock};
use anyhow::{Context, Result};
use jax_model::api;
use jax_model::saved_search::{News, NewsHome, NewsImport, NewsIndex, Reasons};
use jax_output::Output;
use std::collections::BTreeMap;

/// The texts an alert's home is written with: content's.
pub struct Texts<'a> {
    pub reasons: &'a Reasons,
    /// "Listed by {office}".
    pub listed_by: &'a str,
    pub address_hidden: &'a str,
    pub beds: &'a str,
    pub baths: &'a str,
    pub sqft: &'a str,
}

/// The index and each import's file; nothing without news (or before an import).
pub fn outputs(homes: &Homes, t: &Texts) -> Result<Vec<Output>> {
    let by_key: BTreeMap<&str, usize> =
        homes.homes.iter().enumerate().map(|(i, h)| (h.p.listing_key.as_str(), i)).collect();
    let mut imports: BTreeMap<u64, Vec<NewsHome>> = BTreeMap::new();
    let clock = Clock::of(homes);
    for change in &homes.news {
        let at = u64::try_from(change.at.as_millisecond()).unwrap_or(0);
        let listed = by_key.get(change.key.as_str()).map(|&i| &homes.homes[i]);
        // Sold or gone since: no alert offers it.
        let Some(h) = listed.filter(|h| h.p.standard_status != Status::Closed) else { continue };
        let title = h.address.clone().unwrap_or_else(|| t.address_hidden.to_string());
        let mut features = Vec::new();
        if let Some(n) = h.p.bedrooms_total {
            features.push(format!("{n} {}", t.beds));
        }
        if let Some(n) = h.p.bathrooms_total_integer {
            features.push(format!("{n} {}", t.baths));
        }
        if let Some(a) = h.p.living_area {
            features.push(format!("{} {}", thousands(a.round() as u64), t.sqft));
        }
        imports.entry(at).or_default().push(NewsHome {
            mls_number: h.p.listing_id.clone(),
            reason: change.reasons.iter().map(|r| reason(t.reasons, r)).collect::<Vec<_>>().join(" · "),
            facts: facts(h, &clock),
            title,
            place: h.place.clone(),
            price: dollars(h.price()),
            features: features.join(" · "),
            office: t.listed_by.replace("{office}", &h.p.list_office_name),
            path: h.url.clone(),
            photo: h.p.first_photo().map(|m| m.media_url.clone()),
        });
    }
    let mut index = NewsIndex { imports: Vec::new() };
    let mut out = Vec::new();
    for (at_ms, homes) in imports {
        let path = api::HOMES_NEWS_IMPORT.replace("{at}", &at_ms.to_string());
        index.imports.push(NewsImport { at_ms, path: path.clone(), homes: homes.len() });
        let bytes = serde_json::to_vec(&News { at_ms, homes }).context("serializing an import's news")?;
        out.push(Output::new(path.trim_start_matches('/'), bytes));
    }
    let bytes = serde_json::to_vec(&index).context("serializing the news' index")?;
    out.insert(0, Output::new(api::HOMES_NEWS.trim_start_matches('/'), bytes));
    Ok(out)
}

fn reason(r: &Reasons, reason: &Reason) -> String {
    match reason {
        Reason::New => r.new.clone(),
        Reason::PriceReduced { from } => r.price_reduced.replace("{price}", &dollars(*from)),
        Reason::UnderContract => r.under_contract.clone(),
        Reason::Pending => r.pending.clone(),
        Reason::BackOnMarket => r.back_on_market.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::changes::Change;
    use crate::check::check;
    use serde_json::json;

    fn listing(n: u32, status: &str, price: u32) -> crate::record::Property {
        let record = json!({
            "ListingKey": format!("K{n}"), "ListingId": format!("21{n:05}"), "StandardStatus": status,
            "ListPrice": price, "BedroomsTotal": 3, "BathroomsTotalInteger": 2, "LivingArea": 1850.4,
            "UnparsedAddress": format!("{n} Oak Lane"), "City": "Jacksonville", "PostalCode": "32210",
            "PublicRemarks": "Saltwater pool.", "ListOfficeName": "Harbor Realty",
            "ModificationTimestamp": "2026-11-01T00:00:00Z",
            "InternetEntireListingDisplayYN": true, "InternetAddressDisplayYN": n != 3,
            "Media": [{"MediaURL": format!("https://media.example/{n}.jpg"), "Order": 0}],
        });
        check(&record, "x").unwrap()
    }

    fn change(n: u32, at: &str, reasons: Vec<Reason>) -> Change {
        Change { key: format!("K{n}"), mls_number: format!("21{n:05}"), at: at.parse().unwrap(), reasons }
    }

    #[test]
    fn each_imports_homes_still_for_sale_are_published_with_what_alerts_match_and_show() {
        let reasons = Reasons {
            new: "New listing".into(),
            price_reduced: "Price reduced from {price}".into(),
            under_contract: "Under contract".into(),
            pending: "Pending".into(),
            back_on_market: "Back on the market".into(),
        };
        let t = Texts {
            reasons: &reasons,
            listed_by: "Listed by {office}",
            address_hidden: "Address withheld",
            beds: "Beds",
            baths: "Baths",
            sqft: "Sq Ft",
        };
        let mut homes = Homes::new(
            None,
            vec![listing(1, "Active", 500_000), listing(2, "Closed", 400_000), listing(3, "Pending", 300_000)],
            &[],
        );
        homes.news = vec![
            change(1, "2026-11-20T10:00:00Z", vec![Reason::New]),
            change(2, "2026-11-20T10:00:00Z", vec![Reason::New]),
            change(3, "2026-11-21T10:00:00Z", vec![Reason::PriceReduced { from: 320_000 }, Reason::Pending]),
            change(9, "2026-11-21T10:00:00Z", vec![Reason::New]),
        ];
        let out = outputs(&homes, &t).unwrap();
        let index: NewsIndex = serde_json::from_slice(&out[0].bytes).unwrap();
        assert_eq!(out[0].path, "data/homes/news.json");
        let at = |s: &str| s.parse::<jiff::Timestamp>().unwrap().as_millisecond() as u64;
        assert_eq!(
            index.imports,
            [
                NewsImport {
                    at_ms: at("2026-11-20T10:00:00Z"),
                    path: format!("/data/homes/news/{}.json", at("2026-11-20T10:00:00Z")),
                    homes: 1
                },
                NewsImport {
                    at_ms: at("2026-11-21T10:00:00Z"),
                    path: format!("/data/homes/news/{}.json", at("2026-11-21T10:00:00Z")),
                    homes: 1
                },
            ],
            "the sold one and the one gone are not offered"
        );
        let second: News = serde_json::from_slice(&out[2].bytes).unwrap();
        assert_eq!(out[2].path, index.imports[1].path.trim_start_matches('/'));
        let h = &second.homes[0];
        assert_eq!(h.reason, "Price reduced from $320,000 · Pending");
        assert_eq!((h.title.as_str(), h.price.as_str()), ("Address withheld", "$300,000"));
        assert_eq!(h.features, "3 Beds · 2 Baths · 1,850 Sq Ft");
        assert_eq!(h.office, "Listed by Harbor Realty");
        assert_eq!(h.photo.as_deref(), Some("https://media.example/3.jpg"));
        assert_eq!(h.facts, facts(homes.homes.iter().find(|x| x.p.listing_key == "K3").unwrap(), &Clock::of(&homes)));
        assert!(h.facts.words.contains("\npool"), "{:?}", h.facts.words);
        assert_eq!(h.facts.status, "pending");
    }
}
