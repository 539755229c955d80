//! Runs `site/build/render-reports.mjs` (mdx-js and React's static renderer) once for every report
//! not compiled before. Results are kept in the cache folder by a hash of the text, the script
//! and the islands' lockfile, so a rebuild with unchanged reports starts no Node process.
//! `generator serve` keeps one running (`Resident`): a report typed in the editor's preview is
//! then a line to it and a line back, without Node's start each time.

use anyhow::{anyhow, bail, Context, Result};
use jax_model::report::Report;
use jax_model::{Diagnostic, Diagnostics};
use serde::{Deserialize, Serialize};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::Mutex;

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

/// A report as mdx-js compiled it.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct Compiled {
    /// The text's HTML, each component a `<jax-component n="…"></jax-component>` placeholder.
    pub html: String,
    pub components: Vec<Placed>,
}

/// A component mdx-js met, in document order.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct Placed {
    pub name: String,
    /// The HTML between its tags (a `<Cta>`'s label), if any.
    pub children_html: Option<String>,
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

/// Compile `reports` (each with its check), in order; through `resident` when given.
pub fn compile(reports: &[Report], script: &Path, cache: &Path, resident: Option<&Resident>) -> Result<Vec<Compiled>> {
    let key = script_key(script)?;
    let files: Vec<PathBuf> = reports.iter().map(|r| cache_file(cache, &key, r, r.heading_shift)).collect();
    let mut out: Vec<Option<Compiled>> =
        files.iter().map(|f| std::fs::read(f).ok().and_then(|b| serde_json::from_slice(&b).ok())).collect();
    let todo: Vec<usize> = (0..reports.len()).filter(|i| out[*i].is_none()).collect();
    if !todo.is_empty() {
        let texts = todo.iter().map(|&i| Text { body: &reports[i].body, shift: reports[i].heading_shift }).collect();
        let input = Input { components: names(), reports: texts };
        let fresh = match resident {
            Some(r) => r.run(script, key.finalize(), &input),
            None => run(script, &input),
        }
        .map_err(|e| match e.downcast::<Refused>() {
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
    let mut child = node(script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| spawn_error(e, script))?;
    let mut pipe = child.stdin.take().context("opening node's stdin")?;
    let writer = std::thread::spawn(move || pipe.write_all(&stdin));
    let done = child.wait_with_output().context("waiting for node")?;
    writer.join().map_err(|_| anyhow!("writing to node panicked"))?.context("writing the reports to node")?;
    let failed = || {
        anyhow!(
            "`node {}` failed ({}): {}",
            script.display(),
            done.status,
            String::from_utf8_lossy(&done.stderr).trim()
        )
    };
    match serde_json::from_slice::<Answer>(&done.stdout) {
        Ok(Answer::Compiled(_)) if !done.status.success() => Err(failed()),
        Ok(answer) => read(answer, input.reports.len()).ok_or_else(failed)?,
        Err(_) => Err(failed()),
    }
}

/// The script's answer: the compiled reports (as many as asked for, else None), or a refusal.
fn read(answer: Answer, asked: usize) -> Option<Result<Vec<Compiled>>> {
    match answer {
        Answer::Compiled(list) => (list.len() == asked).then_some(Ok(list)),
        Answer::Failed { error } => Some(Err(anyhow::Error::new(Refused(
            error.index,
            Diagnostic {
                file: String::new(),
                line: error.line,
                column: error.column.max(1),
                field: String::new(),
                message: format!("mdx-js: {}", error.message),
            },
        )))),
    }
}

/// The script kept running (`--serve`: a request per line in, an answer per line out), started
/// on first use and again when it has died or its script (or lockfile) changed.
#[derive(Default)]
pub struct Resident(Mutex<Option<Process>>);

struct Process {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    /// `script_key` of what it runs.
    key: blake3::Hash,
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Resident {
    fn run(&self, script: &Path, key: blake3::Hash, input: &Input) -> Result<Vec<Compiled>> {
        let mut process = self.0.lock().unwrap_or_else(|e| e.into_inner());
        // A process that has died (or gone out of step) is replaced once, and asked again.
        for _ in 0..2 {
            if process.as_ref().is_none_or(|p| p.key != key) {
                *process = None;
                *process = Some(Process::start(script, key)?);
            }
            let running = process.as_mut().expect("started above");
            let answer = running.ask(input).ok().and_then(|line| serde_json::from_str::<Answer>(&line).ok());
            match answer.and_then(|a| read(a, input.reports.len())) {
                Some(result) => return result,
                None => *process = None,
            }
        }
        bail!("`node {} --serve` stopped answering (its errors are above)", script.display())
    }
}

impl Process {
    fn start(script: &Path, key: blake3::Hash) -> Result<Process> {
        let mut child = node(script)
            .arg("--serve")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| spawn_error(e, script))?;
        let stdin = child.stdin.take().context("opening node's stdin")?;
        let stdout = BufReader::new(child.stdout.take().context("opening node's stdout")?);
        Ok(Process { child, stdin, stdout, key })
    }

    /// One request, one line of answer ("" when the process has ended).
    fn ask(&mut self, input: &Input) -> Result<String> {
        let mut line = serde_json::to_vec(input).context("serializing the reports for mdx-js")?;
        line.push(b'\n');
        self.stdin.write_all(&line).and_then(|()| self.stdin.flush()).context("writing the reports to node")?;
        let mut answer = String::new();
        self.stdout.read_line(&mut answer).context("reading node's answer")?;
        Ok(answer)
    }
}

fn node(script: &Path) -> Command {
    let mut command = Command::new("node");
    command.arg(script);
    command
}

fn spawn_error(e: std::io::Error, script: &Path) -> anyhow::Error {
    match e.kind() {
        std::io::ErrorKind::NotFound => anyhow!(
            "`node` was not found on PATH: the reports are compiled with Node (`make build` puts Node 24 first on PATH)"
        ),
        _ => anyhow!(e).context(format!("starting `node {}`", script.display())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn script() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../site/build/render-reports.mjs")
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
        let out = compile(std::slice::from_ref(&r), &script(), cache.path(), None).unwrap();
        assert_eq!(out[0].html, "<h2>Hi</h2>\n<p>Text.</p>");
        // Kept in the cache, keyed by the text, the script and the lockfile.
        assert_eq!(std::fs::read_dir(cache.path()).unwrap().count(), 1);
        // What mdx-js refuses (check would have stopped it first) comes back at the file's line.
        let bad = report("Fine.\n\n<Cta form=\"x\">\nunclosed\n");
        let e = compile(&[bad], &script(), cache.path(), None).unwrap_err();
        let d = e.downcast_ref::<Diagnostics>().expect("a content problem").to_string();
        assert!(d.starts_with("content/reports/r.mdx:8:1: mdx-js: Expected a closing tag for `<Cta>`\n"), "{d}");
        let missing = compile(&[r], Path::new("no.mjs"), cache.path(), None);
        assert!(format!("{:#}", missing.unwrap_err()).contains("reading no.mjs"));
    }

    #[test]
    fn a_resident_node_answers_request_after_request_through_a_refusal_and_is_replaced_when_it_dies() {
        let cache = tempfile::tempdir().unwrap();
        let resident = Resident::default();
        let compile = |body: &str| compile(&[report(body)], &script(), cache.path(), Some(&resident));
        assert_eq!(compile("# One\n").unwrap()[0].html, "<h2>One</h2>");
        let pid = |r: &Resident| r.0.lock().unwrap().as_ref().map(|p| p.child.id());
        let first = pid(&resident);
        assert!(first.is_some());
        // A refusal is an answer like any other: the same process goes on.
        let e = compile("<Cta form=\"x\">\nunclosed\n").unwrap_err();
        assert!(e.downcast_ref::<Diagnostics>().is_some(), "{e:#}");
        assert_eq!(compile("# Two\n").unwrap()[0].html, "<h2>Two</h2>");
        assert_eq!(pid(&resident), first, "one Node process for all three");
        // Killed under it: the next compile starts another and is answered all the same.
        if let Some(p) = resident.0.lock().unwrap().as_mut() {
            p.child.kill().unwrap();
            p.child.wait().unwrap();
        }
        assert_eq!(compile("# Three\n").unwrap()[0].html, "<h2>Three</h2>");
        assert_ne!(pid(&resident), first);
    }
}
