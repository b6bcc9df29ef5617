//! Standard Webhooks signatures (<https://www.standardwebhooks.com>): the `webhook-signature`
//! header is `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` under
//! the key the `whsec_…` secret stands for.

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;

/// The `webhook-signature` value of a message, or `None` when `secret` is not a `whsec_…` key.
pub fn sign(secret: &str, id: &str, timestamp: i64, body: &str) -> Option<String> {
    let key = atelier_domain::webhook::secret_key(secret)?;
    let mut mac = Hmac::<Sha256>::new_from_slice(&key).ok()?;
    mac.update(format!("{id}.{timestamp}.").as_bytes());
    mac.update(body.as_bytes());
    Some(format!("v1,{}", STANDARD.encode(mac.finalize().into_bytes())))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The specification's own test vector.
    #[test]
    fn the_specifications_test_vector_signs_as_published() {
        let signature = sign(
            "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
            "msg_p5jXN8AQM9LWM0D4loKWxJek",
            1_614_265_330,
            r#"{"test": 2432232314}"#,
        );
        assert_eq!(signature.as_deref(), Some("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="));
    }

    #[test]
    fn any_change_to_id_time_body_or_key_changes_the_signature() {
        let secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
        let base = sign(secret, "msg_1", 1, "{}").unwrap();
        assert_ne!(sign(secret, "msg_2", 1, "{}").unwrap(), base);
        assert_ne!(sign(secret, "msg_1", 2, "{}").unwrap(), base);
        assert_ne!(sign(secret, "msg_1", 1, "{ }").unwrap(), base);
        assert_ne!(sign("whsec_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "msg_1", 1, "{}").unwrap(), base);
        assert_eq!(sign("whsec_***", "msg_1", 1, "{}"), None);
    }
}
