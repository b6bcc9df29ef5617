//! Webhook delivery over HTTP: each message signed as the Standard Webhooks specification says
//! ([`signature`]) and posted by [`HttpWebhookSender`], which connects only to addresses the
//! [`AddressPolicy`] allows, checked after name resolution ([`guard`]).

pub mod guard;
mod sender;
pub mod signature;

pub use guard::AddressPolicy;
pub use sender::{HttpWebhookSender, SenderSettings};
