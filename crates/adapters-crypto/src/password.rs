//! Password hashing with argon2id at OWASP's parameters (19 MiB, 2 passes, 1 lane), on the blocking
//! thread pool so hashing never stalls request handling.

use std::sync::Arc;

use anyhow::Context;
use argon2::password_hash::{PasswordHasher as _, PasswordVerifier as _};
use argon2::{Algorithm, Argon2, Params, Version};
use atelier_application::ports::PasswordHasher;
use atelier_domain::user::{Password, PasswordHash};

/// Argon2id hashing.
#[derive(Clone)]
pub struct Argon2Hasher {
    /// A hash of a random password, checked when an account is unknown so that case takes as long as
    /// a wrong password.
    decoy: Arc<str>,
}

impl std::fmt::Debug for Argon2Hasher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Argon2Hasher")
    }
}

fn argon2() -> Argon2<'static> {
    Argon2::new(Algorithm::Argon2id, Version::V0x13, Params::DEFAULT)
}

impl Argon2Hasher {
    /// Prepares the hasher (computes the decoy hash once).
    ///
    /// # Errors
    /// When hashing fails, which only happens without a random source.
    pub fn new() -> anyhow::Result<Self> {
        let decoy = argon2()
            .hash_password(Password::generate().expose().as_bytes())
            .map_err(|error| anyhow::anyhow!("failed to hash the decoy password: {error}"))?;
        Ok(Self { decoy: decoy.to_string().into() })
    }
}

impl PasswordHasher for Argon2Hasher {
    async fn hash(&self, password: &Password) -> anyhow::Result<PasswordHash> {
        let password = password.clone();
        let hash = tokio::task::spawn_blocking(move || {
            argon2()
                .hash_password(password.expose().as_bytes())
                .map(|hash| hash.to_string())
                .map_err(|error| anyhow::anyhow!("failed to hash a password: {error}"))
        })
        .await
        .context("the password hashing task failed")??;
        Ok(PasswordHash::new(hash))
    }

    async fn verify(&self, password: &str, hash: Option<&PasswordHash>) -> anyhow::Result<bool> {
        let known = hash.is_some();
        let hash: Arc<str> = hash.map_or_else(|| self.decoy.clone(), |hash| hash.as_str().into());
        let password = password.to_owned();
        let matches =
            tokio::task::spawn_blocking(move || argon2().verify_password(password.as_bytes(), &*hash).is_ok())
                .await
                .context("the password check task failed")?;
        Ok(known && matches)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_hash_verifies_its_password_only() {
        let hasher = Argon2Hasher::new().unwrap();
        let password = Password::parse("correct-horse-battery").unwrap();
        let hash = hasher.hash(&password).await.unwrap();
        assert!(hash.as_str().starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{}", hash.as_str());
        assert!(hasher.verify("correct-horse-battery", Some(&hash)).await.unwrap());
        assert!(!hasher.verify("correct-horse-batterY", Some(&hash)).await.unwrap());
    }

    #[tokio::test]
    async fn an_unknown_account_never_verifies() {
        let hasher = Argon2Hasher::new().unwrap();
        assert!(!hasher.verify("anything at all", None).await.unwrap());
    }

    #[tokio::test]
    async fn the_same_password_hashes_differently_each_time() {
        let hasher = Argon2Hasher::new().unwrap();
        let password = Password::parse("correct-horse-battery").unwrap();
        assert_ne!(hasher.hash(&password).await.unwrap(), hasher.hash(&password).await.unwrap());
    }
}
