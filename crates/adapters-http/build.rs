//! Rebuilds the embedded web apps when their builds change: release builds embed both Vite builds
//! (`web.rs`); other builds read them from disk at run time, so a new web build leaves them as they
//! are (building the apps beside a debug compile costs no second compile).

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if std::env::var("PROFILE").is_ok_and(|profile| profile == "release") {
        println!("cargo:rerun-if-changed=../../frontend/apps/public/dist");
        println!("cargo:rerun-if-changed=../../frontend/apps/admin/dist");
    }
}
