use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "portfolio_projects")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    #[sea_orm(save_as = "bpchar")]
    pub id: String,
    pub slug: String,
    pub title: String,
    pub client: String,
    pub category: String,
    #[sea_orm(column_type = "Text")]
    pub description: String,
    #[sea_orm(column_type = "Text")]
    pub short_description: String,
    #[sea_orm(column_type = "Text")]
    pub image: String,
    /// A JSON array of tag ids.
    #[sea_orm(column_type = "Text")]
    pub tags: String,
    #[sea_orm(column_type = "Text")]
    pub demo_url: String,
    #[sea_orm(column_type = "Text")]
    pub github_url: String,
    pub completed_at: DateTimeUtc,
    pub featured: bool,
    pub status: String,
    pub publish_at: Option<DateTimeUtc>,
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
