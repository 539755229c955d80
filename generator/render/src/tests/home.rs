//! The home page.

use super::*;

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
    // Her face and record: the hero introduces her (portrait beside her name, so no alt), the
    // about section shows the portrait with its words, her license, brokerage and designations,
    // and her profiles; the JSON-LD names the same.
    let hero = &html[html.find("<section class=\"hero\"").unwrap()..html.find("id=\"featured-properties\"").unwrap()];
    assert!(hero.contains("<div class=\"advisor-id advisor-id--light hero__advisor\"><picture>"), "{hero}");
    assert!(hero.contains("alt=\"\"") && hero.contains("<span class=\"advisor-id__name\">Jane Doe</span>"));
    assert!(hero.contains("<span class=\"advisor-id__meta\">License #SL0001234</span>"));
    assert!(html.contains("class=\"about__img\" src=\"/images/jane-abcd1234-1600.jpg\""));
    assert!(html.contains("alt=\"Jane on a terrace\""));
    assert!(
        html.contains("<li>Florida Licensed Sales Associate · License #SL0001234</li>")
            && html.contains("<li>CLHMS</li>")
    );
    assert!(html.contains("<a href=\"https://www.instagram.com/jane\" rel=\"me noopener\">Instagram</a>"));
    let ld = html[html.find("application/ld+json").unwrap()..].split("</script>").next().unwrap();
    assert!(ld.contains("\"hasCredential\":[{\"@type\":\"EducationalOccupationalCredential\",\"credentialCategory\":\"license\",\"identifier\":\"SL0001234\""), "{ld}");
    assert!(ld.contains("\"sameAs\":[\"https://www.instagram.com/jane\"]") && ld.contains("jane-abcd1234-1600.jpg"));
    // The quiz's result links the areas that have a page, and offers the consultation.
    assert!(html.contains("\"quiz_result\":{\"areas\":{\"Riverside\":\"/neighborhoods/riverside/\"},\"consultation\":\"Schedule Consultation\""));
    // 'Inquire' names the listing (its page and address) to the contact form.
    assert!(html.contains(
        "data-open=\"contact\" data-listing=\"/listings/river-penthouse/\" data-listing-name=\"1 Riverside Ave, Unit 1801, Jacksonville, FL 32202\""
    ));
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
    // With a portrait, the about section shows her rather than its own image.
    assert!(!html.contains("/images/about-abcd1234.svg"));
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
