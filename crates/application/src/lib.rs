//! Atelier's use cases.
//!
//! One module per feature, each with its use cases (`mod.rs`), the ports it needs from the outside
//! world (`ports.rs`) and, for tests, the in-memory fake of those ports (`fake.rs`). Each use case is
//! a struct generic over the ports it needs, so it runs the same against the SeaORM adapter in
//! production and against the fakes in tests. Errors are one enum per family of use cases, with
//! business variants and one `Unexpected` for infrastructure faults; the ones every entity shares
//! live in [`records`].
//!
//! [`revisions`] keeps the earlier versions of posts, projects and content pages.
//!
//! [`notifications`] queues an email to the agency for each new public submission and sends the
//! queue in the background.
//!
//! [`newsletter`] keeps the addresses left in the newsletter box, confirmed by mail when it can be
//! sent.
//!
//! [`audit`] records who changed what: the HTTP layer opens a scope around each administrator's write,
//! and the store appends one entry to the transaction of the write it stands for.
//!
//! [`export`] hands out every record a list's filter lets through, recorded in the audit log.
//!
//! [`site_archive`] writes the whole site into one archive and reads one into an empty store.
//!
//! [`import`] moves a WordPress or Ghost site in: posts, pages, their terms, pictures and old addresses.
//!
//! [`backups`] takes the scheduled backups, one instance at a time.
//!
//! [`freshness`] keeps the content generation that everything computed from public content (the
//! response cache) is checked against.
//!
//! Shared by the features: [`records`] (the record port and its errors), [`ports`] (the clock, password
//! hashing and tokens), [`store`] (the store as a whole), [`access`], [`search`] and [`slugs`] (rules).

pub mod access;
pub mod accounts;
pub mod audit;
pub mod backups;
pub mod blog;
pub mod categories;
pub mod contact_details;
pub mod contacts;
pub mod content;
pub mod demo;
pub mod export;
pub mod faqs;
pub mod freshness;
pub mod health;
pub mod home_page;
pub mod import;
pub mod insights;
pub mod limits;
pub mod media;
pub mod newsletter;
pub mod notifications;
pub mod ownership;
pub mod portfolio;
pub mod ports;
pub mod presence;
pub mod project_requests;
pub mod records;
pub mod redirects;
pub mod revisions;
pub mod search;
pub mod services;
pub mod settings;
pub mod site;
pub mod site_archive;
pub mod slugs;
pub mod spam;
pub mod store;
pub mod submissions;
pub mod tags;
pub mod team;
pub mod technologies;
pub mod testimonials;
pub mod translations;
pub mod visitors;
pub mod webhooks;

#[cfg(test)]
pub(crate) mod fake;

pub use access::Audience;
