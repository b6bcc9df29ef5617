//! Review of blog posts: a writer submits a draft (status `in_review`), an Editor publishes it or
//! sends it back to draft with a note the writer reads in the form. A post in review is not public,
//! like a draft.
//!
//! The review state a post carries: when it was last submitted, and the note it was last sent back
//! with. Resubmitting or publishing clears the note.

use chrono::{DateTime, Utc};

use crate::meta::Editor;
use crate::post::{Post, PostStatus};
use crate::validation::{FieldErrors, required_text};

/// The longest note a post is sent back with, in characters.
pub const MAX_NOTE_LEN: usize = 2_000;

/// Where a post stands in review.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PostReview {
    /// When the post was last submitted for review; `None` if it never was.
    pub submitted_at: Option<DateTime<Utc>>,
    /// The note it was last sent back with, until it is resubmitted or published.
    pub sent_back: Option<SentBack>,
}

/// A post sent back to its writer: why, by whom and when.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SentBack {
    pub note: String,
    pub by: Editor,
    pub at: DateTime<Utc>,
}

/// What an Editor decides about a post in review.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReviewDecision {
    /// Publish it as it is.
    Publish,
    /// Back to draft, with a note saying what to change (never empty).
    SendBack(String),
}

impl ReviewDecision {
    /// The decision a client sent: `publish`, or `send_back` with a note.
    ///
    /// # Errors
    /// The fields' messages: an unknown decision, a missing or over-long note for `send_back`.
    pub fn parse(decision: &str, note: Option<&str>) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let decision = match decision.trim() {
            "publish" => Some(Self::Publish),
            "send_back" => {
                errors.check("note", required_text(note, "A note for the writer", MAX_NOTE_LEN)).map(Self::SendBack)
            }
            _ => {
                errors.add("decision", "Decision must be publish or send_back");
                None
            }
        };
        errors.finish(|| decision.unwrap_or(Self::Publish))
    }
}

/// A review step the post's status does not allow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ReviewRefusal {
    #[error("Only a draft can be submitted for review")]
    NotADraft,
    #[error("The post is not in review")]
    NotInReview,
}

impl Post {
    /// Submits a draft for review: it is `in_review` from `now`, and the note it was sent back with
    /// (if any) is cleared.
    ///
    /// # Errors
    /// [`ReviewRefusal::NotADraft`] for a post in review or published.
    pub fn submit_for_review(&mut self, now: DateTime<Utc>) -> Result<(), ReviewRefusal> {
        if self.status != PostStatus::Draft {
            return Err(ReviewRefusal::NotADraft);
        }
        self.status = PostStatus::InReview;
        self.review = PostReview { submitted_at: Some(now), sent_back: None };
        self.updated_at = now;
        Ok(())
    }

    /// Applies an Editor's decision to a post in review: published (the note cleared), or back to
    /// draft with the note, `by` and `now` kept for the writer.
    ///
    /// # Errors
    /// [`ReviewRefusal::NotInReview`] for a draft or a published post.
    pub fn decide_review(
        &mut self,
        decision: ReviewDecision,
        by: Editor,
        now: DateTime<Utc>,
    ) -> Result<(), ReviewRefusal> {
        if self.status != PostStatus::InReview {
            return Err(ReviewRefusal::NotInReview);
        }
        match decision {
            ReviewDecision::Publish => {
                self.status = PostStatus::Published;
                self.review.sent_back = None;
            }
            ReviewDecision::SendBack(note) => {
                self.status = PostStatus::Draft;
                self.review.sent_back = Some(SentBack { note, by, at: now });
            }
        }
        self.updated_at = now;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::EntityId;
    use crate::post::{PostChanges, PostInput};
    use crate::slug::Slug;
    use chrono::TimeZone;

    fn at(hour: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 2, 1, hour, 0, 0).unwrap()
    }

    fn draft() -> Post {
        let changes = PostChanges::parse(PostInput { title: Some("Hello".into()), ..PostInput::default() }, true);
        Post::create(EntityId::generate(at(8)), Slug::parse("hello").unwrap(), changes.unwrap(), at(8))
    }

    fn editor() -> Editor {
        Editor { id: EntityId::generate(at(8)), name: "Eve Editor".into() }
    }

    #[test]
    fn a_draft_goes_into_review_and_only_a_draft() {
        let mut post = draft();
        post.submit_for_review(at(9)).unwrap();
        assert_eq!((post.status, post.review.submitted_at), (PostStatus::InReview, Some(at(9))));
        assert!(!post.is_live(at(10)), "a post in review is not public");
        assert_eq!(post.submit_for_review(at(10)), Err(ReviewRefusal::NotADraft));
        post.status = PostStatus::Published;
        assert_eq!(post.submit_for_review(at(10)), Err(ReviewRefusal::NotADraft));
    }

    #[test]
    fn sending_back_keeps_the_note_until_the_post_is_resubmitted() {
        let mut post = draft();
        post.submit_for_review(at(9)).unwrap();
        post.decide_review(ReviewDecision::SendBack("Shorter intro".into()), editor(), at(10)).unwrap();
        assert_eq!(post.status, PostStatus::Draft);
        let sent_back = post.review.sent_back.clone().unwrap();
        assert_eq!(
            (sent_back.note.as_str(), sent_back.by.name.as_str(), sent_back.at),
            ("Shorter intro", "Eve Editor", at(10))
        );

        post.submit_for_review(at(11)).unwrap();
        assert_eq!(post.review, PostReview { submitted_at: Some(at(11)), sent_back: None });
    }

    #[test]
    fn publishing_clears_the_note_and_only_a_post_in_review_is_decided() {
        let mut post = draft();
        assert_eq!(post.decide_review(ReviewDecision::Publish, editor(), at(9)), Err(ReviewRefusal::NotInReview));
        post.submit_for_review(at(9)).unwrap();
        post.review.sent_back = Some(SentBack { note: "old".into(), by: editor(), at: at(8) });
        post.decide_review(ReviewDecision::Publish, editor(), at(10)).unwrap();
        assert_eq!((post.status, post.review.sent_back.clone()), (PostStatus::Published, None));
        assert!(post.is_live(at(10)));
        assert_eq!(post.decide_review(ReviewDecision::Publish, editor(), at(11)), Err(ReviewRefusal::NotInReview));
    }

    #[test]
    fn sending_back_needs_a_note_and_a_known_decision() {
        assert_eq!(ReviewDecision::parse("publish", None).unwrap(), ReviewDecision::Publish);
        assert_eq!(
            ReviewDecision::parse(" send_back ", Some(" Fix the title ")).unwrap(),
            ReviewDecision::SendBack("Fix the title".into())
        );
        let errors = ReviewDecision::parse("send_back", Some("  ")).unwrap_err();
        assert_eq!(errors.get("note"), Some("A note for the writer is required"));
        assert!(ReviewDecision::parse("send_back", Some(&"x".repeat(MAX_NOTE_LEN + 1))).is_err());
        assert!(ReviewDecision::parse("reject", None).unwrap_err().get("decision").is_some());
    }
}
