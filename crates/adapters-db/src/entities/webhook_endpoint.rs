use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "webhook_endpoints")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    #[sea_orm(save_as = "bpchar")]
    pub id: String,
    pub url: String,
    #[sea_orm(column_type = "Text")]
    pub description: String,
    /// The event names, comma-separated.
    #[sea_orm(column_type = "Text")]
    pub events: String,
    pub active: bool,
    /// The `whsec_…` secret sealed by the server's key: never in the clear.
    pub sealed_secret: Vec<u8>,
    pub failing_since: Option<DateTimeUtc>,
    pub disabled_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    pub version: i64,
    pub created_by_id: Option<String>,
    pub created_by_name: Option<String>,
    pub updated_by_id: Option<String>,
    pub updated_by_name: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
