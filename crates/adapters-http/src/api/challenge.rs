//! `/challenge`: the proof-of-work challenge a public form solves before it is sent (ALTCHA's
//! format, <https://altcha.org/docs>), and the answer's shape the forms send back as `proofOfWork`.
//! Never stored by the response cache: each call issues a new one.

use actix_web::{HttpRequest, web};
use atelier_application::ports::SharedClock;
use atelier_application::spam::{Challenges, PROOF_FIELD};
use atelier_application::store::Store;
use atelier_domain::proof_of_work::{Challenge, ProofError, Solution};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};

use crate::contract::Rules;
use crate::error::ApiError;
use crate::ports::Ports;
use crate::responses::TooManyRequests;

/// A challenge, as ALTCHA's widget and libraries read it: find the `number` from 0 to `maxnumber`
/// whose SHA-256 of `salt` followed by the number in decimal is `challenge`.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = ProofOfWorkChallenge)]
pub struct ChallengeDto {
    /// Always `SHA-256`.
    #[schema(example = "SHA-256")]
    pub algorithm: &'static str,
    /// The SHA-256 to find, hexadecimal.
    pub challenge: String,
    /// The largest number to try.
    pub maxnumber: u64,
    /// Random hexadecimal with the expiry (`?expires=<unix seconds>&`).
    pub salt: String,
    /// The server's signature of `challenge`, hexadecimal; sent back unchanged.
    pub signature: String,
    /// When the answer is no longer accepted (10 minutes after issue).
    #[serde(rename = "expiresAt")]
    pub expires_at: DateTime<Utc>,
}

impl From<Challenge> for ChallengeDto {
    fn from(challenge: Challenge) -> Self {
        Self {
            algorithm: challenge.algorithm,
            challenge: challenge.challenge,
            maxnumber: challenge.max_number,
            salt: challenge.salt,
            signature: challenge.signature,
            expires_at: challenge.expires_at,
        }
    }
}

/// A solved challenge, sent with a public form (ALTCHA's payload, as JSON). Each is accepted once,
/// until its challenge expires.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[schema(as = ProofOfWork)]
pub struct ProofOfWorkDto {
    /// The challenge's `algorithm`.
    pub algorithm: String,
    /// The challenge's `challenge`.
    pub challenge: String,
    /// The number found.
    pub number: u64,
    /// The challenge's `salt`.
    pub salt: String,
    /// The challenge's `signature`.
    pub signature: String,
    /// How many milliseconds the search took (only its bounds are checked).
    pub took: Option<u64>,
}

impl ProofOfWorkDto {
    /// The proof of work a creation sent, for a body field read with
    /// `#[serde(default, deserialize_with = "present")]`: `null` (an administrator's own entry) or
    /// a solved challenge. Leaving the field out is refused for every caller, as the document says
    /// (the field is required, `null` allowed).
    ///
    /// # Errors
    /// A 422 naming `proofOfWork` when the field is missing.
    pub fn sent(field: Option<Option<Self>>) -> Result<Option<Solution>, ApiError> {
        match field {
            None => Err(ApiError::invalid_field(PROOF_FIELD, ProofError::Missing.to_string())),
            Some(None) => Ok(None),
            Some(Some(proof)) => {
                // The shape is checked whoever sends it, an administrator (whose entries need no
                // proof, and whose proof is not verified) included.
                proof.check_shape()?;
                Ok(Some(proof.into_domain()))
            }
        }
    }

    /// The document's bounds of the numbers: whole numbers from 0 to the largest 64-bit signed one.
    ///
    /// # Errors
    /// A 422 naming `proofOfWork` and the number out of bounds.
    pub fn check_shape(&self) -> Result<(), ApiError> {
        let largest = i64::MAX.unsigned_abs();
        for (name, value) in [("number", Some(self.number)), ("took", self.took)] {
            if value.is_some_and(|value| value > largest) {
                return Err(ApiError::invalid_field(
                    PROOF_FIELD,
                    format!("The proof of work is malformed: its {name} must be at most {largest}"),
                ));
            }
        }
        Ok(())
    }

    pub fn into_domain(self) -> Solution {
        Solution {
            algorithm: self.algorithm,
            challenge: self.challenge,
            number: self.number,
            salt: self.salt,
            signature: self.signature,
        }
    }
}

/// Get a proof-of-work challenge
///
/// A fresh challenge for a public form (contact message, project request, newsletter sign-up),
/// which carries its answer as `proofOfWork`. Each answer is accepted once, within 10 minutes. At
/// most 30 challenges per client address within 10 minutes.
#[utoipa::path(
    get, path = "/challenge", tag = "challenge", operation_id = "getChallenge",
    responses(
        (status = 200, description = "A new challenge", body = ChallengeDto),
        TooManyRequests,
    )
)]
pub async fn get_challenge<S: Store>(
    challenges: web::Data<Challenges<S, SharedClock>>,
    request: HttpRequest,
) -> Result<web::Json<ChallengeDto>, ApiError> {
    let client = crate::submissions::client_key(crate::proxies::client_ip(&request));
    Ok(web::Json(challenges.issue(&client.to_string()).await?.into()))
}

/// The operations of this resource, documented: nested into the API document by [`super::documents`].
#[derive(Debug, OpenApi)]
#[openapi(
    paths(get_challenge),
    components(schemas(ProofOfWorkDto)),
    tags((name = "challenge", description = "Proof of work for the public forms, in place of a third-party CAPTCHA")),
)]
pub struct Doc;

/// This resource's request rules ([`crate::contract`]): none, it takes no body. Collected by
/// [`super::rules`].
pub fn rules() -> Rules {
    Rules::none()
}

/// The use case (`Challenges`) is registered by the server, which holds the signing key.
pub fn routes<P: Ports>(config: &mut crate::api::Routes, _store: &P::Store, _clock: &SharedClock) {
    config.service(super::resource("/challenge").get(get_challenge::<P::Store>));
}
