use sea_orm::entity::prelude::*;

/// One recorded change; rows are only ever inserted, and deleted once older than the retention.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "audit_entries")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    #[sea_orm(save_as = "bpchar")]
    pub id: String,
    pub at: DateTimeUtc,
    /// No foreign key: an entry outlives the account it names.
    #[sea_orm(save_as = "bpchar")]
    pub actor_id: Option<String>,
    pub actor_name: Option<String>,
    pub actor_email: Option<String>,
    pub action: String,
    pub entity_kind: String,
    pub entity_id: Option<String>,
    /// The record's title or name when the entry was written; `None` on older entries.
    pub entity_title: Option<String>,
    pub operation: String,
    pub request_id: String,
    pub client_address: Option<String>,
    /// A JSON array of field names.
    pub summary: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
