//! The key proof-of-work challenges are signed with (HMAC-SHA256, in the domain's
//! `proof_of_work`): derived from the server's secret with HKDF-SHA256 under its own salt and info,
//! so it is unrelated to the token key and the sealing key, the same on every instance sharing the
//! secret, and never stored.

use atelier_domain::proof_of_work::ChallengeKey;
use hkdf::Hkdf;
use sha2::Sha256;

const SALT: &[u8] = b"atelier/proof-of-work";
const INFO: &[u8] = b"atelier form challenges v1";

/// The challenge key of `server_secret`.
///
/// # Errors
/// When the server secret is shorter than [`crate::tokens::MIN_SECRET_LEN`] bytes.
pub fn challenge_key(server_secret: &[u8]) -> anyhow::Result<ChallengeKey> {
    anyhow::ensure!(
        server_secret.len() >= crate::tokens::MIN_SECRET_LEN,
        "the server secret must be at least {} bytes",
        crate::tokens::MIN_SECRET_LEN
    );
    let mut key = [0_u8; 32];
    Hkdf::<Sha256>::new(Some(SALT), server_secret)
        .expand(INFO, &mut key)
        .map_err(|_| anyhow::anyhow!("HKDF cannot expand to 32 bytes"))?;
    Ok(ChallengeKey::new(key))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &[u8] = b"a-server-secret-of-at-least-32-bytes!";

    #[test]
    fn the_key_is_hkdf_sha256_of_the_server_secret_and_differs_per_secret() {
        let mut expected = [0_u8; 32];
        Hkdf::<Sha256>::new(Some(SALT), SECRET).expand(INFO, &mut expected).unwrap();
        assert_eq!(challenge_key(SECRET).unwrap(), ChallengeKey::new(expected));
        assert_eq!(challenge_key(SECRET).unwrap(), challenge_key(SECRET).unwrap(), "the same on every instance");
        assert_ne!(challenge_key(SECRET).unwrap(), challenge_key(b"another-server-secret-of-32-bytes!!").unwrap());
    }

    #[test]
    fn short_secrets_are_refused() {
        assert!(challenge_key(b"short").is_err());
    }
}
