//! The in-memory translations, with the database's unique rules, and the site's languages (English
//! only until a test sets others with [`set_languages`]).

use atelier_domain::language::{LanguageTag, Languages};
use atelier_domain::slug::Slug;
use atelier_domain::translation::{SlugHolder, Translation, TranslationKind};
use chrono::{DateTime, Utc};

use atelier_domain::EntityId;
use atelier_domain::revision::{Revision, RevisionSummary};

use super::ports::{
    SiteLanguages, TranslationRepository, TranslationRevisionRepository, TranslationSaveError, TranslationWrite,
};
use crate::audit::Change;
use crate::fake::{InMemoryStore, audited};
use crate::records;
use crate::webhooks::Announces;
use crate::webhooks::fake::announce;

/// Sets the site's languages the fake answers.
pub fn set_languages(store: &InMemoryStore, languages: Languages) {
    store.with(|tables| *tables.private_rows_mut::<Languages>() = vec![languages]);
}

impl SiteLanguages for InMemoryStore {
    async fn site_languages(&self) -> anyhow::Result<Languages> {
        self.with(|tables| Ok(tables.rows::<Languages>().first().cloned().unwrap_or_default()))
    }
}

fn of_record(kind: TranslationKind, record_id: &str) -> impl Fn(&&Translation) -> bool + '_ {
    move |translation| translation.kind == kind && translation.record_id == record_id
}

impl TranslationRepository for InMemoryStore {
    async fn record_translations(&self, kind: TranslationKind, record_id: &str) -> anyhow::Result<Vec<Translation>> {
        self.with(|tables| {
            Ok(tables.rows::<Translation>().iter().filter(of_record(kind, record_id)).cloned().collect())
        })
    }

    async fn translations_of(&self, kind: TranslationKind, record_ids: &[String]) -> anyhow::Result<Vec<Translation>> {
        self.with(|tables| {
            Ok(tables
                .rows::<Translation>()
                .iter()
                .filter(|translation| translation.kind == kind && record_ids.contains(&translation.record_id))
                .cloned()
                .collect())
        })
    }

    async fn find_by_translated_slug(
        &self,
        kind: TranslationKind,
        lang: &LanguageTag,
        slug: &Slug,
    ) -> anyhow::Result<Option<Translation>> {
        self.with(|tables| {
            Ok(tables
                .rows::<Translation>()
                .iter()
                .find(|translation| {
                    translation.kind == kind && translation.lang == *lang && translation.slug.as_ref() == Some(slug)
                })
                .cloned())
        })
    }

    async fn translated_slug_holders(&self, kind: TranslationKind, slug: &Slug) -> anyhow::Result<Vec<SlugHolder>> {
        self.with(|tables| {
            Ok(tables
                .rows::<Translation>()
                .iter()
                .filter(|translation| translation.kind == kind && translation.slug.as_ref() == Some(slug))
                .map(|translation| SlugHolder::Translated {
                    record_id: translation.record_id.clone(),
                    lang: translation.lang.clone(),
                })
                .collect())
        })
    }

    async fn live_in(
        &self,
        kind: TranslationKind,
        lang: &LanguageTag,
        now: DateTime<Utc>,
    ) -> anyhow::Result<Vec<String>> {
        self.with(|tables| {
            Ok(tables
                .rows::<Translation>()
                .iter()
                .filter(|translation| translation.kind == kind && translation.lang == *lang && translation.is_live(now))
                .map(|translation| translation.record_id.clone())
                .collect())
        })
    }

    async fn save_translations(&self, writes: &mut [TranslationWrite]) -> Result<(), TranslationSaveError> {
        self.with(|tables| {
            let mut rows = tables.rows::<Translation>().to_vec();
            let mut saved = Vec::with_capacity(writes.len());
            for write in writes.iter() {
                let mut translation = write.translation.clone();
                let lang = translation.lang.clone();
                let position = rows.iter().position(|stored| {
                    stored.kind == translation.kind && stored.record_id == translation.record_id && stored.lang == lang
                });
                match (position, write.expected_version) {
                    (Some(index), Some(version)) if rows[index].meta.version == version => {
                        translation.meta = records::next_meta(&rows[index].meta);
                        rows.remove(index);
                    }
                    (None, None) => translation.meta = records::first_meta(),
                    _ => return Err(TranslationSaveError::Stale(lang)),
                }
                let clash = rows.iter().any(|other| {
                    other.kind == translation.kind
                        && other.lang == lang
                        && translation.slug.is_some()
                        && other.slug == translation.slug
                });
                if clash {
                    return Err(TranslationSaveError::DuplicateSlug(lang));
                }
                rows.push(translation.clone());
                saved.push(translation);
            }
            *tables.rows_mut::<Translation>() = rows;
            if let Some(first) = saved.first() {
                audited(tables, Change::of(&first.record_id).titled(first.title()));
            }
            for (write, stored) in writes.iter_mut().zip(saved) {
                write.translation = stored;
            }
            // As the database adapter, in the same write: the webhooks' events by the wall clock.
            let now = Utc::now();
            for write in writes.iter() {
                announce(tables, Translation::announcements(write.previous.as_ref(), Some(&write.translation), now));
            }
            Ok(())
        })
    }

    async fn delete_translation(
        &self,
        kind: TranslationKind,
        record_id: &str,
        lang: &LanguageTag,
    ) -> anyhow::Result<bool> {
        self.with(|tables| {
            let rows = tables.rows_mut::<Translation>();
            let removed = rows
                .iter()
                .position(|translation| {
                    translation.kind == kind && translation.record_id == record_id && translation.lang == *lang
                })
                .map(|index| rows.remove(index));
            if let Some(removed) = &removed {
                audited(tables, Change::of(&removed.record_id).titled(removed.title()));
                announce(tables, Translation::announcements(Some(removed), None, Utc::now()));
            }
            Ok(removed.is_some())
        })
    }

    async fn delete_record_translations(&self, kind: TranslationKind, record_id: &str) -> anyhow::Result<u64> {
        self.with(|tables| {
            let rows = tables.rows_mut::<Translation>();
            let before = rows.len();
            rows.retain(|translation| !(translation.kind == kind && translation.record_id == record_id));
            Ok((before - rows.len()) as u64)
        })
    }
}

/// The in-memory translation revisions: kept as they are, newest last.
impl TranslationRevisionRepository for InMemoryStore {
    async fn add_translation_revision(&self, revision: &Revision<Translation>, keep: usize) -> anyhow::Result<()> {
        let of = |row: &Revision<Translation>| {
            row.summary.record_id == revision.summary.record_id
                && row.snapshot.kind == revision.snapshot.kind
                && row.snapshot.lang == revision.snapshot.lang
        };
        self.with(|tables| {
            let rows = tables.private_rows_mut::<Revision<Translation>>();
            rows.push(revision.clone());
            let mut extra = rows.iter().filter(|row| of(row)).count().saturating_sub(keep);
            rows.retain(|row| {
                let drop = extra > 0 && of(row);
                extra -= usize::from(drop);
                !drop
            });
            Ok(())
        })
    }

    async fn list_translation_revisions(
        &self,
        kind: TranslationKind,
        record_id: EntityId,
        lang: &LanguageTag,
    ) -> anyhow::Result<Vec<RevisionSummary>> {
        self.with(|tables| {
            let mut summaries: Vec<RevisionSummary> = tables
                .rows::<Revision<Translation>>()
                .iter()
                .filter(|row| row.summary.record_id == record_id && row.snapshot.kind == kind)
                .filter(|row| row.snapshot.lang == *lang)
                .map(|row| row.summary.clone())
                .collect();
            summaries.sort_by(|a, b| b.created_at.cmp(&a.created_at).then(b.id.cmp(&a.id)));
            Ok(summaries)
        })
    }

    async fn find_translation_revision(
        &self,
        kind: TranslationKind,
        record_id: EntityId,
        lang: &LanguageTag,
        id: EntityId,
    ) -> anyhow::Result<Option<Revision<Translation>>> {
        self.with(|tables| {
            Ok(tables
                .rows::<Revision<Translation>>()
                .iter()
                .find(|row| {
                    row.summary.id == id
                        && row.summary.record_id == record_id
                        && row.snapshot.kind == kind
                        && row.snapshot.lang == *lang
                })
                .cloned())
        })
    }

    async fn delete_translation_revisions(&self, kind: TranslationKind, record_id: EntityId) -> anyhow::Result<()> {
        self.with(|tables| {
            tables
                .private_rows_mut::<Revision<Translation>>()
                .retain(|row| row.summary.record_id != record_id || row.snapshot.kind != kind);
            Ok(())
        })
    }
}
