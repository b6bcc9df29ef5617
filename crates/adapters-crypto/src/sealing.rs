//! Secrets sealed at rest: XChaCha20-Poly1305 under a key derived from the server's secret with
//! HKDF-SHA256, so the sealed bytes in the database are useless without the server's secret.
//!
//! Sealed form: a version byte, the 24-byte random nonce, then the ciphertext and its 16-byte tag.
//! The context (the owner's id) is authenticated as associated data: bytes copied to another
//! owner's row do not open. A 192-bit random nonce never repeats in practice, however many secrets
//! one key seals.

use atelier_application::ports::{SecretSealer, Unsealable};
use chacha20poly1305::aead::{Aead, KeyInit, Payload};
use chacha20poly1305::{Key, XChaCha20Poly1305, XNonce};
use hkdf::Hkdf;
use sha2::Sha256;

/// The first byte of every sealed secret: the format and key derivation it was sealed with.
const VERSION: u8 = 1;
const NONCE_LEN: usize = 24;
const TAG_LEN: usize = 16;
/// HKDF's salt and info: they bind the derived key to this one use, so the same server secret
/// signing tokens (HS256) yields an unrelated key here.
const SALT: &[u8] = b"atelier/sealed-secrets";
const INFO: &[u8] = b"atelier two-factor secrets v1";

/// Seals and opens secrets with a key derived from the server's secret.
#[derive(Clone)]
pub struct SealedSecrets {
    cipher: XChaCha20Poly1305,
}

impl std::fmt::Debug for SealedSecrets {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SealedSecrets(***)")
    }
}

impl SealedSecrets {
    /// # Errors
    /// When the server secret is shorter than [`crate::tokens::MIN_SECRET_LEN`] bytes.
    pub fn new(server_secret: &[u8]) -> anyhow::Result<Self> {
        anyhow::ensure!(
            server_secret.len() >= crate::tokens::MIN_SECRET_LEN,
            "the server secret must be at least {} bytes",
            crate::tokens::MIN_SECRET_LEN
        );
        let mut key = Key::default();
        Hkdf::<Sha256>::new(Some(SALT), server_secret)
            .expand(INFO, &mut key)
            .map_err(|_| anyhow::anyhow!("HKDF cannot expand to 32 bytes"))?;
        Ok(Self { cipher: XChaCha20Poly1305::new(&key) })
    }
}

impl SecretSealer for SealedSecrets {
    fn seal(&self, secret: &[u8], context: &[u8]) -> anyhow::Result<Vec<u8>> {
        let mut nonce = [0_u8; NONCE_LEN];
        getrandom::fill(&mut nonce).map_err(|error| anyhow::anyhow!("the random source failed: {error}"))?;
        let nonce = XNonce::from(nonce);
        let ciphertext = self
            .cipher
            .encrypt(&nonce, Payload { msg: secret, aad: context })
            .map_err(|_| anyhow::anyhow!("sealing failed"))?;
        let mut sealed = Vec::with_capacity(1 + NONCE_LEN + ciphertext.len());
        sealed.push(VERSION);
        sealed.extend_from_slice(&nonce);
        sealed.extend_from_slice(&ciphertext);
        Ok(sealed)
    }

    fn open(&self, sealed: &[u8], context: &[u8]) -> Result<Vec<u8>, Unsealable> {
        let (&version, rest) = sealed.split_first().ok_or(Unsealable)?;
        if version != VERSION || rest.len() < NONCE_LEN + TAG_LEN {
            return Err(Unsealable);
        }
        let (nonce, ciphertext) = rest.split_at(NONCE_LEN);
        let nonce = XNonce::try_from(nonce).map_err(|_| Unsealable)?;
        self.cipher.decrypt(&nonce, Payload { msg: ciphertext, aad: context }).map_err(|_| Unsealable)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &[u8] = b"a-test-secret-of-at-least-32-bytes!!";

    #[test]
    fn a_sealed_secret_opens_with_the_same_key_and_context_only() {
        let keeper = SealedSecrets::new(SECRET).unwrap();
        let sealed = keeper.seal(b"12345678901234567890", b"owner-1").unwrap();
        assert_eq!(sealed.len(), 1 + NONCE_LEN + 20 + TAG_LEN);
        assert!(!sealed.windows(20).any(|window| window == b"12345678901234567890"), "not in the clear");
        assert_eq!(keeper.open(&sealed, b"owner-1").unwrap(), b"12345678901234567890");

        assert_eq!(keeper.open(&sealed, b"owner-2"), Err(Unsealable), "bound to its owner");
        let other = SealedSecrets::new(b"another-secret-of-at-least-32-bytes!").unwrap();
        assert_eq!(other.open(&sealed, b"owner-1"), Err(Unsealable), "another server secret");
    }

    #[test]
    fn tampered_truncated_and_foreign_bytes_do_not_open() {
        let keeper = SealedSecrets::new(SECRET).unwrap();
        let sealed = keeper.seal(b"secret", b"owner").unwrap();
        for index in [0, 1, 30, sealed.len() - 1] {
            let mut tampered = sealed.clone();
            tampered[index] ^= 1;
            assert_eq!(keeper.open(&tampered, b"owner"), Err(Unsealable), "byte {index}");
        }
        assert_eq!(keeper.open(&sealed[..sealed.len() - 1], b"owner"), Err(Unsealable));
        assert_eq!(keeper.open(&[], b"owner"), Err(Unsealable));
        assert_eq!(keeper.open(b"plain text", b"owner"), Err(Unsealable));
    }

    #[test]
    fn each_sealing_uses_a_fresh_nonce() {
        let sealer = SealedSecrets::new(SECRET).unwrap();
        assert_ne!(sealer.seal(b"secret", b"owner").unwrap(), sealer.seal(b"secret", b"owner").unwrap());
    }

    #[test]
    fn the_key_is_hkdf_sha256_of_the_server_secret() {
        // RFC 5869 by hand (HMAC-SHA256 extract, then one expand block), computed independently.
        let expected = "d352c5b660fef91788a67d3d34953ddacbcff21052f41590510eb9732e08aec9";
        let mut key = [0_u8; 32];
        Hkdf::<Sha256>::new(Some(SALT), SECRET).expand(INFO, &mut key).unwrap();
        let hex = key.iter().fold(String::new(), |mut hex, byte| {
            use std::fmt::Write;
            let _ = write!(hex, "{byte:02x}");
            hex
        });
        assert_eq!(hex, expected);

        // A secret sealed with that key by hand opens through the sealer.
        let cipher = XChaCha20Poly1305::new(&Key::from(key));
        let nonce = XNonce::from([7_u8; NONCE_LEN]);
        let mut sealed = vec![VERSION];
        sealed.extend_from_slice(&nonce);
        sealed.extend(cipher.encrypt(&nonce, Payload { msg: b"by hand", aad: b"owner" }).unwrap());
        assert_eq!(SealedSecrets::new(SECRET).unwrap().open(&sealed, b"owner").unwrap(), b"by hand");
        assert!(SealedSecrets::new(b"short").is_err());
    }
}
