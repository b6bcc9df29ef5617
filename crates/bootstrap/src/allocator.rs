//! Hands the memory a burst of work left resident back to the system.
//!
//! glibc keeps freed blocks for reuse, and blocks freed between live ones are returned only when
//! asked (`malloc_trim`). Starting (migrations, the pages' templates, the demo content) and every
//! change of content (markdown rendered, word indexes rebuilt, records serialised) free megabytes
//! that stayed resident for the life of the process. The code they ran stays mapped too: starting
//! alone touches 17 MiB of the binary's code (the migrations', the seeding's, spread over the whole
//! text by link-time optimisation), of which requests use a few. Both are measured in
//! docs/performance.md, "Where the memory goes". Reads are not followed by a release: their memory is
//! reused by the next read, and their code is what stays mapped.

use std::sync::atomic::{AtomicU64, Ordering};

/// How many times [`release_free_memory`] ran in this process.
static RELEASES: AtomicU64 = AtomicU64::new(0);

/// How many times the free memory was handed back since the process started.
pub fn releases() -> u64 {
    RELEASES.load(Ordering::Relaxed)
}

/// Returns the allocator's free memory to the system (a no-op where the allocator is not glibc's),
/// and unmaps the binary's code pages from the process, so that only the code run from then on is
/// mapped again. Costs a walk of the free blocks (well under a millisecond for the server's heap)
/// and, on the next requests, a page fault per 64 KiB of code they run (from the page cache).
pub fn release_free_memory() {
    RELEASES.fetch_add(1, Ordering::Relaxed);
    trim();
    release_code();
}

/// The address ranges of the executable's code: its mappings from `/proc/self/maps` that are
/// readable and executable, private and backed by the file `/proc/self/exe` names.
#[cfg(target_os = "linux")]
fn code_ranges() -> Vec<(usize, usize)> {
    let (Ok(exe), Ok(maps)) = (std::fs::read_link("/proc/self/exe"), std::fs::read_to_string("/proc/self/maps")) else {
        return Vec::new();
    };
    let exe = exe.to_string_lossy();
    maps.lines()
        .filter_map(|line| {
            // `start-end perms offset device inode path`; the path may hold spaces.
            let mut fields = line.splitn(6, ' ');
            let (range, perms) = (fields.next()?, fields.next()?);
            let path = fields.nth(3)?.trim_start();
            if perms != "r-xp" || path != exe {
                return None;
            }
            let (start, end) = range.split_once('-')?;
            Some((usize::from_str_radix(start, 16).ok()?, usize::from_str_radix(end, 16).ok()?))
        })
        .collect()
}

/// Unmaps the binary's code pages from the process (`MADV_DONTNEED` on its code mappings): they are
/// clean pages of a private file mapping, so the next use of each reads it again from the file (the
/// page cache holds it), exactly as it was. Only the code mappings: read-only data may hold pages
/// written while the binary was relocated at start, which must never be dropped.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
fn release_code() {
    static RANGES: std::sync::OnceLock<Vec<(usize, usize)>> = std::sync::OnceLock::new();
    for &(start, end) in RANGES.get_or_init(code_ranges) {
        // SAFETY: the range is a whole mapping of the executable's text, which is never written
        // (no text relocations): dropping its pages only makes the next access fault them in again
        // from the same file, for any thread, even one running code in the range at that moment.
        unsafe {
            libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_DONTNEED);
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn release_code() {}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[allow(unsafe_code)]
fn trim() {
    // SAFETY: `malloc_trim` only gives free pages back to the kernel; it takes the allocator's own
    // locks, so it is safe from any thread at any time, and has no precondition on its argument
    // (0: keep no extra room at the top of the heap).
    unsafe {
        libc::malloc_trim(0);
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn trim() {}

#[cfg(all(test, target_os = "linux", target_env = "gnu"))]
mod tests {
    use super::*;

    /// The allocator's resident bytes held by free blocks, from `mallinfo2` (`fordblks`).
    #[allow(unsafe_code)]
    fn free_bytes() -> usize {
        // SAFETY: `mallinfo2` only reads the allocator's statistics under its locks.
        unsafe { libc::mallinfo2().fordblks }
    }

    /// A line of `/proc/self/status` in KiB: `RssAnon` (the process's resident anonymous memory) or
    /// `RssFile` (its resident pages of files: its code, read-only data and libraries).
    fn status_kib(key: &str) -> usize {
        std::fs::read_to_string("/proc/self/status")
            .unwrap()
            .lines()
            .find_map(|line| line.strip_prefix(key)?.strip_prefix(':'))
            .and_then(|value| value.trim().trim_end_matches("kB").trim().parse().ok())
            .unwrap_or_else(|| panic!("{key} in /proc/self/status"))
    }

    fn resident_kib() -> usize {
        status_kib("RssAnon")
    }

    #[test]
    fn releasing_gives_free_blocks_between_live_ones_back_to_the_system() {
        // Small blocks (below the mmap threshold) from the heap, every other one kept, so the freed
        // ones lie between live blocks and no automatic trim at the top can return them.
        // 32 MiB freed in 16 KiB blocks, each holding at least three whole pages.
        let mut blocks: Vec<Vec<u8>> = (0..4096).map(|_| vec![1_u8; 16 * 1024]).collect();
        let kept: Vec<Vec<u8>> = blocks.iter_mut().step_by(2).map(std::mem::take).collect();
        drop(blocks);
        let free = free_bytes();
        assert!(free >= 32 * 1024 * 1024, "the freed blocks stay with the allocator: {free} bytes");
        let before = resident_kib();
        release_free_memory();
        let after = resident_kib();
        assert!(
            before.saturating_sub(after) >= 16 * 1024,
            "at least 16 MiB of the free blocks go back to the system: {before} KiB, then {after} KiB"
        );
        assert!(kept.iter().all(|block| block.len() == 16 * 1024));
    }

    fn resident_file_kib() -> usize {
        status_kib("RssFile")
    }

    #[test]
    fn releasing_unmaps_the_code_run_so_far_and_the_code_runs_on() {
        assert!(!code_ranges().is_empty(), "the test binary's code is found in its mappings");
        let before = resident_file_kib();
        release_code();
        let after = resident_file_kib();
        assert!(after < before, "the code pages run so far are no longer resident: {before} KiB, then {after} KiB");
        // The code still runs, read again from the file: formatting, hashing, the allocator.
        let squares: Vec<u64> = (1..100).map(|n| n * n).collect();
        assert_eq!(squares.iter().sum::<u64>(), 328_350);
        assert!(format!("{squares:?}").starts_with("[1, 4, 9,"));
        assert!(resident_file_kib() > 0);
    }
}
