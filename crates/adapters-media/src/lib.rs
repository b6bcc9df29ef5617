//! Atelier's media adapters: the file storages behind the application's
//! [`BlobStorage`](atelier_application::media::ports::BlobStorage) port, and the
//! [`ImageProcessor`](atelier_application::media::ports::ImageProcessor) that reads images and makes
//! their WebP copies with the `image` crate.
//!
//! Storages: [`LocalStorage`] keeps files in a folder (by default `<data dir>/media`);
//! [`S3Storage`] keeps them in an S3-compatible bucket shared by several instances. The wiring
//! chooses one by configuration and hands it out as a [`Storage`].

mod images;
mod local;
mod s3;
mod storage;

pub use images::ImageCopies;
pub use local::LocalStorage;
pub use s3::{S3Settings, S3Storage};
pub use storage::Storage;
