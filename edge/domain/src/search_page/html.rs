//! The results page: the static `/homes/` page (the generator's `homes.html`) with its count,
//! its cards, its paging and its form set to the search, cut at the markup that template writes
//! (e2e/search.spec.ts cuts the generator's own page). The island's paging template gives the paging.

use super::files::Props;
use super::{Asked, Shown};
use crate::fallback::escape;
use jax_model::api;
use jax_model::search::{FIELDS, YES};

/// The search island's props on a page (`data-island="homes-search"`).
pub fn island_props(page: &str) -> Option<Props> {
    let island = page.find("data-island=\"homes-search\"")?;
    let open = "<script type=\"application/json\" data-props>";
    let start = island + page[island..].find(open)? + open.len();
    let end = start + page[start..].find("</script>")?;
    // From bytes: the worker's one `Value` parser (a `&str` one is another copy in the wasm).
    super::files::props(&serde_json::from_slice(&page.as_bytes()[start..end]).ok()?)
}

/// What the page shows of a search.
pub struct View<'a> {
    pub asked: &'a Asked,
    /// The results page's own path (its paging's links).
    pub path: &'a str,
    pub count: String,
    /// The cards' HTML, in order.
    pub cards: Vec<String>,
    pub page: usize,
    pub pages: usize,
}

impl<'a> View<'a> {
    /// The page `shown` of the `found` listings `asked` finds, with its cards, at `api::HOMES_SEARCH`.
    pub fn results(asked: &'a Asked, props: &Props, found: usize, shown: &Shown, cards: Vec<String>) -> View<'a> {
        let count = super::count(props, asked, found);
        View { asked, path: api::HOMES_SEARCH, count, cards, page: shown.page, pages: shown.pages }
    }

    /// A search of more words than it reads (`WORD_SHARDS_MAX`): said where the count goes.
    pub fn too_many_words(asked: &'a Asked, props: &Props) -> View<'a> {
        let count = props.labels.too_many_words.clone();
        View { asked, path: api::HOMES_SEARCH, count, cards: Vec::new(), page: 1, pages: 1 }
    }
}

/// `base` (the `/homes/` page) showing `view`; Err names the markup it lacks.
pub fn page(base: &str, props: &Props, view: &View) -> Result<String, String> {
    let mut out = base.to_string();
    // Not a page for search engines (each search would be one): their links are followed.
    splice(&mut out, "</head>", "</head>", "<meta name=\"robots\" content=\"noindex, follow\"></head>")?;
    let count = between(&out, "<p class=\"homes__count\"", ">", "</p>")?;
    out.replace_range(count, &escape(&view.count));
    // The first page's paging (to /homes/page/2/), then the results' own after the cards.
    if let Some(start) = out.find("<nav class=\"paging\" aria-label=") {
        let end = start + out[start..].find("</nav>").ok_or("the paging's end")? + "</nav>".len();
        out.replace_range(start..end, "");
    }
    let cards: String = view.cards.iter().map(|c| format!("<li>{c}</li>")).collect();
    let paging = paging(&out, props, view)?;
    let list = between(&out, "<ul class=\"home-cards\"", ">", "</ul>")?;
    let after = list.end + "</ul>".len();
    out.insert_str(after, &paging);
    out.replace_range(list, &cards);
    form(&mut out, view.asked)?;
    Ok(out)
}

/// The results' paging from the island's template: none for one page.
fn paging(page: &str, props: &Props, view: &View) -> Result<String, String> {
    if view.pages < 2 {
        return Ok(String::new());
    }
    let template = between(page, "<template data-paging", ">", "</template>")?;
    let mut nav = page[template].to_string();
    let label = props.page.replace("{n}", &view.page.to_string()).replace("{total}", &view.pages.to_string());
    let label = escape(&label);
    splice(&mut nav, "<nav class=\"paging\"", ">", &format!("<nav class=\"paging\" aria-label=\"{label}\">"))?;
    splice(&mut nav, "<span data-page", "</span>", &format!("<span data-page>{label}</span>"))?;
    for (rel, to) in [("prev", view.page - 1), ("next", view.page + 1)] {
        let open = format!("<a class=\"link-arrow\" rel=\"{rel}\">");
        if (1..=view.pages).contains(&to) {
            let href = escape(&view.asked.url(view.path, to));
            splice(&mut nav, &open, &open, &format!("<a class=\"link-arrow\" rel=\"{rel}\" href=\"{href}\">"))?;
        } else {
            splice(&mut nav, &open, "</a>", "")?;
        }
    }
    Ok(nav)
}

/// The form and the "Save this search" form as the search left them: its words, choices and
/// boxes, "Clear all filters" shown when it filters, the saved search's field holding it.
fn form(page: &mut String, asked: &Asked) -> Result<(), String> {
    let start = page.find("<form class=\"homes-search__form\"").ok_or("the search form")?;
    let end = start + page[start..].find("</form>").ok_or("the search form's end")?;
    let mut form = page[start..end].to_string();
    let filters = asked.filters.as_deref().unwrap_or("");
    let mut values: Vec<(String, String)> = form_urlencoded::parse(filters.as_bytes()).into_owned().collect();
    if asked.sort != jax_model::search_index::Sort::Newest {
        values.push((FIELDS.sort.into(), asked.sort.value().into()));
    }
    for (name, value) in &values {
        let field = format!(" name=\"{}\"", escape(name));
        let Some(at) = form.find(&field) else { continue };
        let tag = form[..at].rfind('<').unwrap_or(0);
        let end_of_field = at + field.len();
        if form[tag..].starts_with("<select") {
            let close = end_of_field + form[end_of_field..].find("</select>").unwrap_or(0);
            let option = format!("<option value=\"{}\">", escape(value));
            if let Some(o) = form[end_of_field..close].find(&option) {
                form.insert_str(end_of_field + o + option.len() - 1, " selected");
            }
        } else if form[tag..].starts_with("<input type=\"checkbox\"") && value == YES {
            let boxed = format!("{field} value=\"{YES}\"");
            if form[at..].starts_with(&boxed) {
                form.insert_str(at + boxed.len(), " checked");
            }
        } else if form[tag..].starts_with("<input") {
            form.insert_str(end_of_field, &format!(" value=\"{}\"", escape(value)));
        }
    }
    if asked.filters() {
        let clear = format!("<a class=\"homes-search__clear\" href=\"{}\"", jax_model::api::HOMES);
        form = form.replacen(&format!("{clear} hidden>"), &format!("{clear}>"), 1);
    }
    page.replace_range(start..end, &form);
    let saved = "<input type=\"hidden\" name=\"search\" value=\"\">";
    if let Some(at) = page.find(saved) {
        let keep = format!("<input type=\"hidden\" name=\"search\" value=\"{}\">", escape(filters));
        page.replace_range(at..at + saved.len(), &keep);
    }
    Ok(())
}

/// The range of the content of the element that opens with `open`, whose start tag ends at the
/// next `gt`, up to the next `close`.
fn between(page: &str, open: &str, gt: &str, close: &str) -> Result<std::ops::Range<usize>, String> {
    let at = page.find(open).ok_or_else(|| format!("no {open}"))?;
    let start = at + page[at..].find(gt).ok_or_else(|| format!("no end of {open}"))? + gt.len();
    let end = start + page[start..].find(close).ok_or_else(|| format!("no {close} after {open}"))?;
    Ok(start..end)
}

/// `page` with the first `from` … `to` (both included) replaced by `with`.
fn splice(page: &mut String, from: &str, to: &str, with: &str) -> Result<(), String> {
    let start = page.find(from).ok_or_else(|| format!("no {from}"))?;
    let end = start + page[start..].find(to).ok_or_else(|| format!("no {to} after {from}"))? + to.len();
    page.replace_range(start..end, with);
    Ok(())
}
