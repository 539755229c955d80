//! The concierge portal's page.

use super::*;

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
fn the_portal_says_who_sees_the_documents_and_asks_who_the_client_is_first() {
    let site = render();
    let html = site.page("client-concierge/index.html");
    // Placeholders filled from site.yaml and forms.yaml: the retention figure is never retyped.
    assert!(
        html.contains("<span>Jane Doe reviews them.</span>") && html.contains("<span>Deleted after 30 days.</span>")
    );
    assert!(html.contains("<a class=\"trust__link\" href=\"/privacy-policy/\">Read the privacy policy</a>"));
    let form = &html[html.find("id=\"concierge-form\"").unwrap()..];
    let (name, photo) = (form.find("name=\"name\"").unwrap(), form.find("name=\"photoId\"").unwrap());
    assert!(name < photo, "the client's details come before the documents");
    assert!(form.contains(
        "id=\"concierge-email\" name=\"email\" type=\"email\" maxlength=\"120\" autocomplete=\"email\" required>"
    ));
}
