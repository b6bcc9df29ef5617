use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "content_pages")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    #[sea_orm(save_as = "bpchar")]
    pub id: String,
    /// Unique.
    pub page_type: String,
    pub title: String,
    pub subtitle: String,
    #[sea_orm(column_type = "Text")]
    pub description: String,
    #[sea_orm(column_type = "Text")]
    pub mission: String,
    #[sea_orm(column_type = "Text")]
    pub vision: String,
    /// A JSON array of strings.
    #[sea_orm(column_type = "Text")]
    pub page_values: String,
    #[sea_orm(column_type = "Text")]
    pub content: String,
    pub last_updated: Option<DateTimeUtc>,
    pub status: String,
    /// A JSON array of `{"title", "content"}` objects.
    #[sea_orm(column_type = "Text")]
    pub sections: String,
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
