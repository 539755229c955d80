//! The pages a form posted without JavaScript leads to.

use super::*;

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
