//! Live reload. Each change to the served site is a new generation, remembered with the files
//! it changed. A page is served with a client that knows the generation and the file it was
//! served from, and long-polls `/__livereload?v=<generation>&page=<file>`: the answer is
//! `reload` once a later generation changed that file or anything pages load (CSS, JS,
//! images, data), else, after a while, the current generation to wait on from then.

use percent_encoding::{utf8_percent_encode, NON_ALPHANUMERIC};
use std::collections::{HashMap, VecDeque};
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant, SystemTime};

/// The live-reload endpoint.
pub const PATH: &str = "/__livereload";
/// How long a long-poll is held open when nothing changes.
const LONG_POLL: Duration = Duration::from_secs(25);
/// How many generations are remembered; a page older than that reloads.
const HISTORY: usize = 100;
/// A page counts as open while its client polled this recently (a poll is answered within
/// `LONG_POLL`, and the client asks again at once).
const OPEN: Duration = Duration::from_secs(30);
/// The most pages rendered ahead of the rest after an edit (the most recently polled).
const OPEN_MAX: usize = 8;

/// What a generation changed.
#[derive(Debug)]
enum Changed {
    /// These output files (written or removed).
    Files(Vec<String>),
    /// Every page: the site built for the first time, or its problems changed.
    Everything,
}

struct State {
    generation: u64,
    /// The latest generations and what each changed, oldest first.
    history: VecDeque<(u64, Changed)>,
    /// Whether the preview folder holds a good build of this run.
    good: bool,
    /// The problems of the latest build, if it failed.
    problems: Option<String>,
    /// The pages open in a browser (output paths), with when their client last polled.
    open: HashMap<String, Instant>,
}

impl State {
    fn next(&mut self, changed: Changed) {
        self.generation += 1;
        if self.history.len() == HISTORY {
            self.history.pop_front();
        }
        self.history.push_back((self.generation, changed));
    }

    /// Whether a page served from `page` at generation `seen` is out of date.
    fn reloads(&self, seen: u64, page: &str) -> bool {
        if seen == self.generation {
            return false;
        }
        // Generations this run never had or no longer remembers.
        if seen > self.generation || self.history.front().is_none_or(|(g, _)| *g > seen + 1) {
            return true;
        }
        self.history.iter().filter(|(g, _)| *g > seen).any(|(_, changed)| match changed {
            Changed::Everything => true,
            Changed::Files(files) => files.iter().any(|f| f == page || loaded_by_pages(f)),
        })
    }
}

/// Whether pages may load the file: anything but pages and what only crawlers and the host
/// read.
fn loaded_by_pages(file: &str) -> bool {
    !file.ends_with(".html") && !matches!(file, "sitemap.xml" | "robots.txt" | "_headers")
}

/// The generations of the served site, shared by the builder and the HTTP side.
pub struct Live {
    state: Mutex<State>,
    /// Signalled with each new generation.
    moved: Condvar,
}

impl Default for Live {
    fn default() -> Live {
        Live::new()
    }
}

impl Live {
    pub fn new() -> Live {
        // Counted on from the start time, so a page served by an earlier run never carries a
        // generation of this one (and so reloads).
        let start = SystemTime::now().duration_since(SystemTime::UNIX_EPOCH).map_or(1, |d| d.as_millis() as u64);
        let state =
            State { generation: start, history: VecDeque::new(), good: false, problems: None, open: HashMap::new() };
        Live { state: Mutex::new(state), moved: Condvar::new() }
    }

    fn state(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn generation(&self) -> u64 {
        self.state().generation
    }

    /// The page to show instead of the site while there is no good build of it.
    pub fn problem_page(&self) -> Option<String> {
        let s = self.state();
        (!s.good).then(|| problem_page(s.problems.as_deref().unwrap_or("the site is being built"), s.generation))
    }

    /// A build was written, changing `changed` (output paths). Returns whether the latest
    /// build before it had failed.
    pub fn built(&self, changed: Vec<String>) -> bool {
        let mut s = self.state();
        let fixed = s.problems.take().is_some();
        if !s.good {
            s.good = true;
            s.next(Changed::Everything);
        } else if !changed.is_empty() {
            s.next(Changed::Files(changed));
        } else {
            return fixed;
        }
        self.moved.notify_all();
        fixed
    }

    /// A build failed with `problems`. Returns whether the last good site is still served;
    /// if there is none, the pages (all showing the problems) reload when the problems change.
    pub fn failed(&self, problems: String) -> bool {
        let mut s = self.state();
        if !s.good && s.problems.as_ref() != Some(&problems) {
            s.next(Changed::Everything);
            self.moved.notify_all();
        }
        s.problems = Some(problems);
        s.good
    }

    /// The pages open in a browser now (output paths), the most recently polled first: a
    /// rebuild renders these before the rest of the site.
    pub fn open_pages(&self) -> Vec<String> {
        let mut s = self.state();
        let now = Instant::now();
        s.open.retain(|_, polled| now.duration_since(*polled) < OPEN);
        let mut open: Vec<(&String, &Instant)> = s.open.iter().collect();
        open.sort_by(|a, b| b.1.cmp(a.1).then_with(|| a.0.cmp(b.0)));
        open.into_iter().take(OPEN_MAX).map(|(page, _)| page.clone()).collect()
    }

    /// The answer to `GET /__livereload?v=<seen>&page=<page>`: `reload`, or the generation
    /// to wait on next; without `seen`, the current generation at once.
    pub fn poll(&self, seen: Option<u64>, page: &str) -> String {
        let mut s = self.state();
        let Some(seen) = seen else {
            return s.generation.to_string();
        };
        // The problem page (no page) is no page of the site.
        if !page.is_empty() {
            s.open.insert(page.to_string(), Instant::now());
        }
        let (mut s, _) =
            self.moved.wait_timeout_while(s, LONG_POLL, |s| !s.reloads(seen, page)).unwrap_or_else(|e| e.into_inner());
        if !page.is_empty() {
            s.open.insert(page.to_string(), Instant::now());
        }
        if s.reloads(seen, page) {
            "reload".into()
        } else {
            s.generation.to_string()
        }
    }
}

/// The script a page served from `page` (output path; empty for the problem page) at
/// `generation` carries.
pub fn client(generation: u64, page: &str) -> String {
    let page = utf8_percent_encode(page, NON_ALPHANUMERIC);
    format!(
        "<script>(()=>{{let v=\"{generation}\";const p=()=>fetch(\"{PATH}?page={page}&v=\"+v,{{cache:\"no-store\"}})\
         .then(r=>r.text()).then(t=>{{t===\"reload\"?location.reload():(v=t,p())}},()=>setTimeout(p,1000));p()}})();\
         </script>"
    )
}

/// `html` with `client` put before its `</body>` (or at its end).
pub fn with_client(mut html: Vec<u8>, client: &str) -> Vec<u8> {
    let at = html.windows(7).rposition(|w| w.eq_ignore_ascii_case(b"</body>")).unwrap_or(html.len());
    html.splice(at..at, client.bytes());
    html
}

/// Shown for every page until the site has built once: the problems, with the client, so it
/// turns into the site as soon as they are fixed.
fn problem_page(problems: &str, generation: u64) -> String {
    format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>The site has problems</title>\
         <style>body{{font:16px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem}}\
         pre{{background:#fff4f4;border:1px solid #e0b4b4;padding:1rem;white-space:pre-wrap;font-size:14px}}</style></head>\
         <body><h1>The site could not be built</h1>\
         <p>Fix these problems in the content; this page reloads by itself when the site builds.</p>\
         <pre>{}</pre>{}</body></html>\n",
        jax_render::html::escape_html(problems),
        client(generation, "")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn live() -> Live {
        let live = Live::new();
        live.built(vec!["index.html".into()]);
        live
    }

    fn poll_now(live: &Live, seen: u64, page: &str) -> bool {
        live.state().reloads(seen, page)
    }

    #[test]
    fn a_page_reloads_when_it_or_what_pages_load_changed() {
        let live = live();
        let g = live.generation();
        assert!(!poll_now(&live, g, "a/index.html"));
        live.built(vec!["b/index.html".into(), "sitemap.xml".into()]);
        assert!(!poll_now(&live, g, "a/index.html"), "another page and the sitemap changed");
        assert!(poll_now(&live, g, "b/index.html"));
        live.built(vec!["data/listings.json".into()]);
        assert!(poll_now(&live, g, "a/index.html"), "a shared asset changed");
        assert!(!poll_now(&live, live.generation(), "a/index.html"));
        // Nothing written is no generation.
        let now = live.generation();
        live.built(Vec::new());
        assert_eq!(live.generation(), now);
    }

    #[test]
    fn unknown_generations_reload() {
        let live = live();
        let g = live.generation();
        assert!(poll_now(&live, g + 1, "a/index.html"), "from a later run");
        assert!(poll_now(&live, g - 5, "a/index.html"), "from an earlier run");
        for _ in 0..=HISTORY {
            live.built(vec!["other/index.html".into()]);
        }
        assert!(poll_now(&live, g, "a/index.html"), "older than the history");
        assert!(!poll_now(&live, g + 1, "a/index.html"));
    }

    #[test]
    fn problems_reload_only_while_there_is_no_good_site() {
        let live = Live::new();
        let g = live.generation();
        assert!(!live.failed("a".into()));
        assert!(poll_now(&live, g, ""), "the problem page shows new problems");
        let g = live.generation();
        assert!(!live.failed("a".into()));
        assert!(!poll_now(&live, g, ""), "the same problems again");
        assert!(live.built(Vec::new()), "fixed");
        assert!(poll_now(&live, g, ""), "the site built");
        let g = live.generation();
        assert!(live.failed("b".into()), "the good site stays");
        assert!(!poll_now(&live, g, "index.html"));
        assert!(live.problem_page().is_none());
    }

    #[test]
    fn polls_answer_at_once_without_a_generation_or_once_stale() {
        let live = live();
        let g = live.generation();
        assert_eq!(live.poll(None, "x"), g.to_string());
        assert_eq!(live.poll(Some(g - 1), "index.html"), "reload");
    }

    #[test]
    fn the_pages_polled_are_open_newest_first() {
        let live = live();
        let g = live.generation();
        assert!(live.open_pages().is_empty());
        live.poll(Some(g - 1), "a/index.html");
        live.poll(Some(g - 1), "");
        live.poll(Some(g - 1), "b/index.html");
        assert_eq!(live.open_pages(), ["b/index.html", "a/index.html"], "the problem page is none");
        live.state().open.insert("old/index.html".into(), Instant::now() - OPEN);
        live.poll(Some(g - 1), "a/index.html");
        assert_eq!(live.open_pages(), ["a/index.html", "b/index.html"], "not polled for {OPEN:?}: closed");
        for i in 0..OPEN_MAX {
            live.poll(Some(g - 1), &format!("{i}/index.html"));
        }
        assert_eq!(live.open_pages().len(), OPEN_MAX);
    }

    #[test]
    fn the_client_goes_before_the_end_of_the_body() {
        let html = with_client(b"<p>x</p></BODY></html>".to_vec(), "<s>");
        assert_eq!(html, b"<p>x</p><s></BODY></html>");
        assert_eq!(with_client(b"<p>x</p>".to_vec(), "<s>"), b"<p>x</p><s>");
        let c = client(7, "listings/a b/index.html");
        assert!(c.contains("let v=\"7\"") && c.contains("page=listings%2Fa%20b%2Findex%2Ehtml&v="), "{c}");
    }
}
