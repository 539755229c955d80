//! Runs `site/build/render-reports.mjs` (mdx-js and React's static renderer) once for every report
//! not compiled before. Results are kept in the cache folder by a hash of the text, the script
//! and the islands' lockfile, so a rebuild with unchanged reports starts no Node process.

use super::Compiled;
use anyhow::{anyhow, bail, Context, Result};
use jax_model::report::Report;
use jax_model::{Diagnostic, Diagnostics};
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

#[derive(Serialize)]
struct Input<'a> {
    /// The components' names: mdx-js puts a placeholder where each is used.
    components: Vec<&'static str>,
    reports: Vec<Text<'a>>,
}

#[derive(Serialize)]
struct Text<'a> {
    body: &'a str,
    shift: i8,
}

fn names() -> Vec<&'static str> {
    jax_model::report::COMPONENTS.iter().map(|(name, _, _)| *name).collect()
}

#[derive(Deserialize)]
#[serde(untagged)]
enum Answer {
    Compiled(Vec<Compiled>),
    Failed { error: Failure },
}

#[derive(Deserialize)]
struct Failure {
    index: usize,
    line: usize,
    column: usize,
    message: String,
}

/// The hash every cached result of this script shares: the script and the lockfile beside it.
fn script_key(script: &Path) -> Result<blake3::Hasher> {
    let code = std::fs::read(script).with_context(|| {
        format!(
            "reading {} (the reports are compiled by it; run from the repository's root, or pass --mdx-renderer)",
            script.display()
        )
    })?;
    let mut h = blake3::Hasher::new();
    h.update(&code);
    h.update(names().join(",").as_bytes());
    let lock = script.parent().and_then(Path::parent).map(|site| site.join("package-lock.json"));
    if let Some(lock) = lock.and_then(|l| std::fs::read(l).ok()) {
        h.update(&lock);
    }
    Ok(h)
}

fn cache_file(cache: &Path, key: &blake3::Hasher, r: &Report, shift: i8) -> PathBuf {
    let mut h = key.clone();
    h.update(&[shift as u8]);
    h.update(r.body.as_bytes());
    cache.join(format!("{}.json", h.finalize().to_hex()))
}

/// Compile `reports` (each with its check), in order.
pub fn compile(reports: &[Report], script: &Path, cache: &Path) -> Result<Vec<Compiled>> {
    let key = script_key(script)?;
    let files: Vec<PathBuf> = reports.iter().map(|r| cache_file(cache, &key, r, r.heading_shift)).collect();
    let mut out: Vec<Option<Compiled>> =
        files.iter().map(|f| std::fs::read(f).ok().and_then(|b| serde_json::from_slice(&b).ok())).collect();
    let todo: Vec<usize> = (0..reports.len()).filter(|i| out[*i].is_none()).collect();
    if !todo.is_empty() {
        let texts = todo.iter().map(|&i| Text { body: &reports[i].body, shift: reports[i].heading_shift }).collect();
        let fresh =
            run(script, &Input { components: names(), reports: texts }).map_err(|e| match e.downcast::<Refused>() {
                Ok(Refused(i, d)) => anyhow::Error::new(Diagnostics(vec![located(&reports[todo[i]], d)])),
                Err(e) => e,
            })?;
        std::fs::create_dir_all(cache).with_context(|| format!("creating {}", cache.display()))?;
        for (&i, compiled) in todo.iter().zip(fresh) {
            let bytes = serde_json::to_vec(&compiled).context("serializing a compiled report")?;
            std::fs::write(&files[i], bytes).with_context(|| format!("writing {}", files[i].display()))?;
            out[i] = Some(compiled);
        }
    }
    out.into_iter().map(|c| c.ok_or_else(|| anyhow!("a report was not compiled"))).collect()
}

/// A problem mdx-js found, at the file's own line.
fn located(r: &Report, d: Diagnostic) -> Diagnostic {
    Diagnostic { file: r.source.file.clone(), line: r.body_line + d.line.max(1) - 1, ..d }
}

/// mdx-js refused the input at this index.
#[derive(Debug)]
struct Refused(usize, Diagnostic);

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "report {}: {}", self.0, self.1)
    }
}

impl std::error::Error for Refused {}

/// The script on `input`; an error downcasting to `Refused` when mdx-js refuses one.
fn run(script: &Path, input: &Input) -> Result<Vec<Compiled>> {
    let stdin = serde_json::to_vec(input).context("serializing the reports for mdx-js")?;
    let mut child = Command::new("node")
        .arg(script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => anyhow!(
                "`node` was not found on PATH: the reports are compiled with Node (`make build` puts Node 24 first on PATH)"
            ),
            _ => anyhow!(e).context(format!("starting `node {}`", script.display())),
        })?;
    let mut pipe = child.stdin.take().context("opening node's stdin")?;
    let writer = std::thread::spawn(move || pipe.write_all(&stdin));
    let done = child.wait_with_output().context("waiting for node")?;
    writer.join().map_err(|_| anyhow!("writing to node panicked"))?.context("writing the reports to node")?;
    let answer = serde_json::from_slice::<Answer>(&done.stdout);
    match answer {
        Ok(Answer::Compiled(list)) if done.status.success() && list.len() == input.reports.len() => Ok(list),
        Ok(Answer::Failed { error }) => Err(anyhow::Error::new(Refused(
            error.index,
            Diagnostic {
                file: String::new(),
                line: error.line,
                column: error.column.max(1),
                field: String::new(),
                message: format!("mdx-js: {}", error.message),
            },
        ))),
        _ => bail!(
            "`node {}` failed ({}): {}",
            script.display(),
            done.status,
            String::from_utf8_lossy(&done.stderr).trim()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn script() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../site/build/render-reports.mjs")
    }

    fn report(body: &str) -> Report {
        let text = format!("---\ntitle: T\ndate: 2024-10-01\ndescription: D\n---\n{body}");
        let r = jax_model::report::parse("content/reports/r.mdx", "r", &text).unwrap();
        Report { heading_shift: 1, ..r }
    }

    #[test]
    fn compiles_once_then_reads_the_cache_and_maps_refusals_to_file_positions() {
        let cache = tempfile::tempdir().unwrap();
        let r = report("# Hi\n\nText.\n");
        let out = compile(std::slice::from_ref(&r), &script(), cache.path()).unwrap();
        assert_eq!(out[0].html, "<h2>Hi</h2>\n<p>Text.</p>");
        // Kept in the cache, keyed by the text, the script and the lockfile.
        assert_eq!(std::fs::read_dir(cache.path()).unwrap().count(), 1);
        // What mdx-js refuses (check would have stopped it first) comes back at the file's line.
        let bad = report("Fine.\n\n<Cta form=\"x\">\nunclosed\n");
        let e = compile(&[bad], &script(), cache.path()).unwrap_err();
        let d = e.downcast_ref::<Diagnostics>().expect("a content problem").to_string();
        assert!(d.starts_with("content/reports/r.mdx:8:1: mdx-js: Expected a closing tag for `<Cta>`\n"), "{d}");
        let missing = compile(&[r], Path::new("no.mjs"), cache.path());
        assert!(format!("{:#}", missing.unwrap_err()).contains("reading no.mjs"));
    }
}
