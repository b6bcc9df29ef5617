//! The storage contract every file storage keeps, run against each storage: the local folder always,
//! the S3-compatible bucket against a local S3 server when one can be started (see `s3.rs`).

mod contract;
mod local;
mod s3;
