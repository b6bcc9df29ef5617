use sea_orm::entity::prelude::*;

/// The one home page row.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "home_page")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    #[sea_orm(save_as = "bpchar")]
    pub id: String,
    /// The hero, the sections and the footer's services as JSON (`crate::home_page`).
    #[sea_orm(column_type = "Text")]
    pub document: String,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
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
