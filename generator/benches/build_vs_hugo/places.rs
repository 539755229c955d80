//! Where the builds write: tmpfs (memory only, so the figures are what the CPU does) and a disk
//! (what a developer's build meets: the kernel creating and writing back tens of thousands of files).

use std::path::{Path, PathBuf};

pub struct Place {
    /// "tmpfs" or "disk".
    pub name: &'static str,
    pub dir: PathBuf,
    /// The filesystem under `dir`, as the kernel names its type.
    pub fs: String,
}

/// `BENCH_PLACES` (default `tmpfs,disk`); tmpfs is `BENCH_TMPFS` or `/dev/shm`, the disk
/// `BENCH_DISK` or cargo's tmp folder in the target directory.
pub fn chosen() -> Vec<Place> {
    let wanted = std::env::var("BENCH_PLACES").unwrap_or_else(|_| "tmpfs,disk".into());
    let dir = |var: &str, default: &str| std::env::var_os(var).map_or_else(|| PathBuf::from(default), PathBuf::from);
    let mut places = Vec::new();
    for name in wanted.split(',').map(str::trim) {
        let (name, dir) = match name {
            "tmpfs" => ("tmpfs", dir("BENCH_TMPFS", "/dev/shm")),
            "disk" => ("disk", dir("BENCH_DISK", env!("CARGO_TARGET_TMPDIR"))),
            other => panic!("BENCH_PLACES: unknown place {other:?} (tmpfs, disk)"),
        };
        if std::fs::create_dir_all(&dir).is_err() {
            println!("  {name}: {} cannot be written; skipped", dir.display());
            continue;
        }
        let fs = fs_type(&dir);
        let expected = if name == "tmpfs" { fs == "tmpfs" } else { fs != "tmpfs" };
        let fs = if expected { fs } else { format!("{fs}: not what its name says") };
        places.push(Place { name, dir, fs });
    }
    assert!(!places.is_empty(), "BENCH_PLACES names no place that can be written");
    places
}

impl Place {
    /// Whether the builds' outputs should stay until every run of a corpus is done: on a disk, where
    /// there is room for `bytes` more. Ext4 without a journal (this machine's) skips the inodes
    /// freed in the last 30 s when it allocates, reading each one's table block first: a build
    /// right after another's files were deleted took several times as long, for the generator
    /// and Hugo alike, and measured that scan rather than the builder.
    pub fn keeps_outputs(&self, bytes: u64) -> bool {
        self.name == "disk" && free_bytes(&self.dir).is_some_and(|free| free / 5 * 4 > bytes)
    }
}

/// The bytes an unprivileged user may still write under `dir` (`statvfs`).
#[allow(unsafe_code)] // statvfs/statfs: only libc asks the OS
fn free_bytes(dir: &Path) -> Option<u64> {
    use std::os::unix::ffi::OsStrExt as _;
    let path = std::ffi::CString::new(dir.as_os_str().as_bytes()).ok()?;
    // SAFETY: a zeroed statvfs is a valid value; the path is a NUL-terminated string.
    let mut st: libc::statvfs = unsafe { std::mem::zeroed() };
    if unsafe { libc::statvfs(path.as_ptr(), &mut st) } != 0 {
        return None;
    }
    #[allow(clippy::unnecessary_cast)] // the fields' widths differ between platforms
    Some(st.f_bavail as u64 * st.f_frsize as u64)
}

pub fn tempdir(place: &Place) -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix("build_vs_hugo-")
        .tempdir_in(&place.dir)
        .unwrap_or_else(|e| panic!("creating a temporary folder in {}: {e}", place.dir.display()))
}

/// The filesystem type of `dir` (`statfs`), by the magic numbers of the common ones.
#[allow(unsafe_code)] // statvfs/statfs: only libc asks the OS
fn fs_type(dir: &Path) -> String {
    use std::os::unix::ffi::OsStrExt as _;
    let Ok(path) = std::ffi::CString::new(dir.as_os_str().as_bytes()) else { return "unknown".into() };
    // SAFETY: a zeroed statfs is a valid value; the path is a NUL-terminated string.
    let mut st: libc::statfs = unsafe { std::mem::zeroed() };
    if unsafe { libc::statfs(path.as_ptr(), &mut st) } != 0 {
        return "unknown".into();
    }
    #[allow(clippy::unnecessary_cast)] // f_type's width differs between platforms
    match st.f_type as i64 {
        0x0102_1994 => "tmpfs".into(),
        0xEF53 => "ext4".into(),
        0x5846_5342 => "xfs".into(),
        0x9123_683E => "btrfs".into(),
        0x794C_7630 => "overlayfs".into(),
        other => format!("filesystem 0x{other:x}"),
    }
}
