//! Atelier's business rules.
//!
//! Entities, value objects and the rules that bind them, free of any framework: nothing here knows
//! about HTTP, SQL or JSON. Values are parsed at the edge into these types; inside, a value that exists
//! is valid.

pub mod category;
pub mod collation;
pub mod contact;
pub mod contact_details;
pub mod content;
pub mod faq;
pub mod home_page;
pub mod id;
pub mod inbox;
pub mod insights;
pub mod invitation;
pub mod language;
pub mod limits;
pub mod media;
pub mod meta;
pub mod notification;
pub mod ordering;
pub mod page_view;
pub mod paging;
mod patch;
pub mod portfolio;
pub mod post;
pub mod post_review;
pub mod presence;
pub mod project_request;
pub mod proof_of_work;
pub mod redirect;
pub mod revision;
pub mod service;
pub mod session;
pub mod settings;
pub mod slug;
pub mod subscriber;
pub mod tag;
pub mod team;
pub mod technology;
pub mod testimonial;
pub mod translation;
pub mod two_factor;
pub mod user;
pub mod validation;
pub mod visitor;
pub mod webhook;
pub mod words;

pub use id::EntityId;
pub use paging::{Page, PageRequest};
pub use validation::FieldErrors;
