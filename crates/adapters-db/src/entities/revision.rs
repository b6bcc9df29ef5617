use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "revisions")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    #[sea_orm(save_as = "bpchar")]
    pub id: String,
    /// `post`, `project`, `page`, `home-page`, or `post-translation` (a translation's revision).
    pub kind: String,
    #[sea_orm(save_as = "bpchar")]
    pub record_id: String,
    #[sea_orm(save_as = "bpchar")]
    pub author_id: String,
    pub author_name: String,
    pub created_at: DateTimeUtc,
    pub saved_at: DateTimeUtc,
    /// The record as it was, as JSON (see `snapshots`).
    #[sea_orm(column_type = "Text")]
    pub snapshot: String,
    /// A translation's revision: its language; `None` for a record's own.
    pub lang: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
