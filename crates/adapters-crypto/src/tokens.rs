//! Bearer tokens: JWTs signed with HS256 (and only HS256: any other algorithm, `none` included, is
//! refused), carrying the session id as `jti` so the server can revoke them.

use atelier_application::ports::{InvalidToken, TokenClaims, TokenIssuer};
use atelier_domain::EntityId;
use chrono::DateTime;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};

/// The shortest signing secret accepted.
pub const MIN_SECRET_LEN: usize = 32;
const ISSUER: &str = "atelier";

#[derive(Debug, Serialize, Deserialize)]
struct Claims {
    sub: String,
    jti: String,
    iat: i64,
    exp: i64,
    iss: String,
}

/// Signs and checks tokens with one secret.
#[derive(Clone)]
pub struct JwtTokens {
    encoding: EncodingKey,
    decoding: DecodingKey,
    validation: Validation,
}

impl std::fmt::Debug for JwtTokens {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("JwtTokens(***)")
    }
}

impl JwtTokens {
    /// # Errors
    /// When the secret is shorter than [`MIN_SECRET_LEN`] bytes.
    pub fn new(secret: &[u8]) -> anyhow::Result<Self> {
        anyhow::ensure!(secret.len() >= MIN_SECRET_LEN, "the token secret must be at least {MIN_SECRET_LEN} bytes");
        let mut validation = Validation::new(Algorithm::HS256);
        validation.algorithms = vec![Algorithm::HS256];
        validation.set_issuer(&[ISSUER]);
        validation.set_required_spec_claims(&["exp", "iat", "sub", "jti", "iss"]);
        // Expiry is judged by the account service on the clock the wiring chose (the claims carry
        // it), not here on the system's.
        validation.validate_exp = false;
        Ok(Self { encoding: EncodingKey::from_secret(secret), decoding: DecodingKey::from_secret(secret), validation })
    }
}

impl TokenIssuer for JwtTokens {
    fn issue(&self, claims: &TokenClaims) -> anyhow::Result<String> {
        let claims = Claims {
            sub: claims.user_id.to_string(),
            jti: claims.session_id.to_string(),
            iat: claims.issued_at.timestamp(),
            exp: claims.expires_at.timestamp(),
            iss: ISSUER.to_owned(),
        };
        jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
            .map_err(|error| anyhow::anyhow!("failed to sign a token: {error}"))
    }

    fn decode(&self, token: &str) -> Result<TokenClaims, InvalidToken> {
        let data = jsonwebtoken::decode::<Claims>(token, &self.decoding, &self.validation).map_err(|_| InvalidToken)?;
        let claims = data.claims;
        Ok(TokenClaims {
            session_id: EntityId::parse(&claims.jti).map_err(|_| InvalidToken)?,
            user_id: EntityId::parse(&claims.sub).map_err(|_| InvalidToken)?,
            issued_at: DateTime::from_timestamp(claims.iat, 0).ok_or(InvalidToken)?,
            expires_at: DateTime::from_timestamp(claims.exp, 0).ok_or(InvalidToken)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{Duration, Utc};

    const SECRET: &[u8] = b"a-test-secret-of-at-least-32-bytes!!";

    fn claims(expires_in: Duration) -> TokenClaims {
        let now = Utc::now();
        TokenClaims {
            session_id: EntityId::generate(now),
            user_id: EntityId::generate(now),
            issued_at: DateTime::from_timestamp(now.timestamp(), 0).unwrap(),
            expires_at: DateTime::from_timestamp((now + expires_in).timestamp(), 0).unwrap(),
        }
    }

    #[test]
    fn an_issued_token_decodes_to_its_claims() {
        let tokens = JwtTokens::new(SECRET).unwrap();
        let claims = claims(Duration::hours(12));
        assert_eq!(tokens.decode(&tokens.issue(&claims).unwrap()), Ok(claims));
    }

    #[test]
    fn an_expired_token_decodes_to_its_claims_for_the_service_to_judge() {
        let tokens = JwtTokens::new(SECRET).unwrap();
        let claims = claims(-Duration::hours(1));
        assert_eq!(tokens.decode(&tokens.issue(&claims).unwrap()), Ok(claims));
    }

    #[test]
    fn tampered_foreign_and_unsigned_tokens_are_refused() {
        let tokens = JwtTokens::new(SECRET).unwrap();

        let valid = tokens.issue(&claims(Duration::hours(1))).unwrap();
        let mut tampered = valid.clone();
        let last = tampered.pop().unwrap();
        tampered.push(if last == 'A' { 'B' } else { 'A' });
        assert_eq!(tokens.decode(&tampered), Err(InvalidToken));

        let other = JwtTokens::new(b"another-secret-of-at-least-32-bytes!").unwrap();
        assert_eq!(other.decode(&valid), Err(InvalidToken));

        let payload = valid.split('.').nth(1).unwrap();
        let unsigned = format!("eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.{payload}.");
        assert_eq!(tokens.decode(&unsigned), Err(InvalidToken));
        assert_eq!(tokens.decode("not a token"), Err(InvalidToken));
    }

    #[test]
    fn short_secrets_are_refused() {
        assert!(JwtTokens::new(b"short").is_err());
    }
}
