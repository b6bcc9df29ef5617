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
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[allow(unsafe_code)]
fn return_large_blocks_to_the_system() {
    const THRESHOLD: libc::c_int = 128 * 1024;
    // SAFETY: `mallopt` only tunes the allocator; it runs before any other thread exists, and a
    // refused setting (return value 0) leaves glibc's default, which is still correct.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, THRESHOLD);
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn return_large_blocks_to_the_system() {}
