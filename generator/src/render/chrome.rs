//! What every page of a kind shares — header, footer, contact widget, the dialogs' mount point
//! and the islands' `<head>` tags — rendered once per build and kind.

use super::islands::{self, Hydrate, Mount};
use super::pages::Kind;
use super::{RenderInput, Renderer};
use anyhow::{Context, Result};
use jax_model::forms::{Form, LeadForm, Limits, Messages, QuizForm};
use jax_model::quiz::Quiz;
use serde::Serialize;

pub const HEADER: &str = "partials/header.html";
pub const FOOTER: &str = "partials/footer.html";
pub const WIDGET: &str = "partials/widget.html";

/// The islands a page of `kind` holds, in page order.
pub fn islands_of(kind: Kind) -> Vec<(&'static str, Hydrate)> {
    use islands::*;
    let mut list = vec![NAV];
    match kind {
        Kind::Home => list.extend([CAROUSEL, NEIGHBORHOOD_TABS]),
        Kind::Concierge => list.push(CONCIERGE_FORM),
        Kind::Neighborhood => list.push(EXPLORE_MORE),
        Kind::NotFound => list.push(NOT_FOUND),
        Kind::Listing | Kind::FormResult | Kind::Legal => {}
    }
    list.extend([CONTACT_WIDGET, DIALOGS]);
    list
}

/// The dialogs island's props: the shared form settings plus only the forms a page has
/// triggers for (every page: the footer's consultation and the widget's message; the home page
/// also the listing request and the quiz).
#[derive(Serialize)]
struct DialogsProps<'a> {
    api: jax_model::api::Endpoints,
    limits: &'a Limits,
    messages: &'a Messages,
    sending: &'a str,
    close: &'a str,
    dismiss: &'a str,
    honeypot: &'a str,
    lead: &'a LeadForm,
    contact: &'a Form,
    #[serde(skip_serializing_if = "Option::is_none")]
    listing_request: Option<&'a Form>,
    #[serde(skip_serializing_if = "Option::is_none")]
    quiz_form: Option<&'a QuizForm>,
    #[serde(skip_serializing_if = "Option::is_none")]
    quiz: Option<&'a Quiz>,
}

#[derive(Serialize)]
struct NavProps<'a> {
    menu: &'a str,
}

#[derive(Serialize)]
struct WidgetProps<'a> {
    title: &'a str,
    text: &'a str,
    message: &'a str,
    sms: String,
    contact_href: &'a str,
}

#[derive(Serialize)]
struct ChromeIslands {
    nav: Mount,
    widget: Mount,
}

/// Finished HTML, inserted into every page of the kind.
#[derive(Serialize)]
pub struct Chrome {
    pub head: String,
    pub header: String,
    pub footer: String,
    pub widget: String,
    pub dialogs: String,
}

pub fn render(r: &Renderer, input: &RenderInput, base: &tera::Context, kind: Kind) -> Result<Chrome> {
    let c = input.content;
    let site = &c.site.data;
    let forms = &c.forms.data;
    let home = kind == Kind::Home;
    let nav = islands::mount(input.assets, islands::NAV, &NavProps { menu: &site.labels.nav.menu })?;
    let widget = islands::mount(
        input.assets,
        islands::CONTACT_WIDGET,
        &WidgetProps {
            title: &site.labels.widget.title,
            text: &site.labels.widget.text,
            message: &site.labels.widget.message,
            sms: site.agent.phone_e164().map(|p| format!("sms:{p}")).unwrap_or_default(),
            contact_href: kind.contact_href(),
        },
    )?;
    let dialogs = islands::mount(
        input.assets,
        islands::DIALOGS,
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
            listing_request: home.then_some(&forms.listing_request),
            quiz_form: home.then_some(&forms.quiz),
            quiz: home.then_some(&c.quiz.data),
        },
    )?;
    let mut ctx = base.clone();
    ctx.insert("islands", &ChromeIslands { nav, widget });
    let part = |template: &str| {
        r.render(template, &ctx).with_context(|| format!("rendering the {} page's {template}", kind.name()))
    };
    Ok(Chrome {
        head: islands::head(input.assets, &islands_of(kind)),
        header: part(HEADER)?,
        footer: part(FOOTER)?,
        widget: part(WIDGET)?,
        dialogs: format!("<div class=\"dialogs\" {}>{}</div>", dialogs.attrs, dialogs.props),
    })
}
