//! Serving the preview folder: files as written, pages with the live-reload client added,
//! the site's 404 page for anything missing, and nothing outside the folder.

use super::preview::{self, Answer};
use super::reload;
use super::shared::Shared;
use percent_encoding::percent_decode_str;
use std::io::Read;
use std::path::{Component, Path};
use tiny_http::{Header, Method, Request, Response};

/// The page served for paths that name no file.
const NOT_FOUND: &str = "404.html";

fn header(name: &str, value: &str) -> Header {
    Header::from_bytes(name.as_bytes(), value.as_bytes()).expect("valid header")
}

fn respond(request: Request, status: u16, content_type: &str, body: Vec<u8>, extra: impl IntoIterator<Item = Header>) {
    let mut response = Response::from_data(body)
        .with_chunked_threshold(usize::MAX)
        .with_status_code(status)
        .with_header(header("Content-Type", content_type))
        .with_header(header("Cache-Control", "no-store"));
    for h in extra {
        response.add_header(h);
    }
    // The client may have gone away (a reloaded page drops its long-poll); nothing to do then.
    let _ = request.respond(response);
}

fn text(request: Request, status: u16, body: &str) {
    respond(request, status, "text/plain; charset=utf-8", body.as_bytes().to_vec(), None);
}

pub fn handle(request: Request, shared: &Shared) {
    if request.url() == preview::PATH {
        return preview_request(request, shared);
    }
    if !matches!(request.method(), Method::Get | Method::Head) {
        let allow = header("Allow", "GET, HEAD");
        return respond(request, 405, "text/plain; charset=utf-8", b"method not allowed\n".to_vec(), Some(allow));
    }
    let url = request.url().to_string();
    let (path, query) = url.split_once('?').map_or((url.as_str(), None), |(p, q)| (p, Some(q)));
    if path == reload::PATH {
        let (seen, page) = poll_query(query.unwrap_or_default());
        let answer = shared.live.poll(seen, &page);
        return text(request, 200, &answer);
    }
    if let Some(page) = shared.live.problem_page() {
        return respond(request, 500, "text/html; charset=utf-8", page.into_bytes(), None);
    }
    match resolve(&shared.out, path) {
        Resolved::Refused => text(request, 400, "bad path\n"),
        Resolved::Redirect => {
            // Rebuilt from the segments: `//host` must not become a redirect to another site.
            let mut location: String = path.split('/').filter(|s| !s.is_empty()).flat_map(|s| ["/", s]).collect();
            location.push('/');
            if let Some(q) = query {
                location.push('?');
                location.push_str(q);
            }
            respond(request, 302, "text/plain; charset=utf-8", Vec::new(), Some(header("Location", &location)));
        }
        Resolved::File(file) => match read(shared, &file) {
            Some(body) => respond(request, 200, &content_type(&file), body, None),
            None => not_found(request, shared),
        },
        Resolved::NotFound => not_found(request, shared),
    }
}

/// The editor's preview (`serve::preview`), asked from the editor's page on this machine: its
/// origin (loopback only) may read the answer.
fn preview_request(mut request: Request, shared: &Shared) {
    let named = |name: &'static str| {
        request.headers().iter().find(|h| h.field.equiv(name)).map(|h| h.value.as_str().to_string())
    };
    let (origin, content_type) = (named("Origin"), named("Content-Type"));
    let mut cors = vec![header("Vary", "Origin")];
    cors.extend(origin.iter().filter(|o| is_loopback_origin(o)).map(|o| header("Access-Control-Allow-Origin", o)));
    let json = "application/json";
    match request.method() {
        Method::Options => {
            cors.push(header("Access-Control-Allow-Methods", "POST"));
            cors.push(header("Access-Control-Allow-Headers", "Content-Type"));
            cors.push(header("Access-Control-Max-Age", "600"));
            return respond(request, 204, "text/plain; charset=utf-8", Vec::new(), cors);
        }
        Method::Post => {}
        _ => {
            cors.push(header("Allow", "POST, OPTIONS"));
            return respond(request, 405, "text/plain; charset=utf-8", b"method not allowed\n".to_vec(), cors);
        }
    }
    let problem = |message: &str| serde_json::json!({ "problems": [{ "message": message }] }).to_string().into_bytes();
    if let Some((status, why)) = preview_refusal(origin.as_deref(), content_type.as_deref()) {
        return respond(request, status, json, problem(why), cors);
    }
    let mut body = Vec::new();
    let read = request.as_reader().take(preview::MAX_BODY as u64 + 1).read_to_end(&mut body);
    if read.is_err() || body.len() > preview::MAX_BODY {
        let message = format!("a preview request is at most {} bytes", preview::MAX_BODY);
        return respond(request, 413, json, problem(&message), cors);
    }
    #[derive(serde::Deserialize)]
    struct Asked {
        file: String,
        text: String,
    }
    let asked: Asked = match serde_json::from_slice(&body) {
        Ok(a) => a,
        Err(e) => return respond(request, 400, json, problem(&format!("expected {{\"file\", \"text\"}}: {e}")), cors),
    };
    match shared.preview.render(&shared.engine, &asked.file, asked.text) {
        Ok(Answer::Page(page)) => respond(request, 200, "text/html; charset=utf-8", page, cors),
        Ok(Answer::Problems(problems)) => {
            let list: Vec<serde_json::Value> = problems
                .iter()
                .map(|d| serde_json::json!({ "file": d.file, "line": d.line, "column": d.column, "field": d.field, "message": d.message }))
                .collect();
            respond(request, 422, json, serde_json::json!({ "problems": list }).to_string().into_bytes(), cors)
        }
        Ok(Answer::Refused(why)) => respond(request, 404, json, problem(&why), cors),
        Ok(Answer::Superseded) => respond(request, 409, json, problem("a newer text of this file came"), cors),
        Err(e) => respond(request, 500, json, problem(&jax_load::describe(&e)), cors),
    }
}

/// `http://127.0.0.1:8787`, `http://localhost:8787`: the editor opened on this machine.
/// Why a preview POST is refused before its body is read: another site's page (a browser names
/// it), or a body that is not JSON — a page anywhere may send text/plain to this port without
/// asking first; for JSON the browser asks (OPTIONS), and only a loopback page is told yes.
fn preview_refusal(origin: Option<&str>, content_type: Option<&str>) -> Option<(u16, &'static str)> {
    if origin.is_some_and(|o| !is_loopback_origin(o)) {
        return Some((403, "the preview answers the editor on this computer only"));
    }
    let essence = content_type.and_then(|t| t.split(';').next()).map(str::trim);
    if !essence.is_some_and(|t| t.eq_ignore_ascii_case("application/json")) {
        return Some((415, "send the entry as application/json"));
    }
    None
}

fn is_loopback_origin(origin: &str) -> bool {
    let Some(rest) = origin.strip_prefix("http://") else { return false };
    let host = rest.rsplit_once(':').filter(|(_, port)| port.parse::<u16>().is_ok()).map_or(rest, |(h, _)| h);
    matches!(host, "127.0.0.1" | "localhost" | "[::1]")
}

/// `v` and `page` of a live-reload query.
fn poll_query(query: &str) -> (Option<u64>, String) {
    let mut seen = None;
    let mut page = String::new();
    for (key, value) in query.split('&').filter_map(|kv| kv.split_once('=')) {
        match key {
            "v" => seen = value.parse().ok(),
            "page" => page = percent_decode_str(value).decode_utf8_lossy().into_owned(),
            _ => {}
        }
    }
    (seen, page)
}

/// A file of the preview folder (output path `file`) as served: pages with the client of the
/// generation they belong to.
fn read(shared: &Shared, file: &str) -> Option<Vec<u8>> {
    let (bytes, generation) = {
        let _reading = shared.files.read().unwrap_or_else(|e| e.into_inner());
        (std::fs::read(shared.out.join(file)).ok()?, shared.live.generation())
    };
    Some(if file.ends_with(".html") { reload::with_client(bytes, &reload::client(generation, file)) } else { bytes })
}

/// The site's own 404 page, with status 404.
fn not_found(request: Request, shared: &Shared) {
    match read(shared, NOT_FOUND) {
        Some(page) => respond(request, 404, "text/html; charset=utf-8", page, None),
        None => text(request, 404, "not found\n"),
    }
}

fn content_type(file: &str) -> String {
    let mime = mime_guess::from_path(file).first_or_octet_stream();
    // RFC 7303 prefers it to `text/xml`.
    if mime == mime_guess::mime::TEXT_XML {
        return "application/xml".into();
    }
    // Every text the generator writes is UTF-8.
    if mime.type_() == mime_guess::mime::TEXT {
        return format!("{mime}; charset=utf-8");
    }
    mime.to_string()
}

#[derive(Debug, PartialEq)]
enum Resolved {
    /// A file, by its output path (`/` separators).
    File(String),
    /// A folder asked for without its trailing slash.
    Redirect,
    NotFound,
    /// Not UTF-8, or trying to leave the output folder.
    Refused,
}

/// The file a URL path names inside `out`. `/x/` means `/x/index.html`.
fn resolve(out: &Path, path: &str) -> Resolved {
    let Ok(path) = percent_decode_str(path).decode_utf8() else {
        return Resolved::Refused;
    };
    let Some(relative) = path.strip_prefix('/') else {
        return Resolved::Refused;
    };
    // `\` would be a separator on Windows; no file of the site has either.
    if relative.contains(['\\', '\0']) {
        return Resolved::Refused;
    }
    let mut segments = Vec::new();
    for component in Path::new(relative).components() {
        let Component::Normal(segment) = component else {
            return Resolved::Refused;
        };
        let segment = segment.to_str().expect("from a str");
        // Hidden files (such as the generator's marker) are not part of the site.
        if segment.starts_with('.') && segment != ".well-known" {
            return Resolved::NotFound;
        }
        segments.push(segment);
    }
    if path.ends_with('/') {
        segments.push("index.html");
    } else if out.join(segments.join("/")).is_dir() {
        return Resolved::Redirect;
    }
    let file = segments.join("/");
    if out.join(&file).is_file() {
        Resolved::File(file)
    } else {
        Resolved::NotFound
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolves_inside_the_output_folder_only() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path();
        std::fs::create_dir_all(out.join("x y")).unwrap();
        std::fs::write(out.join("x y/index.html"), "x").unwrap();
        std::fs::write(out.join("index.html"), "home").unwrap();
        std::fs::write(out.join(".assetsignore"), "").unwrap();
        let file = |f: &str| Resolved::File(f.into());
        assert_eq!(resolve(out, "/"), file("index.html"));
        assert_eq!(resolve(out, "/x%20y/"), file("x y/index.html"));
        assert_eq!(resolve(out, "/x%20y"), Resolved::Redirect);
        assert_eq!(resolve(out, "/y/"), Resolved::NotFound);
        assert_eq!(resolve(out, "/.assetsignore"), Resolved::NotFound);
        assert_eq!(resolve(out, "/%"), Resolved::NotFound);
        for bad in
            ["/../x", "/x/../../etc/passwd", "/%2e%2e/x", "/x/%2E%2E/%2e%2e/y", "/a%5cb", "/a%00", "x", "/%ff", "//etc"]
        {
            assert_eq!(resolve(out, bad), Resolved::Refused, "{bad}");
        }
    }

    #[test]
    fn the_preview_takes_json_from_this_computers_pages_only() {
        let page = Some("http://127.0.0.1:8787");
        assert_eq!(preview_refusal(page, Some("application/json")), None);
        assert_eq!(preview_refusal(page, Some("Application/JSON; charset=utf-8")), None);
        // A tool on this machine (no Origin) is the editor's equal.
        assert_eq!(preview_refusal(None, Some("application/json")), None);
        for simple in [None, Some("text/plain"), Some("application/x-www-form-urlencoded"), Some("multipart/form-data")]
        {
            assert_eq!(preview_refusal(page, simple).map(|r| r.0), Some(415), "{simple:?}");
        }
        for elsewhere in ["https://evil.example", "http://127.0.0.1.evil.example", "null"] {
            assert_eq!(
                preview_refusal(Some(elsewhere), Some("application/json")).map(|r| r.0),
                Some(403),
                "{elsewhere}"
            );
        }
    }

    #[test]
    fn types_of_what_the_site_publishes() {
        assert_eq!(content_type("a/index.html"), "text/html; charset=utf-8");
        assert_eq!(content_type("sitemap.xml"), "application/xml");
        assert_eq!(content_type("robots.txt"), "text/plain; charset=utf-8");
        assert_eq!(content_type("data/site.json"), "application/json");
        assert_eq!(content_type("assets/a.js"), "text/javascript; charset=utf-8");
        assert_eq!(content_type("images/a.webp"), "image/webp");
        assert_eq!(content_type("_headers"), "application/octet-stream");
    }

    #[test]
    fn reads_the_live_reload_query() {
        assert_eq!(poll_query("page=listings%2Fa%2Findex.html&v=12"), (Some(12), "listings/a/index.html".into()));
        assert_eq!(poll_query(""), (None, String::new()));
    }
}
