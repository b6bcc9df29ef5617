use clap::Parser;

fn main() -> std::process::ExitCode {
    return_large_blocks_to_the_system();
    actix_web::rt::System::new().block_on(async {
        match atelier::cli::Cli::parse().run().await {
            Ok(()) => std::process::ExitCode::SUCCESS,
            Err(error) => {
                eprintln!("atelier: {error:#}");
                std::process::ExitCode::FAILURE
            }
        }
    })
}

/// glibc raises its mmap threshold once a large block is freed, so from then on the 19 MiB working
/// memory of each Argon2 password hash comes from a thread's heap arena and stays resident after the
/// hash; with a few worker threads that was most of the server's memory. A fixed threshold keeps
/// large blocks mapped on their own and returned to the system when freed. Measured with glibc's
/// equivalent environment setting on the peers' workload, release build: 57 MiB at start and 94 MiB
/// after load before, 38 and 55 MiB after.
///
/// glibc also gives each thread that allocates concurrently an arena of its own (up to eight per
/// core), and each arena keeps its freed memory resident. The server's threads (two workers, the
/// runtime, one per SQLite connection) share two arenas instead: with 1,000 posts, release build,
/// 43.5 → 39 MiB at start and 54 → 50.5 MiB after `wrk -c64` on the post list, at the same
/// throughput (measured with the equivalent `MALLOC_ARENA_MAX=2`).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[allow(unsafe_code)]
fn return_large_blocks_to_the_system() {
    const THRESHOLD: libc::c_int = 128 * 1024;
    const ARENAS: libc::c_int = 2;
    // SAFETY: `mallopt` only tunes the allocator; it runs before any other thread exists, and a
    // refused setting (return value 0) leaves glibc's default, which is still correct.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, THRESHOLD);
        libc::mallopt(libc::M_ARENA_MAX, ARENAS);
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn return_large_blocks_to_the_system() {}
