//! The renderer on a small site built from inline YAML: the site here, the tests by kind of page
//! in `tests/`.

mod concierge;
mod for_sale;
mod form_result;
mod frame;
mod home;
mod legal;
mod listing;
mod market;
mod neighborhood;
mod open_houses;
mod record;
mod report;

use super::kind::Kind;
use super::templates::EMBEDDED;
use super::*;
use crate::assets::{Assets, Bundle, InlineScript};
use jax_images::{ImageInfo, ImageSource};
use jax_model::content::{self, Parts};
use jax_model::legal::LegalKind;
use jax_model::market::parse_snapshot;
use jax_model::record as content_record;
use jax_model::Content;
use jax_output::Output;
use std::collections::HashMap;

pub(super) const EMAIL: &str = "agent.private@example.com";

fn site_yaml() -> String {
    format!(
        r#"brand: Move to JAX
tagline: Jacksonville Real Estate
base_url: https://www.movetojax.com
location: Jacksonville, Florida
agent: {{name: Jane Doe, title: Luxury Real Estate Advisor, phone: (904) 555-0147, email: {EMAIL}, license: Florida Licensed Sales Associate, license_number: SL0001234, portrait: {{image: images/jane.jpg, alt: Jane on a terrace}}, designations: [CLHMS], social: [{{name: Instagram, url: "https://www.instagram.com/jane"}}]}}
brokerage: {{name: Crown Realty, url: "https://example.com/listings", address: "1 Main Street, Jacksonville, FL 32202"}}
development_map_url: https://maps.example.com/embed
show_sold_prices: true
development_map_title: Map of new developments
legal: {{licensing: Licensed in Florida., equal_housing: Equal housing opportunity., copyright_year: 2024}}
popular_areas: [riverside, san-marco]
social_image: images/hero.jpg
labels:
  nav: {{properties: Properties, neighborhoods: Neighborhoods, developments: New Developments, concierge: Client Concierge, menu: Open menu, home: Home, consultation: Schedule Consultation, sell: Sell}}
  sold: {{title: Recently Sold, intro: Her sales., description: Sales., summary: "{{count}} homes sold · {{volume}} in sales", count: "{{count}} homes sold", sold_on: "Sold {{date}}", buyer: Represented the buyer, seller: Represented the seller, both: Represented both sides}}
  testimonials: {{eyebrow: Clients, title: In Their Words, attribution: "{{client}} · {{area}}, {{year}}"}}
  advisor: {{license_number: "License #{{number}}", social: Elsewhere}}
  widget: {{title: "Let's Connect", text: Text Me, message: Message, call: Call}}
  footer: {{popular_areas: Popular Areas, contact: Contact, privacy: Privacy Policy, terms: Terms of Service, rights: All rights reserved., schedule: Schedule Consultation, reports: Market Reports, sell: Sell Your Home, sold: Recent Sales}}
  listing: {{beds: Beds, baths: Baths, sqft: Sq Ft, inquire: Inquire, previous: Previous property, next: Next property, show_slide: "Show property {{n}}", features: Features, details: View Details}}
  neighborhood: {{market_snapshot: Market Snapshot, median: Median Condo Price, yoy: YoY Price Growth, days: Days on Market, zip: ZIP Code, about: "About {{name}}", featured: Featured Buildings & Communities, request_showing: Request a Showing, explore_more: Explore More, explore: Explore, listings: "Featured Listings in {{name}}"}}
  market: {{title: Jacksonville Market Snapshot, intro: Side by side., description: Prices by neighborhood., as_of: "Figures as of {{month}}", source: "Source: {{source}}", since: "since {{month}}", compare: Compare all neighborhoods, neighborhood: Neighborhood, month: Month, area: Area, all_areas: All areas, price: Median price, any_price: Any price, price_bands: [{{label: Under $450K, max: 450000}}, {{label: $450K and above, min: 450000}}], chart_title: Median condo price by neighborhood, trend: "{{figure}} in {{name}}", trend_description: "From {{from}} in {{from_month}} to {{to}} in {{to_month}}.", showing: "Showing {{count}} of {{total}}", none: Nothing matches.}}
  not_found: {{title: Oops! Page not found, text: The page is gone., link: Return to Home}}
  reports: {{title: Market Reports, text: Notes on the market., published: Published, read: Read the report}}
"#
    )
}

const HOME: &str = r#"seo: {title: "Move to JAX | Luxury Homes", description: Homes in Jacksonville.}
hero: {eyebrow: Luxury Living, title: Discover Jacksonville, text: Find your home., image: images/hero.jpg, image_alt: The skyline, primary_cta: Join Our Luxury Portfolio, secondary_cta: Schedule Consultation}
featured: {eyebrow: Featured, heading: Featured Properties, text: Our homes.}
neighborhoods:
  eyebrow: Guide
  heading: Neighborhoods
  text: Twelve places.
  tabs: [{label: Riverside, route: riverside}, {label: San Marco, route: san-marco}]
  all_label: All Neighborhoods
  quiz_prompt: Not sure?
  quiz_cta: "What's Your Vibe Quiz"
developments: {eyebrow: Growth, heading: New Developments, text: Building., badges: [Live Data, Residential], stats: [{value: 15+, label: Active Projects}], contact_cta: Contact Me for Details}
listings: {eyebrow: Market, heading: Current Listings, text: All of them., cta: View All Listings}
about:
  eyebrow: Advisor
  heading: About Jane
  body: "Jane <script>alert(1)</script> knows **every** street.\n\n# Her story\n\nIt starts here."
  image: images/about.svg
  image_alt: Jane smiling
  highlights: [{value: "15", label: Years}]
  buyer_guide_cta: "Get the Buyer's Guide"
  valuation_cta: "What's My Home Worth?"
contact: {eyebrow: Contact, heading: Get in Touch, text: Talk to us., cta: Schedule Consultation, form_heading: Send a Message}
"#;

const CONCIERGE: &str = r#"seo: {title: Client Concierge | Move to JAX, description: Upload documents.}
eyebrow: Concierge
heading: Welcome to Your Personalized Client Concierge Portal
text: Upload securely.
card_title: Required Documents
card_text: Upload each document.
assurances: [Encrypted in transit.]
trust: {title: Who sees them, items: ["{agent_name} reviews them.", "Deleted after {document_retention_days} days."], privacy: Read the privacy policy}
"#;

fn forms_yaml() -> String {
    let field = |n: &str, t: &str, req: bool| format!("{{name: {n}, label: {n} label, type: {t}, required: {req}}}");
    let toasts = "toasts: {success: {title: Ok, description: Sent.}, error: {title: Oops, description: Failed.}}";
    let lead_type = |t: &str| format!("{{title: {t}, text: Text., submit: Send, subject: \"{t} from {{name}}\"}}");
    format!(
        r#"limits: {{text_max: 120, message_max: 1500, body_max_bytes: 65536}}
messages: {{required: "{{label}} is required.", email: Bad email., phone: Bad phone., too_long: "{{label}} is over {{max}}.", option: Choose., listing: Not ours.}}
sending: Sending...
close: Close dialog
dismiss: Dismiss notification
honeypot: website
lead:
  fields: [{}, {}, {{name: email, label: Email, type: email, required: true, autocomplete: email}}, {}, {}, {{name: interestedIn, label: Interest, type: select, options: [{{value: buying, label: Buying}}]}}, {}]
  {toasts}
  types: {{consultation: {}, buyer-guide: {}, cma-request: {}}}
listing_request:
  title: Join
  text: List with us.
  submit: Send
  subject: "Listing from {{name}}"
  fields: [{}, {}, {}, {}, {}]
  {toasts}
contact:
  title: Message
  text: Write to us.
  submit: Send Message
  subject: "Message from {{name}}"
  fields: [{{name: name, label: Full Name, type: text, required: true, autocomplete: name}}, {{name: email, label: Email, type: email, required: true, autocomplete: email}}, {{name: phone, label: Phone, type: tel, autocomplete: tel}}, {{name: message, label: Message, type: textarea, required: true}}]
  {toasts}
quiz: {{subject: "Quiz from {{name}}"}}
concierge:
  max_file_bytes: 10485760
  document_retention_days: 30
  fields: [{{name: name, label: Full Name, type: text, required: true, autocomplete: name}}, {{name: email, label: Email, type: email, required: true, autocomplete: email}}, {{name: phone, label: Phone, type: tel, required: true, autocomplete: tel}}]
  documents:
    - {{field: photoId, label: Photo ID, kind: ID, accept: [jpeg, png, pdf], required_message: Upload it.}}
    - {{field: proofOfIncome, label: Proof of Income, kind: Income, hint: "E.g., pay stubs, W-2, or verification letter", accept: [pdf], required_message: Upload it.}}
  acknowledgment: {{field: acknowledged, label: I confirm., required_message: Confirm.}}
  subject: "Documents from {{name}}"
  submit: Submit Documents
  submitting: Uploading...
  toasts: {{too_large: {{title: Big, description: Too big.}}, invalid_type: {{title: Type, description: Bad type.}}, success: {{title: Ok, description: Done.}}, failure: {{title: No, description: Failed.}}}}
  thank_you: {{title: Thanks, description: Received.}}
saved_search:
  title: Save this search
  text: Hear about new listings.
  email: Email
  name: Name
  frequency: How often
  frequencies: {{instant: As they come, daily: Once a day, weekly: Once a week}}
  submit: Save this search
  per_address: 10
  refused: Refused.
  confirmations_per_address_per_day: 3
  confirm: {{subject: "Confirm: {{search}}", text: "Open {{confirm}}. Manage: {{manage}}"}}
  lead: {{subject: "A new saved search from {{name}}", text: "{{search}} {{link}}"}}
  words: {{homes: Homes for sale, area: "in {{area}}", min_price: "from {{price}}", max_price: "up to {{price}}", beds: "{{n}}+ beds", baths: "{{n}}+ baths", kind: "{{kind}}", status: "{{status}}", waterfront: on the water, pool: with a pool, garage: "{{n}}+ garage spaces", new_construction: newly built, open_house: open this weekend, reduced: price cut lately, max_days: "{{n}} days or fewer", min_acres: "{{acres}}+ acres", words: "matching {{words}}"}}
  pages:
    sent: {{title: Check Your Inbox, text: Sent.}}
    confirm: {{title: Confirm Your Saved Search, text: Confirm., button: Confirm}}
    confirmed: {{title: Your Search Is Saved, text: Saved.}}
    expired: {{title: This Link Has Expired, text: Expired.}}
    invalid: {{title: This Link Is Not Valid, text: Invalid.}}
    unknown: {{title: This Search Is No Longer Kept, text: Unknown.}}
    unsubscribe: {{title: Stop Your Alerts, text: Stop?, button: Unsubscribe}}
    unsubscribed: {{title: You Are Unsubscribed, text: Gone.}}
    error: {{title: Your Search Could Not Be Saved, text: "Call {{phone}}."}}
  manage: {{title: Your Saved Searches, intro: Yours., frequency: How often, paused: Paused, pause: Pause, resume: Resume, delete: Delete, delete_all: Delete everything, deleted_all: Deleted., empty: None., invalid: Invalid., expired: Expired., unknown: Unknown., no_script: Needs JavaScript., failed: Failed., stopped: Stopped., allow: Allow.}}
  alert: {{subject: "{{count}} new: {{search}}", subject_several: "{{count}} new: {{n}}", why: "You saved {{search}}.", why_several: "You saved {{searches}}.", more: "{{count}} more", homes: 12, unsubscribe: Unsubscribe, manage: Manage, reasons: {{new: New listing, price_reduced: "Price reduced from {{price}}", under_contract: Under contract, pending: Pending, back_on_market: Back on the market}}}}
no_script:
  thank_you: {{title: Thank You for Reaching Out, text: "Your note <b>reached</b> Jane & she will reply shortly."}}
  error: {{title: Your Message Could Not Be Sent, text: "Some details were missing or not valid. Check the form, or call Jane at {{phone}}.", back: Back to the Contact Form}}
  concierge_error: {{title: Your Documents Could Not Be Filed, text: "A document was missing. Choose it again, or call Jane at {{phone}}.", back: Back to the Document Portal}}
budget: {{emails_per_day: 60, unverified_emails_per_day: 40, unverified_per_client_per_hour: 5, concierge_per_client_per_day: 3, upload_bytes_per_day: 2000000000, confirmation_emails_per_day: 30, confirmations_per_client_per_day: 3, crm_leads_per_day: 60}}
bot_check: {{missing: Wait., failed: Reload., unverified: Unchecked.}}
"#,
        field("firstName", "text", true),
        field("lastName", "text", true),
        field("phone", "tel", false),
        field("propertyAddress", "text", false),
        field("message", "textarea", false),
        lead_type("Consultation"),
        lead_type("Guide"),
        lead_type("Valuation").trim_end_matches('}').to_string() + ", require: [propertyAddress]}",
        field("name", "text", true),
        field("email", "email", true),
        field("phone", "tel", true),
        field("propertyAddress", "text", true),
        field("notes", "textarea", false),
    )
}

fn quiz_yaml() -> String {
    let mut q = String::from("title: Vibe Quiz\nintro: Six questions.\nquestions:\n");
    for i in 1..=6 {
        q.push_str(&format!("  - id: q{i}\n    text: Question {i}?\n    options: [{{value: historic, text: A}}, {{value: coastal, text: B}}, {{value: urban, text: C}}, {{value: eclectic, text: D}}, {{value: suburban, text: E}}]\n"));
    }
    q.push_str("profiles:\n");
    for p in ["historic", "coastal", "urban", "eclectic", "suburban"] {
        q.push_str(&format!("  {p}: {{name: {p} vibe, areas: [Riverside, Nowhere], description: Yes.}}\n"));
    }
    q.push_str("tie_order: [historic, coastal, urban, eclectic, suburban]\nlabels: {open: Open, progress: \"Question {n} of {total}\", next: Next, finish: Finish, choose_alert: Choose., email_heading: Email, email_text: Where?, email_label: Email, email_submit: Send, email_alert: Bad., error_alert: Error., result_heading: Result, areas_heading: Areas, retake: Retake, close: Close}\n");
    q
}

fn neighborhood(slug: &str, name: &str, title: &str, order: u32) -> String {
    let building = |n: u32| format!("  - {{name: Building {n}, description: A fine building.}}\n");
    format!(
        "---\nslug: {slug}\nname: {name}\ntitle: {title}\ndescription: Oaks and porches in {name}.\nhero: Historic homes in {name}.\nimage: images/{slug}.jpg\nimage_alt: A street in {name}\norder: {order}\narea: Historic Districts\nbuildings:\n{}{}{}{}---\n{name} is **lovely**. <b>bold?</b>\n\n## Living here\n\nParks.\n",
        building(1),
        building(2),
        building(3),
        building(4)
    )
}

/// Two months, so pages show each figure's change and trend: San Marco's price rose, Riverside's
/// days fell; the ZIP is never compared.
const SNAPSHOT_NOV: &str = "source: Test MLS\nneighborhoods:\n  riverside: {median_price: 425000, yoy_growth: 7.9, days_on_market: 48, zip: \"32205\"}\n  san-marco: {median_price: 470000, yoy_growth: 9.1, days_on_market: 38, zip: \"32207\"}\n";
const SNAPSHOT_DEC: &str = "source: Test <MLS>\nsource_url: https://example.com/mls\nneighborhoods:\n  riverside: {median_price: 425000, yoy_growth: 8.2, days_on_market: 45, zip: \"32205\"}\n  san-marco: {median_price: 485000, yoy_growth: 9.1, days_on_market: 38, zip: \"32207\"}\n";

fn listing(id: &str, address: &str, featured: bool, order: u32) -> String {
    format!(
        "---\nid: {id}\naddress: \"{address}\"\nneighborhood: Riverside\nprice: \"$1,350,000\"\nbeds: 3\nbaths: 2.5\nsqft: \"2,450\"\nimage: images/{id}.jpg\nimage_alt: Front of {id}\nfeatures: [Dock, Kitchen, Views, Garage]\nfeatured: {featured}\norder: {order}\n---\nA **fine** home on the river. </script><script>alert(1)</script>\n"
    )
}

/// The legal pages: raw text that must stay text, a placeholder filled in from each file.
pub(super) const PRIVACY: &str = "---\ntitle: Privacy & Cookies\ndescription: What we collect <and> why.\n---\nKept {document_retention_days} days. <b>Really.</b>\n\n# Deletion\n\nE-mail <{agent_email}> or call {agent_phone}.\n\n## By post\n\nWrite to {agent_name}, {brokerage}, {brand}.\n";
pub(super) const TERMS: &str =
    "---\ntitle: Terms of Service\ndescription: The terms.\n---\nInformation is deemed reliable but not guaranteed.\n";

fn testimonial(client: &str, area: &str, side: &str, words: &str) -> String {
    format!("---\nclient: {client}\narea: {area}\nyear: 2024\nside: {side}\n---\n{words}\n")
}

fn sale(address: Option<&str>, neighborhood: &str, price: &str, date: &str) -> String {
    let address = address.map_or(String::new(), |a| format!("address: {a}\n"));
    format!(
        "---\n{address}neighborhood: {neighborhood}\nprice: \"{price}\"\ndate: {date}\nside: seller\nbeds: 3\n---\n"
    )
}

const SELL: &str = "seo: {title: Sell | Test, description: Sell with us.}
hero: {eyebrow: Sellers, title: Sell Well, text: We sell homes.}
approach: {eyebrow: How, title: Four Steps, steps: [{title: Price, text: Priced right.}, {title: Launch, text: Launched well.}]}
provides: {title: What You Get, items: [Photos, Staging]}
sales: {title: Recent Sales, count: 1, all: Every Sale}
market: {eyebrow: Market, title: Figures, text: The latest.}
testimonials: What Sellers Say
valuation_eyebrow: Your Home
";

fn ok<T>(r: Result<T, jax_model::Diagnostics>) -> T {
    r.unwrap_or_else(|d| panic!("{d}"))
}

pub(super) fn content() -> Content {
    let neighborhoods = vec![
        ok(content::parse_neighborhood(
            "n/riverside.md",
            &neighborhood("riverside", "Riverside", "Riverside & Avondale", 1),
        )),
        ok(content::parse_neighborhood("n/san-marco.md", &neighborhood("san-marco", "San Marco", "San Marco", 2))),
    ];
    let listings = vec![
        ok(content::parse_listing(
            "l/a.md",
            &listing("river-penthouse", "1 Riverside Ave, Unit 1801, Jacksonville, FL 32202", true, 1),
        )),
        ok(content::parse_listing(
            "l/b.md",
            &listing("san-marco-estate", "1847 River Rd, Jacksonville, FL 32207", true, 2),
        )),
        ok(content::parse_listing("l/c.md", &listing("quiet-cottage", "9 Oak St, Jacksonville, FL 32205", false, 3))),
    ];
    ok(Content::assemble(Parts {
        site: ok(content::parse_site("site.yaml", &site_yaml())),
        home: ok(content::parse_home("home.yaml", HOME)),
        concierge: ok(content::parse_concierge("concierge.yaml", CONCIERGE)),
        quiz: ok(content::parse_quiz("quiz.yaml", &quiz_yaml())),
        forms: ok(content::parse_forms("forms.yaml", &forms_yaml())),
        listings,
        neighborhoods,
        snapshots: vec![
            ok(parse_snapshot("m/2024-12.yaml", "2024-12.yaml", SNAPSHOT_DEC)),
            ok(parse_snapshot("m/2024-11.yaml", "2024-11.yaml", SNAPSHOT_NOV)),
        ],
        privacy: ok(content::parse_legal("legal/privacy-policy.md", PRIVACY, LegalKind::Privacy)),
        terms: ok(content::parse_legal("legal/terms-of-service.md", TERMS, LegalKind::Terms)),
        reports: Vec::new(),
        testimonials: vec![
            ok(content_record::parse_testimonial(
                "t/a.md",
                &testimonial("Ana R.", "Riverside", "seller", "She sold it in a week."),
            )),
            ok(content_record::parse_testimonial(
                "t/b.md",
                &testimonial("Bo T.", "Nowhere", "buyer", "He found us the <b>one</b>."),
            )),
        ],
        sold: vec![
            ok(content_record::parse_sale("s/a.md", &sale(Some("1 Oak St"), "Riverside", "$1,200,000", "2024-05-01"))),
            ok(content_record::parse_sale("s/b.md", &sale(None, "San Marco", "$850,000", "2024-09-30"))),
        ],
        sell: Some(ok(content::parse_sell("sell.yaml", SELL))),
        listings_dir: "listings".into(),
        market_dir: "market".into(),
    }))
}

fn raster(name: &str) -> ImageInfo {
    ImageInfo {
        src: format!("/images/{name}-abcd1234-1600.jpg"),
        width: 1600,
        height: 1067,
        srcset: format!("/images/{name}-abcd1234-800.jpg 800w, /images/{name}-abcd1234-1600.jpg 1600w"),
        sources: vec![ImageSource {
            mime: "image/webp".into(),
            srcset: format!("/images/{name}-abcd1234-800.webp 800w, /images/{name}-abcd1234-1600.webp 1600w"),
        }],
    }
}

fn images(c: &Content) -> HashMap<String, ImageInfo> {
    let mut m = HashMap::new();
    m.insert("images/hero.jpg".to_string(), raster("hero"));
    m.insert("images/jane.jpg".to_string(), raster("jane"));
    m.insert(
        "images/about.svg".to_string(),
        ImageInfo {
            src: "/images/about-abcd1234.svg".into(),
            width: 400,
            height: 500,
            srcset: String::new(),
            sources: vec![],
        },
    );
    m.insert(
        "images/favicon.svg".to_string(),
        ImageInfo {
            src: "/images/favicon-abcd1234.svg".into(),
            width: 64,
            height: 64,
            srcset: String::new(),
            sources: vec![],
        },
    );
    for l in &c.listings {
        m.insert(l.fields.image.clone(), raster(&l.fields.id));
    }
    for n in &c.neighborhoods {
        m.insert(n.fields.image.clone(), raster(&n.fields.slug));
    }
    m
}

pub(super) struct Site {
    pub(super) pages: HashMap<String, String>,
}

impl Site {
    pub(super) fn page(&self, path: &str) -> &str {
        self.pages
            .get(path)
            .unwrap_or_else(|| panic!("no page {path}; pages: {:?}", self.pages.keys().collect::<Vec<_>>()))
    }
}

fn render_with(assets: &Assets) -> Site {
    let c = content();
    let images = images(&c);
    let renderer = Renderer::embedded().unwrap();
    let out = renderer
        .render_pages(&RenderInput { content: &c, images: &images, assets, reports: &HashMap::new(), homes: None })
        .unwrap();
    Site { pages: out.into_iter().map(|o| (o.path, String::from_utf8(o.bytes).unwrap())).collect() }
}

pub(super) fn render() -> Site {
    render_with(&Assets::default())
}

/// The JSON of every `<script type="…">` block of that type.
fn scripts<'a>(html: &'a str, kind: &str) -> Vec<&'a str> {
    let open = format!("<script type=\"{kind}\"");
    html.split(&open)
        .skip(1)
        .map(|rest| {
            let body = &rest[rest.find('>').unwrap() + 1..];
            &body[..body.find("</script>").unwrap()]
        })
        .collect()
}

pub(super) fn ld_types(html: &str) -> Vec<String> {
    let blocks = scripts(html, "application/ld+json");
    assert_eq!(blocks.len(), 1, "one JSON-LD graph per page");
    let v: serde_json::Value = serde_json::from_str(blocks[0]).unwrap();
    v["@graph"].as_array().unwrap().iter().map(|n| n["@type"].as_str().unwrap().to_string()).collect()
}
