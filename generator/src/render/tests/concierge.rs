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
