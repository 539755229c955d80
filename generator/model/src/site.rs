//! `content/site.yaml`: the brand, the agent, legal texts and the labels every page shares.

use crate::diagnostics::Diagnostic;
use crate::document::Source;
use crate::rules;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Site {
    /// The brand, e.g. "Move to JAX".
    pub brand: String,
    /// Shown under the brand, e.g. "Jacksonville Real Estate".
    pub tagline: String,
    /// The public origin of the site, for canonical URLs, the sitemap and social cards (no trailing slash).
    pub base_url: String,
    /// Where the agent works, e.g. "Jacksonville, Florida".
    pub location: String,
    pub agent: Agent,
    pub brokerage: Brokerage,
    /// Whether sold prices (content/sold/) are shown, on /sold/, /sell/ and in the record's volume.
    #[serde(default)]
    pub show_sold_prices: bool,
    /// URL of the embedded new-developments map (an https embed URL).
    pub development_map_url: String,
    /// Accessible title of the map frame.
    pub development_map_title: String,
    pub legal: Legal,
    /// Routes of the neighborhoods listed under "Popular Areas" in the footer.
    pub popular_areas: Vec<String>,
    /// Default social-card image, relative to content/.
    #[schemars(extend("x-image" = ""))]
    pub social_image: String,
    pub labels: Labels,
    /// The MLS whose listings the site shows; without it, no MLS pages.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mls: Option<crate::mls::Mls>,
    /// The browser editor on the live site: the repository it saves to and who may sign in;
    /// without it, `/admin/` works only on the computer that holds the site.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub editor: Option<crate::editor::Editor>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Agent {
    pub name: String,
    /// e.g. "Luxury Real Estate Advisor".
    pub title: String,
    /// US phone as shown, e.g. "(904) 555-0147"; the text-message link is made from it.
    pub phone: String,
    /// Receives every form. Shown in the footer and the privacy policy; never written into the JSON.
    pub email: String,
    /// License line, e.g. "Florida Licensed Sales Associate".
    pub license: String,
    /// The state license number, e.g. "SL3412345": beside her name wherever she is introduced.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub license_number: Option<String>,
    /// Her portrait (through the image pipeline): the hero, the about section, every listing's
    /// advisor card, and the agent's JSON-LD.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub portrait: Option<Portrait>,
    /// Designations and memberships, e.g. "Certified Luxury Home Marketing Specialist (CLHMS)".
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub designations: Vec<String>,
    /// Her profiles elsewhere (https URLs), linked in the about section and named in the JSON-LD.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub social: Vec<SocialLink>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Portrait {
    /// Image path relative to content/.
    #[schemars(extend("x-image" = "agent"))]
    pub image: String,
    /// What it shows, for those who cannot see it.
    pub alt: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SocialLink {
    /// e.g. "Instagram".
    pub name: String,
    pub url: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Brokerage {
    pub name: String,
    /// The brokerage's listings page.
    pub url: String,
    /// Its postal address, on one line: every saved search's alert names it (CAN-SPAM).
    pub address: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Legal {
    pub licensing: String,
    pub equal_housing: String,
    pub copyright_year: u16,
}

/// Texts of the shared interface, editable like any other copy.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Labels {
    pub nav: NavLabels,
    pub advisor: AdvisorLabels,
    pub sold: SoldLabels,
    pub testimonials: TestimonialLabels,
    pub widget: WidgetLabels,
    pub footer: FooterLabels,
    pub listing: ListingLabels,
    pub neighborhood: NeighborhoodLabels,
    pub market: MarketLabels,
    pub not_found: NotFoundLabels,
    pub reports: ReportsLabels,
}

/// The /sold/ page and a sale's card.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SoldLabels {
    /// The page's heading and title, e.g. "Recently Sold".
    pub title: String,
    /// The sentence under it.
    pub intro: String,
    /// Its search-result description.
    pub description: String,
    /// The computed record with prices: `{count}` sales, `{volume}` their total, e.g. "$48.2M".
    pub summary: String,
    /// The same where sold prices are not shown: `{count}`.
    pub count: String,
    /// A sale's date line: `{date}`, e.g. "Sold {date}".
    pub sold_on: String,
    /// Which side she represented.
    pub buyer: String,
    pub seller: String,
    pub both: String,
}

/// Clients' words, wherever they are shown.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TestimonialLabels {
    pub eyebrow: String,
    pub title: String,
    /// A testimonial's line under the words: `{client}`, `{area}`, `{year}`.
    pub attribution: String,
}

/// How the agent is introduced beside her portrait.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AdvisorLabels {
    /// Her license number's line, e.g. "License #{number}".
    pub license_number: String,
    /// The accessible name of her social links' list, e.g. "Alexandra elsewhere".
    pub social: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NavLabels {
    pub properties: String,
    pub neighborhoods: String,
    pub developments: String,
    pub concierge: String,
    /// Accessible name of the mobile menu button; must contain "menu".
    pub menu: String,
    pub home: String,
    /// The menu's consultation request, below 60em, beside the agent's phone.
    pub consultation: String,
    /// The nav's link to /sell/, after the four (when content/sell.yaml exists).
    pub sell: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct WidgetLabels {
    pub title: String,
    pub text: String,
    pub message: String,
    /// The phone call, beside the text and the message.
    pub call: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FooterLabels {
    pub popular_areas: String,
    pub contact: String,
    /// The footer's link to /privacy-policy/ (content/legal/privacy-policy.md).
    pub privacy: String,
    /// The footer's link to /terms-of-service/ (content/legal/terms-of-service.md).
    pub terms: String,
    pub rights: String,
    pub schedule: String,
    /// The footer's link to the market reports.
    pub reports: String,
    /// The footer's links to /sell/ and /sold/ (when they exist).
    pub sell: String,
    pub sold: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ListingLabels {
    pub beds: String,
    pub baths: String,
    pub sqft: String,
    pub inquire: String,
    pub previous: String,
    pub next: String,
    pub show_slide: String,
    pub features: String,
    pub details: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NeighborhoodLabels {
    pub market_snapshot: String,
    pub median: String,
    pub yoy: String,
    pub days: String,
    pub zip: String,
    /// Heading of the About section; `{name}` is replaced by the neighborhood's name.
    pub about: String,
    pub featured: String,
    pub request_showing: String,
    pub explore_more: String,
    pub explore: String,
    /// Heading of the agent's own listings in the area; `{name}` is the neighborhood's name.
    pub listings: String,
}

/// The market reports' list and pages.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReportsLabels {
    /// The list's heading and title, e.g. "Market Reports".
    pub title: String,
    /// The sentence under it, also its search-result description.
    pub text: String,
    /// Before a report's date, e.g. "Published".
    pub published: String,
    /// The link from the list to a report, e.g. "Read the report".
    pub read: String,
}

/// The market page (/market/) and the snapshot's lines on neighborhood pages. `{month}` is a
/// snapshot's month ("December 2024"), `{source}` where its figures come from.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MarketLabels {
    /// The market page's title; also its link in the footer.
    pub title: String,
    /// The paragraph under the title.
    pub intro: String,
    /// The page's search-result description.
    pub description: String,
    /// Beside every snapshot, e.g. "Figures as of {month}".
    pub as_of: String,
    /// E.g. "Source: {source}".
    pub source: String,
    /// After a figure's change, e.g. "since {month}".
    pub since: String,
    /// The link from a neighborhood's snapshot to the market page.
    pub compare: String,
    /// The table's first column.
    pub neighborhood: String,
    /// What names each row of a trend chart's table.
    pub month: String,
    /// The table's area column and the area filter.
    pub area: String,
    /// The area filter's choice that shows every area.
    pub all_areas: String,
    /// The price filter.
    pub price: String,
    /// The price filter's choice that shows every price.
    pub any_price: String,
    /// The price filter's bands, by median condo price.
    pub price_bands: Vec<PriceBand>,
    /// The bar chart's title, e.g. "Median condo price by neighborhood".
    pub chart_title: String,
    /// A trend chart's title: `{figure}` (the tile's label) and `{name}` (the neighborhood).
    pub trend: String,
    /// A trend chart's description: `{from}` in `{from_month}`, `{to}` in `{to_month}`.
    pub trend_description: String,
    /// What the filters leave: `{count}` of `{total}` neighborhoods.
    pub showing: String,
    /// Shown when no neighborhood matches the filters.
    pub none: String,
}

/// A band of the price filter: medians from `min` (inclusive) to below `max`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PriceBand {
    pub label: String,
    #[serde(default)]
    pub min: Option<u64>,
    #[serde(default)]
    pub max: Option<u64>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NotFoundLabels {
    pub title: String,
    pub text: String,
    pub link: String,
}

impl Agent {
    /// `+1XXXXXXXXXX` for `sms:`/`tel:` links, if the phone is a 10-digit US number.
    pub fn phone_e164(&self) -> Option<String> {
        let digits: String = self.phone.chars().filter(char::is_ascii_digit).collect();
        let digits = match digits.len() {
            11 if digits.starts_with('1') => digits[1..].to_string(),
            10 => digits,
            _ => return None,
        };
        Some(format!("+1{digits}"))
    }
}

/// The embeds the new-developments map may show: each provider's origin and its embed path.
/// (A page URL of the same providers shows their error page, or nothing, in a frame.)
pub const MAP_EMBEDS: [(&str, &str); 3] = [
    ("https://www.openstreetmap.org", "/export/embed.html"),
    ("https://www.google.com", "/maps/d/embed"),
    ("https://www.google.com", "/maps/embed"),
];

impl Site {
    /// What still builds but should be fixed: a map URL that is no known provider's embed.
    pub fn warnings(&self, src: &Source) -> Vec<Diagnostic> {
        let url = &self.development_map_url;
        let known = MAP_EMBEDS.iter().any(|(origin, path)| {
            url.strip_prefix(origin).is_some_and(|rest| rest.starts_with(path) && rest[path.len()..].starts_with('?'))
        });
        let embeds: Vec<String> = MAP_EMBEDS.iter().map(|(o, p)| format!("{o}{p}?…")).collect();
        (!known)
            .then(|| {
                src.at_value(
                    "development_map_url",
                    format!(
                        "\"{url}\" is not a map embed the site knows, so the map may show an error page; use one of: {}",
                        embeds.join(", ")
                    ),
                )
            })
            .into_iter()
            .collect()
    }

    pub fn validate(&self, src: &Source, out: &mut Vec<Diagnostic>) {
        if self.agent.phone_e164().is_none() {
            out.push(src.at_value(
                "agent.phone",
                format!(
                    "expected a 10-digit US phone number such as \"(904) 555-0147\", found \"{}\"",
                    self.agent.phone
                ),
            ));
        }
        if !rules::is_email(&self.agent.email) {
            out.push(
                src.at_value("agent.email", format!("expected an e-mail address, found \"{}\"", self.agent.email)),
            );
        }
        let social = self.agent.social.iter().enumerate().map(|(i, l)| (format!("agent.social[{i}].url"), &l.url));
        for (field, url) in [
            ("base_url".to_string(), &self.base_url),
            ("brokerage.url".to_string(), &self.brokerage.url),
            ("development_map_url".to_string(), &self.development_map_url),
        ]
        .into_iter()
        .chain(social)
        {
            if !rules::is_https_url(url) {
                out.push(src.at_value(&field, format!("expected an https:// URL, found \"{url}\"")));
            }
        }
        if self.base_url.ends_with('/') {
            out.push(src.at_value("base_url", "expected no trailing slash"));
        }
        if !(1990..=2100).contains(&self.legal.copyright_year) {
            out.push(src.at_value(
                "legal.copyright_year",
                format!("expected a year such as 2024, found {}", self.legal.copyright_year),
            ));
        }
        if !self.labels.nav.menu.to_lowercase().contains("menu") {
            out.push(src.at_value(
                "labels.nav.menu",
                "expected a label containing the word \"menu\" (it names the mobile menu button)",
            ));
        }
        if !self.labels.neighborhood.about.contains("{name}") && self.labels.neighborhood.about.contains('{') {
            out.push(src.at_value("labels.neighborhood.about", "the only placeholder allowed is {name}"));
        }
        for (i, b) in self.labels.market.price_bands.iter().enumerate() {
            let empty = b.min.is_none() && b.max.is_none();
            if empty || b.min.zip(b.max).is_some_and(|(lo, hi)| lo >= hi) {
                out.push(src.at_key(
                    &format!("labels.market.price_bands[{i}]"),
                    "expected `min`, `max` or both (in dollars), with `min` below `max`",
                ));
            }
        }
        rules::require_text(src, out, &[("brand", &self.brand), ("agent.name", &self.agent.name)]);
        if let Some(mls) = &self.mls {
            mls.validate(src, out);
        }
        if let Some(editor) = &self.editor {
            editor.validate(src, out);
        }
    }
}
