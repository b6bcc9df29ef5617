//! Rebuilds the embedded web apps when their builds change.

fn main() {
    println!("cargo:rerun-if-changed=../../frontend/apps/public/dist");
    println!("cargo:rerun-if-changed=../../frontend/apps/admin/dist");
}
