//! The audit log in the `audit_entries` table. Write paths append the current request's entry to
//! their own transaction with [`append`] and commit with [`commit`]; the table is read newest first
//! and pruned by age, and nothing here changes an entry.

use anyhow::Context;
use atelier_application::audit::ports::{AuditFilter, AuditRepository};
use atelier_application::audit::{self, Actor, AuditEntry, Change};
use atelier_domain::{EntityId, Page, PageRequest};
use chrono::{DateTime, Utc};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseTransaction, EntityTrait, IdenStatic,
    Iterable, QueryFilter, QueryOrder, QuerySelect, TransactionTrait, Value,
};

use crate::entities::{audit_entry, user};
use crate::query::Unique;
use crate::query::fetch_page;
use crate::store::{SeaOrmStore, stored};

/// Whether the current request still has an entry to record: a write path then runs in a
/// transaction of its own (when it would not anyway) to append it.
pub(crate) fn wanted() -> bool {
    audit::recorded() == Some(false)
}

/// Appends the current request's entry, if it has one to record, to the transaction `db`; whether it
/// did. A change about an account (`Change::account`) is named by the account's row as it is now,
/// read inside the same transaction.
///
/// # Errors
/// When the entry cannot be stored: the write it stands for must then fail too.
pub(crate) async fn append(db: &impl ConnectionTrait, change: Change) -> anyhow::Result<bool> {
    let now = Utc::now();
    let Some(mut entry) = audit::pending_entry(change, EntityId::generate(now), now) else {
        return Ok(false);
    };
    if entry.actor_name.is_none()
        && let Some(id) = entry.actor_id
    {
        let account = user::Entity::find_by_id(id.to_string())
            .unique(db)
            .await
            .context("failed to read the account an audit entry names")?;
        if let Some(account) = account {
            entry.actor_name = Some(account.name);
            entry.actor_email = Some(account.email);
        }
    }
    audit_entry::Entity::insert(to_row(&entry)?)
        .exec_without_returning(db)
        .await
        .context("failed to append an audit entry")?;
    Ok(true)
}

/// Commits a write's transaction; once it has, the request's entry (if `recorded`) is kept.
///
/// # Errors
/// When the commit fails.
pub(crate) async fn commit(transaction: DatabaseTransaction, recorded: bool) -> anyhow::Result<()> {
    transaction.commit().await.context("failed to commit a transaction")?;
    if recorded {
        audit::mark_recorded();
    }
    Ok(())
}

/// The names of the fields whose values differ between two rows of one table, camel-cased as the
/// API names them; columns `after` leaves unset and the row's own bookkeeping (`updated_at`) left
/// out.
pub(crate) fn changed_fields<A: ActiveModelTrait>(before: &A, after: &A) -> Vec<String> {
    <<A::Entity as EntityTrait>::Column as Iterable>::iter()
        .filter(|column| {
            let after = after.get(*column);
            after.is_set() && stored_value(before.get(*column).into_value()) != stored_value(after.into_value())
        })
        .map(|column| camel_case(column.as_str()))
        .filter(|name| name != "updatedAt")
        .collect()
}

/// A value as the database keeps it: times to the microsecond (PostgreSQL's precision), so a time
/// read back does not differ from the same time still in memory.
fn stored_value(value: Option<Value>) -> Option<Value> {
    match value {
        Some(Value::ChronoDateTimeUtc(Some(time))) => {
            Some(Value::ChronoDateTimeUtc(DateTime::from_timestamp_micros(time.timestamp_micros())))
        }
        other => other,
    }
}

fn camel_case(snake: &str) -> String {
    let mut words = snake.split('_');
    let mut name = words.next().unwrap_or_default().to_owned();
    for word in words {
        let mut letters = word.chars();
        if let Some(first) = letters.next() {
            name.extend(first.to_uppercase());
            name.push_str(letters.as_str());
        }
    }
    name
}

fn to_row(entry: &AuditEntry) -> anyhow::Result<audit_entry::ActiveModel> {
    Ok(audit_entry::ActiveModel {
        id: Set(entry.id.to_string()),
        at: Set(entry.at),
        actor_id: Set(entry.actor_id.map(|id| id.to_string())),
        actor_name: Set(entry.actor_name.as_deref().map(|name| clip(name, 200))),
        actor_email: Set(entry.actor_email.as_deref().map(|email| clip(email, 254))),
        action: Set(clip(&entry.action, 40)),
        entity_kind: Set(clip(&entry.entity_kind, 80)),
        entity_id: Set(entry.entity_id.as_deref().map(|id| clip(id, 120))),
        entity_title: Set(entry.entity_title.as_deref().map(|title| clip(title, audit::ENTITY_TITLE_MAX))),
        operation: Set(clip(&entry.operation, 160)),
        request_id: Set(clip(&entry.request_id, 80)),
        client_address: Set(entry.client_address.as_deref().map(|address| clip(address, 64))),
        summary: Set(serde_json::to_string(&entry.summary).context("failed to encode an audit summary")?),
    })
}

/// At most `max` characters of `text` (the column's size).
fn clip(text: &str, max: usize) -> String {
    text.chars().take(max).collect()
}

fn from_row(row: audit_entry::Model) -> anyhow::Result<AuditEntry> {
    Ok(AuditEntry {
        id: stored("audit_entries.id", EntityId::parse(&row.id))?,
        at: row.at,
        actor_id: row
            .actor_id
            .as_deref()
            .map(|id| stored("audit_entries.actor_id", EntityId::parse(id)))
            .transpose()?,
        actor_name: row.actor_name,
        actor_email: row.actor_email,
        action: row.action,
        entity_kind: row.entity_kind,
        entity_id: row.entity_id,
        entity_title: row.entity_title,
        operation: row.operation,
        request_id: row.request_id,
        client_address: row.client_address,
        summary: stored("audit_entries.summary", serde_json::from_str(&row.summary))?,
    })
}

impl AuditRepository for SeaOrmStore {
    async fn list_audit_entries(&self, filter: &AuditFilter, page: PageRequest) -> anyhow::Result<Page<AuditEntry>> {
        use audit_entry::{Column, Entity};
        let mut query = Entity::find();
        if let Some(actor) = filter.actor {
            query = query.filter(Column::ActorId.eq(actor.to_string()));
        }
        if let Some(kind) = &filter.entity_kind {
            query = query.filter(Column::EntityKind.eq(kind.as_str()));
        }
        if let Some(from) = filter.from {
            query = query.filter(Column::At.gte(from));
        }
        if let Some(to) = filter.to {
            query = query.filter(Column::At.lt(to));
        }
        let ordered = query.order_by_desc(Column::At).order_by_desc(Column::Id);
        let (rows, total) = fetch_page(ordered, page, &self.db, "audit entries").await?;
        let items = rows.into_iter().map(from_row).collect::<anyhow::Result<_>>()?;
        Ok(Page::new(items, total, page))
    }

    async fn list_audit_actors(&self) -> anyhow::Result<Vec<Actor>> {
        use audit_entry::{Column, Entity};
        // Each name and address a person had, with when it was last used: a handful of rows per
        // person (one statement), of which the newest names them.
        let rows: Vec<(String, String, Option<String>, DateTime<Utc>)> = Entity::find()
            .select_only()
            .column(Column::ActorId)
            .column(Column::ActorName)
            .column(Column::ActorEmail)
            .column_as(Expr::col(Column::At).max(), "newest")
            .filter(Column::ActorId.is_not_null())
            .filter(Column::ActorName.is_not_null())
            .group_by(Column::ActorId)
            .group_by(Column::ActorName)
            .group_by(Column::ActorEmail)
            .into_tuple()
            .all(&self.db)
            .await
            .context("failed to list the people the audit log names")?;
        let mut newest: Vec<(Actor, DateTime<Utc>)> = Vec::new();
        for (id, name, email, at) in rows {
            let actor = Actor {
                id: stored("audit_entries.actor_id", EntityId::parse(&id))?,
                name,
                email: email.unwrap_or_default(),
            };
            match newest.iter_mut().find(|(known, _)| known.id == actor.id) {
                Some(known) if known.1 < at => *known = (actor, at),
                Some(_) => {}
                None => newest.push((actor, at)),
            }
        }
        Ok(newest.into_iter().map(|(actor, _)| actor).collect())
    }

    async fn record_audit_entry(&self, change: Change) -> anyhow::Result<()> {
        if !wanted() {
            return Ok(());
        }
        let transaction = self.db.begin().await.context("failed to start recording an audit entry")?;
        let recorded = append(&transaction, change).await?;
        commit(transaction, recorded).await
    }

    async fn prune_audit_entries(&self, before: DateTime<Utc>) -> anyhow::Result<u64> {
        let result = audit_entry::Entity::delete_many()
            .filter(audit_entry::Column::At.lt(before))
            .exec(&self.db)
            .await
            .context("failed to prune the audit log")?;
        Ok(result.rows_affected)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn column_names_read_as_the_api_spells_them() {
        assert_eq!(camel_case("short_description"), "shortDescription");
        assert_eq!(camel_case("title"), "title");
        assert_eq!(camel_case("show_price_now"), "showPriceNow");
    }
}
