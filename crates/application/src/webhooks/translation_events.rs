//! The events of a post's translation (docs/webhooks.md): `post.translation.published`,
//! `.updated`, `.unpublished` and `.deleted`, decided as a post's own are, from the translation's
//! own publication in its language (draft or published, and its publish time: one published for
//! later is announced at that time). The post's own state is announced by the post's events; a
//! post's deletion takes its translations with it and announces `post.deleted` only.
//!
//! The subject of a translation's deliveries is `{postId}/{lang}`, so a write withdraws only its
//! own language's waiting announcement.

use atelier_domain::translation::{Publication, Translation, TranslationKind};
use atelier_domain::webhook::EventType;
use chrono::{DateTime, Utc};
use serde_json::json;

use super::events::{Announcement, Announces, scheduled, time};

impl Announces for Translation {
    const ANNOUNCES: bool = true;

    fn announcements(before: Option<&Self>, after: Option<&Self>, now: DateTime<Utc>) -> Vec<Announcement> {
        if after.or(before).is_none_or(|translation| translation.kind != TranslationKind::Post) {
            return Vec::new();
        }
        let events = [
            EventType::PostTranslationPublished,
            EventType::PostTranslationUpdated,
            EventType::PostTranslationUnpublished,
            EventType::PostTranslationDeleted,
        ];
        scheduled(before, after, now, events, |translation| {
            let field = |name: &str| translation.fields.get(name).cloned();
            let data = json!({
                "id": translation.record_id,
                "lang": translation.lang.as_str(),
                "slug": translation.slug.as_ref().map(atelier_domain::slug::Slug::as_str),
                "title": field("title"),
                "excerpt": field("excerpt"),
                "status": translation.publication.as_str(),
                "publishAt": time(translation.publish_at),
                "updatedAt": time(Some(translation.updated_at)),
            });
            let subject = format!("{}/{}", translation.record_id, translation.lang);
            (subject, translation.publication == Publication::Published, translation.publish_at, data)
        })
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use atelier_domain::language::LanguageTag;
    use atelier_domain::translation::{TranslationChanges, TranslationInput};
    use chrono::Duration;
    use serde_json::Value;

    use super::*;

    fn translation(publication: &str, publish_at: Option<DateTime<Utc>>, now: DateTime<Utc>) -> Translation {
        let input = TranslationInput {
            fields: Some(BTreeMap::from([("title".to_owned(), "Hallo".to_owned())])),
            slug: Some("hallo".into()),
            publication: Some(publication.into()),
            publish_at: publish_at.map(|at| at.to_rfc3339()),
        };
        let changes = TranslationChanges::parse(TranslationKind::Post, input).unwrap();
        let lang = LanguageTag::parse("de").unwrap();
        Translation::create(TranslationKind::Post, "post-1".into(), lang, changes, "h".into(), now)
    }

    fn events(announcements: &[Announcement]) -> Vec<(String, String, Value)> {
        announcements
            .iter()
            .map(|announcement| match announcement {
                Announcement::Event { event, subject, payload, .. } => {
                    (event.as_str().to_owned(), subject.clone(), serde_json::from_str(payload).unwrap())
                }
                Announcement::Withdraw { event, subject } => {
                    (format!("withdraw {}", event.as_str()), subject.clone(), Value::Null)
                }
            })
            .collect()
    }

    #[test]
    fn a_published_translation_announces_its_language_and_a_draft_nothing() {
        let now = Utc::now();
        let draft = translation("draft", None, now);
        let published = translation("published", None, now);
        assert!(Translation::announcements(None, Some(&draft), now).is_empty());
        let created = events(&Translation::announcements(None, Some(&published), now));
        assert_eq!(created.len(), 1);
        let (event, subject, payload) = &created[0];
        assert_eq!((event.as_str(), subject.as_str()), ("post.translation.published", "post-1/de"));
        assert_eq!(payload["type"], "post.translation.published");
        assert_eq!(payload["data"]["lang"], "de");
        assert_eq!(payload["data"]["id"], "post-1");
        assert_eq!(payload["data"]["slug"], "hallo");
        assert_eq!(payload["data"]["title"], "Hallo");
        assert_eq!(payload["data"]["excerpt"], Value::Null);

        let updated = events(&Translation::announcements(Some(&published), Some(&published), now));
        assert_eq!(updated[0].0, "post.translation.updated");
        let unpublished = events(&Translation::announcements(Some(&published), Some(&draft), now));
        assert_eq!(unpublished[0].0, "post.translation.unpublished");
        let deleted = events(&Translation::announcements(Some(&published), None, now));
        assert_eq!(deleted[0].0, "post.translation.deleted");
        assert!(Translation::announcements(Some(&draft), None, now).is_empty());
    }

    #[test]
    fn a_translation_published_for_later_is_announced_then_and_withdrawn_by_its_next_write() {
        let now = Utc::now();
        let later = now + Duration::hours(2);
        let scheduled = translation("published", Some(later), now);
        let queued = Translation::announcements(None, Some(&scheduled), now);
        assert!(
            matches!(&queued[..], [Announcement::Event { event: EventType::PostTranslationPublished, due, .. }] if *due == later)
        );
        let changed =
            events(&Translation::announcements(Some(&scheduled), Some(&translation("draft", None, now)), now));
        assert_eq!(changed, vec![("withdraw post.translation.published".into(), "post-1/de".into(), Value::Null)]);
    }
}
