//! Every lead in her CRM: what Follow Up Boss's Events API (`POST /v1/events`) and the
//! generic lead webhook (LEAD_WEBHOOK_URL, a signed JSON POST for Zapier, Make or another CRM's
//! intake) are sent for one recorded lead, and what their answers mean for the retries. Built from
//! the delivery record's params (what the agent's e-mail says), so a retry sends what the first
//! attempt did. Each hand-off is a record of its own beside the lead's e-mail (domain/queue.rs):
//! claimed, retried and parked on its own, so neither ever waits on or repeats the other.

use crate::delivery::{retry_delay, MAX_ATTEMPTS, MAX_REFUSED_ATTEMPTS};
use crate::documents::hex;
use crate::email::{LeadKind, CRM_EMAIL, CRM_PHONE, LEAD_TYPE};
use crate::form::FormKind;
use crate::keys::hmac;
use crate::listing::ADDRESS_AND_LINK;
use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use hmac::Mac;
use jax_model::api::{HOMES, LISTING_FIELD};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// Follow Up Boss's API origin (FOLLOW_UP_BOSS_API_URL moves it, for tests).
pub const FOLLOW_UP_BOSS_API_URL: &str = "https://api.followupboss.com";
/// The marker, in R2, of a CRM's archived lead flow the agent was told of (services/crm.rs), its
/// hand-off's suffix after it.
pub const ARCHIVED: &str = "handoffs/archived-";
/// The lead webhook's signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`,
/// keyed with LEAD_WEBHOOK_SECRET. The time lets a receiver refuse a replay.
pub const SIGNATURE_HEADER: &str = "X-Move-To-Jax-Signature";

/// The Follow Up Boss account: an API key (FOLLOW_UP_BOSS_API_KEY) and, as Follow Up Boss asks of
/// every integration, the registered system's name and key (FOLLOW_UP_BOSS_SYSTEM,
/// FOLLOW_UP_BOSS_SYSTEM_KEY).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FollowUpBoss {
    pub api_url: String,
    pub api_key: String,
    pub system: String,
    pub system_key: String,
}

/// Any other CRM's intake: LEAD_WEBHOOK_URL and the secret its signature is keyed with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeadWebhook {
    pub url: String,
    pub secret: String,
}

/// The CRM hand-offs set up: none by default, and never in a pull request's preview (its visitors'
/// posts stay in its outbox, away from her CRM).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Handoffs {
    pub follow_up_boss: Option<FollowUpBoss>,
    pub webhook: Option<LeadWebhook>,
}

/// A CRM a lead is handed to: each its own record, `<lead's id>-<suffix>`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Handoff {
    FollowUpBoss,
    Webhook,
}

impl Handoff {
    /// What its record's id adds to the lead's.
    pub fn suffix(self) -> &'static str {
        match self {
            Handoff::FollowUpBoss => "fub",
            Handoff::Webhook => "hook",
        }
    }

    /// Its name in logs, notices and alerts.
    pub fn name(self) -> &'static str {
        match self {
            Handoff::FollowUpBoss => "Follow Up Boss",
            Handoff::Webhook => "the lead webhook",
        }
    }
}

/// Whether `form`'s records are leads for her CRM: a visitor asking her for something. The quiz's
/// is not (its e-mail is the visitor's own result, which does not ask to be contacted), nor are a
/// buyer's e-mails of a saved search or the website's own to her.
pub fn is_lead(form: FormKind) -> bool {
    matches!(
        form,
        FormKind::Lead | FormKind::ListingRequest | FormKind::Contact | FormKind::Concierge | FormKind::SavedSearch
    )
}

impl Handoffs {
    /// The settings: FOLLOW_UP_BOSS_API_KEY with FOLLOW_UP_BOSS_SYSTEM and FOLLOW_UP_BOSS_SYSTEM_KEY
    /// (FOLLOW_UP_BOSS_API_URL only for tests), LEAD_WEBHOOK_URL with LEAD_WEBHOOK_SECRET (at least
    /// `min_secret` bytes). A half-set CRM is a setting that is wrong: named in `missing`.
    pub fn from_lookup(
        get: impl Fn(&str) -> Option<String>,
        preview: bool,
        min_secret: usize,
        missing: &mut Vec<String>,
    ) -> Handoffs {
        if preview {
            return Handoffs::default();
        }
        let follow_up_boss = get("FOLLOW_UP_BOSS_API_KEY").and_then(|api_key| {
            let api_url = get("FOLLOW_UP_BOSS_API_URL").unwrap_or_else(|| FOLLOW_UP_BOSS_API_URL.into());
            let mut need = |name: &str| {
                let value = get(name);
                if value.is_none() {
                    missing.push(format!("{name} (with FOLLOW_UP_BOSS_API_KEY)"));
                }
                value
            };
            let (system, system_key) = (need("FOLLOW_UP_BOSS_SYSTEM"), need("FOLLOW_UP_BOSS_SYSTEM_KEY"));
            if !crate::http::is_secure_url(&api_url) {
                // The key travels in every request's header.
                missing.push("FOLLOW_UP_BOSS_API_URL (an https:// URL)".into());
            }
            Some(FollowUpBoss { api_url, api_key, system: system?, system_key: system_key? })
        });
        let webhook = get("LEAD_WEBHOOK_URL").and_then(|url| {
            if !crate::http::is_secure_url(&url) {
                missing.push("LEAD_WEBHOOK_URL (an https:// URL)".into());
            }
            match get("LEAD_WEBHOOK_SECRET") {
                Some(secret) if secret.len() >= min_secret => Some(LeadWebhook { url, secret }),
                _ => {
                    missing.push(format!("LEAD_WEBHOOK_SECRET (at least {min_secret} bytes, with LEAD_WEBHOOK_URL)"));
                    None
                }
            }
        });
        Handoffs { follow_up_boss, webhook }
    }

    /// The request handing `lead` to `to` at `now_s`; None when `to` is no longer set up.
    pub fn request(&self, to: Handoff, lead: &Lead, base_url: &str, now_s: u64) -> Option<Outgoing> {
        match to {
            Handoff::FollowUpBoss => self.follow_up_boss.as_ref().map(|f| follow_up_boss(f, lead, base_url)),
            Handoff::Webhook => self.webhook.as_ref().map(|w| webhook(w, lead, now_s)),
        }
    }

    /// The hand-offs a post of `form` gets: none for one the bot check did not see (`unverified`):
    /// a CRM's action plan would write to whatever address a script typed. Her e-mail still has it.
    pub fn for_lead(&self, form: FormKind, unverified: bool) -> Vec<Handoff> {
        if unverified || !is_lead(form) {
            return Vec::new();
        }
        let set = [(Handoff::FollowUpBoss, self.follow_up_boss.is_some()), (Handoff::Webhook, self.webhook.is_some())];
        set.into_iter().filter_map(|(h, on)| on.then_some(h)).collect()
    }
}

/// Follow Up Boss's own event types, the ones that start its action plans and automations.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum EventType {
    /// A saved search, confirmed.
    #[serde(rename = "Registration")]
    Registration,
    /// A showing request or an 'Inquire', about a listing.
    #[serde(rename = "Property Inquiry")]
    PropertyInquiry,
    /// A valuation request.
    #[serde(rename = "Seller Inquiry")]
    SellerInquiry,
    /// Everything else.
    #[serde(rename = "General Inquiry")]
    GeneralInquiry,
}

/// The listing a lead was about, as far as the site knows it: its page, its MLS number (the last
/// part of an MLS listing's slug) and, for her own listings, the address.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Property {
    pub url: String,
    #[serde(rename = "mlsNumber", skip_serializing_if = "Option::is_none")]
    pub mls_number: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub street: Option<String>,
}

/// One lead as the CRMs take it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Lead {
    /// The delivery record's id: a receiver can drop a repeat by it.
    pub id: String,
    #[serde(rename = "type")]
    pub event: EventType,
    pub name: String,
    pub email: String,
    pub phone: String,
    pub message: String,
    /// The page it was sent from, on the site.
    pub page: Option<String>,
    pub property: Option<Property>,
}

impl Lead {
    /// The lead in a record's params (domain/email.rs names them), `form` its form. A seller's
    /// request (a valuation, a listing consultation) is a Seller Inquiry. The message is the
    /// visitor's own words; a concierge filing's says only that documents were filed (their links
    /// stay in her e-mail).
    pub fn of(id: &str, form: FormKind, params: &BTreeMap<String, String>, page: Option<String>) -> Lead {
        let get = |k: &str| params.get(k).map(String::as_str).unwrap_or("").trim().to_string();
        // Several listings (the saved homes' "Ask about these homes"): the first is the property,
        // and the message names them all.
        let listings = params.get(LISTING_FIELD).map(String::as_str).unwrap_or("");
        let property = listings.lines().next().map(property);
        let valuation = get(LEAD_TYPE) == LeadKind::CmaRequest.name();
        let event = match (form, &property) {
            (FormKind::SavedSearch, _) => EventType::Registration,
            (_, Some(_)) => EventType::PropertyInquiry,
            (FormKind::Lead, None) if valuation => EventType::SellerInquiry,
            (FormKind::ListingRequest, None) => EventType::SellerInquiry,
            _ => EventType::GeneralInquiry,
        };
        let words = match form {
            FormKind::ListingRequest => get("notes"),
            FormKind::Concierge => "Filed their documents through the Client Concierge portal.".into(),
            _ => get("message"),
        };
        let words = if listings.lines().count() > 1 { format!("{words}\n{listings}") } else { words };
        let address = get("property_address");
        let message = match (address.is_empty(), words.is_empty()) {
            (true, _) => words,
            (false, true) => format!("Property: {address}"),
            (false, false) => format!("Property: {address}\n{words}"),
        };
        let either = |k: &str, crm_only: &str| Some(get(k)).filter(|v| !v.is_empty()).unwrap_or_else(|| get(crm_only));
        Lead {
            id: id.into(),
            event,
            name: get("from_name"),
            email: either("from_email", CRM_EMAIL),
            phone: either("phone", CRM_PHONE),
            message,
            page,
            property,
        }
    }
}

/// The page a lead was sent from: its Referer when that is a page of the site the post came to
/// (never another site's address), without its fragment.
pub fn page(referer: Option<&str>, request_url: &str) -> Option<String> {
    let page = crate::web_url::parse(referer?)?;
    let here = crate::web_url::parse(request_url)?;
    // An opaque origin ("null": a data: or file: URL) is no page of the site.
    if page.origin != here.origin || page.origin == "null" {
        return None;
    }
    Some(page.without_fragment)
}

/// What domain/listing.rs named: "address — link" for her own listings, the link for the MLS's.
fn property(named: &str) -> Property {
    if let Some(number) = crate::listing::unlisted_number(named) {
        return Property { url: String::new(), mls_number: Some(number.to_string()), street: None };
    }
    let (street, url) = match named.rsplit_once(ADDRESS_AND_LINK) {
        Some((address, link)) => (Some(address.trim().to_string()), link.trim().to_string()),
        None => (None, named.trim().to_string()),
    };
    let mls_number = url
        .split_once(HOMES)
        .and_then(|(_, slug)| slug.trim_end_matches('/').rsplit('-').next())
        .filter(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_alphanumeric()))
        .map(String::from);
    Property { url, mls_number, street }
}

/// An HTTP request to send: URL, headers and JSON body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outgoing {
    pub url: String,
    pub headers: Vec<(&'static str, String)>,
    pub body: String,
}

/// `POST /v1/events`: HTTP Basic with the API key as the user and no password, the system's
/// headers, and the event (`source`: the site's domain without "www.", as Follow Up Boss asks).
pub fn follow_up_boss(f: &FollowUpBoss, lead: &Lead, base_url: &str) -> Outgoing {
    let (first, last) = lead.name.split_once(' ').map_or((lead.name.as_str(), ""), |(a, b)| (a, b.trim()));
    let mut person = json!({ "firstName": first, "lastName": last });
    if !lead.email.is_empty() {
        person["emails"] = json!([{ "value": lead.email }]);
    }
    if !lead.phone.is_empty() {
        person["phones"] = json!([{ "value": lead.phone }]);
    }
    let mut event = json!({
        "source": source(base_url),
        "system": f.system,
        "type": lead.event,
        "message": lead.message,
        "person": person,
    });
    if let Some(page) = &lead.page {
        event["description"] = Value::String(format!("Sent from {page}"));
        event["pageUrl"] = Value::String(page.clone());
    }
    if let Some(p) = &lead.property {
        event["property"] = serde_json::to_value(p).unwrap_or(Value::Null);
    }
    Outgoing {
        url: format!("{}/v1/events", f.api_url.trim_end_matches('/')),
        headers: vec![
            ("Authorization", format!("Basic {}", STANDARD.encode(format!("{}:", f.api_key)))),
            ("Content-Type", "application/json".into()),
            ("X-System", f.system.clone()),
            ("X-System-Key", f.system_key.clone()),
        ],
        body: event.to_string(),
    }
}

/// The site's domain without "www." (`source`, by which Follow Up Boss routes the lead).
pub fn source(base_url: &str) -> String {
    let host = crate::web_url::parse(base_url).map(|u| u.hostname).unwrap_or_default();
    host.strip_prefix("www.").unwrap_or(&host).to_string()
}

/// The webhook's POST: the lead as JSON, signed at `now_s`.
pub fn webhook(w: &LeadWebhook, lead: &Lead, now_s: u64) -> Outgoing {
    let body = serde_json::to_string(lead).unwrap_or_default();
    Outgoing {
        url: w.url.clone(),
        headers: vec![
            ("Content-Type", "application/json".into()),
            (SIGNATURE_HEADER, format!("t={now_s},v1={}", signature(&w.secret, now_s, &body))),
        ],
        body,
    }
}

/// Hex HMAC-SHA256 of "<t>.<body>" keyed with `secret`.
pub fn signature(secret: &str, t: u64, body: &str) -> String {
    hex(&hmac(secret.as_bytes(), &[format!("{t}.").as_bytes(), body.as_bytes()]).finalize().into_bytes())
}

/// What one attempt at a CRM came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    Taken,
    /// Follow Up Boss's 204: the lead flow of this source is archived and the event was ignored.
    /// Not retried (it would be ignored again); logged and the agent alerted, once.
    Archived,
    /// 429: again no sooner than this many seconds from now (its Retry-After, when it gave one).
    RateLimited(Option<u64>),
    /// 401 or 403: the key or the system is wrong, a setting to fix; retried like an outage.
    Unauthorized(u16),
    /// Another 4xx but 408: this request is refused as such.
    Refused(u16),
    /// 408, 5xx, no answer in time or no connection: an outage to outlast.
    Failed(Option<u16>),
    /// The CRM's settings were removed since the lead came: nowhere to send it.
    Unset,
}

impl Answer {
    /// The answer of `status`, `retry_after` its Retry-After header (seconds, or an HTTP date read
    /// against `now_s`); `webhook`: a generic receiver, whose 204 is a plain success.
    pub fn of(status: u16, retry_after: Option<&str>, now_s: u64, webhook: bool) -> Answer {
        match status {
            204 if !webhook => Answer::Archived,
            200..=299 => Answer::Taken,
            429 => Answer::RateLimited(retry_after.and_then(|v| seconds_until(v, now_s))),
            401 | 403 => Answer::Unauthorized(status),
            408 => Answer::Failed(Some(status)),
            400..=499 => Answer::Refused(status),
            _ => Answer::Failed(Some(status)),
        }
    }

    /// When to try again after `attempts` attempts ending in this answer, in seconds from now; None
    /// when no more are to be made (taken, archived, or given up on).
    pub fn retry_in(self, first_s: u64, attempts: u32) -> Option<u64> {
        let backoff = retry_delay(first_s, attempts);
        match self {
            Answer::Taken | Answer::Archived | Answer::Unset => None,
            Answer::Refused(_) if attempts >= MAX_REFUSED_ATTEMPTS => None,
            _ if attempts >= MAX_ATTEMPTS => None,
            Answer::RateLimited(Some(s)) => Some(s.max(1)),
            _ => Some(backoff),
        }
    }

    /// A short reason for the log line (never the lead's contents).
    pub fn describe(self, crm: &str) -> String {
        match self {
            Answer::Taken => format!("{crm} took it"),
            Answer::Archived => {
                format!("{crm} answered 204: the lead flow of this source is archived, the lead ignored")
            }
            Answer::RateLimited(Some(s)) => format!("{crm} rate limit (429), again in {s} s"),
            Answer::RateLimited(None) => format!("{crm} rate limit (429)"),
            Answer::Unauthorized(s) => format!("{crm} refused the key ({s}): check its settings"),
            Answer::Refused(s) => format!("{crm} refused the lead ({s})"),
            Answer::Failed(Some(s)) => format!("{crm} answered {s}"),
            Answer::Failed(None) => format!("{crm} could not be reached in time"),
            Answer::Unset => format!("{crm} is no longer set up"),
        }
    }
}

/// A Retry-After value in seconds from `now_s`: delta-seconds or an HTTP date; a past date is 0.
fn seconds_until(value: &str, now_s: u64) -> Option<u64> {
    let value = value.trim();
    if let Ok(s) = value.parse::<u64>() {
        return Some(s);
    }
    let at = httpdate::parse_http_date(value).ok()?.duration_since(std::time::UNIX_EPOCH).ok()?.as_secs();
    Some(at.saturating_sub(now_s))
}

#[cfg(test)]
mod tests;
