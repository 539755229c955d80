//! How soon the allocator (mimalloc, the binary's `#[global_allocator]`) gives freed memory back
//! to the system.

/// mimalloc's `mi_option_purge_delay` (its place in `mi_option_e`; the Rust binding names no
/// constant for it).
const PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

/// mimalloc's own purge delay, in ms.
const MIMALLOC_DEFAULT_MS: std::os::raw::c_long = 1000;

/// What a process is about to do with memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Work {
    /// Make every page of a site: it frees page after page, and freed memory held for mimalloc's
    /// second stayed resident as transparent huge pages, so it goes back within a few ms (a
    /// lower peak for little time, measured in pairs: docs/benchmarks.md).
    Everything,
    /// Make again the few hundred pages an import changed: memory given back that soon is
    /// faulted in again at once (a tenth of such a build's time), so mimalloc's own second.
    Some,
}

/// Sets how soon freed memory goes back to the system for `work`.
#[allow(unsafe_code)]
pub fn tune(work: Work) {
    let ms = match work {
        Work::Everything => 3,
        Work::Some => MIMALLOC_DEFAULT_MS,
    };
    // SAFETY: sets a number in mimalloc's option table; any value is valid for this option.
    unsafe { libmimalloc_sys::mi_option_set(PURGE_DELAY, ms) }
}

#[cfg(test)]
#[test]
#[allow(unsafe_code)]
fn the_purge_delay_is_the_option_set() {
    // Its documented default first, so the number names that option of this mimalloc.
    // SAFETY: reads and sets a number in mimalloc's option table.
    assert_eq!(unsafe { libmimalloc_sys::mi_option_get(PURGE_DELAY) }, MIMALLOC_DEFAULT_MS, "mimalloc's purge_delay");
    tune(Work::Everything);
    assert_eq!(unsafe { libmimalloc_sys::mi_option_get(PURGE_DELAY) }, 3);
    tune(Work::Some);
    assert_eq!(unsafe { libmimalloc_sys::mi_option_get(PURGE_DELAY) }, MIMALLOC_DEFAULT_MS);
}
