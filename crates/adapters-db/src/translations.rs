//! Translations in the `translations` table (docs/languages.md), and the site's languages.
//!
//! A write of several languages is one transaction, each row held to its own version: an update is
//! `UPDATE … WHERE kind = ? AND record_id = ? AND lang = ? AND version = ?`, a creation an insert
//! that the primary key refuses when another request created the same language meanwhile. The
//! unique index on (`kind`, `lang`, `slug`) settles two writes of one slug at once: one lands, the
//! other is told the slug is taken.

use std::collections::BTreeMap;

use anyhow::Context;
use atelier_application::audit::Change;
use atelier_application::records;
use atelier_application::settings::ports::SettingsRepository;
use atelier_application::translations::ports::{
    SiteLanguages, TranslationRepository, TranslationSaveError, TranslationWrite,
};
use atelier_domain::language::{LanguageTag, Languages};
use atelier_domain::slug::Slug;
use atelier_domain::translation::{Publication, SlugHolder, Translation, TranslationKind};
use chrono::{DateTime, Utc};
use sea_orm::ActiveValue::Set;
use sea_orm::{
    ColumnTrait, Condition, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect, SqlErr, TransactionTrait,
};

use crate::entities::translation::{ActiveModel, Column, Entity, Model};
use crate::query::Unique;
use crate::records::{row_meta, set_meta};
use crate::store::{SeaOrmStore, stored};
use crate::{audit, webhooks};
use atelier_application::webhooks::Announces;

/// The languages the settings list; a site without settings yet is in English only.
impl SiteLanguages for SeaOrmStore {
    async fn site_languages(&self) -> anyhow::Result<Languages> {
        Ok(self.load_settings().await?.map(|settings| settings.languages).unwrap_or_default())
    }
}

fn of_record(kind: TranslationKind, record_id: &str) -> Condition {
    Condition::all().add(Column::Kind.eq(kind.as_str())).add(Column::RecordId.eq(record_id))
}

impl TranslationRepository for SeaOrmStore {
    async fn record_translations(&self, kind: TranslationKind, record_id: &str) -> anyhow::Result<Vec<Translation>> {
        let rows = Entity::find()
            .filter(of_record(kind, record_id))
            .order_by_asc(Column::Lang)
            .all(&self.db)
            .await
            .context("failed to read a record's translations")?;
        rows.into_iter().map(into_domain).collect()
    }

    async fn translations_of(&self, kind: TranslationKind, record_ids: &[String]) -> anyhow::Result<Vec<Translation>> {
        if record_ids.is_empty() {
            return Ok(Vec::new());
        }
        let rows = Entity::find()
            .filter(Column::Kind.eq(kind.as_str()))
            .filter(Column::RecordId.is_in(record_ids.iter().map(String::as_str)))
            .all(&self.db)
            .await
            .context("failed to read the translations of records")?;
        rows.into_iter().map(into_domain).collect()
    }

    async fn find_by_translated_slug(
        &self,
        kind: TranslationKind,
        lang: &LanguageTag,
        slug: &Slug,
    ) -> anyhow::Result<Option<Translation>> {
        let row = Entity::find()
            .filter(Column::Kind.eq(kind.as_str()))
            .filter(Column::Lang.eq(lang.as_str()))
            .filter(Column::Slug.eq(slug.as_str()))
            .unique(&self.db)
            .await
            .context("failed to read a translation by its slug")?;
        row.map(into_domain).transpose()
    }

    async fn translated_slug_holders(&self, kind: TranslationKind, slug: &Slug) -> anyhow::Result<Vec<SlugHolder>> {
        let rows: Vec<(String, String)> = Entity::find()
            .select_only()
            .column(Column::RecordId)
            .column(Column::Lang)
            .filter(Column::Kind.eq(kind.as_str()))
            .filter(Column::Slug.eq(slug.as_str()))
            .into_tuple()
            .all(&self.db)
            .await
            .context("failed to read who holds a translated slug")?;
        rows.into_iter()
            .map(|(record_id, lang)| {
                Ok(SlugHolder::Translated {
                    record_id,
                    lang: stored("translation language", LanguageTag::parse(&lang))?,
                })
            })
            .collect()
    }

    async fn live_in(
        &self,
        kind: TranslationKind,
        lang: &LanguageTag,
        now: DateTime<Utc>,
    ) -> anyhow::Result<Vec<String>> {
        Entity::find()
            .select_only()
            .column(Column::RecordId)
            .filter(Column::Kind.eq(kind.as_str()))
            .filter(Column::Lang.eq(lang.as_str()))
            .filter(Column::Status.eq(Publication::Published.as_str()))
            .filter(Condition::any().add(Column::PublishAt.is_null()).add(Column::PublishAt.lte(now)))
            .into_tuple()
            .all(&self.db)
            .await
            .context("failed to read the records live in a language")
    }

    async fn save_translations(&self, writes: &mut [TranslationWrite]) -> Result<(), TranslationSaveError> {
        let transaction = self.db.begin().await.context("failed to start a transaction")?;
        let mut metas = Vec::with_capacity(writes.len());
        for write in writes.iter() {
            let translation = &write.translation;
            let lang = translation.lang.clone();
            let refused = |error: DbErr| refusal(error, &lang);
            match write.expected_version {
                None => {
                    let meta = records::first_meta();
                    let mut row = to_active(translation)?;
                    set_meta(&mut row, &meta, true)?;
                    // The primary key refuses a language another request created meanwhile: stale.
                    Entity::insert(row).exec_without_returning(&transaction).await.map_err(refused)?;
                    metas.push(meta);
                }
                Some(version) => {
                    let read = atelier_domain::meta::RecordMeta { version, ..translation.meta.clone() };
                    let meta = records::next_meta(&read);
                    let mut row = to_active(translation)?;
                    set_meta(&mut row, &meta, false)?;
                    let result = Entity::update_many()
                        .set(row)
                        .filter(of_record(translation.kind, &translation.record_id))
                        .filter(Column::Lang.eq(lang.as_str()))
                        .filter(Column::Version.eq(version))
                        .exec(&transaction)
                        .await
                        .map_err(refused)?;
                    if result.rows_affected == 0 {
                        return Err(TranslationSaveError::Stale(lang));
                    }
                    metas.push(meta);
                }
            }
        }
        let now = Utc::now();
        for write in writes.iter() {
            let announcements = Translation::announcements(write.previous.as_ref(), Some(&write.translation), now);
            webhooks::announce(&transaction, announcements).await?;
        }
        let recorded = match writes.first() {
            Some(first) => {
                let change = Change::of(&first.translation.record_id).titled(first.translation.title());
                audit::append(&transaction, change).await?
            }
            None => false,
        };
        audit::commit(transaction, recorded).await.context("failed to commit translations")?;
        for (write, meta) in writes.iter_mut().zip(metas) {
            write.translation.meta = meta;
        }
        Ok(())
    }

    async fn delete_translation(
        &self,
        kind: TranslationKind,
        record_id: &str,
        lang: &LanguageTag,
    ) -> anyhow::Result<bool> {
        let condition = of_record(kind, record_id).add(Column::Lang.eq(lang.as_str()));
        let before =
            Entity::find().filter(condition.clone()).unique(&self.db).await.context("failed to read a translation")?;
        let Some(before) = before else { return Ok(false) };
        let before = into_domain(before)?;
        let title = before.title();
        let transaction = self.db.begin().await.context("failed to start a transaction")?;
        let result = Entity::delete_many()
            .filter(condition)
            .exec(&transaction)
            .await
            .context("failed to delete a translation")?;
        if result.rows_affected > 0 {
            webhooks::announce(&transaction, Translation::announcements(Some(&before), None, Utc::now())).await?;
        }
        let recorded =
            result.rows_affected > 0 && audit::append(&transaction, Change::of(record_id).titled(title)).await?;
        audit::commit(transaction, recorded).await.context("failed to commit a translation's deletion")?;
        Ok(result.rows_affected > 0)
    }

    async fn delete_record_translations(&self, kind: TranslationKind, record_id: &str) -> anyhow::Result<u64> {
        let result = Entity::delete_many()
            .filter(of_record(kind, record_id))
            .exec(&self.db)
            .await
            .context("failed to delete a record's translations")?;
        Ok(result.rows_affected)
    }
}

/// A refused statement: a taken slug (the slug index), a language created meanwhile (the primary
/// key), or an infrastructure fault.
fn refusal(error: DbErr, lang: &LanguageTag) -> TranslationSaveError {
    match error.sql_err() {
        Some(SqlErr::UniqueConstraintViolation(message)) if message.contains("slug") => {
            TranslationSaveError::DuplicateSlug(lang.clone())
        }
        Some(SqlErr::UniqueConstraintViolation(_)) => TranslationSaveError::Stale(lang.clone()),
        _ => TranslationSaveError::Unexpected(anyhow::Error::new(error).context("failed to write a translation")),
    }
}

fn to_active(translation: &Translation) -> anyhow::Result<ActiveModel> {
    Ok(ActiveModel {
        kind: Set(translation.kind.as_str().to_owned()),
        record_id: Set(translation.record_id.clone()),
        lang: Set(translation.lang.as_str().to_owned()),
        slug: Set(translation.slug.as_ref().map(ToString::to_string)),
        fields: Set(serde_json::to_string(&translation.fields).context("failed to write a translation's fields")?),
        status: Set(translation.publication.as_str().to_owned()),
        publish_at: Set(translation.publish_at),
        source_hash: Set(translation.source_hash.clone()),
        sources: Set(serde_json::to_string(&translation.sources).context("failed to write a translation's sources")?),
        created_at: Set(translation.created_at),
        updated_at: Set(translation.updated_at),
        ..Default::default()
    })
}

fn into_domain(row: Model) -> anyhow::Result<Translation> {
    let meta = row_meta(&row)?;
    let fields: BTreeMap<String, String> =
        serde_json::from_str(&row.fields).context("stored translation fields are not a JSON object of texts")?;
    let sources: BTreeMap<String, String> =
        serde_json::from_str(&row.sources).context("stored translation sources are not a JSON object of texts")?;
    Ok(Translation {
        meta,
        kind: stored("translation kind", TranslationKind::parse(&row.kind))?,
        record_id: row.record_id,
        lang: stored("translation language", LanguageTag::parse(&row.lang))?,
        slug: row.slug.map(|slug| stored("translation slug", Slug::parse(&slug))).transpose()?,
        fields,
        publication: stored("translation status", Publication::parse(&row.status))?,
        publish_at: row.publish_at,
        source_hash: row.source_hash,
        sources,
        created_at: row.created_at,
        updated_at: row.updated_at,
    })
}
