//! Review of blog posts: a writer submits a draft, which mails every Editor, Administrator and the
//! Owner (when mail is on); an Editor publishes it or sends it back to draft with a note the writer
//! reads in the form. Each step is a save that keeps the version it replaces, like an update.

use atelier_domain::FieldErrors;
use atelier_domain::meta::Editor;
use atelier_domain::notification::review_notice;
use atelier_domain::post::Post;
use atelier_domain::post_review::{ReviewDecision, ReviewRefusal};
use atelier_domain::user::Role;

use super::ports::PostRepository;
use crate::accounts::ports::UserRepository;
use crate::notifications::ports::OutboxRepository;
use crate::notifications::{Notifications, queue_mail_to};
use crate::ports::Clock;
use crate::records::{self, LookupError, SaveError};
use crate::revisions::ports::RevisionRepository;
use crate::revisions::{self, Author};

/// The roles that decide about posts in review, and are told when one is submitted.
pub const REVIEWERS: [Role; 3] = [Role::Owner, Role::Administrator, Role::Editor];

/// A review step failed.
#[derive(Debug, thiserror::Error)]
pub enum ReviewError {
    #[error("Post not found")]
    NotFound,
    #[error("Validation failed")]
    Invalid(FieldErrors),
    /// The post's status does not allow the step.
    #[error("{0}")]
    Refused(#[from] ReviewRefusal),
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl From<LookupError> for ReviewError {
    fn from(error: LookupError) -> Self {
        match error {
            LookupError::NotFound(_) => Self::NotFound,
            LookupError::Unexpected(error) => Self::Unexpected(error),
        }
    }
}

/// The review use cases.
#[derive(Debug, Clone)]
pub struct PostReviews<S, C> {
    store: S,
    clock: C,
    notifications: Notifications,
}

impl<S, C> PostReviews<S, C>
where
    S: PostRepository + RevisionRepository<Post> + UserRepository + OutboxRepository,
    C: Clock,
{
    /// Reviews that mail nobody.
    pub fn new(store: S, clock: C) -> Self {
        Self { store, clock, notifications: Notifications::off() }
    }

    /// Reviews that mail the reviewers of each submitted post when mail is on.
    #[must_use]
    pub fn notifying(self, notifications: Notifications) -> Self {
        Self { notifications, ..self }
    }

    /// Submits a draft for review on behalf of `author` and tells the reviewers (all but `author`).
    ///
    /// # Errors
    /// [`ReviewError::NotFound`], [`ReviewError::Refused`] for a post that is not a draft, and
    /// infrastructure faults (a stale version among them).
    pub async fn submit(&self, id: &str, author: &Author) -> Result<Post, ReviewError> {
        let post = self.change(id, author, Post::submit_for_review).await?;
        self.notify_reviewers(&post, author).await;
        Ok(post)
    }

    /// Applies a reviewer's decision (`publish`, or `send_back` with a note) to a post in review.
    ///
    /// # Errors
    /// [`ReviewError::Invalid`] for an unknown decision or a missing note,
    /// [`ReviewError::NotFound`], [`ReviewError::Refused`] for a post not in review, and
    /// infrastructure faults (a stale version among them).
    pub async fn decide(
        &self,
        id: &str,
        decision: &str,
        note: Option<&str>,
        reviewer: &Author,
    ) -> Result<Post, ReviewError> {
        let decision = ReviewDecision::parse(decision, note).map_err(ReviewError::Invalid)?;
        let by = Editor { id: reviewer.id, name: reviewer.name.clone() };
        self.change(id, reviewer, |post, now| post.decide_review(decision, by, now)).await
    }

    async fn change(
        &self,
        id: &str,
        author: &Author,
        step: impl FnOnce(&mut Post, chrono::DateTime<chrono::Utc>) -> Result<(), ReviewRefusal>,
    ) -> Result<Post, ReviewError> {
        let id = records::parse_id::<Post>(id)?;
        let before = records::found::<Post>(&self.store, id).await?;
        let mut post = before.clone();
        step(&mut post, self.clock.now())?;
        revisions::keep(&self.store, &self.clock, &before, &post, author).await?;
        match self.store.update(&mut post).await {
            Ok(true) => Ok(post),
            Ok(false) => Err(ReviewError::NotFound),
            Err(SaveError::Unexpected(error)) => Err(error.into()),
            Err(SaveError::DuplicateSlug) => Err(anyhow::anyhow!("a review step changed a post's slug").into()),
        }
    }

    /// Queues the notice of a submitted post for each reviewer but its writer. Never fails: the
    /// submission stands and a fault is logged.
    async fn notify_reviewers(&self, post: &Post, author: &Author) {
        if !self.notifications.is_on() {
            return;
        }
        let notice = review_notice(post, &author.name, self.notifications.public_url());
        for role in REVIEWERS {
            let reviewers = match self.store.users_with_role(role).await {
                Ok(reviewers) => reviewers,
                Err(error) => {
                    tracing::error!(post = %post.id, error = %format!("{error:#}"), "failed to list reviewers to notify");
                    continue;
                }
            };
            for reviewer in reviewers.iter().filter(|reviewer| reviewer.id != author.id) {
                let queued = queue_mail_to(
                    &self.store,
                    &self.clock,
                    &self.notifications,
                    reviewer.email.as_str(),
                    notice.clone(),
                )
                .await;
                if let Err(error) = queued {
                    tracing::error!(post = %post.id, error = %format!("{error:#}"), "failed to queue a review notice");
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::blog::BlogCatalog;
    use crate::fake::{FakeClock, InMemoryStore};
    use crate::notifications::fake::OutboxOutage;
    use atelier_domain::EntityId;
    use atelier_domain::notification::{About, Topic};
    use atelier_domain::post::{PostInput, PostStatus};
    use atelier_domain::user::{Email, PasswordHash, User};

    async fn account(store: &InMemoryStore, clock: &FakeClock, name: &str, role: Role) -> Author {
        let user = User {
            id: clock.new_id(),
            email: Email::parse(&format!("{}@studio.example", name.to_lowercase())).unwrap(),
            name: name.to_owned(),
            role,
            password_hash: PasswordHash::new("x".into()),
            must_change_password: false,
            created_at: clock.now(),
            updated_at: clock.now(),
        };
        store.insert_user(&user).await.unwrap();
        Author { id: user.id, name: user.name }
    }

    struct Team {
        store: InMemoryStore,
        reviews: PostReviews<InMemoryStore, FakeClock>,
        writer: Author,
        editor: Author,
        post: String,
    }

    async fn team(notifications: Notifications) -> Team {
        let (store, clock) = (InMemoryStore::default(), FakeClock::default());
        let writer = account(&store, &clock, "Cai", Role::Contributor).await;
        let editor = account(&store, &clock, "Eve", Role::Editor).await;
        account(&store, &clock, "Ola", Role::Owner).await;
        account(&store, &clock, "Sam", Role::Sales).await;
        let blog = BlogCatalog::new(store.clone(), clock.clone());
        let input = PostInput { title: Some("Why Rust".into()), ..PostInput::default() };
        let post = blog.create(input).await.unwrap().post.id.to_string();
        let reviews = PostReviews::new(store.clone(), clock).notifying(notifications);
        Team { store, reviews, writer, editor, post }
    }

    async fn recipients(store: &InMemoryStore, post: &str) -> Vec<String> {
        let about = About { topic: Topic::PostReview, id: EntityId::parse(post).unwrap() };
        let mut recipients: Vec<String> =
            store.mails_about(about).await.unwrap().into_iter().map(|mail| mail.recipient).collect();
        recipients.sort();
        recipients
    }

    #[tokio::test]
    async fn a_submitted_draft_is_in_review_and_mailed_to_the_editors_and_the_owner() {
        let Team { store, reviews, writer, post, .. } = team(Notifications::on(None)).await;
        let submitted = reviews.submit(&post, &writer).await.unwrap();
        assert_eq!(submitted.status, PostStatus::InReview);
        assert!(submitted.review.submitted_at.is_some());
        assert_eq!(recipients(&store, &post).await, ["eve@studio.example", "ola@studio.example"]);
        assert!(matches!(reviews.submit(&post, &writer).await, Err(ReviewError::Refused(ReviewRefusal::NotADraft))));
    }

    #[tokio::test]
    async fn without_mail_or_with_the_outbox_down_a_submission_still_stands() {
        let Team { store, reviews, writer, post, .. } = team(Notifications::off()).await;
        reviews.submit(&post, &writer).await.unwrap();
        assert!(recipients(&store, &post).await.is_empty());

        let Team { store, reviews, writer, post, .. } = team(Notifications::on(None)).await;
        store.with(|tables| tables.private_rows_mut().push(OutboxOutage));
        assert_eq!(reviews.submit(&post, &writer).await.unwrap().status, PostStatus::InReview);
    }

    #[tokio::test]
    async fn an_editor_sends_back_with_a_note_then_publishes_the_resubmitted_post() {
        let Team { reviews, writer, editor, post, .. } = team(Notifications::off()).await;
        reviews.submit(&post, &writer).await.unwrap();
        let missing = reviews.decide(&post, "send_back", Some(" "), &editor).await;
        assert!(matches!(missing, Err(ReviewError::Invalid(errors)) if errors.get("note").is_some()));

        let sent_back = reviews.decide(&post, "send_back", Some("Shorter intro"), &editor).await.unwrap();
        assert_eq!(sent_back.status, PostStatus::Draft);
        let note = sent_back.review.sent_back.unwrap();
        assert_eq!((note.note.as_str(), note.by.name.as_str()), ("Shorter intro", "Eve"));
        let early = reviews.decide(&post, "publish", None, &editor).await;
        assert!(matches!(early, Err(ReviewError::Refused(ReviewRefusal::NotInReview))));

        assert_eq!(reviews.submit(&post, &writer).await.unwrap().review.sent_back, None);
        let published = reviews.decide(&post, "publish", None, &editor).await.unwrap();
        assert_eq!(published.status, PostStatus::Published);
        assert!(matches!(reviews.decide("nope", "publish", None, &editor).await, Err(ReviewError::NotFound)));
    }
}
