//! Atelier's business rules.
//!
//! Entities, value objects and the rules that bind them, free of any framework: nothing here knows
//! about HTTP, SQL or JSON. Values are parsed at the edge into these types; inside, a value that exists
//! is valid.

pub mod id;
pub mod paging;
pub mod portfolio;
pub mod service;
pub mod settings;
pub mod slug;
pub mod technology;
pub mod validation;

pub use id::EntityId;
pub use paging::{Page, PageRequest};
pub use validation::FieldErrors;
