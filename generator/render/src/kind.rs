//! The kinds of page: each has its template, its sections of the stylesheet, its chrome (rendered
//! once per kind) and the site's paths as its links write them.

use jax_model::api;
use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Home,
    Neighborhood,
    Listing,
    Concierge,
    NotFound,
    /// The thank-you and form-error pages (not indexed).
    FormResult,
    /// The privacy policy and the terms of service.
    Legal,
    /// A market report.
    Report,
    /// The list of the market reports.
    Reports,
    /// Every neighborhood's market figures (/market/).
    Market,
    /// The MLS's listings for sale, paged: all of them (/homes/) or one neighborhood's.
    Homes,
    /// One MLS listing's page (/homes/<slug>/).
    ForSale,
    /// The sellers' page (/sell/).
    Sell,
    /// The agent's record of sales (/sold/).
    Sold,
    /// The homes a visitor saved (/homes/saved/).
    SavedHomes,
    /// An address's saved searches, from the link in their e-mails (/homes/alerts/).
    Alerts,
    /// This weekend's and the next's open houses (/homes/open-houses/).
    OpenHouses,
}

impl Kind {
    pub const ALL: [Kind; 17] = [
        Kind::Home,
        Kind::Neighborhood,
        Kind::Listing,
        Kind::Concierge,
        Kind::NotFound,
        Kind::FormResult,
        Kind::Legal,
        Kind::Report,
        Kind::Reports,
        Kind::Market,
        Kind::Homes,
        Kind::ForSale,
        Kind::Sell,
        Kind::Sold,
        Kind::SavedHomes,
        Kind::Alerts,
        Kind::OpenHouses,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Kind::Home => "home",
            Kind::Neighborhood => "neighborhood",
            Kind::Listing => "listing",
            Kind::Concierge => "concierge",
            Kind::NotFound => "not-found",
            Kind::FormResult => "form-result",
            Kind::Legal => "legal",
            Kind::Report => "report",
            Kind::Reports => "reports",
            Kind::Market => "market",
            Kind::Homes => "homes",
            Kind::ForSale => "for-sale",
            Kind::Sell => "sell",
            Kind::Sold => "sold",
            Kind::SavedHomes => "saved-homes",
            Kind::Alerts => "alerts",
            Kind::OpenHouses => "open-houses",
        }
    }

    /// The template its pages render (besides `base.html` and the chrome's partials).
    pub fn template(self) -> &'static str {
        match self {
            Kind::Home => "home.html",
            Kind::Neighborhood => "neighborhood.html",
            Kind::Listing => "listing.html",
            Kind::Concierge => "concierge.html",
            Kind::NotFound => "404.html",
            Kind::FormResult => "form-result.html",
            Kind::Legal => "legal.html",
            Kind::Report => "report.html",
            Kind::Reports => "reports.html",
            Kind::Market => "market.html",
            Kind::Homes => "homes.html",
            Kind::ForSale => "for-sale.html",
            Kind::Sell => "sell.html",
            Kind::Sold => "sold.html",
            Kind::SavedHomes => "saved.html",
            Kind::Alerts => "alerts.html",
            Kind::OpenHouses => "open-houses.html",
        }
    }

    /// A link to one of the home page's sections: in-page on the home page itself.
    pub fn section(self, id: &str) -> String {
        if self == Kind::Home {
            format!("#{id}")
        } else {
            format!("{}#{id}", api::HOME)
        }
    }

    pub fn paths(self) -> Paths {
        Paths {
            home: api::HOME,
            concierge: api::CONCIERGE_PAGE,
            market: api::MARKET_PAGE,
            homes: api::HOMES,
            sell: api::SELL_PAGE,
            sold: api::SOLD_PAGE,
            contact: self.section(api::CONTACT_SECTION),
            featured: self.section(api::FEATURED_SECTION),
            neighborhoods: self.section(api::NEIGHBORHOODS_SECTION),
            developments: self.section(api::DEVELOPMENTS_SECTION),
            ids: Ids {
                contact: api::CONTACT_SECTION,
                featured: api::FEATURED_SECTION,
                neighborhoods: api::NEIGHBORHOODS_SECTION,
                developments: api::DEVELOPMENTS_SECTION,
                concierge_form: api::CONCIERGE_FORM,
            },
        }
    }
}

/// The site's paths (`jax_model::api`) as a page of one kind links them: `paths` in every
/// template's context. Where a dialog trigger leads without JavaScript is `contact`, the contact
/// form on the home page.
#[derive(Debug, Serialize)]
pub struct Paths {
    pub home: &'static str,
    pub concierge: &'static str,
    pub market: &'static str,
    pub homes: &'static str,
    pub sell: &'static str,
    pub sold: &'static str,
    pub contact: String,
    pub featured: String,
    pub neighborhoods: String,
    pub developments: String,
    /// The ids of the elements those links lead to.
    pub ids: Ids,
}

#[derive(Debug, Serialize)]
pub struct Ids {
    pub contact: &'static str,
    pub featured: &'static str,
    pub neighborhoods: &'static str,
    pub developments: &'static str,
    pub concierge_form: &'static str,
}
