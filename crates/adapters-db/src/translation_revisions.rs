//! Revisions of translations in the `revisions` table (docs/languages.md): kind
//! `{kind}-translation` (`post-translation`), the record's id, and the language in `lang`; the
//! translation as it was is a JSON snapshot. A record's own revisions have no `lang` and another
//! kind, so neither list ever shows the other's.

use std::collections::BTreeMap;

use anyhow::Context;
use atelier_application::translations::ports::TranslationRevisionRepository;
use atelier_domain::EntityId;
use atelier_domain::language::LanguageTag;
use atelier_domain::meta::RecordMeta;
use atelier_domain::revision::{Author, Revision, RevisionSummary};
use atelier_domain::slug::Slug;
use atelier_domain::translation::{Publication, Translation, TranslationKind};
use chrono::{DateTime, Utc};
use sea_orm::ActiveValue::Set;
use sea_orm::{ColumnTrait, Condition, EntityTrait, QueryFilter, QueryOrder};
use serde::{Deserialize, Serialize};

use crate::entities::revision::{ActiveModel, Column, Entity, Model};
use crate::query::Unique;
use crate::store::{SeaOrmStore, stored};

/// The revisions' kind of a kind's translations: `post-translation`.
fn kind_of(kind: TranslationKind) -> String {
    format!("{}-translation", kind.as_str())
}

fn of_language(kind: TranslationKind, record_id: EntityId, lang: &LanguageTag) -> Condition {
    Condition::all()
        .add(Column::Kind.eq(kind_of(kind)))
        .add(Column::RecordId.eq(record_id.to_string()))
        .add(Column::Lang.eq(lang.as_str()))
}

/// A translation as a revision keeps it (a stored format: a field added later gets a default).
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct TranslationJson {
    kind: String,
    record_id: String,
    lang: String,
    slug: Option<String>,
    fields: BTreeMap<String, String>,
    publication: String,
    publish_at: Option<DateTime<Utc>>,
    source_hash: String,
    /// Absent from a revision kept before translations remembered their sources.
    #[serde(default)]
    sources: BTreeMap<String, String>,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
}

fn to_json(translation: &Translation) -> anyhow::Result<String> {
    serde_json::to_string(&TranslationJson {
        kind: translation.kind.as_str().to_owned(),
        record_id: translation.record_id.clone(),
        lang: translation.lang.as_str().to_owned(),
        slug: translation.slug.as_ref().map(ToString::to_string),
        fields: translation.fields.clone(),
        publication: translation.publication.as_str().to_owned(),
        publish_at: translation.publish_at,
        source_hash: translation.source_hash.clone(),
        sources: translation.sources.clone(),
        created_at: translation.created_at,
        updated_at: translation.updated_at,
    })
    .context("failed to write a translation's revision")
}

fn from_json(json: &str) -> anyhow::Result<Translation> {
    let json: TranslationJson = stored("revisions.snapshot", serde_json::from_str(json))?;
    Ok(Translation {
        meta: RecordMeta::default(),
        kind: stored("revisions.snapshot kind", TranslationKind::parse(&json.kind))?,
        record_id: json.record_id,
        lang: stored("revisions.snapshot lang", LanguageTag::parse(&json.lang))?,
        slug: json.slug.map(|slug| stored("revisions.snapshot slug", Slug::parse(&slug))).transpose()?,
        fields: json.fields,
        publication: stored("revisions.snapshot publication", Publication::parse(&json.publication))?,
        publish_at: json.publish_at,
        source_hash: json.source_hash,
        sources: json.sources,
        created_at: json.created_at,
        updated_at: json.updated_at,
    })
}

fn summary(row: &Model) -> anyhow::Result<RevisionSummary> {
    Ok(RevisionSummary {
        id: stored("revisions.id", EntityId::parse(&row.id))?,
        record_id: stored("revisions.record_id", EntityId::parse(&row.record_id))?,
        author: Author {
            id: stored("revisions.author_id", EntityId::parse(&row.author_id))?,
            name: row.author_name.clone(),
        },
        created_at: row.created_at,
        saved_at: row.saved_at,
    })
}

impl TranslationRevisionRepository for SeaOrmStore {
    async fn add_translation_revision(&self, revision: &Revision<Translation>, keep: usize) -> anyhow::Result<()> {
        let summary = &revision.summary;
        let translation = &revision.snapshot;
        let row = ActiveModel {
            id: Set(summary.id.to_string()),
            kind: Set(kind_of(translation.kind)),
            record_id: Set(summary.record_id.to_string()),
            author_id: Set(summary.author.id.to_string()),
            author_name: Set(summary.author.name.clone()),
            created_at: Set(summary.created_at),
            saved_at: Set(summary.saved_at),
            snapshot: Set(to_json(translation)?),
            lang: Set(Some(translation.lang.as_str().to_owned())),
        };
        let condition = of_language(translation.kind, summary.record_id, &translation.lang);
        crate::revisions::insert_keeping(self, row, condition, keep).await
    }

    async fn list_translation_revisions(
        &self,
        kind: TranslationKind,
        record_id: EntityId,
        lang: &LanguageTag,
    ) -> anyhow::Result<Vec<RevisionSummary>> {
        let rows = Entity::find()
            .filter(of_language(kind, record_id, lang))
            .order_by_desc(Column::CreatedAt)
            .order_by_desc(Column::Id)
            .all(&self.db)
            .await
            .context("failed to list a translation's revisions")?;
        rows.iter().map(summary).collect()
    }

    async fn find_translation_revision(
        &self,
        kind: TranslationKind,
        record_id: EntityId,
        lang: &LanguageTag,
        id: EntityId,
    ) -> anyhow::Result<Option<Revision<Translation>>> {
        let row = Entity::find_by_id(id.to_string())
            .filter(of_language(kind, record_id, lang))
            .unique(&self.db)
            .await
            .context("failed to read a translation's revision")?;
        row.map(|row| Ok(Revision { summary: summary(&row)?, snapshot: from_json(&row.snapshot)? })).transpose()
    }

    async fn delete_translation_revisions(&self, kind: TranslationKind, record_id: EntityId) -> anyhow::Result<()> {
        Entity::delete_many()
            .filter(Column::Kind.eq(kind_of(kind)))
            .filter(Column::RecordId.eq(record_id.to_string()))
            .exec(&self.db)
            .await
            .context("failed to delete a record's translation revisions")?;
        Ok(())
    }
}
