//! Island mount points. Each interactive region is prerendered inside
//! `<div data-island="NAME" data-hydrate="…">`, whose first child is
//! `<script type="application/json" data-props>` holding what the island needs. When the islands
//! are built (a Vite manifest exists), the mount point names its bundle in `data-src` and the
//! page's head holds the early script, which starts the islands (fetching the runtime named in its
//! `data-runtime` with the first) and holds what a visitor does in one before it is live; without
//! a build, pages carry no script at all. The attributes and the strategies' names are
//! `super::protocol`'s, which the early script and the runtime share.

use super::protocol::{Hydrate, HYDRATE, ISLAND, PROPS, RUNTIME, SRC, TRIGGER, TRIGGER_POPUP};
use crate::assets::Assets;
use crate::html::escape_html;
use anyhow::Result;
use schemars::JsonSchema;
use serde::Serialize;

/// An island: the file stem of its entry (`site/src/islands/<name>.tsx`) and when it wakes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Island {
    pub name: &'static str,
    pub hydrate: Hydrate,
}

const fn island(name: &'static str, hydrate: Hydrate) -> Island {
    Island { name, hydrate }
}

/// The islands. Each takes over the markup prerendered in its mount point; CSS reacts to
/// `[data-src]` (the island is built) and to the ARIA state the island sets, so nothing shifts
/// when it hydrates. What each one is handed is its props type (`super::props`).
pub const NAV: Island = island("nav", Hydrate::Interaction);
pub const CAROUSEL: Island = island("carousel", Hydrate::Visible);
pub const NEIGHBORHOOD_TABS: Island = island("neighborhood-tabs", Hydrate::Visible);
pub const CONTACT_WIDGET: Island = island("contact-widget", Hydrate::Interaction);
/// The reason its page exists: woken as soon as the page has loaded (at once, with its bundle
/// preloaded, cost Lighthouse a point: its work delayed the largest paint on a throttled phone). What a
/// visitor does before then is held by the early script.
pub const CONCIERGE_FORM: Island = island("concierge-form", Hydrate::Idle);
pub const EXPLORE_MORE: Island = island("explore-more", Hydrate::Idle);
/// Triggers anywhere on the page (`DIALOG_TRIGGERS`) wake it; without JavaScript they are links to
/// the prerendered contact form.
pub const DIALOGS: Island = island("dialogs", Hydrate::Interaction);
pub const NOT_FOUND: Island = island("not-found", Hydrate::Idle);
/// The home page's contact form, which posts as is: woken by a click or a submit in it, it adds
/// the bot check's token to the post (without it the post is taken as unverified).
pub const CHECKED_FORM: Island = island("checked-form", Hydrate::Interaction);
/// The market page's table: sorting and filtering it are the page's purpose, so it wakes once the
/// page has loaded; the table is complete without it.
pub const MARKET_TABLE: Island = island("market-table", Hydrate::Idle);
/// The search of `/homes/`, the page's purpose: woken once the page has loaded (the form and the
/// first page of results are prerendered; a search asked for meanwhile is held).
pub const HOMES_SEARCH: Island = island("homes-search", Hydrate::Idle);
/// The hearts on the cards and the listing pages (hidden until it wakes: without JavaScript they
/// could keep nothing), once their cards come into view: the home page loads no island's code
/// until then (e2e/budget.spec.ts).
pub const HEARTS: Island = island("hearts", Hydrate::Visible);
/// A listing page's gallery, whose viewer opens on a tap or on its page's `#photo-N` (a link to
/// that photo): woken once the page has loaded, so such a link opens it; the viewer's code loads
/// only when it opens.
pub const GALLERY: Island = island("gallery", Hydrate::Idle);
/// A listing's payment estimate, complete at its defaults without it: it recomputes the figures as
/// the buyer changes them, once scrolled to.
pub const PAYMENT: Island = island("payment", Hydrate::Visible);
/// `/homes/saved/`: its list is the island's to make, from the search's files.
pub const SAVED_HOMES: Island = island("saved-homes", Hydrate::Idle);
/// `/homes/alerts/`: an address's saved searches, listed and changed from the key its link carries.
pub const SEARCH_ALERTS: Island = island("search-alerts", Hydrate::Idle);

/// What an island is handed: the type is the contract with its entry, and
/// `site/src/lib/props.ts` is generated from it (`super::typescript`).
pub trait Props: Serialize + JsonSchema {
    const ISLAND: Island;
}

/// Elements anywhere on the page whose interaction starts the dialogs island. With JavaScript the
/// early script announces them as buttons that open a dialog (without it they are links).
const DIALOG_TRIGGERS: &str = "[data-open]";

/// What a template writes for one mount point: `<div class="…" {{ attrs }}>{{ props }}…</div>`.
#[derive(Debug, Clone, Serialize)]
pub struct Mount {
    /// `data-island="…" data-hydrate="…"` and, when built, `data-src="…"`.
    pub attrs: String,
    /// The props `<script>`.
    pub props: String,
}

/// The islands a page mounted, in page order: its `<head>` links exactly these.
#[derive(Debug, Clone, Default)]
pub struct Mounted(Vec<Island>);

impl Mounted {
    /// The mount point of the island `P` belongs to, recorded as mounted.
    pub fn mount<P: Props>(&mut self, assets: &Assets, props: &P) -> Result<Mount> {
        self.0.push(P::ISLAND);
        mount(assets, P::ISLAND, props)
    }

    pub fn islands(&self) -> &[Island] {
        &self.0
    }
}

fn mount(assets: &Assets, Island { name, hydrate }: Island, props: &impl Serialize) -> Result<Mount> {
    let mut attrs = format!("{ISLAND}=\"{name}\" {HYDRATE}=\"{}\"", hydrate.as_str());
    if name == DIALOGS.name {
        attrs.push_str(&format!(" {TRIGGER}=\"{DIALOG_TRIGGERS}\" {TRIGGER_POPUP}=\"dialog\""));
    }
    if let Some(bundle) = assets.island(name) {
        attrs.push_str(&format!(" {SRC}=\"{}\"", escape_html(&bundle.src)));
    }
    let props = format!("<script type=\"application/json\" {PROPS}>{}</script>", crate::html::script_json(props)?);
    Ok(Mount { attrs, props })
}

/// The `<head>` tags for a page holding `islands`: the early script, the islands' stylesheets, and
/// modulepreloads of the runtime and the islands that hydrate at once. Empty when the islands are
/// not built.
pub fn head<'a>(assets: &Assets, islands: impl IntoIterator<Item = &'a Island>) -> String {
    let (Some(runtime), Some(early)) = (&assets.runtime, &assets.early) else {
        return String::new();
    };
    let built: Vec<_> = islands.into_iter().filter_map(|i| assets.island(i.name).map(|b| (b, i.hydrate))).collect();
    if built.is_empty() {
        return String::new();
    }
    let mut out = String::new();
    // First: a classic script after a stylesheet link would wait for the stylesheet.
    out.push_str(&format!("<script {RUNTIME}=\"{}\">{}</script>", escape_html(&runtime.src), early.code));
    let mut seen = std::collections::HashSet::new();
    let mut css = |out: &mut String, href: &str| {
        if seen.insert(format!("css:{href}")) {
            out.push_str(&format!("<link rel=\"stylesheet\" href=\"{}\">", escape_html(href)));
        }
    };
    for href in &runtime.css {
        css(&mut out, href);
    }
    for (bundle, _) in &built {
        for href in &bundle.css {
            css(&mut out, href);
        }
    }
    let mut preloaded = std::collections::HashSet::new();
    for (bundle, h) in &built {
        if *h != Hydrate::Load {
            continue;
        }
        // The runtime first: the early script fetches it to start the island.
        let runtime_files = std::iter::once(&runtime.src).chain(&runtime.preloads);
        for href in runtime_files.chain(std::iter::once(&bundle.src)).chain(&bundle.preloads) {
            if preloaded.insert(href.clone()) {
                out.push_str(&format!("<link rel=\"modulepreload\" href=\"{}\">", escape_html(href)));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assets::{Bundle, InlineScript};

    fn bundle(src: &str, preloads: &[&str], css: &[&str]) -> Bundle {
        Bundle {
            src: src.into(),
            preloads: preloads.iter().map(|s| s.to_string()).collect(),
            css: css.iter().map(|s| s.to_string()).collect(),
        }
    }

    #[test]
    fn without_a_build_there_is_no_script() {
        let assets = Assets::default();
        let m = mount(&assets, NAV, &serde_json::json!({"a": "</script><!--"})).unwrap();
        assert_eq!(m.attrs, "data-island=\"nav\" data-hydrate=\"interaction\"");
        assert_eq!(m.props, "<script type=\"application/json\" data-props>{\"a\":\"<\\/script>\\u003c!--\"}</script>");
        assert_eq!(head(&assets, &[NAV, DIALOGS]), "");
    }

    /// An island that starts at once gets its bundle and chunks preloaded.
    const EAGER_NAV: Island = island("nav", Hydrate::Load);

    #[test]
    fn a_build_adds_sources_runtime_and_preloads() {
        let mut assets = Assets {
            runtime: Some(bundle("/assets/main.js", &[], &[])),
            early: Some(InlineScript::new("(()=>{})()".into()).unwrap()),
            ..Assets::default()
        };
        assets.islands.insert("nav".into(), bundle("/assets/nav.js", &["/assets/react.js"], &["/assets/nav.css"]));
        assets.islands.insert("dialogs".into(), bundle("/assets/dialogs.js", &["/assets/react.js"], &[]));
        assert!(mount(&assets, NAV, &()).unwrap().attrs.ends_with(" data-src=\"/assets/nav.js\""));
        // The early script first, naming the runtime; the runtime and the island that starts at
        // once preloaded.
        let h = head(&assets, &[EAGER_NAV, DIALOGS, CAROUSEL]);
        assert_eq!(
            h,
            "<script data-runtime=\"/assets/main.js\">(()=>{})()</script><link rel=\"stylesheet\" href=\"/assets/nav.css\">\
             <link rel=\"modulepreload\" href=\"/assets/main.js\"><link rel=\"modulepreload\" href=\"/assets/nav.js\">\
             <link rel=\"modulepreload\" href=\"/assets/react.js\">"
        );
        // Nothing that starts later is preloaded.
        assert!(!head(&assets, &[NAV, DIALOGS]).contains("modulepreload"));
        assert!(InlineScript::new("x='</SCRIPT>'".into()).is_err());
    }
}
