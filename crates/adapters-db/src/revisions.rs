//! Revisions of posts, projects and content pages in the one `revisions` table, told apart by
//! `kind`; the record as it was is a JSON snapshot (`crate::snapshots`).

use anyhow::Context;
use atelier_application::revisions::ports::RevisionRepository;
use atelier_domain::EntityId;
use atelier_domain::revision::{Author, Revision, RevisionSummary};
use chrono::{DateTime, Utc};
use sea_orm::ActiveValue::Set;
use sea_orm::{
    ColumnTrait, Condition, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, TransactionTrait,
};

use crate::entities::revision::{ActiveModel, Column, Entity};
use crate::query::Unique;
use crate::snapshots::Snapshot;
use crate::store::{SeaOrmStore, stored};

/// The columns a list shows: everything but the snapshot.
type SummaryRow = (String, String, String, String, DateTime<Utc>, DateTime<Utc>);

/// The revisions of one record of kind `T`.
fn of_record<T: Snapshot>(record_id: EntityId) -> Condition {
    Condition::all().add(Column::Kind.eq(T::KIND.as_str())).add(Column::RecordId.eq(record_id.to_string()))
}

fn summary(
    (id, record_id, author_id, author_name, created_at, saved_at): SummaryRow,
) -> anyhow::Result<RevisionSummary> {
    Ok(RevisionSummary {
        id: stored("revisions.id", EntityId::parse(&id))?,
        record_id: stored("revisions.record_id", EntityId::parse(&record_id))?,
        author: Author { id: stored("revisions.author_id", EntityId::parse(&author_id))?, name: author_name },
        created_at,
        saved_at,
    })
}

/// Inserts the revision `row` and drops the oldest of the revisions `kept_with` selects (the same
/// record's, or the same translation's) beyond the newest `keep`, in one transaction.
pub(crate) async fn insert_keeping(
    store: &SeaOrmStore,
    row: ActiveModel,
    kept_with: Condition,
    keep: usize,
) -> anyhow::Result<()> {
    let transaction = store.db.begin().await.context("failed to begin a transaction")?;
    Entity::insert(row).exec_without_returning(&transaction).await.context("failed to keep a revision")?;
    let kept = Entity::find()
        .filter(kept_with.clone())
        .count(&transaction)
        .await
        .context("failed to count a record's revisions")?;
    let excess = kept.saturating_sub(keep as u64);
    if excess > 0 {
        let oldest: Vec<String> = Entity::find()
            .select_only()
            .column(Column::Id)
            .filter(kept_with)
            .order_by_asc(Column::CreatedAt)
            .order_by_asc(Column::Id)
            .limit(excess)
            .into_tuple()
            .all(&transaction)
            .await
            .context("failed to find a record's oldest revisions")?;
        Entity::delete_many()
            .filter(Column::Id.is_in(oldest))
            .exec(&transaction)
            .await
            .context("failed to drop a record's oldest revisions")?;
    }
    transaction.commit().await.context("failed to commit a revision")?;
    Ok(())
}

impl<T: Snapshot> RevisionRepository<T> for SeaOrmStore {
    async fn add_revision(&self, revision: &Revision<T>, keep: usize) -> anyhow::Result<()> {
        let summary = &revision.summary;
        let row = ActiveModel {
            id: Set(summary.id.to_string()),
            kind: Set(T::KIND.as_str().to_owned()),
            record_id: Set(summary.record_id.to_string()),
            author_id: Set(summary.author.id.to_string()),
            author_name: Set(summary.author.name.clone()),
            created_at: Set(summary.created_at),
            saved_at: Set(summary.saved_at),
            snapshot: Set(revision.snapshot.to_json()?),
            lang: Set(None),
        };
        insert_keeping(self, row, of_record::<T>(summary.record_id), keep).await
    }

    async fn list_revisions(&self, record_id: EntityId) -> anyhow::Result<Vec<RevisionSummary>> {
        let rows: Vec<SummaryRow> = Entity::find()
            .select_only()
            .columns([
                Column::Id,
                Column::RecordId,
                Column::AuthorId,
                Column::AuthorName,
                Column::CreatedAt,
                Column::SavedAt,
            ])
            .filter(of_record::<T>(record_id))
            .order_by_desc(Column::CreatedAt)
            .order_by_desc(Column::Id)
            .into_tuple()
            .all(&self.db)
            .await
            .context("failed to list a record's revisions")?;
        rows.into_iter().map(summary).collect()
    }

    async fn find_revision(&self, record_id: EntityId, id: EntityId) -> anyhow::Result<Option<Revision<T>>> {
        let row = Entity::find_by_id(id.to_string())
            .filter(of_record::<T>(record_id))
            .unique(&self.db)
            .await
            .context("failed to read a revision")?;
        row.map(|row| {
            let snapshot = T::from_json(&row.snapshot)?;
            let summary =
                summary((row.id, row.record_id, row.author_id, row.author_name, row.created_at, row.saved_at))?;
            Ok(Revision { summary, snapshot })
        })
        .transpose()
    }

    async fn delete_revisions(&self, record_id: EntityId) -> anyhow::Result<()> {
        Entity::delete_many()
            .filter(of_record::<T>(record_id))
            .exec(&self.db)
            .await
            .context("failed to delete a record's revisions")?;
        Ok(())
    }
}
