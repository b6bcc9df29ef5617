use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "portfolio_projects")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
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
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
