use super::*;
use hmac::Hmac;
use serde_json::json;
use sha2::Sha256;

fn params(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

fn fub() -> FollowUpBoss {
    FollowUpBoss {
        api_url: "http://127.0.0.1:9/".into(),
        api_key: "fub-key".into(),
        system: "MoveToJax".into(),
        system_key: "sys-key".into(),
    }
}

const SHOWING: &str = "/homes/3343-avondale-ave-atlantic-beach-fl-32233-2111072/";

#[test]
fn each_form_is_its_event_type() {
    let p = params(&[("from_name", "Ana Ruiz"), ("from_email", "ana@example.com"), ("message", "Hello")]);
    let listing = format!("https://www.movetojax.com{SHOWING}");
    let about = params(&[("from_name", "Ana"), ("notes", "Saturday?"), ("listing", &listing)]);
    let valuation = params(&[("from_name", "Ana"), (LEAD_TYPE, "cma-request")]);
    let consultation = params(&[("from_name", "Ana"), (LEAD_TYPE, "consultation")]);
    let cases = [
        (Lead::of("1", FormKind::SavedSearch, &p, None).event, EventType::Registration),
        (Lead::of("1", FormKind::ListingRequest, &about, None).event, EventType::PropertyInquiry),
        (Lead::of("1", FormKind::Contact, &about, None).event, EventType::PropertyInquiry),
        (Lead::of("1", FormKind::Lead, &valuation, None).event, EventType::SellerInquiry),
        (Lead::of("1", FormKind::Lead, &consultation, None).event, EventType::GeneralInquiry),
        // A listing request without a listing: a seller asking to list their home.
        (Lead::of("1", FormKind::ListingRequest, &p, None).event, EventType::SellerInquiry),
        (Lead::of("1", FormKind::Contact, &p, None).event, EventType::GeneralInquiry),
        (Lead::of("1", FormKind::Concierge, &p, None).event, EventType::GeneralInquiry),
    ];
    for (i, (got, want)) in cases.into_iter().enumerate() {
        assert_eq!(got, want, "case {i}");
    }
    assert_eq!(serde_json::to_value(EventType::PropertyInquiry).unwrap(), "Property Inquiry");
}

#[test]
fn the_message_is_the_visitors_words_and_a_filing_never_carries_its_links() {
    let request = params(&[("property_address", "12 Oak St"), ("notes", "Call after 5")]);
    assert_eq!(Lead::of("1", FormKind::ListingRequest, &request, None).message, "Property: 12 Oak St\nCall after 5");
    let filing = params(&[("message", "A client submitted…\nhttps://www.movetojax.com/api/documents/x?sig=y")]);
    let lead = Lead::of("1", FormKind::Concierge, &filing, None);
    assert!(!lead.message.contains("http"), "{}", lead.message);
}

#[test]
fn a_listing_is_named_by_its_page_mls_number_or_address() {
    let mls = property(&format!("https://www.movetojax.com{SHOWING}"));
    assert_eq!(mls.mls_number.as_deref(), Some("2111072"));
    assert_eq!(mls.street, None);
    let own = property("2890 Ponte Vedra Blvd — https://www.movetojax.com/listings/2890-ponte-vedra/");
    assert_eq!(own.street.as_deref(), Some("2890 Ponte Vedra Blvd"));
    assert_eq!(own.url, "https://www.movetojax.com/listings/2890-ponte-vedra/");
    assert_eq!(own.mls_number, None);
}

#[test]
fn follow_up_boss_gets_its_event_with_basic_auth_and_the_system() {
    let listing = format!("https://www.movetojax.com{SHOWING}");
    let p = params(&[
        ("from_name", "Ana María Ruiz"),
        ("from_email", "ana@example.com"),
        ("phone", "(904) 555-0147"),
        ("message", "Can I see it Saturday?"),
        ("listing", &listing),
    ]);
    let lead = Lead::of("1700000000000-contact-00ab", FormKind::Contact, &p, Some(listing.clone()));
    let out = follow_up_boss(&fub(), &lead, "https://www.movetojax.com");
    assert_eq!(out.url, "http://127.0.0.1:9/v1/events");
    // base64("fub-key:")
    assert!(out.headers.contains(&("Authorization", "Basic ZnViLWtleTo=".into())), "{:?}", out.headers);
    assert!(out.headers.contains(&("X-System", "MoveToJax".into())));
    assert!(out.headers.contains(&("X-System-Key", "sys-key".into())));
    let body: Value = serde_json::from_str(&out.body).unwrap();
    assert_eq!(
        body,
        json!({
            "source": "movetojax.com",
            "system": "MoveToJax",
            "type": "Property Inquiry",
            "message": "Can I see it Saturday?",
            "person": {
                "firstName": "Ana", "lastName": "María Ruiz",
                "emails": [{"value": "ana@example.com"}], "phones": [{"value": "(904) 555-0147"}]
            },
            "description": format!("Sent from {listing}"),
            "pageUrl": listing,
            "property": {"url": listing, "mlsNumber": "2111072"}
        })
    );
    // A registration from an address alone: no phone, no last name.
    let alone = Lead::of(
        "2",
        FormKind::SavedSearch,
        &params(&[("from_name", "ana@example.com"), ("from_email", "ana@example.com")]),
        None,
    );
    let body: Value = serde_json::from_str(&follow_up_boss(&fub(), &alone, "https://movetojax.com/").body).unwrap();
    assert_eq!(
        body["person"],
        json!({"firstName": "ana@example.com", "lastName": "", "emails": [{"value": "ana@example.com"}]})
    );
    assert_eq!(body["type"], "Registration");
    assert!(body.get("property").is_none() && body.get("pageUrl").is_none());
}

#[test]
fn the_source_is_the_domain_without_www() {
    assert_eq!(source("https://www.movetojax.com"), "movetojax.com");
    assert_eq!(source("https://WWW.MoveToJax.com/"), "movetojax.com");
    assert_eq!(source("http://127.0.0.1:8787"), "127.0.0.1");
}

#[test]
fn the_webhook_is_signed_over_time_and_body() {
    let hook = LeadWebhook { url: "https://hooks.example/lead".into(), secret: "s3cret".into() };
    let lead = Lead::of("1", FormKind::Contact, &params(&[("from_name", "Ana"), ("message", "Hi")]), None);
    let out = webhook(&hook, &lead, 1_700_000_000);
    let header = &out.headers.iter().find(|(h, _)| *h == SIGNATURE_HEADER).unwrap().1;
    let mut mac = Hmac::<Sha256>::new_from_slice(b"s3cret").unwrap();
    mac.update(format!("1700000000.{}", out.body).as_bytes());
    let want: String = mac.finalize().into_bytes().iter().map(|b| format!("{b:02x}")).collect();
    assert_eq!(header, &format!("t=1700000000,v1={want}"));
    assert_ne!(signature("other", 1_700_000_000, &out.body), want, "another secret, another signature");
    let body: Value = serde_json::from_str(&out.body).unwrap();
    assert_eq!(body["type"], "General Inquiry");
    assert_eq!(body["id"], "1");
}

#[test]
fn answers_and_their_retries() {
    const NOW: u64 = 1_793_000_000;
    assert_eq!(Answer::of(200, None, NOW, false), Answer::Taken);
    assert_eq!(Answer::of(201, None, NOW, false), Answer::Taken);
    assert_eq!(Answer::of(204, None, NOW, false), Answer::Archived, "Follow Up Boss: lead flow archived");
    assert_eq!(Answer::of(204, None, NOW, true), Answer::Taken, "a webhook's 204 is a success");
    assert_eq!(Answer::of(429, Some("120"), NOW, false), Answer::RateLimited(Some(120)));
    assert_eq!(Answer::of(429, Some("soon"), NOW, false), Answer::RateLimited(None));
    let date = httpdate::fmt_http_date(std::time::UNIX_EPOCH + std::time::Duration::from_secs(NOW + 90));
    assert_eq!(Answer::of(429, Some(&date), NOW, false), Answer::RateLimited(Some(90)));
    assert_eq!(Answer::of(429, Some("Thu, 01 Jan 1970 00:00:00 GMT"), NOW, false), Answer::RateLimited(Some(0)));
    assert_eq!(Answer::of(401, None, NOW, false), Answer::Unauthorized(401));
    assert_eq!(Answer::of(422, None, NOW, false), Answer::Refused(422));
    assert_eq!(Answer::of(408, None, NOW, false), Answer::Failed(Some(408)));
    assert_eq!(Answer::of(503, None, NOW, false), Answer::Failed(Some(503)));

    assert_eq!(Answer::Taken.retry_in(60, 1), None);
    assert_eq!(Answer::Archived.retry_in(60, 1), None, "it would be ignored again");
    assert_eq!(Answer::RateLimited(Some(120)).retry_in(60, 1), Some(120), "Retry-After honoured");
    assert_eq!(Answer::RateLimited(Some(0)).retry_in(60, 1), Some(1));
    assert_eq!(Answer::RateLimited(None).retry_in(60, 3), Some(240), "else the backoff");
    assert_eq!(Answer::Failed(Some(500)).retry_in(60, 1), Some(60));
    assert_eq!(Answer::Refused(422).retry_in(60, MAX_REFUSED_ATTEMPTS - 1), Some(120));
    assert_eq!(Answer::Refused(422).retry_in(60, MAX_REFUSED_ATTEMPTS), None);
    assert_eq!(Answer::Unauthorized(401).retry_in(60, MAX_REFUSED_ATTEMPTS), Some(240), "a setting to fix");
    assert_eq!(Answer::Failed(None).retry_in(60, MAX_ATTEMPTS), None);
    assert!(!Answer::Refused(422).describe("Follow Up Boss").contains('@'));
    assert_eq!(Answer::Unset.retry_in(60, 1), None, "nowhere to send it: given up at once");
}

fn handoffs(vars: &[(&str, &str)], preview: bool) -> (Handoffs, Vec<String>) {
    let vars: BTreeMap<String, String> = vars.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    let mut missing = Vec::new();
    let h = Handoffs::from_lookup(|k| vars.get(k).cloned(), preview, 32, &mut missing);
    (h, missing)
}

const SECRET: &str = "0123456789abcdef0123456789abcdef";

#[test]
fn each_crm_is_set_whole_or_named_as_missing() {
    assert_eq!(handoffs(&[], false), (Handoffs::default(), vec![]));
    let fub = [
        ("FOLLOW_UP_BOSS_API_KEY", "key"),
        ("FOLLOW_UP_BOSS_SYSTEM", "MoveToJax"),
        ("FOLLOW_UP_BOSS_SYSTEM_KEY", "sys"),
        ("LEAD_WEBHOOK_URL", "https://hooks.example/lead"),
        ("LEAD_WEBHOOK_SECRET", SECRET),
    ];
    let (set, missing) = handoffs(&fub, false);
    assert!(missing.is_empty(), "{missing:?}");
    let f = set.follow_up_boss.as_ref().unwrap();
    assert_eq!(
        (f.api_url.as_str(), f.api_key.as_str(), f.system.as_str()),
        (FOLLOW_UP_BOSS_API_URL, "key", "MoveToJax")
    );
    assert_eq!(set.webhook, Some(LeadWebhook { url: "https://hooks.example/lead".into(), secret: SECRET.into() }));
    // A preview hands nothing to her CRM, whatever is set.
    assert_eq!(handoffs(&fub, true), (Handoffs::default(), vec![]));
    assert_eq!(
        handoffs(&fub[..2], false).1,
        ["FOLLOW_UP_BOSS_SYSTEM_KEY (with FOLLOW_UP_BOSS_API_KEY)"],
        "the key without its system's key"
    );
    let plain = [fub[0], fub[1], fub[2], ("FOLLOW_UP_BOSS_API_URL", "http://api.example")];
    assert_eq!(handoffs(&plain, false).1, ["FOLLOW_UP_BOSS_API_URL (an https:// URL)"]);
    let local = [fub[0], fub[1], fub[2], ("FOLLOW_UP_BOSS_API_URL", "http://127.0.0.1:9")];
    assert_eq!(handoffs(&local, false).0.follow_up_boss.unwrap().api_url, "http://127.0.0.1:9", "a fake on loopback");
    let short = [fub[3], ("LEAD_WEBHOOK_SECRET", "short")];
    assert_eq!(handoffs(&short, false).1, ["LEAD_WEBHOOK_SECRET (at least 32 bytes, with LEAD_WEBHOOK_URL)"]);
    assert_eq!(
        handoffs(&[("LEAD_WEBHOOK_URL", "http://hooks.example"), fub[4]], false).1,
        ["LEAD_WEBHOOK_URL (an https:// URL)"]
    );
}

#[test]
fn leads_are_handed_off_and_the_quiz_and_unverified_posts_are_not() {
    let (set, _) = handoffs(
        &[
            ("FOLLOW_UP_BOSS_API_KEY", "key"),
            ("FOLLOW_UP_BOSS_SYSTEM", "MoveToJax"),
            ("FOLLOW_UP_BOSS_SYSTEM_KEY", "sys"),
            ("LEAD_WEBHOOK_URL", "https://hooks.example/lead"),
            ("LEAD_WEBHOOK_SECRET", SECRET),
        ],
        false,
    );
    let leads =
        [FormKind::Lead, FormKind::ListingRequest, FormKind::Contact, FormKind::Concierge, FormKind::SavedSearch];
    for form in FormKind::ALL {
        let to = if leads.contains(&form) { vec![Handoff::FollowUpBoss, Handoff::Webhook] } else { vec![] };
        assert_eq!(set.for_lead(form, false), to, "{form:?}");
        assert!(set.for_lead(form, true).is_empty(), "{form:?}, unverified");
    }
    let lead = Lead::of("1", FormKind::Contact, &params(&[("from_name", "Ana")]), None);
    let to_fub = set.request(Handoff::FollowUpBoss, &lead, "https://www.movetojax.com", 7).unwrap();
    assert_eq!(to_fub.url, format!("{FOLLOW_UP_BOSS_API_URL}/v1/events"));
    let to_hook = set.request(Handoff::Webhook, &lead, "https://www.movetojax.com", 7).unwrap();
    assert_eq!(to_hook.url, "https://hooks.example/lead");
    let only_hook = Handoffs { follow_up_boss: None, ..set };
    assert_eq!(only_hook.request(Handoff::FollowUpBoss, &lead, "https://www.movetojax.com", 7), None);
    assert_eq!(only_hook.for_lead(FormKind::Contact, false), [Handoff::Webhook]);
    assert!(Handoffs::default().for_lead(FormKind::Contact, false).is_empty());
}

#[test]
fn the_page_is_the_sites_own() {
    let api = "https://www.movetojax.com/api/contact";
    assert_eq!(
        page(Some("https://www.movetojax.com/sell/#form"), api).as_deref(),
        Some("https://www.movetojax.com/sell/")
    );
    assert_eq!(
        page(Some("https://www.movetojax.com/homes/?q=pool"), api).as_deref(),
        Some("https://www.movetojax.com/homes/?q=pool")
    );
    for other in [Some("https://evil.example/sell/"), Some("http://www.movetojax.com/sell/"), Some("nonsense"), None] {
        assert_eq!(page(other, api), None, "{other:?}");
    }
}

#[test]
fn several_listings_are_the_first_as_the_property_and_every_one_in_the_message() {
    let other = "https://www.movetojax.com/homes/12-oak-st-jacksonville-fl-32205-2104001/";
    let listings = format!("https://www.movetojax.com{SHOWING}\n{other}");
    let p = params(&[("from_name", "Ana"), ("message", "Which can I see Saturday?"), ("listing", &listings)]);
    let lead = Lead::of("1", FormKind::Contact, &p, None);
    assert_eq!(lead.event, EventType::PropertyInquiry);
    assert_eq!(lead.property.unwrap().mls_number.as_deref(), Some("2111072"));
    assert_eq!(lead.message, format!("Which can I see Saturday?\n{listings}"));
}
