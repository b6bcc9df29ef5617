use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "media_items")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    #[sea_orm(save_as = "bpchar")]
    pub id: String,
    /// The stored original's content-addressed key; unique.
    #[sea_orm(unique)]
    pub storage_key: String,
    /// The detected media type, e.g. `image/png`.
    pub format: String,
    /// image, document or video (derived from the format, kept for the filter's index).
    pub kind: String,
    pub file_name: String,
    pub title: String,
    pub alt: String,
    /// A JSON list of lowercase tags.
    #[sea_orm(column_type = "Text")]
    pub tags: String,
    pub size: i64,
    pub width: Option<i32>,
    pub height: Option<i32>,
    /// A JSON list of `{key, width, height, size}`, narrowest first.
    #[sea_orm(column_type = "Text")]
    pub variants: String,
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
