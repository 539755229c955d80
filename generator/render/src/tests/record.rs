//! The agent's record: /sold/ (its figures computed from the sales), /sell/ (the valuation form
//! posting without JavaScript), and clients' words on the home and neighborhood pages.

use super::*;

#[test]
fn the_sold_page_counts_its_sales_and_their_volume() {
    let site = render();
    let html = site.page("sold/index.html");
    assert!(html.contains("<h1 class=\"page-hero__title\" id=\"page-title\">Recently Sold</h1>"));
    // $1,200,000 + $850,000, counted, not typed.
    assert!(html.contains("<p class=\"record__summary\">2 homes sold · $2.1M in sales</p>"), "{html}");
    // Newest first; a sale without an address is named by its neighborhood, linked to its page.
    let (a, b) = (html.find(">San Marco</h2>").unwrap(), html.find(">1 Oak St</h2>").unwrap());
    assert!(a < b);
    assert!(html.contains("<a href=\"/neighborhoods/riverside/\">Riverside</a>"));
    assert!(html.contains("Sold September 30, 2024 · Represented the seller · 3 Beds"));
    assert!(html.contains("<p class=\"price\">$850,000</p>"));
    // Her own words about her own work: no review markup.
    assert!(!html.contains("Review") && !html.contains("AggregateRating"));
    // The footer and nav lead here and to /sell/.
    assert!(html.contains("<li><a href=\"/sold/\">Recent Sales</a></li>") && html.contains("<li><a href=\"/sell/\">"));
}

#[test]
fn the_sellers_page_has_its_story_sales_market_words_and_a_valuation_form_that_posts_without_javascript() {
    let site = render();
    let html = site.page("sell/index.html");
    assert!(html.contains("<h1 class=\"page-hero__title\" id=\"page-title\">Sell Well</h1>"));
    assert_eq!(html.matches("<li class=\"step\">").count(), 2);
    // `sales.count` of the newest.
    assert_eq!(html.matches("<article class=\"sale\">").count(), 1);
    assert!(html.contains("<a class=\"link-arrow\" href=\"/sold/\">Every Sale"));
    // Every neighborhood's latest figures.
    assert!(html.contains("<th scope=\"row\"><a href=\"/neighborhoods/riverside/\">Riverside</a></th><td class=\"market-table__num\">$425K</td>"));
    // Sellers' words only.
    assert!(html.contains("She sold it in a week.") && !html.contains("found us the"));
    // The valuation: the lead form of type cma-request, its address required, to the same endpoint.
    let form = &html[html.find("<form class=\"form\" id=\"valuation-form\"").expect("the form")..];
    let form = &form[..form.find("</form>").unwrap()];
    assert!(form.contains("method=\"post\" action=\"/api/lead\""));
    assert!(form.contains("<input type=\"hidden\" name=\"type\" value=\"cma-request\">"));
    let address = &form[form.find("name=\"propertyAddress\"").unwrap()..];
    assert!(address[..address.find('>').unwrap()].ends_with(" required"), "{form}");
    assert!(html.contains("aria-current=\"page\">Sell</a>"));
    // The nav's own item, after the four; linked from the home page's hero.
    let home = site.page("index.html");
    let nav = &home[home.find("<ul class=\"site-nav__list\">").unwrap()..];
    assert!(nav.find(">Client Concierge</a>").unwrap() < nav.find(">Sell</a>").unwrap());
    assert!(home
        .contains("<p class=\"hero__sell\"><a class=\"link-arrow link-arrow--light\" href=\"/sell/\">Sell Your Home"));
}

#[test]
fn clients_words_show_on_the_home_page_and_their_neighborhoods_page() {
    let site = render();
    let home = site.page("index.html");
    assert_eq!(home.matches("<figure class=\"quote\">").count(), 2);
    assert!(home.contains("<figcaption class=\"quote__by\">Ana R. · Riverside, 2024</figcaption>"));
    // Markdown, escaped: the client's markup is text.
    assert!(home.contains("He found us the &lt;b&gt;one&lt;/b&gt;."), "{home}");
    let riverside = site.page("neighborhoods/riverside/index.html");
    assert_eq!(riverside.matches("<figure class=\"quote\">").count(), 1);
    assert!(!site.page("neighborhoods/san-marco/index.html").contains("class=\"quote\""));
}
