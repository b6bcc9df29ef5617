use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "newsletter_subscribers")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    #[sea_orm(save_as = "bpchar")]
    pub id: String,
    /// Lowercased; unique.
    pub email: String,
    pub status: String,
    /// 64 hex digits; unique.
    #[sea_orm(save_as = "bpchar")]
    pub token: String,
    pub created_at: DateTimeUtc,
    pub confirmed_at: Option<DateTimeUtc>,
    pub confirmation_sent_at: Option<DateTimeUtc>,
    /// 1 at creation, one more at each stored change.
    pub version: i64,
    pub created_by_id: Option<String>,
    pub created_by_name: Option<String>,
    pub updated_by_id: Option<String>,
    pub updated_by_name: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
