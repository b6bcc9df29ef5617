use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "sessions")]
pub struct Model {
    /// The token's `jti`.
    #[sea_orm(primary_key, auto_increment = false)]
    #[sea_orm(save_as = "bpchar")]
    pub id: String,
    #[sea_orm(save_as = "bpchar")]
    pub user_id: String,
    pub created_at: DateTimeUtc,
    pub expires_at: DateTimeUtc,
    pub revoked_at: Option<DateTimeUtc>,
    pub user_agent: String,
    pub address: String,
    /// `None` for sessions opened before it was recorded: read as their opening time.
    pub last_used_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
