//! The answer to a proof-of-work challenge as a browser finds it, for tests that post the public
//! forms anonymously (the API tests and the durability tests).

use serde_json::Value;

/// The `proofOfWork` answering a challenge as `GET /api/challenge` sent it.
pub fn solve(challenge: &Value) -> Value {
    use atelier_domain::proof_of_work::{ALGORITHM, Challenge};
    let text = |field: &str| challenge[field].as_str().unwrap_or_else(|| panic!("{field} in {challenge}")).to_owned();
    let issued = Challenge {
        algorithm: ALGORITHM,
        challenge: text("challenge"),
        max_number: challenge["maxnumber"].as_u64().expect("maxnumber"),
        salt: text("salt"),
        signature: text("signature"),
        expires_at: chrono::Utc::now(),
    };
    let number = issued.solve().expect("the challenge has an answer");
    serde_json::json!({
        "algorithm": text("algorithm"),
        "challenge": issued.challenge,
        "number": number,
        "salt": issued.salt,
        "signature": issued.signature,
    })
}
