//! Used answers and the spam purge in the in-memory store.

use atelier_domain::contact::ContactMessage;
use atelier_domain::project_request::ProjectRequest;
use atelier_domain::proof_of_work::Redeemable;
use chrono::{DateTime, Utc};

use super::ports::{SpamRepository, UsedChallengeRepository};
use crate::fake::InMemoryStore;

impl UsedChallengeRepository for InMemoryStore {
    async fn redeem_challenge(&self, redeemable: &Redeemable) -> anyhow::Result<bool> {
        self.with(|tables| {
            let used = tables.private_rows_mut::<Redeemable>();
            if used.iter().any(|row| row.challenge == redeemable.challenge) {
                return Ok(false);
            }
            used.push(redeemable.clone());
            Ok(true)
        })
    }

    async fn forget_used_challenges(&self, now: DateTime<Utc>) -> anyhow::Result<u64> {
        self.with(|tables| {
            let used = tables.private_rows_mut::<Redeemable>();
            let before = used.len();
            used.retain(|row| row.expires_at > now);
            Ok((before - used.len()) as u64)
        })
    }
}

impl SpamRepository for InMemoryStore {
    async fn purge_spam(&self, before: DateTime<Utc>) -> anyhow::Result<u64> {
        self.with(|tables| {
            let contacts = tables.rows_mut::<ContactMessage>();
            let kept = contacts.len();
            contacts.retain(|message| !(message.spam && message.created_at < before));
            let mut purged = kept - contacts.len();
            let requests = tables.rows_mut::<ProjectRequest>();
            let kept = requests.len();
            requests.retain(|request| !(request.spam && request.created_at < before));
            purged += kept - requests.len();
            Ok(purged as u64)
        })
    }
}
