//! What every page of a kind shares — header, footer, contact widget and the dialogs' mount point
//! — rendered once per build and kind, with the islands they mount.

use super::input::RenderInput;
use super::islands::{Mount, Mounted};
use super::kind::Kind;
use super::props::{ContactWidgetProps, DialogsProps, NavProps, NextLink, QuizResult};
use super::templates::{Renderer, AGENT, FOOTER, HEADER, WIDGET};
use anyhow::{Context, Result};
use serde::Serialize;

#[derive(Serialize)]
struct ChromeIslands {
    nav: Mount,
    widget: Mount,
}

/// Finished HTML, inserted into every page of the kind.
#[derive(Serialize)]
pub struct Chrome {
    pub header: String,
    pub footer: String,
    pub widget: String,
    pub dialogs: String,
    /// The agent at the foot of a listing's card, on the pages of listings (empty elsewhere).
    pub agent: String,
    /// The islands mounted before the page's content (the header's) and after it.
    #[serde(skip)]
    pub before: Mounted,
    #[serde(skip)]
    pub after: Mounted,
}

pub fn render(r: &Renderer, input: &RenderInput, base: &tera::Context, kind: Kind) -> Result<Chrome> {
    let c = input.content;
    let site = &c.site.data;
    let forms = &c.forms.data;
    let home = kind == Kind::Home;
    let assets = input.assets;
    let (mut before, mut after) = (Mounted::default(), Mounted::default());
    let nav = before.mount(assets, &NavProps { menu: &site.labels.nav.menu })?;
    let contact_href = kind.paths().contact;
    let widget = after.mount(
        assets,
        &ContactWidgetProps {
            title: &site.labels.widget.title,
            text: &site.labels.widget.text,
            message: &site.labels.widget.message,
            sms: site.agent.phone_e164().map(|p| format!("sms:{p}")).unwrap_or_default(),
            contact_href: &contact_href,
        },
    )?;
    let dialogs = after.mount(
        assets,
        &DialogsProps {
            api: jax_model::api::ENDPOINTS,
            limits: &forms.limits,
            messages: &forms.messages,
            sending: &forms.sending,
            close: &forms.close,
            dismiss: &forms.dismiss,
            honeypot: &forms.honeypot,
            lead: &forms.lead,
            contact: &forms.contact,
            listing_request: (home || kind == Kind::ForSale).then_some(&forms.listing_request),
            quiz_form: home.then_some(&forms.quiz),
            quiz: home.then_some(&c.quiz.data),
            quiz_result: home.then(|| quiz_result(c, &site.labels.nav.consultation, &contact_href)),
            valuation_next: (c.sell.is_some() && kind != Kind::Sell)
                .then_some(NextLink { href: jax_model::api::SELL_PAGE, label: &site.labels.footer.sell }),
        },
    )?;
    let mut ctx = base.clone();
    ctx.insert("islands", &ChromeIslands { nav, widget });
    let part = |template: &str| {
        r.render(template, &ctx).with_context(|| format!("rendering the {} page's {template}", kind.name()))
    };
    Ok(Chrome {
        header: part(HEADER)?,
        footer: part(FOOTER)?,
        widget: part(WIDGET)?,
        dialogs: format!("<div class=\"dialogs\" {}>{}</div>", dialogs.attrs, dialogs.props),
        // The file's last line end is the page's to write.
        agent: if matches!(kind, Kind::ForSale | Kind::Listing) {
            part(AGENT)?.trim_end().to_string()
        } else {
            String::new()
        },
        before,
        after,
    })
}

/// Each quiz area's neighborhood page, by the page's name or aliases.
fn quiz_result<'a>(c: &'a jax_model::content::Content, consultation: &'a str, contact: &str) -> QuizResult<'a> {
    let areas = c.quiz.data.profiles.all().into_iter().flat_map(|p| &p.areas);
    QuizResult {
        areas: areas
            .filter_map(|a| {
                let n = c.neighborhoods.iter().find(|n| n.is_called(a))?;
                Some((a.as_str(), jax_model::api::neighborhood(&n.fields.slug)))
            })
            .collect(),
        consultation,
        contact: contact.to_string(),
    }
}
