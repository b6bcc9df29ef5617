//! Atelier's media adapters: the file storages behind the application's
//! [`BlobStorage`](atelier_application::media::ports::BlobStorage) port, and the
//! [`ImageProcessor`](atelier_application::media::ports::ImageProcessor) that reads images and makes
//! their WebP copies with the `image` crate.
//!
//! Storages: [`LocalStorage`] keeps files in a folder (by default `<data dir>/media`). Another
//! storage (an S3-compatible bucket shared by several instances) implements the same port and is
//! chosen by configuration in the wiring ([`Storage`] is the one type the wiring hands out).

mod images;
mod local;
mod storage;

pub use images::ImageCopies;
pub use local::LocalStorage;
pub use storage::Storage;
