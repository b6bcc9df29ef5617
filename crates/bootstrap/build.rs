//! Records the commit the binary is built from (`ATELIER_GIT_COMMIT`, shown by the metrics' build
//! info): the variable of that name when the build sets it (as the Dockerfile may), else
//! `git rev-parse`, else `unknown`.

use std::process::Command;

fn main() {
    println!("cargo:rerun-if-env-changed=ATELIER_GIT_COMMIT");
    let from_env = std::env::var("ATELIER_GIT_COMMIT").ok().filter(|commit| !commit.trim().is_empty());
    let commit = from_env.or_else(|| {
        let git = |args: &[&str]| {
            Command::new("git")
                .args(args)
                .output()
                .ok()
                .filter(|output| output.status.success())
                .and_then(|output| String::from_utf8(output.stdout).ok())
                .map(|text| text.trim().to_owned())
                .filter(|text| !text.is_empty())
        };
        // Built again when the checkout moves to another commit.
        for dir in [git(&["rev-parse", "--git-dir"]), git(&["rev-parse", "--git-common-dir"])].into_iter().flatten() {
            for file in ["HEAD", "packed-refs", "refs/heads"] {
                let path = std::path::Path::new(&dir).join(file);
                if path.exists() {
                    println!("cargo:rerun-if-changed={}", path.display());
                }
            }
        }
        git(&["rev-parse", "--short=12", "HEAD"])
    });
    println!("cargo:rustc-env=ATELIER_GIT_COMMIT={}", commit.unwrap_or_else(|| "unknown".to_owned()));
}
