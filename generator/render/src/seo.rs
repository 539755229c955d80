//! Structured data (schema.org JSON-LD) and the small text helpers meta tags need.
//!
//! Every page carries one `@graph`: the RealEstateAgent (serialized once per build) plus the
//! page's own nodes. The agent's e-mail address is private and never part of it.

use jax_images::ImageInfo;
use jax_model::listing::Listing;
use jax_model::neighborhood::Neighborhood;
use jax_model::Content;
use serde_json::{json, Value};

const CONTEXT: &str = "https://schema.org";

/// `https://site` + `/path`.
pub fn absolute(base: &str, path: &str) -> String {
    if path.starts_with("http://") || path.starts_with("https://") {
        path.to_string()
    } else {
        format!("{base}{path}")
    }
}

const STATES: &[(&str, &str)] = &[
    ("alabama", "AL"),
    ("alaska", "AK"),
    ("arizona", "AZ"),
    ("arkansas", "AR"),
    ("california", "CA"),
    ("colorado", "CO"),
    ("connecticut", "CT"),
    ("delaware", "DE"),
    ("district of columbia", "DC"),
    ("florida", "FL"),
    ("georgia", "GA"),
    ("hawaii", "HI"),
    ("idaho", "ID"),
    ("illinois", "IL"),
    ("indiana", "IN"),
    ("iowa", "IA"),
    ("kansas", "KS"),
    ("kentucky", "KY"),
    ("louisiana", "LA"),
    ("maine", "ME"),
    ("maryland", "MD"),
    ("massachusetts", "MA"),
    ("michigan", "MI"),
    ("minnesota", "MN"),
    ("mississippi", "MS"),
    ("missouri", "MO"),
    ("montana", "MT"),
    ("nebraska", "NE"),
    ("nevada", "NV"),
    ("new hampshire", "NH"),
    ("new jersey", "NJ"),
    ("new mexico", "NM"),
    ("new york", "NY"),
    ("north carolina", "NC"),
    ("north dakota", "ND"),
    ("ohio", "OH"),
    ("oklahoma", "OK"),
    ("oregon", "OR"),
    ("pennsylvania", "PA"),
    ("rhode island", "RI"),
    ("south carolina", "SC"),
    ("south dakota", "SD"),
    ("tennessee", "TN"),
    ("texas", "TX"),
    ("utah", "UT"),
    ("vermont", "VT"),
    ("virginia", "VA"),
    ("washington", "WA"),
    ("west virginia", "WV"),
    ("wisconsin", "WI"),
    ("wyoming", "WY"),
];

/// "Jacksonville, Florida" → ("Jacksonville", "FL").
pub fn locality_region(location: &str) -> (String, String) {
    let (city, region) = location.rsplit_once(',').unwrap_or((location, ""));
    let region = region.trim();
    let code = STATES.iter().find(|(name, _)| name.eq_ignore_ascii_case(region)).map_or(region, |(_, code)| code);
    (city.trim().to_string(), code.to_string())
}

/// A postal address from "Street, [Unit,] City, ST 12345"; anything else becomes the street
/// line in the agent's city.
fn postal_address(address: &str, fallback: &(String, String)) -> Value {
    let parts: Vec<&str> = address.split(',').map(str::trim).collect();
    if parts.len() >= 3 {
        let last = parts[parts.len() - 1];
        if let Some((state, zip)) = last.split_once(' ') {
            let zip = zip.trim();
            if state.len() == 2
                && state.chars().all(|c| c.is_ascii_uppercase())
                && zip.len() >= 5
                && zip[..5].chars().all(|c| c.is_ascii_digit())
            {
                return json!({
                    "@type": "PostalAddress",
                    "streetAddress": parts[..parts.len() - 2].join(", "),
                    "addressLocality": parts[parts.len() - 2],
                    "addressRegion": state,
                    "postalCode": zip,
                    "addressCountry": "US",
                });
            }
        }
    }
    json!({"@type": "PostalAddress", "streetAddress": address, "addressLocality": fallback.0, "addressRegion": fallback.1, "addressCountry": "US"})
}

/// "$1,350,000" → "1350000".
fn price_number(price: &str) -> String {
    price.chars().filter(|c| c.is_ascii_digit() || *c == '.').collect()
}

fn number(text: &str) -> Value {
    let digits: String = text.chars().filter(|c| c.is_ascii_digit() || *c == '.').collect();
    digits.parse::<f64>().ok().and_then(serde_json::Number::from_f64).map_or(Value::Null, Value::Number)
}

pub fn agent_id(base: &str) -> String {
    format!("{base}/#agent")
}

/// The RealEstateAgent every page describes.
pub fn agent(c: &Content, social_image: Option<&ImageInfo>, portrait: Option<&ImageInfo>) -> Value {
    let s = &c.site.data;
    let base = &s.base_url;
    let (city, region) = locality_region(&s.location);
    let mut areas = vec![json!({"@type": "City", "name": city})];
    areas.extend(c.neighborhoods.iter().map(|n| json!({"@type": "Place", "name": n.fields.name})));
    let mut node = json!({
        "@type": "RealEstateAgent",
        "@id": agent_id(base),
        "name": s.brand,
        "url": format!("{base}/"),
        "telephone": s.agent.phone_e164().unwrap_or_else(|| s.agent.phone.clone()),
        "address": {"@type": "PostalAddress", "addressLocality": city, "addressRegion": region, "addressCountry": "US"},
        "areaServed": areas,
        "employee": person(c, portrait),
        "parentOrganization": {"@type": "Organization", "name": s.brokerage.name, "url": s.brokerage.url},
    });
    if let Some(img) = social_image {
        node["image"] = json!(absolute(base, &img.src));
    }
    node
}

/// The agent herself: her portrait, license and designations, and her profiles elsewhere.
fn person(c: &Content, portrait: Option<&ImageInfo>) -> Value {
    let s = &c.site.data;
    let a = &s.agent;
    let mut credentials = vec![json!({
        "@type": "EducationalOccupationalCredential",
        "credentialCategory": "license",
        "name": a.license,
    })];
    if let Some(n) = &a.license_number {
        credentials[0]["identifier"] = json!(n);
    }
    credentials.extend(a.designations.iter().map(
        |d| json!({"@type": "EducationalOccupationalCredential", "credentialCategory": "designation", "name": d}),
    ));
    let mut node = json!({
        "@type": "Person",
        "name": a.name,
        "jobTitle": a.title,
        "worksFor": {"@type": "Organization", "name": s.brokerage.name, "url": s.brokerage.url},
        "hasCredential": credentials,
    });
    if let Some(img) = portrait {
        node["image"] = json!(absolute(&s.base_url, &img.src));
    }
    if !a.social.is_empty() {
        node["sameAs"] = json!(a.social.iter().map(|l| &l.url).collect::<Vec<_>>());
    }
    node
}

/// The page's `@graph`, as script-safe JSON: the agent (already serialized) and `nodes`.
pub fn graph(agent_json: &str, nodes: &[Value]) -> anyhow::Result<String> {
    let mut out = String::with_capacity(agent_json.len() + 512 * nodes.len() + 64);
    out.push_str("{\"@context\":\"");
    out.push_str(CONTEXT);
    out.push_str("\",\"@graph\":[");
    out.push_str(agent_json);
    for n in nodes {
        out.push(',');
        out.push_str(&crate::html::script_json(n)?);
    }
    out.push_str("]}");
    Ok(out)
}

pub fn breadcrumbs(base: &str, items: &[(&str, &str)]) -> Value {
    let items: Vec<Value> = items
        .iter()
        .enumerate()
        .map(|(i, (name, url))| json!({"@type": "ListItem", "position": i + 1, "name": name, "item": absolute(base, url)}))
        .collect();
    json!({"@type": "BreadcrumbList", "itemListElement": items})
}

pub fn website(c: &Content) -> Value {
    let s = &c.site.data;
    json!({"@type": "WebSite", "@id": format!("{}/#website", s.base_url), "name": s.brand, "url": format!("{}/", s.base_url), "publisher": {"@id": agent_id(&s.base_url)}})
}

/// The featured listings, in carousel order.
/// An ItemList of pages, in order: each item's path on the site and its name.
pub fn item_list(c: &Content, name: &str, items: &[(String, &str)]) -> Value {
    let base = &c.site.data.base_url;
    let items: Vec<Value> = items
        .iter()
        .enumerate()
        .map(|(i, (path, item))| json!({"@type": "ListItem", "position": i + 1, "url": absolute(base, path), "name": item}))
        .collect();
    json!({"@type": "ItemList", "name": name, "numberOfItems": items.len(), "itemListElement": items})
}

pub fn place(c: &Content, n: &Neighborhood, url: &str, description: &str, image: Option<&ImageInfo>) -> Value {
    let base = &c.site.data.base_url;
    let (city, region) = locality_region(&c.site.data.location);
    let mut node = json!({
        "@type": "Place",
        "@id": format!("{}#place", absolute(base, url)),
        "name": n.fields.title,
        "description": description,
        "url": absolute(base, url),
        "address": {"@type": "PostalAddress", "addressLocality": city, "addressRegion": region, "postalCode": c.market.latest().figures(&n.fields.slug).map(|f| f.zip.as_str()), "addressCountry": "US"},
        "containedInPlace": {"@type": "City", "name": city},
    });
    if let Some(img) = image {
        node["image"] = json!(absolute(base, &img.src));
    }
    node
}

/// The market page's figures as a schema.org Dataset, with the JSON as its download.
pub fn dataset(c: &Content, url: &str, description: &str, data: &crate::market::MarketData) -> Value {
    let s = &c.site.data;
    let l = &s.labels;
    json!({
        "@type": "Dataset",
        "@id": format!("{}#dataset", absolute(&s.base_url, url)),
        "name": l.market.title,
        "description": description,
        "url": absolute(&s.base_url, url),
        "temporalCoverage": data.month,
        "dateModified": data.month,
        "spatialCoverage": {"@type": "Place", "name": s.location},
        "variableMeasured": [l.neighborhood.median, l.neighborhood.yoy, l.neighborhood.days, l.neighborhood.zip],
        "publisher": {"@id": agent_id(&s.base_url)},
        "citation": data.source,
        "isAccessibleForFree": true,
        "distribution": [{"@type": "DataDownload", "encodingFormat": "application/json", "contentUrl": absolute(&s.base_url, jax_model::api::MARKET_DATA)}],
    })
}

/// Condominium units are Apartments; everything else a single-family residence.
fn residence_type(address: &str) -> &'static str {
    let a = address.to_ascii_lowercase();
    let unit = a.contains('#')
        || a.split([' ', ',']).any(|w| matches!(w, "unit" | "apt" | "apt." | "suite" | "ph" | "penthouse"));
    if unit {
        "Apartment"
    } else {
        "SingleFamilyResidence"
    }
}

/// The residence and its Offer.
pub fn listing(c: &Content, l: &Listing, url: &str, description: &str, image: Option<&ImageInfo>) -> [Value; 2] {
    let s = &c.site.data;
    let base = &s.base_url;
    let page = absolute(base, url);
    let f = &l.fields;
    let mut residence = json!({
        "@type": residence_type(&f.address),
        "@id": format!("{page}#residence"),
        "name": f.address,
        "description": description,
        "url": page,
        "address": postal_address(&f.address, &locality_region(&s.location)),
        "numberOfBedrooms": f.beds,
        "numberOfBathroomsTotal": f.baths,
        "floorSize": {"@type": "QuantitativeValue", "value": number(&f.sqft), "unitCode": "FTK"},
        "amenityFeature": f.features.iter().map(|x| json!({"@type": "LocationFeatureSpecification", "name": x, "value": true})).collect::<Vec<_>>(),
    });
    if let Some(img) = image {
        residence["image"] = json!(absolute(base, &img.src));
    }
    let offer = json!({
        "@type": "Offer",
        "@id": format!("{page}#offer"),
        "url": page,
        "price": price_number(&f.price),
        "priceCurrency": "USD",
        "availability": "https://schema.org/InStock",
        "itemOffered": {"@id": format!("{page}#residence")},
        "offeredBy": {"@id": agent_id(base)},
    });
    [residence, offer]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_and_regions() {
        assert_eq!(locality_region("Jacksonville, Florida"), ("Jacksonville".into(), "FL".into()));
        assert_eq!(locality_region("Jacksonville, FL"), ("Jacksonville".into(), "FL".into()));
        let fb = ("Jacksonville".to_string(), "FL".to_string());
        let a = postal_address("1 Riverside Ave, Unit 1801, Jacksonville, FL 32202", &fb);
        assert_eq!(a["streetAddress"], "1 Riverside Ave, Unit 1801");
        assert_eq!(a["addressLocality"], "Jacksonville");
        assert_eq!(a["postalCode"], "32202");
        let b = postal_address("Somewhere on the river", &fb);
        assert_eq!(b["streetAddress"], "Somewhere on the river");
        assert_eq!(b["addressRegion"], "FL");
        assert_eq!(price_number("$1,350,000"), "1350000");
        assert_eq!(residence_type("1 Riverside Ave, Unit 1801, Jacksonville, FL 32202"), "Apartment");
        assert_eq!(residence_type("1847 River Rd, Jacksonville, FL 32207"), "SingleFamilyResidence");
    }
}
