//! Durability: the built `atelier` binary run as a child process, killed with SIGKILL mid-burst,
//! stopped with SIGTERM mid-request, and backed up and restored while it runs.

mod backup;
mod kill;
mod migrate_check;
#[path = "../support/multipart.rs"]
#[allow(dead_code, reason = "the API tests use all of it; these, one file part")]
mod multipart;
#[path = "../support/proof_of_work.rs"]
mod proof_of_work;
mod server;
mod terminate;
#[cfg(feature = "otlp")]
mod traces;
mod views;
