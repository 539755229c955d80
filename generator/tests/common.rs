//! Helpers shared by the integration tests: run the built `generator` on a folder.

#![allow(dead_code)]

// A path, not `mod peak` alone: cargo also builds this file as a test crate of its own.
#[path = "common/peak.rs"]
pub mod peak;

use std::path::{Path, PathBuf};
use std::process::Command;

pub struct Run {
    pub ok: bool,
    pub stdout: String,
    pub stderr: String,
}

/// Run `generator ARGS` in `dir`.
pub fn generator(dir: &Path, args: &[&str]) -> Run {
    generator_with(dir, args, &[])
}

/// `generator` with `env` set for it.
pub fn generator_with(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_generator"))
        .args(args)
        .envs(env.iter().copied())
        .current_dir(dir)
        .output()
        .expect("running generator");
    Run {
        ok: out.status.success(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("generator/ has a parent").to_path_buf()
}

pub fn copy_dir(from: &Path, to: &Path) {
    for entry in walkdir::WalkDir::new(from) {
        let entry = entry.expect("walking fixture");
        let rel = entry.path().strip_prefix(from).unwrap();
        let target = to.join(rel);
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&target).unwrap();
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// Every file under `dir`, as (path relative to dir, bytes).
pub fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out: Vec<(String, Vec<u8>)> = walkdir::WalkDir::new(dir)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| (e.path().strip_prefix(dir).unwrap().to_string_lossy().into_owned(), std::fs::read(e.path()).unwrap()))
        .collect();
    out.sort();
    out
}

/// `generator build` of `content` with the listings in `mls`, into `dist` (no islands).
pub fn build_args<'a>(content: &'a str, mls: &'a str) -> Vec<&'a str> {
    let script: &'static str =
        Box::leak(repo_root().join("site/build/render-reports.mjs").to_string_lossy().into_owned().into_boxed_str());
    vec![
        "build",
        "--content",
        content,
        "--out",
        "dist",
        "--mls",
        mls,
        "--islands",
        "none",
        "--cache",
        "cache",
        "--mdx-renderer",
        script,
    ]
}

/// The encoded images the integration tests' builds of the real content share, in cargo's folder
/// for them (target/tmp). The image cache is content-addressed (and names its encoder settings),
/// so a build that starts from it writes the same site; it only skips encoding again what another
/// test already encoded, most of each debug build's time. The image pipeline's own tests (jax-images)
/// start from an empty cache; photos.rs takes the content's images from it (`seed_images`) but
/// never gives its listing photos back.
pub fn with_shared_images<T>(cache: &Path, build: impl FnOnce() -> T) -> T {
    seed_images(cache);
    let result = build();
    copy_new_files(cache, &shared_images());
    result
}

/// `cache` given the images earlier tests encoded (for a build that keeps running).
pub fn seed_images(cache: &Path) {
    std::fs::create_dir_all(cache).unwrap();
    copy_new_files(&shared_images(), cache);
}

fn shared_images() -> PathBuf {
    let shared = Path::new(env!("CARGO_TARGET_TMPDIR")).join("image-cache");
    std::fs::create_dir_all(&shared).unwrap();
    shared
}

/// Copies the files directly in `from` that `to` lacks, each written whole
/// (`jax_output::whole_file`), so a test reading `to` meanwhile never sees half a file; files
/// still being written (hidden temporary names) are left out.
fn copy_new_files(from: &Path, to: &Path) {
    for entry in std::fs::read_dir(from).unwrap().filter_map(Result::ok) {
        let name = entry.file_name();
        if !entry.file_type().is_ok_and(|t| t.is_file()) || name.to_string_lossy().starts_with('.') {
            continue;
        }
        if to.join(&name).exists() {
            continue;
        }
        if let Ok(bytes) = std::fs::read(entry.path()) {
            let _ = jax_output::whole_file::write(&to.join(&name), &bytes);
        }
    }
}
