//! Watching the sources: a burst of file events (debounced by `notify-debouncer-full`) that
//! may change the site asks for one rebuild.

use anyhow::{Context, Result};
use notify_debouncer_full::notify::event::{AccessKind, AccessMode};
use notify_debouncer_full::notify::{EventKind, RecommendedWatcher, RecursiveMode};
use notify_debouncer_full::{new_debouncer, DebounceEventResult, DebouncedEvent, Debouncer, RecommendedCache};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

/// How long an event waits for more of its burst before it is passed on.
const DEBOUNCE: Duration = Duration::from_millis(50);

/// What a burst of changes touched.
#[derive(Debug, Default, PartialEq)]
pub struct Change {
    /// Some changed path is in the templates folder.
    pub templates: bool,
}

pub struct Watch {
    /// Kept to keep watching.
    _debouncer: Debouncer<RecommendedWatcher, RecommendedCache>,
    events: Receiver<DebounceEventResult>,
    /// Folders whose changes never need a build (the output and the cache, should they sit
    /// inside a watched folder).
    ignored: Vec<PathBuf>,
    templates: Option<PathBuf>,
}

impl Watch {
    /// Watch `folders` (recursively), except `ignored`; `templates` is one of `folders`.
    pub fn start(folders: &[PathBuf], ignored: &[&Path], templates: Option<&Path>) -> Result<Watch> {
        let (tx, events) = mpsc::channel();
        let mut debouncer = new_debouncer(DEBOUNCE, None, tx).context("starting the file watcher")?;
        for folder in folders {
            // Absolute, so event paths compare with the ignored folders and the templates'.
            debouncer
                .watch(absolute(folder), RecursiveMode::Recursive)
                .with_context(|| format!("watching {}", folder.display()))?;
        }
        let ignored = ignored.iter().map(|p| absolute(p)).collect();
        Ok(Watch { _debouncer: debouncer, events, ignored, templates: templates.map(absolute) })
    }

    /// Waits for changes that may alter the site, and takes all that have come by then;
    /// `None` once the watcher has stopped.
    pub fn next(&self) -> Option<Change> {
        loop {
            let mut change = self.change(self.events.recv().ok()?);
            while let Ok(more) = self.events.try_recv() {
                change = match (change, self.change(more)) {
                    (Some(a), Some(b)) => Some(Change { templates: a.templates || b.templates }),
                    (a, b) => a.or(b),
                };
            }
            if change.is_some() {
                return change;
            }
        }
    }

    /// What a batch of events changed, if anything.
    fn change(&self, batch: DebounceEventResult) -> Option<Change> {
        let events = match batch {
            Ok(events) => events,
            Err(errors) => {
                for e in errors {
                    eprintln!("file watcher: {e}");
                }
                // Something may have been missed: rebuild everything.
                return Some(Change { templates: self.templates.is_some() });
            }
        };
        let paths: Vec<&PathBuf> =
            events.iter().filter(|e| changes(e)).flat_map(|e| &e.paths).filter(|p| !self.ignores(p)).collect();
        if paths.is_empty() {
            return None;
        }
        Some(Change { templates: self.templates.as_ref().is_some_and(|t| paths.iter().any(|p| p.starts_with(t))) })
    }

    fn ignores(&self, path: &Path) -> bool {
        self.ignored.iter().any(|d| path.starts_with(d)) || is_scratch(path)
    }
}

/// Reading a file (as every build does) is no change; finishing writing one is.
fn changes(event: &DebouncedEvent) -> bool {
    !matches!(event.kind, EventKind::Access(k) if k != AccessKind::Close(AccessMode::Write))
}

/// Editors' backup, lock and swap files (and vim's write test, `4913`).
fn is_scratch(path: &Path) -> bool {
    path.file_name().map(|n| n.to_string_lossy()).is_some_and(|n| {
        n.starts_with(".#") || n.ends_with('~') || n.ends_with(".swp") || n.ends_with(".swx") || n == "4913"
    })
}

/// The path made absolute (and canonical when it exists), to compare with watcher paths.
fn absolute(p: &std::path::Path) -> PathBuf {
    p.canonicalize().or_else(|_| std::path::absolute(p)).unwrap_or_else(|_| p.to_path_buf())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edits_start_a_rebuild_and_say_whether_they_touched_the_templates() {
        let dir = tempfile::tempdir().unwrap();
        let content = dir.path().join("content");
        let templates = dir.path().join("templates");
        let out = content.join("out");
        for d in [&content, &templates, &out] {
            std::fs::create_dir_all(d).unwrap();
        }
        let watch = Watch::start(&[content.clone(), templates.clone()], &[&out], Some(&templates)).unwrap();
        // The watcher's answers, with a deadline (a missed event fails rather than hangs).
        let (tx, changes) = mpsc::channel();
        std::thread::spawn(move || {
            while let Some(c) = watch.next() {
                if tx.send(c).is_err() {
                    break;
                }
            }
        });
        let next = || changes.recv_timeout(Duration::from_secs(10)).expect("a change within 10 s");
        // Ignored: the output folder, and editors' scratch files.
        std::fs::write(out.join("index.html"), "x").unwrap();
        std::fs::write(content.join("site.yaml~"), "x").unwrap();
        std::fs::write(content.join("site.yaml"), "x").unwrap();
        assert_eq!(next(), Change { templates: false });
        std::fs::write(templates.join("base.html"), "x").unwrap();
        // The rest of the first burst may come in a later batch (a loaded machine splits
        // them); the template's change still comes, and says so.
        let later: Vec<Change> = std::iter::repeat_with(next).take_while(|c| !c.templates).take(5).collect();
        assert!(later.len() < 5, "no change said it touched the templates: {later:?}");
    }
}
