//! The newsletter list: addresses left in the site header's newsletter box, confirmed by their
//! owners when mail can be sent, removed by them through their unsubscribe link, and listed,
//! exported and deleted by administrators.
//!
//! A sign-up never tells whether the address was already there: the same address again is
//! accepted quietly and stored once (case does not matter), and a filled honeypot is answered like
//! a person's sign-up but stores nothing.

#[cfg(test)]
mod fake;
pub mod ports;

use atelier_domain::notification::newsletter_confirmation_notice;
use atelier_domain::subscriber::{Subscriber, SubscriberStatus, is_token, newsletter_email};
use atelier_domain::{FieldErrors, Page};

use self::ports::{SubscriberFilter, SubscriberRepository, SubscriberSaveError};
use crate::access::Audience;
use crate::audit::ports::AuditRepository;
use crate::contact_details::ports::ContactDetailsRepository;
use crate::export::{self, ExportError};
use crate::notifications::ports::OutboxRepository;
use crate::notifications::{self, Notifications};
use crate::ports::Clock;
use crate::records::{self, LookupError, WriteError};
use crate::search::search_term;
use crate::settings::SiteSettings;
use crate::settings::ports::SettingsRepository;
use crate::spam::ports::UsedChallengeRepository;
use crate::spam::{self, Evidence, ProofSettings};

/// The default page size of the administrators' list.
pub const DEFAULT_LIMIT: u64 = 20;

/// A list request as the caller sent it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SubscriberQuery {
    pub status: Option<SubscriberStatus>,
    pub search: Option<String>,
    pub page: Option<i64>,
    pub limit: Option<i64>,
}

/// What a sign-up answers: the same for a new address, a known one and a bot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SignUp {
    /// Whether new addresses are asked to confirm by mail (a mail server is configured).
    pub confirmation_required: bool,
}

/// The newsletter use cases.
#[derive(Debug, Clone)]
pub struct Newsletter<S, C> {
    store: S,
    clock: C,
    notifications: Notifications,
    /// The proof of work sign-ups must carry; none asked without it.
    proofs: Option<ProofSettings>,
}

impl<S, C> Newsletter<S, C>
where
    S: SubscriberRepository
        + SettingsRepository
        + ContactDetailsRepository
        + OutboxRepository
        + UsedChallengeRepository
        + Clone,
    C: Clock,
{
    /// The list, with no mail server: addresses are kept as not confirmed.
    pub fn new(store: S, clock: C) -> Self {
        Self { store, clock, notifications: Notifications::off(), proofs: None }
    }

    /// The list, mailing each new address its confirmation link when `notifications` are on.
    #[must_use]
    pub fn notifying(self, notifications: Notifications) -> Self {
        Self { notifications, ..self }
    }

    /// The same use cases, asking every anonymous sign-up for a valid proof of work.
    #[must_use]
    pub fn guarded(self, proofs: ProofSettings) -> Self {
        Self { proofs: Some(proofs), ..self }
    }

    /// A sign-up from the newsletter box. `email` is trimmed and lowercased; an address already
    /// stored is kept as it is (a waiting one gets its confirmation link again, at most once a
    /// day). With mail on, the confirmation link on the site at `base` is queued for the address;
    /// a fault while queueing is logged and the sign-up stands.
    ///
    /// # Errors
    /// [`WriteError::Invalid`] with the box's message for a missing or malformed address (even
    /// from a bot, as a person would get it), and, with the guard on, for a missing, invalid,
    /// expired or used proof of work. A sign-up that fills the honeypot is answered as usual and
    /// dropped.
    pub async fn subscribe(
        &self,
        audience: Audience,
        email: Option<&str>,
        evidence: Evidence<'_>,
        base: &str,
    ) -> Result<SignUp, WriteError> {
        let parsed = newsletter_email(email).map_err(|message| {
            let mut errors = FieldErrors::new();
            errors.add("email", message);
            errors
        });
        // Administrators adding an address themselves need no proof of work.
        let proofs = self.proofs.as_ref().filter(|_| audience == Audience::Public);
        let admitted = spam::admit(&self.store, &self.clock, proofs, evidence, parsed).await?;
        let email = admitted.value;
        let answer = SignUp { confirmation_required: self.notifications.is_on() };
        if admitted.spam {
            return Ok(answer);
        }
        let now = self.clock.now();
        let subscriber = if let Some(stored) = self.store.find_subscriber_by_email(&email).await? {
            stored
        } else {
            let mut new = Subscriber::new(self.clock.new_id(), email.clone(), self.notifications.is_on(), now);
            match self.store.insert(&mut new).await {
                Ok(()) => new,
                // Another sign-up of the same address landed in between: that one stands.
                Err(SubscriberSaveError::DuplicateEmail) => self
                    .store
                    .find_subscriber_by_email(&email)
                    .await?
                    .ok_or_else(|| anyhow::anyhow!("a subscriber's address was taken and then was not found"))?,
                Err(SubscriberSaveError::Unexpected(error)) => return Err(error.into()),
            }
        };
        if subscriber.needs_confirmation_mail(self.notifications.is_on(), now) {
            self.mail_confirmation(subscriber, base).await;
        }
        Ok(answer)
    }

    /// Queues the confirmation link for `subscriber` and records it; never fails (a fault is logged,
    /// and the next sign-up of the address tries again).
    async fn mail_confirmation(&self, mut subscriber: Subscriber, base: &str) {
        let queued = async {
            let settings = SiteSettings::new(self.store.clone(), self.clock.clone()).get().await?;
            let notice = newsletter_confirmation_notice(&subscriber, &settings.site_name, base);
            let recipient = subscriber.email.as_str().to_owned();
            if notifications::queue_mail_to(&self.store, &self.clock, &self.notifications, &recipient, notice).await? {
                subscriber.confirmation_sent(self.clock.now());
                self.store.update(&mut subscriber).await.map_err(|error| match error {
                    SubscriberSaveError::Unexpected(error) => error,
                    SubscriberSaveError::DuplicateEmail => anyhow::anyhow!("a subscriber's own address clashed"),
                })?;
            }
            anyhow::Ok(())
        };
        if let Err(error) = queued.await {
            tracing::error!(
                subscriber = %subscriber.id,
                error = %format!("{error:#}"),
                "failed to queue a newsletter confirmation; the address is stored"
            );
        }
    }

    /// Confirms the address whose links carry `token`; confirming twice changes nothing.
    ///
    /// # Errors
    /// [`LookupError::NotFound`] when no stored address has the token (it was removed).
    pub async fn confirm(&self, token: &str) -> Result<Subscriber, LookupError> {
        let mut subscriber = self.by_token(token).await?.ok_or_else(records::not_found::<Subscriber>)?;
        if subscriber.status != SubscriberStatus::Confirmed {
            subscriber.confirm(self.clock.now());
            match self.store.update(&mut subscriber).await {
                Ok(true) => {}
                Ok(false) => return Err(records::not_found::<Subscriber>()),
                Err(SubscriberSaveError::Unexpected(error)) => return Err(error.into()),
                Err(SubscriberSaveError::DuplicateEmail) => {
                    return Err(anyhow::anyhow!("a subscriber's own address clashed").into());
                }
            }
        }
        Ok(subscriber)
    }

    /// Removes the address whose links carry `token`, and answers whether one was there: removing
    /// an address that is already gone is no error, so the link can be followed twice.
    ///
    /// # Errors
    /// Only infrastructure faults.
    pub async fn unsubscribe(&self, token: &str) -> anyhow::Result<bool> {
        match self.by_token(token).await? {
            Some(subscriber) => self.store.delete(subscriber.id).await,
            None => Ok(false),
        }
    }

    /// The address with this token; anything that is not a token's shape names none.
    async fn by_token(&self, token: &str) -> anyhow::Result<Option<Subscriber>> {
        let token = token.trim();
        if !is_token(token) {
            return Ok(None);
        }
        self.store.find_subscriber_by_token(token).await
    }

    /// One page of addresses, newest first, for administrators.
    ///
    /// # Errors
    /// Only infrastructure faults.
    pub async fn list(&self, query: SubscriberQuery) -> anyhow::Result<Page<Subscriber>> {
        let filter = SubscriberFilter { status: query.status, search: search_term(query.search.as_deref()) };
        self.store.list_subscribers(&filter, Audience::Admin.page(query.page, query.limit, DEFAULT_LIMIT)).await
    }

    /// Deletes an address for good.
    ///
    /// # Errors
    /// [`LookupError::NotFound`] for an unknown or malformed id.
    pub async fn delete(&self, id: &str) -> Result<(), LookupError> {
        records::delete::<Subscriber>(&self.store, id).await
    }
}

impl<S, C> Newsletter<S, C>
where
    S: SubscriberRepository
        + SettingsRepository
        + ContactDetailsRepository
        + OutboxRepository
        + AuditRepository
        + Clone,
    C: Clock,
{
    /// Every address the search and status filter let through, newest first, for a CSV export
    /// (with each address's unsubscribe link, for a mailing tool); recorded in the audit log. The
    /// query's page and limit are ignored.
    ///
    /// # Errors
    /// [`ExportError::TooMany`] past [`export::EXPORT_MAX_ROWS`] matches.
    pub async fn export(&self, query: SubscriberQuery) -> Result<Vec<Subscriber>, ExportError> {
        let filter = SubscriberFilter { status: query.status, search: search_term(query.search.as_deref()) };
        let used = export::used(&[("search", filter.search.is_some()), ("status", filter.status.is_some())]);
        let page = self.store.list_subscribers(&filter, export::page()).await?;
        export::recorded(&self.store, page, &used).await
    }
}

#[cfg(test)]
mod tests;
