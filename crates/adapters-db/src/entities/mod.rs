//! SeaORM models of the tables. They never leave this crate.

pub mod blog_category;
pub mod blog_post;
pub mod blog_post_tag;
pub mod service;
pub mod settings;
pub mod tag;
