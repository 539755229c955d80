//! Helpers shared by the integration tests: run the built `generator` on a folder.

#![allow(dead_code)]

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
