use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "translations")]
pub struct Model {
    /// The kind of record (`post`, `team_member`, …).
    #[sea_orm(primary_key, auto_increment = false)]
    pub kind: String,
    /// The record's id, page type or singleton name.
    #[sea_orm(primary_key, auto_increment = false)]
    pub record_id: String,
    /// The language's canonical tag.
    #[sea_orm(primary_key, auto_increment = false)]
    pub lang: String,
    /// The record's address in that language; unique per kind and language where set.
    pub slug: Option<String>,
    /// A JSON object of field name to translated text.
    #[sea_orm(column_type = "Text")]
    pub fields: String,
    /// `draft` or `published` (a post's translation; the others are `published`).
    pub status: String,
    pub publish_at: Option<DateTimeUtc>,
    /// SHA-256 (hex) of the default language's texts when the translation was saved.
    #[sea_orm(save_as = "bpchar")]
    pub source_hash: String,
    /// A JSON object of field name to the default language's text it was written for (`{}` for a
    /// translation saved before they were kept).
    #[sea_orm(column_type = "Text")]
    pub sources: String,
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
