//! Sign-in and the admin gate: password hashing, bearer tokens, and the one middleware that decides
//! for every `/api` request whether it needs an administrator.

mod gate;
mod password;
mod tokens;

use atelier_application::accounts::Accounts;

pub use gate::{AccessPolicy, gate};
pub use password::Argon2Hasher;
pub use tokens::{JwtTokens, MIN_SECRET_LEN};

/// The account use cases with the production hasher and tokens.
pub type AccountService<S> = Accounts<S, Argon2Hasher, JwtTokens>;
