use super::*;
use base64::Engine;
use sha2::Digest;

fn app(vars: &[(&str, &str)]) -> Result<Option<GitHubApp>, Vec<String>> {
    GitHubApp::from_lookup(|name| vars.iter().find(|(k, _)| *k == name).map(|(_, v)| v.to_string()))
}

const KEYS: [(&str, &str); 2] = [("GITHUB_CLIENT_ID", "Iv1.abc"), ("GITHUB_CLIENT_SECRET", "s3cret")];

fn query(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

#[test]
fn the_sign_in_is_off_without_keys_and_misconfigured_with_one() {
    assert_eq!(app(&[]), Ok(None));
    assert_eq!(app(&[("GITHUB_CLIENT_ID", " ")]), Ok(None));
    assert_eq!(app(&KEYS[..1]), Err(vec!["GITHUB_CLIENT_SECRET (with GITHUB_CLIENT_ID)".to_string()]));
    assert_eq!(app(&KEYS[1..]), Err(vec!["GITHUB_CLIENT_ID (with GITHUB_CLIENT_SECRET)".to_string()]));
    let on = app(&KEYS).unwrap().unwrap();
    assert_eq!((on.web_url.as_str(), on.api_url.as_str()), (WEB_URL, API_URL));
    let fake = [KEYS[0], KEYS[1], ("GITHUB_URL", "http://127.0.0.1:9/"), ("GITHUB_API_URL", "http://example.com")];
    assert_eq!(app(&fake), Err(vec!["GITHUB_API_URL (an https:// URL)".to_string()]));
    let fake = [KEYS[0], KEYS[1], ("GITHUB_URL", "http://127.0.0.1:9/"), ("GITHUB_API_URL", "http://127.0.0.1:9/api")];
    assert_eq!(app(&fake).unwrap().unwrap().web_url, "http://127.0.0.1:9");
}

#[test]
fn consent_asks_for_no_scope_coming_back_to_this_origin() {
    let on = app(&KEYS).unwrap().unwrap();
    // A GitHub App's token does what its installation allows; `scope=repo` would be an OAuth
    // app's key to every repository she has.
    assert_eq!(
        on.authorize_url("https://www.movetojax.com", "ab12"),
        "https://github.com/login/oauth/authorize?client_id=Iv1.abc&redirect_uri=https%3A%2F%2Fwww.movetojax.com%2Fapi%2Fauth%2Fgithub%2Fcallback&state=ab12&allow_signup=false"
    );
    let (url, body) = on.token_request("https://www.movetojax.com", "c0de");
    assert_eq!(url, "https://github.com/login/oauth/access_token");
    assert!(body.starts_with("client_id=Iv1.abc&client_secret=s3cret&code=c0de&redirect_uri=https%3A%2F%2F"));
    let (url, body) = on.refresh_request("ghr_r+1");
    assert_eq!(url, "https://github.com/login/oauth/access_token");
    assert_eq!(body, "client_id=Iv1.abc&client_secret=s3cret&grant_type=refresh_token&refresh_token=ghr_r%2B1");
}

#[test]
fn the_refresh_token_stays_in_a_cookie_scripts_cannot_read_and_other_sites_cannot_send() {
    assert_eq!(
        refresh_cookie("ghr_abc", 15_897_600),
        "__Host-editor-refresh=ghr_abc; Path=/; Max-Age=15897600; HttpOnly; Secure; SameSite=Strict"
    );
    assert!(cleared_refresh_cookie().starts_with("__Host-editor-refresh=; Path=/; Max-Age=0; HttpOnly"));
    let header = format!("{STATE_COOKIE}=s; {REFRESH_COOKIE}=ghr_abc");
    assert_eq!(cookie(Some(&header), REFRESH_COOKIE), Some("ghr_abc"));
    assert_eq!(cookie(Some(&format!("{REFRESH_COOKIE}=")), REFRESH_COOKIE), None);
    assert_eq!(cookie(None, REFRESH_COOKIE), None);
}

#[test]
fn the_state_must_be_the_one_this_browser_started_with() {
    let state = state_of(&[7; 32]);
    assert_eq!(state.len(), 64);
    let cookie = format!("theme=dark; {STATE_COOKIE}={state}; other=1");
    let held = cookie_state(Some(&cookie));
    assert_eq!(held, Some(state.as_str()));
    assert_eq!(callback(&query(&[("code", "c"), ("state", &state)]), held), Callback::Code("c".into()));
    // Someone else's state, none, or no cookie: refused before GitHub is asked anything.
    let other = state_of(&[8; 32]);
    assert_eq!(callback(&query(&[("code", "c"), ("state", &other)]), held), Callback::WrongState);
    assert_eq!(callback(&query(&[("code", "c")]), held), Callback::WrongState);
    assert_eq!(callback(&query(&[("code", "c"), ("state", &state)]), None), Callback::WrongState);
    assert_eq!(callback(&query(&[("code", "c"), ("state", "")]), Some("")), Callback::WrongState);
    assert_eq!(callback(&query(&[("error", "access_denied"), ("state", &other)]), held), Callback::WrongState);
    // Her refusal on GitHub's page, or GitHub's own error, with the right state.
    assert_eq!(callback(&query(&[("error", "access_denied"), ("state", &state)]), held), Callback::Denied);
    assert_eq!(
        callback(&query(&[("error", "redirect_uri_mismatch"), ("state", &state)]), held),
        Callback::Failed("redirect_uri_mismatch".into())
    );
    // Anything else in its place is not written to the log as sent.
    for forged in ["x\nGET /admin 200", "Ana Ruiz <ana@example.com>", &"a".repeat(65)] {
        assert_eq!(
            callback(&query(&[("error", forged), ("state", &state)]), held),
            Callback::Failed("an error that is not one of GitHub's codes".into()),
            "{forged}"
        );
    }
}

#[test]
fn githubs_answers_read() {
    let app_tokens = r#"{"access_token":"ghu_x","expires_in":28800,"refresh_token":"ghr_y","refresh_token_expires_in":15897600,"token_type":"bearer","scope":""}"#;
    assert_eq!(
        tokens_of(app_tokens),
        Ok(Tokens { access: "ghu_x".into(), expires_in: 28800, refresh: "ghr_y".into(), refresh_expires_in: 15897600 })
    );
    // An OAuth app's token (or a GitHub App's with expiring tokens off) is never handed on.
    assert_eq!(
        tokens_of(r#"{"access_token":"gho_x","token_type":"bearer","scope":"repo"}"#),
        Err(NoTokens::NeverExpires)
    );
    assert_eq!(
        tokens_of(r#"{"access_token":"ghu_x","expires_in":28800,"token_type":"bearer"}"#),
        Err(NoTokens::NeverExpires)
    );
    assert_eq!(
        tokens_of(r#"{"error":"bad_refresh_token","error_description":"…"}"#),
        Err(NoTokens::Refused("bad_refresh_token".into()))
    );
    assert_eq!(tokens_of("<html>"), Err(NoTokens::Refused("no_token".into())));
    assert_eq!(
        tokens_of(r#"{"error":"Ana <ana@example.com>"}"#),
        Err(NoTokens::Refused("an error that is not one of GitHub's codes".into()))
    );
    assert_eq!(login_of(r#"{"login":"awhitfield","id":1}"#), Some("awhitfield".into()));
    assert_eq!(login_of("{}"), None);
}

#[test]
fn the_page_hands_the_editor_its_message_escaped_and_runs_only_its_own_script() {
    let page = Outcome::SignedIn { token: "ghu_\"<x>".into(), expires_in: 28800 }.page();
    assert!(page.contains(r#"data-message="authorization:github:success:{&quot;expires_in&quot;:28800,&quot;provider&quot;:&quot;github&quot;,&quot;token&quot;:&quot;ghu_\&quot;&lt;x&gt;&quot;}""#), "{page}");
    assert!(page.contains(&format!("<script>{SCRIPT}</script>")));
    let refused = Outcome::refused(403, not_allowed("mallory"));
    assert_eq!(refused.status(), 403);
    let page = refused.page();
    assert!(page.contains("<h1>Not signed in</h1><p>The GitHub account mallory may not edit this site"));
    assert!(page.contains("authorization:github:error:{&quot;message&quot;:&quot;The GitHub account mallory"));
    let hash = format!("sha256-{}", base64::engine::general_purpose::STANDARD.encode(sha2::Sha256::digest(SCRIPT)));
    assert_eq!(SCRIPT_HASH, hash, "SCRIPT changed: set SCRIPT_HASH to its new hash");
    assert!(page_headers()[0].1.contains(&format!("script-src '{hash}'")));
    assert!(page_headers().contains(&("Cross-Origin-Opener-Policy", "unsafe-none".into())));
}
