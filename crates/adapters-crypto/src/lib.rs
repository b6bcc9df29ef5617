//! Atelier's sign-in machinery, behind the application's shared ports: [`Argon2Hasher`] hashes and
//! checks passwords ([`atelier_application::ports::PasswordHasher`]) and [`JwtTokens`] signs and
//! checks bearer tokens ([`atelier_application::ports::TokenIssuer`]). The HTTP layer only calls the
//! account use cases; the wiring chooses these adapters.

mod password;
mod tokens;

pub use password::Argon2Hasher;
pub use tokens::JwtTokens;
