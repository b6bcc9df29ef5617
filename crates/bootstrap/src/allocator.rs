//! Hands the memory the allocator keeps after a burst of work back to the system.
//!
//! glibc keeps freed blocks for reuse, and blocks freed between live ones are returned only when
//! asked (`malloc_trim`). Starting (migrations, the OpenAPI document the gate's policy is read from,
//! the pages' templates) and every change of content (markdown rendered, word indexes rebuilt,
//! records serialised) free megabytes that stayed resident for the life of the process: measured in
//! docs/performance.md, "Where the memory goes". Reads are not followed by a trim: their memory is
//! reused by the next read.

use std::sync::atomic::{AtomicU64, Ordering};

/// How many times [`release_free_memory`] ran in this process.
static RELEASES: AtomicU64 = AtomicU64::new(0);

/// How many times the free memory was handed back since the process started.
pub fn releases() -> u64 {
    RELEASES.load(Ordering::Relaxed)
}

/// Returns the allocator's free memory to the system (a no-op where the allocator is not glibc's).
/// Costs a walk of the free blocks (well under a millisecond for the server's heap).
pub fn release_free_memory() {
    RELEASES.fetch_add(1, Ordering::Relaxed);
    trim();
}

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

    /// The process's resident anonymous memory (`RssAnon` in `/proc/self/status`), in KiB.
    fn resident_kib() -> usize {
        std::fs::read_to_string("/proc/self/status")
            .unwrap()
            .lines()
            .find_map(|line| line.strip_prefix("RssAnon:"))
            .and_then(|value| value.trim().trim_end_matches("kB").trim().parse().ok())
            .expect("RssAnon in /proc/self/status")
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
}
