//! The record port, written once: find, insert, update and delete by id for every kind of record
//! stored in one row of one table ([`Table`]). Inside a request's audit scope, a write and the
//! request's audit entry share one transaction (see [`crate::audit`]); an update's entry names the
//! columns that changed. A kind of record that keeps rows in other tables as
//! well (posts and their tags, projects and their technologies) implements the port itself.

use anyhow::Context;
use atelier_application::audit::Change;
use atelier_application::records::{Record, RecordRepository, RemoveError, SaveError};
use atelier_domain::EntityId;
use sea_orm::{
    ActiveModelBehavior, ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, SqlErr,
    TransactionTrait,
};

use crate::audit;
use crate::store::SeaOrmStore;

/// A kind of record stored in one row of one table, and how a row and a record convert.
pub(crate) trait Table: Record<SaveError: FromDbErr, DeleteError: FromDbErr> {
    type Entity: EntityTrait<ActiveModel: ActiveModelBehavior + Send, Model: Sync>;

    /// The id column.
    const ID: <Self::Entity as EntityTrait>::Column;

    /// One row in messages about failed statements: "a service", "an FAQ".
    const ROW: &'static str;

    /// The row that stores the record, every column set.
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

    async fn insert(&self, record: &R) -> Result<(), R::SaveError> {
        if !audit::wanted() {
            return insert_row(&self.db, record).await;
        }
        let transaction = self.db.begin().await.context("failed to begin a transaction")?;
        insert_row(&transaction, record).await?;
        let recorded = audit::append(&transaction, Change::of_record(record)).await?;
        Ok(audit::commit(transaction, recorded).await?)
    }

    async fn update(&self, record: &R) -> Result<bool, R::SaveError> {
        if !audit::wanted() {
            return update_row(&self.db, record).await;
        }
        // The stored row as it was, to name the fields that change (read before the write's
        // transaction, which SQLite must open as a writer).
        let before = match find_row::<R>(&self.db, record.id()).await? {
            Some(row) => Some(R::from_row(row)?.to_row()?),
            None => None,
        };
        let after = record.to_row()?;
        let transaction = self.db.begin().await.context("failed to begin a transaction")?;
        if !update_row(&transaction, record).await? {
            return Ok(false);
        }
        let change = Change {
            changed_fields: before.map(|before| audit::changed_fields(&before, &after)),
            ..Change::of_record(record)
        };
        let recorded = audit::append(&transaction, change).await?;
        audit::commit(transaction, recorded).await?;
        Ok(true)
    }

    async fn delete(&self, id: EntityId) -> Result<bool, R::DeleteError> {
        if !audit::wanted() {
            return delete_row::<R>(&self.db, id).await;
        }
        // The record as it was, so the entry names what was deleted.
        let title = match find_row::<R>(&self.db, id).await? {
            Some(row) => Some(R::from_row(row)?.title()),
            None => None,
        };
        let transaction = self.db.begin().await.context("failed to begin a transaction")?;
        if !delete_row::<R>(&transaction, id).await? {
            return Ok(false);
        }
        let recorded = audit::append(&transaction, Change { title, ..Change::of(&id) }).await?;
        audit::commit(transaction, recorded).await?;
        Ok(true)
    }
}

async fn find_row<R: Table>(
    db: &impl ConnectionTrait,
    id: EntityId,
) -> anyhow::Result<Option<<R::Entity as EntityTrait>::Model>> {
    R::Entity::find()
        .filter(R::ID.eq(id.to_string()))
        .one(db)
        .await
        .with_context(|| format!("failed to read {}", R::ROW))
}

async fn insert_row<R: Table>(db: &impl ConnectionTrait, record: &R) -> Result<(), R::SaveError> {
    R::Entity::insert(record.to_row()?)
        .exec_without_returning(db)
        .await
        .map_err(|error| R::SaveError::from_db(error, format!("failed to insert {}", R::ROW)))?;
    Ok(())
}

async fn update_row<R: Table>(db: &impl ConnectionTrait, record: &R) -> Result<bool, R::SaveError> {
    let mut row = record.to_row()?;
    row.not_set(R::ID);
    let result = R::Entity::update_many()
        .set(row)
        .filter(R::ID.eq(record.id().to_string()))
        .exec(db)
        .await
        .map_err(|error| R::SaveError::from_db(error, format!("failed to update {}", R::ROW)))?;
    Ok(result.rows_affected > 0)
}

async fn delete_row<R: Table>(db: &impl ConnectionTrait, id: EntityId) -> Result<bool, R::DeleteError> {
    let result = R::Entity::delete_many()
        .filter(R::ID.eq(id.to_string()))
        .exec(db)
        .await
        .map_err(|error| R::DeleteError::from_db(error, format!("failed to delete {}", R::ROW)))?;
    Ok(result.rows_affected > 0)
}
