//! The renderer on a small site built from inline YAML.

use super::*;
use crate::assets::{Assets, Bundle, InlineScript};
use crate::images::{ImageInfo, ImageSource};
use jax_model::content::{self, Parts};
use jax_model::legal::LegalKind;
use jax_model::Content;

pub(super) const EMAIL: &str = "agent.private@example.com";

fn site_yaml() -> String {
    format!(
        r#"brand: Move to JAX
tagline: Jacksonville Real Estate
base_url: https://www.movetojax.com
location: Jacksonville, Florida
agent: {{name: Jane Doe, title: Luxury Real Estate Advisor, phone: (904) 555-0147, email: {EMAIL}, license: Florida Licensed Sales Associate}}
brokerage: {{name: Crown Realty, url: "https://example.com/listings"}}
development_map_url: https://maps.example.com/embed
development_map_title: Map of new developments
legal: {{licensing: Licensed in Florida., equal_housing: Equal housing opportunity., copyright_year: 2024}}
popular_areas: [riverside, san-marco]
social_image: images/hero.jpg
labels:
  nav: {{properties: Properties, neighborhoods: Neighborhoods, developments: New Developments, concierge: Client Concierge, menu: Open menu, home: Home}}
  widget: {{title: "Let's Connect", text: Text Me, message: Message}}
  footer: {{popular_areas: Popular Areas, contact: Contact, privacy: Privacy Policy, terms: Terms of Service, rights: All rights reserved., schedule: Schedule Consultation}}
  listing: {{beds: Beds, baths: Baths, sqft: Sq Ft, inquire: Inquire, previous: Previous property, next: Next property, show_slide: "Show property {{n}}", features: Features, details: View Details}}
  neighborhood: {{market_snapshot: Market Snapshot, median: Median Condo Price, yoy: YoY Price Growth, days: Days on Market, zip: ZIP Code, about: "About {{name}}", featured: Featured Buildings & Communities, request_showing: Request a Showing, explore_more: Explore More, explore: Explore}}
  not_found: {{title: Oops! Page not found, text: The page is gone., link: Return to Home}}
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
"#;

fn forms_yaml() -> String {
    let field = |n: &str, t: &str, req: bool| format!("{{name: {n}, label: {n} label, type: {t}, required: {req}}}");
    let toasts = "toasts: {success: {title: Ok, description: Sent.}, error: {title: Oops, description: Failed.}}";
    let lead_type = |t: &str| format!("{{title: {t}, text: Text., submit: Send, subject: \"{t} from {{name}}\"}}");
    format!(
        r#"limits: {{text_max: 120, message_max: 1500, body_max_bytes: 65536}}
messages: {{required: "{{label}} is required.", email: Bad email., phone: Bad phone., too_long: "{{label}} is over {{max}}.", option: Choose.}}
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
  documents:
    - {{field: photoId, label: Photo ID, kind: ID, accept: [jpeg, png, pdf], required_message: Upload it.}}
    - {{field: proofOfIncome, label: Proof of Income, kind: Income, hint: "E.g., pay stubs, W-2, or verification letter", accept: [pdf], required_message: Upload it.}}
  acknowledgment: {{field: acknowledged, label: I confirm., required_message: Confirm.}}
  subject: "Documents from {{name}}"
  submit: Submit Documents
  submitting: Uploading...
  toasts: {{too_large: {{title: Big, description: Too big.}}, invalid_type: {{title: Type, description: Bad type.}}, success: {{title: Ok, description: Done.}}, failure: {{title: No, description: Failed.}}}}
  thank_you: {{title: Thanks, description: Received.}}
no_script:
  thank_you: {{title: Thank You for Reaching Out, text: "Your note <b>reached</b> Jane & she will reply shortly."}}
  error: {{title: Your Message Could Not Be Sent, text: "Some details were missing or not valid. Check the form, or call Jane at {{phone}}.", back: Back to the Contact Form}}
  concierge_error: {{title: Your Documents Could Not Be Filed, text: "A document was missing. Choose it again, or call Jane at {{phone}}.", back: Back to the Document Portal}}
"#,
        field("firstName", "text", true),
        field("lastName", "text", true),
        field("phone", "tel", false),
        field("propertyAddress", "text", false),
        field("message", "textarea", false),
        lead_type("Consultation"),
        lead_type("Guide"),
        lead_type("Valuation"),
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
        q.push_str(&format!("  {p}: {{name: {p} vibe, areas: [Riverside], description: Yes.}}\n"));
    }
    q.push_str("tie_order: [historic, coastal, urban, eclectic, suburban]\nlabels: {open: Open, progress: \"Question {n} of {total}\", next: Next, finish: Finish, choose_alert: Choose., email_heading: Email, email_text: Where?, email_label: Email, email_submit: Send, email_alert: Bad., error_alert: Error., result_heading: Result, areas_heading: Areas, retake: Retake, close: Close}\n");
    q
}

fn neighborhood(slug: &str, name: &str, title: &str, order: u32) -> String {
    let building = |n: u32| format!("  - {{name: Building {n}, description: A fine building.}}\n");
    format!(
        "---\nslug: {slug}\nname: {name}\ntitle: {title}\ndescription: Oaks and porches in {name}.\nhero: Historic homes in {name}.\nimage: images/{slug}.jpg\nimage_alt: A street in {name}\norder: {order}\nsnapshot: {{median: \"$425K\", yoy: \"+8.2%\", days: 45, zip: \"32205\"}}\nbuildings:\n{}{}{}{}---\n{name} is **lovely**. <b>bold?</b>\n\n## Living here\n\nParks.\n",
        building(1),
        building(2),
        building(3),
        building(4)
    )
}

fn listing(id: &str, address: &str, featured: bool, order: u32) -> String {
    format!(
        "---\nid: {id}\naddress: \"{address}\"\nneighborhood: Riverside\nprice: \"$1,350,000\"\nbeds: 3\nbaths: 2.5\nsqft: \"2,450\"\nimage: images/{id}.jpg\nimage_alt: Front of {id}\nfeatures: [Dock, Kitchen, Views, Garage]\nfeatured: {featured}\norder: {order}\n---\nA **fine** home on the river. </script><script>alert(1)</script>\n"
    )
}

/// The legal pages: raw text that must stay text, a placeholder filled in from each file.
pub(super) const PRIVACY: &str = "---\ntitle: Privacy & Cookies\ndescription: What we collect <and> why.\n---\nKept {document_retention_days} days. <b>Really.</b>\n\n# Deletion\n\nE-mail <{agent_email}> or call {agent_phone}.\n\n## By post\n\nWrite to {agent_name}, {brokerage}, {brand}.\n";
pub(super) const TERMS: &str =
    "---\ntitle: Terms of Service\ndescription: The terms.\n---\nInformation is deemed reliable but not guaranteed.\n";

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
        privacy: ok(content::parse_legal("legal/privacy-policy.md", PRIVACY, LegalKind::Privacy)),
        terms: ok(content::parse_legal("legal/terms-of-service.md", TERMS, LegalKind::Terms)),
        listings_dir: "listings".into(),
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

fn render_with(assets: &Assets, live_reload: Option<u64>) -> Site {
    let c = content();
    let images = images(&c);
    let renderer = Renderer::embedded().unwrap();
    let out = renderer.render_pages(&RenderInput { content: &c, images: &images, assets, live_reload }).unwrap();
    Site { pages: out.into_iter().map(|o| (o.path, String::from_utf8(o.bytes).unwrap())).collect() }
}

pub(super) fn render() -> Site {
    render_with(&Assets::default(), None)
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

#[test]
fn every_page_is_rendered_at_its_path() {
    let site = render();
    let mut paths: Vec<&str> = site.pages.keys().map(String::as_str).collect();
    paths.sort();
    assert_eq!(
        paths,
        [
            "404.html",
            "client-concierge/form-error/index.html",
            "client-concierge/index.html",
            "client-concierge/thank-you/index.html",
            "form-error/index.html",
            "index.html",
            "listings/quiet-cottage/index.html",
            "listings/river-penthouse/index.html",
            "listings/san-marco-estate/index.html",
            "neighborhoods/riverside/index.html",
            "neighborhoods/san-marco/index.html",
            "privacy-policy/index.html",
            "terms-of-service/index.html",
            "thank-you/index.html",
        ]
    );
}

/// The pages that say `noindex` and have no canonical URL.
const NOT_INDEXED: [&str; 5] = [
    "404.html",
    "thank-you/index.html",
    "form-error/index.html",
    "client-concierge/thank-you/index.html",
    "client-concierge/form-error/index.html",
];

#[test]
fn every_page_has_the_shared_frame_and_seo() {
    let site = render();
    let mut titles = std::collections::HashSet::new();
    for (path, html) in &site.pages {
        assert!(html.starts_with("<!doctype html>\n<html lang=\"en\">"), "{path}");
        assert!(html.contains("<meta name=\"viewport\""), "{path}");
        assert!(html.contains("<style>:root{"), "{path}: the stylesheet is inlined");
        let title = &html[html.find("<title>").unwrap() + 7..html.find("</title>").unwrap()];
        assert!(titles.insert(title.to_string()), "{path}: duplicate title {title}");
        assert!(html.contains("<meta name=\"description\" content=\""), "{path}");
        assert!(html.contains("<meta property=\"og:title\""), "{path}");
        assert!(html.contains("<meta name=\"twitter:card\" content=\"summary_large_image\">"), "{path}");
        assert!(
            html.contains("<link rel=\"icon\" href=\"/images/favicon-abcd1234.svg\" type=\"image/svg+xml\">"),
            "{path}"
        );
        assert!(!html.contains("apple-touch-icon"), "{path}: no touch icon in the images map, none linked");
        assert!(html.contains("<meta property=\"og:image\" content=\"https://www.movetojax.com/images/"), "{path}");
        assert!(ld_types(html).contains(&"RealEstateAgent".to_string()), "{path}");
        assert!(html.contains("href=\"sms:+19045550147\""), "{path}: Text Me");
        assert!(html.contains("href=\"tel:+19045550147\""), "{path}: the footer phone");
        assert!(html.contains("© 2024 Move to JAX. All rights reserved."), "{path}");
        assert!(
            html.contains("aria-controls=\"site-nav\"") && html.contains("aria-expanded=\"false\""),
            "{path}: menu button"
        );
        assert!(
            html.contains("data-open=\"lead\" data-type=\"consultation\""),
            "{path}: the footer's consultation trigger"
        );
        assert!(
            html.contains(&format!("<a class=\"site-footer__contact\" href=\"mailto:{EMAIL}\">")),
            "{path}: the footer's e-mail link"
        );
        assert!(!html.contains("&#x2F;"), "{path}: URLs are not over-escaped");
        assert!(
            !html.contains("<script src") && !html.contains("type=\"module\""),
            "{path}: no islands built, no script"
        );
        for img in html.split("<img").skip(1) {
            let tag = &img[..img.find('>').unwrap()];
            assert!(
                tag.contains(" width=\"") && tag.contains(" height=\"") && tag.contains(" alt=\""),
                "{path}: <img{tag}>"
            );
        }
        if !NOT_INDEXED.contains(&path.as_str()) {
            let url = format!("https://www.movetojax.com/{}", path.trim_end_matches("index.html"));
            assert!(html.contains(&format!("<link rel=\"canonical\" href=\"{url}\">")), "{path}: canonical {url}");
            assert!(html.contains(&format!("<meta property=\"og:url\" content=\"{url}\">")), "{path}");
        }
    }
    let nf = site.page("404.html");
    assert!(nf.contains("<meta name=\"robots\" content=\"noindex\">") && !nf.contains("rel=\"canonical\""));
    assert!(nf.contains("<h1 class=\"not-found__title\" id=\"page-title\">Oops! Page not found</h1>"));
    assert!(nf.contains("<a class=\"btn btn--navy\" href=\"/\">Return to Home</a>"));
}

#[test]
fn the_pages_a_form_without_javascript_leads_to() {
    use jax_model::api::{FORM_ERROR, THANK_YOU};
    assert_eq!((THANK_YOU, FORM_ERROR), ("/thank-you/", "/form-error/"));
    let site = render();
    let thanks = site.page("thank-you/index.html");
    let error = site.page("form-error/index.html");
    for (html, title) in [(thanks, "Thank You for Reaching Out"), (error, "Your Message Could Not Be Sent")] {
        assert!(html.contains(&format!("<title>{title} | Move to JAX</title>")));
        assert!(html.contains(&format!("<h1 class=\"not-found__title\" id=\"page-title\">{title}</h1>")));
        // Not indexed, not canonical; the base layout's header and footer; home first.
        assert!(html.contains("<meta name=\"robots\" content=\"noindex\">"));
        assert!(!html.contains("rel=\"canonical\"") && !html.contains("og:url"));
        assert!(html.contains("<body class=\"page-form-result\">"));
        assert!(html.contains("class=\"site-header\"") && html.contains("class=\"site-footer\""));
        assert!(html.contains("<div class=\"btn-row\">\n<a class=\"btn btn--navy\" href=\"/\">Return to Home</a>"));
        // Only the islands every page has.
        let islands: Vec<&str> = html.split("data-island=\"").skip(1).map(|r| &r[..r.find('"').unwrap()]).collect();
        assert_eq!(islands, ["nav", "contact-widget", "dialogs"]);
        // Its stylesheet has the 404 layout, not the 404's big code.
        let css = &html[html.find("<style>").unwrap()..html.find("</style>").unwrap()];
        assert!(css.contains(".not-found__inner{") && !css.contains(".not-found__code{font-size"));
        assert!(html.contains(&format!("href=\"mailto:{EMAIL}\"")));
    }
    // Content text is escaped, `{phone}` is a link to the agent's phone.
    assert!(thanks.contains(
        "<p class=\"not-found__text\">Your note &lt;b&gt;reached&lt;/b&gt; Jane &amp; she will reply shortly.</p>"
    ));
    let main = |html: &str| -> String {
        html[html.find("<main id=\"main\">").unwrap()..html.find("</main>").unwrap()].to_string()
    };
    assert_eq!(main(thanks).matches("<a ").count(), 1, "the thank-you page leads home only");
    assert_eq!(main(error).matches("<a ").count(), 3, "home, the contact form and the phone");
    assert!(error.contains(
        "<p class=\"not-found__text\">Some details were missing or not valid. Check the form, or call Jane at <a href=\"tel:+19045550147\">(904) 555-0147</a>.</p>"
    ));
    assert!(error.contains(
        "<meta name=\"description\" content=\"Some details were missing or not valid. Check the form, or call Jane at (904) 555-0147.\">"
    ));
    assert!(error.contains("<a class=\"btn btn--outline\" href=\"/#contact\">Back to the Contact Form</a>"));
    assert!(!error.contains("{phone}"));
    // The home page's contact section is what that link leads to.
    assert!(site.page("index.html").contains("id=\"contact\""));

    // The concierge portal's pair: its thank-you shows concierge.thank_you; its error page leads
    // back to the portal's form.
    use jax_model::api::{CONCIERGE_FORM_ERROR, CONCIERGE_THANK_YOU};
    assert_eq!(
        (CONCIERGE_THANK_YOU, CONCIERGE_FORM_ERROR),
        ("/client-concierge/thank-you/", "/client-concierge/form-error/")
    );
    let filed = site.page("client-concierge/thank-you/index.html");
    assert!(filed.contains("<h1 class=\"not-found__title\" id=\"page-title\">Thanks</h1>"));
    assert!(filed.contains("<p class=\"not-found__text\">Received.</p>"));
    assert!(filed.contains("<meta name=\"robots\" content=\"noindex\">"));
    let refused = site.page("client-concierge/form-error/index.html");
    assert!(refused.contains("<title>Your Documents Could Not Be Filed | Move to JAX</title>"));
    assert!(refused.contains(
        "<a class=\"btn btn--outline\" href=\"/client-concierge/#concierge-form\">Back to the Document Portal</a>"
    ));
    assert!(refused.contains("<a href=\"tel:+19045550147\">(904) 555-0147</a>"));
    assert!(site.page("client-concierge/index.html").contains("id=\"concierge-form\""));
}

#[test]
fn the_sitemap_lists_every_page_but_those_not_indexed() {
    let c = content();
    let images = images(&c);
    let assets = Assets::default();
    let pages = Renderer::embedded()
        .unwrap()
        .render_pages(&RenderInput { content: &c, images: &images, assets: &assets, live_reload: None })
        .unwrap();
    let xml = String::from_utf8(crate::sitemap::sitemap("https://www.movetojax.com", &pages).bytes).unwrap();
    for url in ["/", "/client-concierge/", "/neighborhoods/riverside/", "/listings/quiet-cottage/"] {
        assert!(xml.contains(&format!("<loc>https://www.movetojax.com{url}</loc>")), "{url}: {xml}");
    }
    assert_eq!(xml.matches("<loc>").count(), pages.len() - NOT_INDEXED.len());
    for path in NOT_INDEXED {
        let url = path.trim_end_matches("index.html");
        assert!(!xml.contains(url), "{path} is not indexed: {xml}");
    }
}

#[test]
fn the_home_page_has_every_section_in_order() {
    let site = render();
    let html = site.page("index.html");
    let mut at = 0;
    for id in [
        "id=\"hero\"",
        "id=\"featured-properties\"",
        "id=\"neighborhoods\"",
        "id=\"new-developments\"",
        "id=\"current-listings\"",
        "id=\"about\"",
        "id=\"contact\"",
    ] {
        at += html[at..].find(id).unwrap_or_else(|| panic!("{id} missing or out of order"));
    }
    assert!(html.contains("<h1 class=\"hero__title\" id=\"hero-title\">Discover Jacksonville</h1>"));
    assert!(html.contains("loading=\"eager\" fetchpriority=\"high\""));
    assert_eq!(html.matches("fetchpriority=\"high\"").count(), 1, "only the hero is eager");
    assert!(html.contains(
        "<a class=\"btn btn--gold\" href=\"#contact\" data-open=\"listing-request\">Join Our Luxury Portfolio</a>"
    ));
    assert!(html.contains("href=\"#featured-properties\"") && !html.contains("href=\"/#featured-properties\""));
    // Featured listings only, each a slide with its detail link; a thumbnail button each.
    assert!(
        html.contains("href=\"/listings/river-penthouse/\"") && html.contains("href=\"/listings/san-marco-estate/\"")
    );
    assert!(!html.contains("href=\"/listings/quiet-cottage/\""));
    assert_eq!(html.matches("class=\"slide\"").count(), 2);
    assert!(html.contains("Show property 2</span>"));
    assert!(html.contains("data-open=\"contact\" data-listing=\"river-penthouse\""));
    // Tabs, All selected; every card.
    assert!(html.contains("role=\"tablist\""));
    assert!(html.contains("id=\"tab-all\" href=\"#neighborhood-panel\" aria-selected=\"true\""));
    assert!(html.contains("href=\"/neighborhoods/riverside/\"") && html.contains("href=\"/neighborhoods/san-marco/\""));
    assert!(html.contains("data-open=\"quiz\">What&#39;s Your Vibe Quiz</a>"));
    assert!(html
        .contains("<iframe src=\"https://maps.example.com/embed\" title=\"Map of new developments\" loading=\"lazy\""));
    assert!(html.contains("href=\"https://example.com/listings\""));
    // The About Markdown: raw HTML shown as text, headings below the section's h2.
    assert!(html.contains("Jane &lt;script&gt;alert(1)&lt;/script&gt; knows <strong>every</strong> street."));
    assert!(html.contains("<h3>Her story</h3>"));
    assert!(html.contains("data-type=\"buyer-guide\"") && html.contains("data-type=\"cma-request\""));
    // The SVG image is a plain <img>.
    assert!(html.contains("<img class=\"about__img\" src=\"/images/about-abcd1234.svg\" width=\"400\" height=\"500\" alt=\"Jane smiling\" loading=\"lazy\""));
    let t = ld_types(html);
    assert!(t.contains(&"ItemList".to_string()) && t.contains(&"WebSite".to_string()), "{t:?}");
}

#[test]
fn the_contact_form_works_without_javascript() {
    let site = render();
    let html = site.page("index.html");
    let form = &html[html.find("<form").unwrap()..html.find("</form>").unwrap()];
    assert!(form.contains("method=\"post\" action=\"/api/contact\""));
    assert!(form.contains("<label class=\"field__label\" for=\"contact-form-name\">Full Name"));
    assert!(form.contains(
        "id=\"contact-form-name\" name=\"name\" type=\"text\" maxlength=\"120\" autocomplete=\"name\" required>"
    ));
    assert!(form.contains("name=\"email\" type=\"email\" maxlength=\"120\" autocomplete=\"email\" required>"));
    assert!(form.contains("name=\"phone\" type=\"tel\" maxlength=\"120\" autocomplete=\"tel\">"));
    assert!(form.contains("<textarea class=\"field__control\" id=\"contact-form-message\" name=\"message\" rows=\"5\" maxlength=\"1500\" required>"));
    assert!(form.contains("<div class=\"visually-hidden\" aria-hidden=\"true\"><label for=\"contact-form-website\">website</label><input type=\"text\" id=\"contact-form-website\" name=\"website\" tabindex=\"-1\" autocomplete=\"off\"></div>"));
    assert!(form.contains("<button class=\"btn btn--navy form__submit\" type=\"submit\">Send Message</button>"));
}

#[test]
fn island_props_are_script_safe_json_and_dialogs_carry_only_what_the_page_triggers() {
    let site = render();
    let home = site.page("index.html");
    let listing = site.page("listings/river-penthouse/index.html");
    for (html, islands) in [
        (home, &["nav", "carousel", "neighborhood-tabs", "contact-widget", "dialogs"][..]),
        (listing, &["nav", "contact-widget", "dialogs"][..]),
        (site.page("neighborhoods/riverside/index.html"), &["nav", "explore-more", "contact-widget", "dialogs"][..]),
        (site.page("client-concierge/index.html"), &["nav", "concierge-form", "contact-widget", "dialogs"][..]),
    ] {
        let found: Vec<&str> = html.split("data-island=\"").skip(1).map(|r| &r[..r.find('"').unwrap()]).collect();
        assert_eq!(found, islands);
        // Each mount point's first child is its props.
        for part in html.split("data-island=\"").skip(1) {
            let after_tag = &part[part.find('>').unwrap() + 1..];
            assert!(after_tag.starts_with("<script type=\"application/json\" data-props>"), "{}", &part[..60]);
        }
        for props in scripts(html, "application/json") {
            assert!(!props.contains("</"), "{props}");
            serde_json::from_str::<serde_json::Value>(props).unwrap();
        }
    }
    let dialogs = |html: &str| -> serde_json::Value {
        let at = html.find("data-island=\"dialogs\"").unwrap();
        serde_json::from_str(scripts(&html[at..], "application/json")[0]).unwrap()
    };
    let d = dialogs(home);
    assert!(
        d["quiz"]["questions"].is_array()
            && d["listing_request"].is_object()
            && d["lead"].is_object()
            && d["contact"].is_object()
    );
    let d = dialogs(listing);
    assert!(
        d.get("quiz").is_none() && d.get("listing_request").is_none() && d["lead"]["types"]["consultation"].is_object()
    );
    assert_eq!(d["honeypot"], "website");
}

#[test]
fn built_islands_get_their_bundles_and_the_runtime() {
    let mut assets = Assets {
        runtime: Some(Bundle { src: "/assets/main-1.js".into(), ..Bundle::default() }),
        early: Some(InlineScript::new("start()".into()).unwrap()),
        ..Assets::default()
    };
    assets.islands.insert(
        "nav".into(),
        Bundle { src: "/assets/nav-2.js".into(), preloads: vec!["/assets/react-3.js".into()], css: vec![] },
    );
    assets.islands.insert(
        "carousel".into(),
        Bundle { src: "/assets/carousel-4.js".into(), preloads: vec![], css: vec!["/assets/carousel-5.css".into()] },
    );
    let site = render_with(&assets, None);
    let home = site.page("index.html");
    let head = &home[..home.find("</head>").unwrap()];
    // The early script is the only script; it fetches the runtime when an island starts.
    assert!(head.contains("<script data-runtime=\"/assets/main-1.js\">start()</script>"));
    assert_eq!(head.matches("<script").count(), 2, "the early script and the JSON-LD");
    // Every island waits for a click, visibility or idle time: nothing is preloaded.
    assert!(!head.contains("modulepreload"));
    assert!(head.contains("<link rel=\"stylesheet\" href=\"/assets/carousel-5.css\">"));
    assert!(home.contains("data-island=\"nav\" data-hydrate=\"interaction\" data-src=\"/assets/nav-2.js\""));
    assert!(home.contains("data-island=\"carousel\" data-hydrate=\"visible\" data-src=\"/assets/carousel-4.js\""));
    // The dialogs hydrate on a click on any `[data-open]` trigger; this manifest has no dialogs bundle.
    assert!(home.contains("data-island=\"dialogs\" data-hydrate=\"interaction\" data-trigger=\"[data-open]\" data-trigger-popup=\"dialog\">"));
    let listing = site.page("listings/river-penthouse/index.html");
    assert!(!listing.contains("carousel-5.css"), "a page loads only its islands' styles");
}

#[test]
fn serve_mode_adds_the_live_reload_client() {
    let site = render_with(&Assets::default(), Some(42));
    for html in site.pages.values() {
        assert!(html.contains("fetch(\"/__livereload?v=\"+v") && html.contains("const v=\"42\""));
    }
    assert!(!render().page("index.html").contains("__livereload"));
}

#[test]
fn neighborhood_pages() {
    let site = render();
    let html = site.page("neighborhoods/riverside/index.html");
    assert!(html.contains("<title>Riverside &amp; Avondale Homes &amp; Market Snapshot | Move to JAX</title>"));
    assert!(html.contains("<h1 class=\"page-hero__title\" id=\"page-title\">Riverside &amp; Avondale</h1>"));
    assert!(html.contains("<li><a href=\"/\">Home</a></li><li><a href=\"/#neighborhoods\">Neighborhoods</a></li><li><span aria-current=\"page\">Riverside</span></li>"));
    for (label, figure) in [
        ("Median Condo Price", "$425K"),
        ("YoY Price Growth", "+8.2%"),
        ("Days on Market", "45"),
        ("ZIP Code", "32205"),
    ] {
        assert!(html.contains(&format!("<dt>{label}</dt><dd>{figure}</dd>")), "{label}");
    }
    assert!(html.contains(">About Riverside</h2>"));
    assert!(
        html.contains("<strong>lovely</strong>. &lt;b&gt;bold?&lt;/b&gt;") && html.contains("<h3>Living here</h3>")
    );
    assert_eq!(html.matches("class=\"building\"").count(), 4);
    assert!(
        html.contains(">Request a Showing</a>")
            && html.contains("data-type=\"buyer-guide\"")
            && html.contains("data-type=\"cma-request\"")
    );
    assert!(html.contains("href=\"/#contact\" data-open=\"contact\""));
    assert!(html.contains("<a class=\"explore-more__link\" href=\"/#neighborhoods\">"));
    assert!(html.contains("href=\"/#featured-properties\""));
    assert_eq!(html.matches("fetchpriority=\"high\"").count(), 1);
    let t = ld_types(html);
    assert!(t.contains(&"BreadcrumbList".to_string()) && t.contains(&"Place".to_string()), "{t:?}");
    assert!(html.contains("\"postalCode\":\"32205\""));
}

#[test]
fn listing_pages() {
    let site = render();
    let html = site.page("listings/river-penthouse/index.html");
    assert!(
        html.contains("<title>1 Riverside Ave, Unit 1801, Jacksonville, FL 32202 — $1,350,000 | Move to JAX</title>")
    );
    assert!(html.contains(
        "<h1 class=\"listing__title\" id=\"page-title\">1 Riverside Ave, Unit 1801, Jacksonville, FL 32202</h1>"
    ));
    assert!(html.contains("<dt>Baths</dt><dd>2.5</dd>") && html.contains("<dt>Sq Ft</dt><dd>2,450</dd>"));
    for f in ["Dock", "Kitchen", "Views", "Garage"] {
        assert!(html.contains(&format!("<li>{f}</li>")));
    }
    assert!(html
        .contains("A <strong>fine</strong> home on the river. &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;"));
    let t = ld_types(html);
    assert!(
        t.contains(&"Apartment".to_string())
            && t.contains(&"Offer".to_string())
            && t.contains(&"BreadcrumbList".to_string()),
        "{t:?}"
    );
    assert!(html.contains("\"price\":\"1350000\",\"priceCurrency\":\"USD\""));
    let description = &html[html.find("<meta name=\"description\" content=\"").unwrap()..];
    assert!(description.starts_with(
        "<meta name=\"description\" content=\"$1,350,000 · 3 Beds · 2.5 Baths · 2,450 Sq Ft · Riverside. A fine home"
    ));
    assert!(ld_types(site.page("listings/san-marco-estate/index.html")).contains(&"SingleFamilyResidence".to_string()));
}

#[test]
fn the_concierge_form_posts_files_without_javascript() {
    let site = render();
    let html = site.page("client-concierge/index.html");
    assert!(html.contains("<form class=\"form\" id=\"concierge-form\" method=\"post\" action=\"/api/concierge\" enctype=\"multipart/form-data\""));
    assert!(html.contains("<input class=\"document__input\" type=\"file\" id=\"concierge-photoId\" name=\"photoId\" accept=\"image/jpeg,.jpg,.jpeg,image/png,.png,application/pdf,.pdf\" required>"));
    assert!(html.contains("<p class=\"document__hint\" id=\"concierge-proofOfIncome-hint\">E.g., pay stubs, W-2, or verification letter</p>"));
    assert!(html.contains("name=\"proofOfIncome\" accept=\"application/pdf,.pdf\" required aria-describedby=\"concierge-proofOfIncome-hint\">"));
    assert!(html.contains("<input class=\"check__box\" type=\"checkbox\" id=\"concierge-acknowledged\" name=\"acknowledged\" value=\"yes\" required>"));
    assert!(html.contains("name=\"website\" tabindex=\"-1\" autocomplete=\"off\""));
    assert!(html.contains(">Submit Documents</button>"));
    assert!(html.contains("aria-current=\"page\">Client Concierge</a>"));
}

#[test]
fn embedded_templates_match_the_folder() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("templates");
    let mut on_disk: Vec<String> = walkdir::WalkDir::new(&dir)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| e.path().strip_prefix(&dir).unwrap().to_string_lossy().replace('\\', "/"))
        .collect();
    on_disk.sort();
    let mut embedded: Vec<String> = EMBEDDED.iter().map(|(n, _)| n.to_string()).collect();
    embedded.sort();
    assert_eq!(embedded, on_disk, "add every template to EMBEDDED in render/mod.rs");
    for (name, text) in EMBEDDED {
        assert_eq!(*text, std::fs::read_to_string(dir.join(name)).unwrap(), "{name}");
    }
    // The folder renders the same as the embedded copy.
    let c = content();
    let images = images(&c);
    let assets = Assets::default();
    let input = RenderInput { content: &c, images: &images, assets: &assets, live_reload: None };
    let a = Renderer::embedded().unwrap().render_pages(&input).unwrap();
    let b = Renderer::from_dir(&dir).unwrap().render_pages(&input).unwrap();
    assert_eq!(a, b);
}

#[test]
fn template_errors_name_the_template() {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in EMBEDDED {
        let path = dir.path().join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    std::fs::write(
        dir.path().join("listing.html"),
        "{% extends \"base.html\" %}{% block main %}{{ page.nope.deeper }}{% endblock main %}",
    )
    .unwrap();
    let c = content();
    let images = images(&c);
    let assets = Assets::default();
    let r = Renderer::from_dir(dir.path()).unwrap();
    let e =
        r.render_pages(&RenderInput { content: &c, images: &images, assets: &assets, live_reload: None }).unwrap_err();
    let msg = format!("{e:#}");
    assert!(msg.contains("listing.html") && msg.contains("listings/"), "{msg}");
    std::fs::remove_file(dir.path().join("404.html")).unwrap();
    let e = Renderer::from_dir(dir.path()).err().unwrap();
    assert!(format!("{e:#}").contains("missing templates: 404.html"), "{e:#}");
}

#[test]
fn stylesheet_sections_stay_small() {
    let r = Renderer::embedded().unwrap();
    for (kind, css) in Kind::ALL.iter().zip(&r.css) {
        assert!(css.len() < 20 * 1024, "{}: {} bytes of CSS", kind.name(), css.len());
        assert!(!css.contains("/*"), "comments are stripped");
    }
}
