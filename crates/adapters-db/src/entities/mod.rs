//! SeaORM models of the tables. They never leave this crate.

pub mod blog_category;
pub mod blog_post;
pub mod blog_post_tag;
pub mod contact_details;
pub mod contact_message;
pub mod content_page;
pub mod faq;
pub mod form_submission;
pub mod invitation;
pub mod login_failure;
pub mod mail_attempt;
pub mod media_item;
pub mod outgoing_mail;
pub mod portfolio_project;
pub mod portfolio_project_technology;
pub mod project_request;
pub mod revision;
pub mod service;
pub mod session;
pub mod settings;
pub mod tag;
pub mod team_member;
pub mod technology;
pub mod testimonial;
pub mod user;
