//! Files written whole or not at all: a reader (a build beside an import, the next run after a
//! stopped one) finds the previous version or the new one, never part of one.

use anyhow::{Context, Result};
use std::io::Write;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

/// Writes `bytes` to `path` (and its folder if need be) through a temporary file beside it,
/// renamed over `path` once complete; a failure leaves `path` as it was and no temporary file.
pub fn write(path: &Path, bytes: &[u8]) -> Result<()> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    // A temporary file is private by default; these are read as any file the generator writes.
    let mut tmp = tempfile::Builder::new()
        .prefix(".")
        .suffix(".tmp")
        .permissions(std::fs::Permissions::from_mode(0o644))
        .tempfile_in(dir)
        .with_context(|| format!("creating a file in {}", dir.display()))?;
    tmp.write_all(bytes).with_context(|| format!("writing {}", tmp.path().display()))?;
    tmp.persist(path).map_err(|e| e.error).with_context(|| format!("writing {}", path.display()))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> =
            std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
        names.sort();
        names
    }

    #[test]
    fn replaces_the_file_and_leaves_nothing_beside_it() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a/b/state.json");
        write(&path, b"first").unwrap();
        write(&path, b"second").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"second");
        assert_eq!(names(&dir.path().join("a/b")), ["state.json"]);
        assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o644);
    }

    #[test]
    fn a_failed_write_leaves_the_target_as_it_was_and_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        // A folder where the file should go: the rename fails, after the bytes were written.
        let blocked = dir.path().join("folder");
        std::fs::create_dir_all(blocked.join("inside")).unwrap();
        let err = write(&blocked, b"new").unwrap_err();
        assert!(format!("{err:#}").contains("writing"), "{err:#}");
        assert_eq!(names(&blocked), ["inside"]);
        assert_eq!(names(dir.path()), ["folder"]);
    }
}
