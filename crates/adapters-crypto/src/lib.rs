//! Atelier's sign-in machinery, behind the application's shared ports: [`Argon2Hasher`] hashes and
//! checks passwords ([`atelier_application::ports::PasswordHasher`]), [`JwtTokens`] signs and
//! checks bearer tokens ([`atelier_application::ports::TokenIssuer`]) and [`SealedSecrets`] keeps
//! the accounts' TOTP secrets encrypted at rest ([`atelier_application::ports::SecretSealer`]);
//! [`challenge_key`] derives the key the public forms' proof-of-work challenges are signed with. The
//! HTTP layer only calls the account use cases; the wiring chooses these adapters.

mod challenges;
mod password;
mod sealing;
mod tokens;

pub use challenges::challenge_key;
pub use password::Argon2Hasher;
pub use sealing::SealedSecrets;
pub use tokens::JwtTokens;
