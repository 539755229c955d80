//! The security headers of every answer, pages and API alike: the generator writes them into
//! `dist/_headers` for the static pages, the edge worker adds them to its own answers.

use crate::api::BOT_CHECK_ORIGIN;

/// The origin (`https://host[:port]`) of an https URL, e.g. the development map's embed URL.
pub fn origin(url: &str) -> Option<String> {
    let rest = url.strip_prefix("https://")?;
    let host = rest.split(['/', '?', '#']).next()?;
    (!host.is_empty() && !host.contains('@')).then(|| format!("https://{host}"))
}

/// Headers for every answer, pages and API alike. `frame_origins`: the only sites the pages may
/// embed (the new-developments map). `image_origins`: sites the pages show images from besides
/// their own (the MLS's media host). `script_hashes`: the only inline scripts the pages may run
/// (the islands' early script), as CSP hash sources (`sha256-…`). The bot check (Turnstile) is a
/// script and a frame from its own origin.
pub fn security_headers(
    frame_origins: &[String],
    image_origins: &[String],
    script_hashes: &[String],
) -> Vec<(&'static str, String)> {
    let frames: String = frame_origins.iter().map(|o| format!(" {o}")).collect();
    let images: String = image_origins.iter().map(|o| format!(" {o}")).collect();
    let scripts: String = script_hashes.iter().map(|h| format!(" '{h}'")).collect();
    let csp = [
        "default-src 'self'".to_string(),
        format!("script-src 'self'{scripts} {BOT_CHECK_ORIGIN}"),
        // The pages inline their critical CSS and the islands set inline widths (progress bars).
        "style-src 'self' 'unsafe-inline'".to_string(),
        format!("img-src 'self' data:{images}"),
        "font-src 'self'".to_string(),
        "connect-src 'self'".to_string(),
        format!("frame-src {BOT_CHECK_ORIGIN}{frames}"),
        "frame-ancestors 'none'".to_string(),
        "form-action 'self'".to_string(),
        "base-uri 'self'".to_string(),
        "object-src 'none'".to_string(),
    ]
    .join("; ");
    vec![
        ("Content-Security-Policy", csp),
        ("X-Content-Type-Options", "nosniff".into()),
        ("Referrer-Policy", "strict-origin-when-cross-origin".into()),
        ("Strict-Transport-Security", "max-age=63072000; includeSubDomains; preload".into()),
        ("X-Frame-Options", "DENY".into()),
        ("Permissions-Policy", "camera=(), microphone=(), geolocation=()".into()),
        // No page opened from the site, nor one that opens it, can reach into its window.
        ("Cross-Origin-Opener-Policy", "same-origin".into()),
    ]
}

/// The editor's opener policy: its GitHub sign-in window (opened from it, through GitHub and back)
/// must keep the editor as its opener to hand the token back, so popups keep theirs; that window's
/// own pages say `unsafe-none` (edge/domain/src/editor_auth.rs).
pub const EDITOR_OPENER_POLICY: &str = "same-origin-allow-popups";

/// The browser editor's policy (`/admin/`), which replaces the pages' there: Decap CMS compiles
/// its validators at run time (`'unsafe-eval'`) and styles itself inline; it talks to the site
/// itself, to GitHub's API, and on the agent's own machine to decap-server and the preview
/// (`local`: their URLs); it shows images she is uploading (`blob:`) and GitHub avatars. Its
/// preview is a page of the site in a frame of its own document, which runs the pages' inline
/// scripts (`script_hashes`).
pub fn editor_policy(local: &[&str], script_hashes: &[String]) -> String {
    let local: String = local.iter().map(|url| format!(" {}", origin_of(url))).collect();
    let scripts: String = script_hashes.iter().map(|h| format!(" '{h}'")).collect();
    [
        "default-src 'self'".to_string(),
        format!("script-src 'self' 'unsafe-eval'{scripts}"),
        "style-src 'self' 'unsafe-inline'".to_string(),
        "img-src 'self' data: blob: https://avatars.githubusercontent.com".to_string(),
        "font-src 'self' data:".to_string(),
        // blob:: Decap keeps a draft of the entry being edited.
        format!("connect-src 'self' blob:{local} https://api.github.com"),
        "frame-src 'self'".to_string(),
        "frame-ancestors 'none'".to_string(),
        "form-action 'self'".to_string(),
        "base-uri 'self'".to_string(),
        "object-src 'none'".to_string(),
    ]
    .join("; ")
}

/// `scheme://host[:port]` of a URL.
fn origin_of(url: &str) -> &str {
    let after = url.find("://").map_or(0, |i| i + 3);
    url[after..].find('/').map_or(url, |end| &url[..after + end])
}

/// Files whose URL changes whenever their bytes do: a browser may keep them for a year without
/// asking again. Pages keep the default (`public, max-age=0, must-revalidate`).
pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// The open houses' calendar files (beside their listings' pages) and their type.
pub const CALENDAR_FILES: &str = "/homes/*.ics";
pub const CALENDAR_TYPE: &str = "text/calendar; charset=utf-8";

/// `dist/_headers` (Workers Static Assets): the security headers on every page and file, and
/// `IMMUTABLE` caching under each of `hashed_dirs` (top-level folders holding only files whose
/// names carry a hash of their content). `editor`: the editor's folder and its policy
/// (`editor_policy`), which replaces the pages' there; it is never indexed.
pub fn headers_file(
    frame_origins: &[String],
    image_origins: &[String],
    script_hashes: &[String],
    hashed_dirs: &[&str],
    editor: Option<(&str, &str)>,
) -> String {
    let mut out = String::from("/*\n");
    for (name, value) in security_headers(frame_origins, image_origins, script_hashes) {
        out.push_str(&format!("  {name}: {value}\n"));
    }
    // The open houses' calendar files, whatever type the upload guessed: a phone opens
    // text/calendar in its calendar.
    out.push_str(&format!("{CALENDAR_FILES}\n  Content-Type: {CALENDAR_TYPE}\n"));
    for dir in hashed_dirs {
        out.push_str(&format!("/{dir}/*\n  Cache-Control: {IMMUTABLE}\n"));
    }
    if let Some((dir, policy)) = editor {
        out.push_str(&format!(
            "/{dir}/*\n  ! Content-Security-Policy\n  Content-Security-Policy: {policy}\n  \
             ! Cross-Origin-Opener-Policy\n  Cross-Origin-Opener-Policy: {EDITOR_OPENER_POLICY}\n  X-Robots-Tag: noindex\n"
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_policy_allows_only_the_map_frame() {
        let map = origin("https://www.google.com/maps/d/embed?mid=x").unwrap();
        assert_eq!(map, "https://www.google.com");
        assert_eq!(origin("http://example.com"), None);
        assert_eq!(origin("https://user@evil.com/"), None);
        let headers = security_headers(&[map], &[], &[]);
        let csp = &headers.iter().find(|(k, _)| *k == "Content-Security-Policy").unwrap().1;
        assert!(csp.contains("frame-src https://challenges.cloudflare.com https://www.google.com;"));
        assert!(csp.contains("frame-ancestors 'none'"));
        assert!(csp.contains("script-src 'self' https://challenges.cloudflare.com;"));
        assert!(headers.iter().any(|(k, v)| *k == "X-Content-Type-Options" && v == "nosniff"));
        let none = security_headers(&[], &[], &[]);
        assert!(none[0].1.contains("img-src 'self' data:;"));
        let media = security_headers(&[], &["https://photos.mls.example".into()], &[]);
        assert!(media[0].1.contains("img-src 'self' data: https://photos.mls.example;"));
        assert!(none[0].1.contains("frame-src https://challenges.cloudflare.com;"));
    }

    #[test]
    fn inline_scripts_are_allowed_by_their_hash_only() {
        let headers = security_headers(&[], &[], &["sha256-a".into(), "sha256-b".into()]);
        assert!(headers[0].1.contains("script-src 'self' 'sha256-a' 'sha256-b' https://challenges.cloudflare.com;"));
    }

    #[test]
    fn the_headers_file_applies_to_every_path() {
        let file = headers_file(&["https://www.google.com".into()], &[], &[], &[], None);
        assert!(file.starts_with("/*\n  Content-Security-Policy: default-src 'self';"));
        assert!(file.contains("\n  X-Content-Type-Options: nosniff\n"));
        assert!(!file.contains("Cache-Control"), "pages keep the revalidating default");
        assert!(file.contains("\n/homes/*.ics\n  Content-Type: text/calendar; charset=utf-8\n"));
    }

    #[test]
    fn the_editor_has_its_own_policy_in_its_folder_only() {
        let policy = editor_policy(
            &["http://127.0.0.1:8081/api/v1", "http://127.0.0.1:8082/__preview"],
            &["sha256-abc=".to_string()],
        );
        assert!(policy
            .contains("connect-src 'self' blob: http://127.0.0.1:8081 http://127.0.0.1:8082 https://api.github.com;"));
        assert!(policy.contains("script-src 'self' 'unsafe-eval' 'sha256-abc=';"));
        let file = headers_file(&[], &[], &[], &[], Some(("admin", &policy)));
        let pages = file.split("/admin/*\n").next().unwrap();
        assert!(!pages.contains("unsafe-eval"), "the pages keep theirs");
        assert!(file.ends_with(&format!(
            "/admin/*\n  ! Content-Security-Policy\n  Content-Security-Policy: {policy}\n  \
             ! Cross-Origin-Opener-Policy\n  Cross-Origin-Opener-Policy: same-origin-allow-popups\n  X-Robots-Tag: noindex\n"
        )));
        assert!(pages.contains("\n  Cross-Origin-Opener-Policy: same-origin\n"), "the pages keep theirs");
    }

    #[test]
    fn only_hashed_folders_are_cached_for_a_year() {
        let file = headers_file(&[], &[], &[], &["assets", "images"], None);
        let rules: Vec<&str> = file.split_inclusive('\n').filter(|l| !l.starts_with(' ')).collect();
        assert_eq!(rules, ["/*\n", "/homes/*.ics\n", "/assets/*\n", "/images/*\n"]);
        assert!(file.ends_with(
            "/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n\
             /images/*\n  Cache-Control: public, max-age=31536000, immutable\n"
        ));
    }
}
