//! A child's peak memory, for the build's budget (tests/at_scale.rs) and the benchmark
//! (benches/build_vs_hugo/measure.rs, which compiles this file too).

use std::os::unix::process::ExitStatusExt as _;
use std::process::{Child, ExitStatus};

/// Waits for `child` (`what`, for the panic) with `wait4`, which `Child::wait` cannot replace:
/// only libc asks the OS for a child's peak memory. Its exit status and its peak resident set
/// (`ru_maxrss`; Linux counts KiB).
#[allow(unsafe_code)]
pub fn wait(child: Child, what: &str) -> (ExitStatus, u64) {
    let pid = i32::try_from(child.id()).expect("a pid fits an i32");
    let mut status = 0;
    // SAFETY: a zeroed rusage is a valid value, and both pointers outlive the call.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let reaped = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(reaped, pid, "waiting for {what}: {}", std::io::Error::last_os_error());
    std::mem::forget(child); // reaped above
    (ExitStatus::from_raw(status), u64::try_from(usage.ru_maxrss).unwrap_or(0))
}
