//! The record port, written once: find, insert, update and delete by id for every kind of record
//! stored in one row of one table ([`Table`]). Inside a request's audit scope, a write and the
//! request's audit entry share one transaction (see [`crate::audit`]); an update's entry names the
//! columns that changed. A kind of record that keeps rows in other tables as
//! well (posts and their tags, projects and their technologies) implements the port itself.
//!
//! Versions and authorship live here too, once for every table that has the columns ([`row_meta`],
//! [`set_meta`]): an update is one conditional statement, `UPDATE … WHERE id = ? AND version = ?`
//! with the version the record was read at, so of two writes that started from the same version
//! exactly one lands; the other changes nothing and fails with [`Stale`].

use anyhow::Context;
use atelier_application::audit::Change;
use atelier_application::records::{self, Record, RecordRepository, RemoveError, SaveError, Stale};
use atelier_application::webhooks::Announces;
use atelier_domain::EntityId;
use atelier_domain::meta::{Editor, RecordMeta};
use chrono::Utc;
use sea_orm::sea_query::{Value, ValueType};
use sea_orm::{
    ActiveModelBehavior, ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, IdenStatic, Iterable,
    ModelTrait, QueryFilter, SqlErr, TransactionTrait,
};

use crate::audit;
use crate::query::Unique;
use crate::store::SeaOrmStore;

/// A kind of record stored in one row of one table, and how a row and a record convert.
pub(crate) trait Table: Record<SaveError: FromDbErr, DeleteError: FromDbErr> + Announces {
    type Entity: EntityTrait<ActiveModel: ActiveModelBehavior + Send, Model: Sync>;

    /// The id column.
    const ID: <Self::Entity as EntityTrait>::Column;

    /// One row in messages about failed statements: "a service", "an FAQ".
    const ROW: &'static str;

    /// The row that stores the record, every column of its own set (the version and authorship
    /// columns are left unset: the port sets them).
    ///
    /// # Errors
    /// When a value does not fit its column.
    fn to_row(&self) -> anyhow::Result<<Self::Entity as EntityTrait>::ActiveModel>;

    /// The record a stored row holds.
    ///
    /// # Errors
    /// When the row holds a value the domain refuses (a corrupt row).
    fn from_row(row: <Self::Entity as EntityTrait>::Model) -> anyhow::Result<Self>;
}

/// How a failed statement becomes the port's error: a business variant where the database's
/// constraint says so, else an infrastructure fault with `context`.
pub(crate) trait FromDbErr {
    fn from_db(error: DbErr, context: String) -> Self;
}

impl FromDbErr for anyhow::Error {
    fn from_db(error: DbErr, context: String) -> Self {
        anyhow::Error::new(error).context(context)
    }
}

/// A unique-index violation is a taken slug.
impl FromDbErr for SaveError {
    fn from_db(error: DbErr, context: String) -> Self {
        match error.sql_err() {
            Some(SqlErr::UniqueConstraintViolation(_)) => Self::DuplicateSlug,
            _ => Self::Unexpected(anyhow::Error::from_db(error, context)),
        }
    }
}

/// A foreign-key violation means other rows still refer to the record. SQLite reports an
/// `ON DELETE RESTRICT` violation with its own code (1811), hence the message check.
impl FromDbErr for RemoveError {
    fn from_db(error: DbErr, context: String) -> Self {
        let restricted = matches!(error.sql_err(), Some(SqlErr::ForeignKeyConstraintViolation(_)))
            || error.to_string().contains("FOREIGN KEY constraint failed");
        if restricted { Self::InUse } else { Self::Unexpected(anyhow::Error::from_db(error, context)) }
    }
}

impl<R: Table> RecordRepository<R> for SeaOrmStore {
    async fn find(&self, id: EntityId) -> anyhow::Result<Option<R>> {
        find_row::<R>(&self.db, id).await?.map(R::from_row).transpose()
    }

    async fn insert(&self, record: &mut R) -> Result<(), R::SaveError> {
        *record.meta_mut() = records::first_meta();
        let announcements = R::announcements(None, Some(&*record), Utc::now());
        if !audit::wanted() && announcements.is_empty() {
            return insert_row(&self.db, record).await;
        }
        let transaction = self.db.begin().await.context("failed to begin a transaction")?;
        insert_row(&transaction, record).await?;
        let recorded = audit::append(&transaction, Change::of_record(record)).await?;
        crate::webhooks::announce(&transaction, announcements).await?;
        Ok(audit::commit(transaction, recorded).await?)
    }

    async fn update(&self, record: &mut R) -> Result<bool, R::SaveError> {
        records::check_version(&record.id().to_string(), record.meta()).map_err(anyhow::Error::from)?;
        let next = records::next_meta(record.meta());
        let written = self.write_update(record, &next).await?;
        if written {
            *record.meta_mut() = next;
        }
        Ok(written)
    }

    async fn delete(&self, id: EntityId) -> Result<bool, R::DeleteError> {
        if !audit::wanted() && !R::ANNOUNCES {
            return delete_row::<R>(&self.db, id).await;
        }
        // The record as it was, so the entry names what was deleted and its subscribers hear of it.
        let before = match find_row::<R>(&self.db, id).await? {
            Some(row) => Some(R::from_row(row)?),
            None => None,
        };
        let title = before.as_ref().map(Record::title);
        let transaction = self.db.begin().await.context("failed to begin a transaction")?;
        if !delete_row::<R>(&transaction, id).await? {
            return Ok(false);
        }
        let recorded = audit::append(&transaction, Change { title, ..Change::of(&id) }).await?;
        crate::webhooks::announce(&transaction, R::announcements(before.as_ref(), None, Utc::now())).await?;
        audit::commit(transaction, recorded).await?;
        Ok(true)
    }
}

impl SeaOrmStore {
    /// Writes `record` with the meta `next` where its row still has the version `record` was read
    /// at, with the request's audit entry when it has one.
    async fn write_update<R: Table>(&self, record: &R, next: &RecordMeta) -> Result<bool, R::SaveError> {
        if !audit::wanted() && !R::ANNOUNCES {
            return update_row(&self.db, record, next).await;
        }
        // The stored record as it was, to name the fields that change and tell its subscribers
        // what the change means (read before the write's transaction, which SQLite must open as a
        // writer).
        let stored = match find_row::<R>(&self.db, record.id()).await? {
            Some(row) => Some(R::from_row(row)?),
            None => None,
        };
        let announcements = R::announcements(stored.as_ref(), Some(record), Utc::now());
        let before = stored.map(|stored| stored.to_row()).transpose()?;
        let after = record.to_row()?;
        let transaction = self.db.begin().await.context("failed to begin a transaction")?;
        if !update_row(&transaction, record, next).await? {
            return Ok(false);
        }
        let change = Change {
            changed_fields: before.map(|before| audit::changed_fields(&before, &after)),
            ..Change::of_record(record)
        };
        let recorded = audit::append(&transaction, change).await?;
        crate::webhooks::announce(&transaction, announcements).await?;
        audit::commit(transaction, recorded).await?;
        Ok(true)
    }
}

/// The column of `E` named `name`.
fn column<E: EntityTrait>(name: &str) -> anyhow::Result<E::Column> {
    <E::Column as Iterable>::iter()
        .find(|column| column.as_str() == name)
        .with_context(|| format!("the table {} has no column {name}", E::default().as_str()))
}

/// A record's version and authorship as its row keeps them.
///
/// # Errors
/// When the table lacks the columns or holds a value of the wrong type.
pub(crate) fn row_meta<M: ModelTrait>(row: &M) -> anyhow::Result<RecordMeta> {
    let value = |name: &str| -> anyhow::Result<Value> { Ok(row.get(column::<M::Entity>(name)?)) };
    let text = |name: &str| -> anyhow::Result<Option<String>> {
        <Option<String> as ValueType>::try_from(value(name)?).map_err(|_| anyhow::anyhow!("stored {name} is not text"))
    };
    let editor = |id: &str, name: &str| -> anyhow::Result<Option<Editor>> {
        Ok(match (text(id)?, text(name)?) {
            (Some(id), name) => Some(Editor {
                id: crate::store::stored("an editor's id", EntityId::parse(&id))?,
                name: name.unwrap_or_default(),
            }),
            (None, _) => None,
        })
    };
    let version = <i64 as ValueType>::try_from(value("version")?)
        .map_err(|_| anyhow::anyhow!("stored version is not a number"))?;
    Ok(RecordMeta {
        version,
        created_by: editor("created_by_id", "created_by_name")?,
        updated_by: editor("updated_by_id", "updated_by_name")?,
    })
}

/// Sets a row's version and authorship columns to `meta` (its creator only when `created`).
///
/// # Errors
/// When the table lacks the columns.
pub(crate) fn set_meta<A: ActiveModelTrait>(row: &mut A, meta: &RecordMeta, created: bool) -> anyhow::Result<()> {
    let mut set = |name: &str, value: Value| -> anyhow::Result<()> {
        row.set(column::<A::Entity>(name)?, value);
        Ok(())
    };
    set("version", meta.version.into())?;
    let editors = [("updated_by", &meta.updated_by)].into_iter();
    let editors: Vec<_> =
        if created { editors.chain([("created_by", &meta.created_by)]).collect() } else { editors.collect() };
    for (prefix, editor) in editors {
        set(&format!("{prefix}_id"), editor.as_ref().map(|editor| editor.id.to_string()).into())?;
        set(&format!("{prefix}_name"), editor.as_ref().map(|editor| editor.name.clone()).into())?;
    }
    Ok(())
}

/// The row's version column, for conditional writes.
///
/// # Errors
/// When the table lacks it.
pub(crate) fn version_column<E: EntityTrait>() -> anyhow::Result<E::Column> {
    column::<E>("version")
}

/// The error of an update that found its row at another version than it was read at, or of one
/// that wrote nothing although the row is there.
pub(crate) fn stale() -> anyhow::Error {
    anyhow::Error::new(Stale)
}

async fn find_row<R: Table>(
    db: &impl ConnectionTrait,
    id: EntityId,
) -> anyhow::Result<Option<<R::Entity as EntityTrait>::Model>> {
    R::Entity::find()
        .filter(R::ID.eq(id.to_string()))
        .unique(db)
        .await
        .with_context(|| format!("failed to read {}", R::ROW))
}

async fn insert_row<R: Table>(db: &impl ConnectionTrait, record: &R) -> Result<(), R::SaveError> {
    let mut row = record.to_row()?;
    set_meta(&mut row, record.meta(), true)?;
    R::Entity::insert(row)
        .exec_without_returning(db)
        .await
        .map_err(|error| R::SaveError::from_db(error, format!("failed to insert {}", R::ROW)))?;
    Ok(())
}

/// Writes `record` with the meta `next` where its row is still at the version `record` was read
/// at: `false` when there is no row, [`Stale`] when the row is at another version.
async fn update_row<R: Table>(db: &impl ConnectionTrait, record: &R, next: &RecordMeta) -> Result<bool, R::SaveError> {
    let mut row = record.to_row()?;
    row.not_set(R::ID);
    set_meta(&mut row, next, false)?;
    let result = R::Entity::update_many()
        .set(row)
        .filter(R::ID.eq(record.id().to_string()))
        .filter(version_column::<R::Entity>()?.eq(record.meta().version))
        .exec(db)
        .await
        .map_err(|error| R::SaveError::from_db(error, format!("failed to update {}", R::ROW)))?;
    if result.rows_affected > 0 {
        return Ok(true);
    }
    match find_row::<R>(db, record.id()).await? {
        Some(_) => Err(stale().into()),
        None => Ok(false),
    }
}

async fn delete_row<R: Table>(db: &impl ConnectionTrait, id: EntityId) -> Result<bool, R::DeleteError> {
    let result = R::Entity::delete_many()
        .filter(R::ID.eq(id.to_string()))
        .exec(db)
        .await
        .map_err(|error| R::DeleteError::from_db(error, format!("failed to delete {}", R::ROW)))?;
    Ok(result.rows_affected > 0)
}

/// Saves the record of a table that holds one (the settings, the contact details, the home page),
/// held to versions like every other update: `meta` is the version the record was read at (1 for
/// one never saved, which has no row yet), `key` how the request names it (its kind). The row is
/// changed only where it is still at that version, or created when there is none; otherwise
/// nothing changes and the save fails with [`Stale`]. On success `meta` becomes what was stored.
///
/// # Errors
/// [`Stale`], and infrastructure faults.
pub(crate) async fn save_single<E>(
    db: &sea_orm::DatabaseConnection,
    key: &str,
    mut row: E::ActiveModel,
    meta: &mut RecordMeta,
    change: Change,
) -> anyhow::Result<()>
where
    E: EntityTrait,
    E::ActiveModel: ActiveModelTrait<Entity = E> + Send,
{
    records::check_version(key, meta)?;
    let next = records::next_meta(meta);
    let transaction = db.begin().await.context("failed to begin a transaction")?;
    let mut changed = row.clone();
    set_meta(&mut changed, &next, false)?;
    let result = E::update_many()
        .set(changed)
        .filter(version_column::<E>()?.eq(meta.version))
        .exec(&transaction)
        .await
        .with_context(|| format!("failed to save the {key}"))?;
    let next = if result.rows_affected > 0 {
        next
    } else {
        if E::find().one(&transaction).await.with_context(|| format!("failed to read the {key}"))?.is_some() {
            return Err(stale());
        }
        // Never saved: the first save creates it.
        let created = RecordMeta { created_by: next.updated_by.clone(), ..next };
        set_meta(&mut row, &created, true)?;
        match E::insert(row).exec_without_returning(&transaction).await {
            Ok(_) => {}
            // Another save created it meanwhile.
            Err(error) if matches!(error.sql_err(), Some(SqlErr::UniqueConstraintViolation(_))) => return Err(stale()),
            Err(error) => return Err(anyhow::Error::new(error).context(format!("failed to save the {key}"))),
        }
        created
    };
    let recorded = audit::append(&transaction, change).await?;
    audit::commit(transaction, recorded).await?;
    *meta = next;
    Ok(())
}
