//! Redirects: the old addresses of the site that send visitors on, edited in the back office, added
//! in bulk by an import, and added by themselves when a published record's address changes
//! ([`address_moved`]). They are answered from memory ([`served::RedirectTable`]), and only where
//! the site has no page: a redirect never shadows a page that exists.
//!
//! Chains are resolved when a redirect is saved, so a visitor is always sent straight to the end:
//! a redirect to an address that is itself redirected leads where that one leads, and the redirects
//! that led to an address that gets a redirect of its own are moved on to its target. A redirect
//! that would lead back to its own address, directly or through another, is refused.

#[cfg(test)]
mod fake;
pub mod ports;
pub mod served;
#[cfg(test)]
mod tests;

use atelier_domain::redirect::{
    LOOP_MESSAGE, Redirect, RedirectChanges, RedirectInput, RedirectPath, RedirectStatus, RedirectTarget,
};
use atelier_domain::{FieldErrors, Page};

use self::ports::{RedirectFilter, RedirectRepository};
use crate::access::Audience;
use crate::ports::Clock;
use crate::records::{self, LookupError, RecordRepository, SaveError};
use crate::search::search_term;

/// The default page size of `GET /redirects`.
pub const DEFAULT_LIMIT: u64 = 20;

/// A list request as the caller sent it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RedirectQuery {
    pub search: Option<String>,
    pub page: Option<i64>,
    pub limit: Option<i64>,
}

/// Creating or changing a redirect failed.
#[derive(Debug, thiserror::Error)]
pub enum RedirectWriteError {
    #[error("Redirect not found")]
    NotFound,
    #[error("Validation failed")]
    Invalid(FieldErrors),
    #[error("A redirect from this address already exists")]
    DuplicateFrom,
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl From<LookupError> for RedirectWriteError {
    fn from(error: LookupError) -> Self {
        match error {
            LookupError::NotFound(_) => Self::NotFound,
            LookupError::Unexpected(error) => Self::Unexpected(error),
        }
    }
}

impl From<SaveError> for RedirectWriteError {
    fn from(error: SaveError) -> Self {
        match error {
            SaveError::DuplicateSlug => Self::DuplicateFrom,
            SaveError::Unexpected(error) => Self::Unexpected(error),
        }
    }
}

/// What adding redirects in bulk did.
#[derive(Debug, Default)]
pub struct BulkOutcome {
    /// The redirects stored, in the order given.
    pub added: Vec<Redirect>,
    /// The from addresses that already had a redirect (stored, or earlier in the same batch): left
    /// as they were.
    pub skipped: Vec<RedirectPath>,
    /// The inputs refused, by their position in the batch, with the reasons.
    pub refused: Vec<(usize, FieldErrors)>,
}

/// The redirect use cases.
#[derive(Debug, Clone)]
pub struct Redirects<S, C> {
    store: S,
    clock: C,
}

impl<S: RedirectRepository, C: Clock> Redirects<S, C> {
    pub fn new(store: S, clock: C) -> Self {
        Self { store, clock }
    }

    /// One page of redirects, by from address.
    pub async fn list(&self, query: RedirectQuery) -> anyhow::Result<Page<Redirect>> {
        let filter = RedirectFilter { search: search_term(query.search.as_deref()) };
        self.store.list_redirects(filter, Audience::Admin.page(query.page, query.limit, DEFAULT_LIMIT)).await
    }

    pub async fn get(&self, id: &str) -> Result<Redirect, LookupError> {
        records::get(&self.store, id, |_: &Redirect| true).await
    }

    /// A new redirect (301 unless another status is sent).
    pub async fn create(&self, input: RedirectInput) -> Result<Redirect, RedirectWriteError> {
        let changes = RedirectChanges::parse(input, true).map_err(RedirectWriteError::Invalid)?;
        if let Some(from) = changes.from()
            && self.store.find_redirect_from(from).await?.is_some()
        {
            return Err(RedirectWriteError::DuplicateFrom);
        }
        let mut redirect = Redirect::create(self.clock.new_id(), changes, self.clock.now());
        self.resolve(&mut redirect).await?;
        self.store.insert(&mut redirect).await?;
        self.forward_to(&redirect).await?;
        Ok(redirect)
    }

    /// Changes the fields sent; the others keep their values.
    pub async fn update(&self, id: &str, input: RedirectInput) -> Result<Redirect, RedirectWriteError> {
        let id = records::parse_id::<Redirect>(id)?;
        let changes = RedirectChanges::parse(input, false).map_err(RedirectWriteError::Invalid)?;
        let mut redirect = records::found::<Redirect>(&self.store, id).await?;
        if let Some(from) = changes.from().filter(|from| **from != redirect.from)
            && self.store.find_redirect_from(from).await?.is_some()
        {
            return Err(RedirectWriteError::DuplicateFrom);
        }
        redirect.apply(changes, self.clock.now());
        self.resolve(&mut redirect).await?;
        if !self.store.update(&mut redirect).await? {
            return Err(RedirectWriteError::NotFound);
        }
        self.forward_to(&redirect).await?;
        Ok(redirect)
    }

    pub async fn delete(&self, id: &str) -> Result<(), LookupError> {
        records::delete::<Redirect>(&self.store, id).await
    }

    /// Adds many redirects at once (an import's old addresses), each checked as [`Self::create`]
    /// checks one; an address that already has a redirect keeps it and is reported as skipped, so
    /// running the same batch twice adds nothing the second time.
    ///
    /// # Errors
    /// Only infrastructure faults; what was added before one stays added.
    pub async fn add_many(&self, inputs: Vec<RedirectInput>) -> anyhow::Result<BulkOutcome> {
        let mut outcome = BulkOutcome::default();
        for (index, input) in inputs.into_iter().enumerate() {
            match self.create(input.clone()).await {
                Ok(redirect) => outcome.added.push(redirect),
                Err(RedirectWriteError::DuplicateFrom) => {
                    let changes = RedirectChanges::parse(input, true).ok();
                    outcome.skipped.extend(changes.and_then(|changes| changes.from().cloned()));
                }
                Err(RedirectWriteError::Invalid(errors)) => outcome.refused.push((index, errors)),
                Err(RedirectWriteError::NotFound) => {}
                Err(RedirectWriteError::Unexpected(error)) => return Err(error),
            }
        }
        Ok(outcome)
    }

    /// Points `redirect` at the end of any chain its target starts, and refuses a loop.
    async fn resolve(&self, redirect: &mut Redirect) -> Result<(), RedirectWriteError> {
        if let Some(to) = redirect.to.local_path()
            && let Some(next) = self.store.find_redirect_from(&to).await?
            && next.id != redirect.id
        {
            redirect.to = next.to;
        }
        if redirect.loops() {
            let mut errors = FieldErrors::new();
            errors.add("to", LOOP_MESSAGE);
            return Err(RedirectWriteError::Invalid(errors));
        }
        Ok(())
    }

    /// The redirects that led to `redirect`'s address now lead where it leads, so no chain forms.
    async fn forward_to(&self, redirect: &Redirect) -> anyhow::Result<()> {
        forward(&self.store, &self.clock, &redirect.from, &redirect.to, Some(redirect.id)).await
    }
}

/// Moves every redirect that led to `from` on to `to` (but `except`); one that would then lead to
/// its own address is deleted.
async fn forward<S: RedirectRepository, C: Clock>(
    store: &S,
    clock: &C,
    from: &RedirectPath,
    to: &RedirectTarget,
    except: Option<atelier_domain::EntityId>,
) -> anyhow::Result<()> {
    for mut other in store.redirects_to(from).await? {
        if Some(other.id) == except {
            continue;
        }
        other.to = to.clone();
        other.updated_at = clock.now();
        if other.loops() {
            RecordRepository::<Redirect>::delete(store, other.id).await?;
        } else {
            store.update(&mut other).await.map_err(save_fault)?;
        }
    }
    Ok(())
}

fn save_fault(error: SaveError) -> anyhow::Error {
    match error {
        SaveError::DuplicateSlug => anyhow::anyhow!("a redirect from this address was added meanwhile"),
        SaveError::Unexpected(error) => error,
    }
}

/// A published record's public address moved from `old` to `new` (a post's or a project's slug
/// changed): the old address now leads to the new one, the redirects that led to the old one lead
/// to the new one too (no chain), and a redirect from the new address goes, since a page lives
/// there now. `title` names the record in the redirect's note.
///
/// # Errors
/// Only infrastructure faults.
pub async fn address_moved<S: RedirectRepository, C: Clock>(
    store: &S,
    clock: &C,
    old: &RedirectPath,
    new: &RedirectPath,
    title: &str,
) -> anyhow::Result<()> {
    if old == new {
        return Ok(());
    }
    if let Some(shadowing) = store.find_redirect_from(new).await? {
        RecordRepository::<Redirect>::delete(store, shadowing.id).await?;
    }
    let target = RedirectTarget::to_path(new);
    forward(store, clock, old, &target, None).await?;
    let now = clock.now();
    if let Some(mut existing) = store.find_redirect_from(old).await? {
        existing.to = target;
        existing.updated_at = now;
        store.update(&mut existing).await.map_err(save_fault)?;
    } else {
        let note = format!("Added when the address of \u{201c}{title}\u{201d} changed");
        let note: String = note.chars().take(atelier_domain::redirect::MAX_NOTE_LEN).collect();
        let changes = RedirectChanges::moved(old.clone(), target, note);
        let mut redirect = Redirect::create(clock.new_id(), changes, now);
        redirect.status = RedirectStatus::Permanent;
        store.insert(&mut redirect).await.map_err(save_fault)?;
    }
    Ok(())
}
