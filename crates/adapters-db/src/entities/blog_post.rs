use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "blog_posts")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    #[sea_orm(save_as = "bpchar")]
    pub id: String,
    pub slug: String,
    pub title: String,
    #[sea_orm(column_type = "Text")]
    pub excerpt: String,
    #[sea_orm(column_type = "Text")]
    pub content: String,
    pub featured_image: String,
    #[sea_orm(save_as = "bpchar")]
    pub category_id: Option<String>,
    pub author_name: String,
    pub status: String,
    pub featured: bool,
    pub views: i64,
    pub meta_title: String,
    #[sea_orm(column_type = "Text")]
    pub meta_description: String,
    pub publish_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    /// 1 at creation, one more at each stored change.
    pub version: i64,
    pub created_by_id: Option<String>,
    pub created_by_name: Option<String>,
    pub updated_by_id: Option<String>,
    pub updated_by_name: Option<String>,
    /// When the post was last submitted for review.
    pub submitted_at: Option<DateTimeUtc>,
    /// The note it was last sent back with, by whom and when; cleared on resubmitting or publishing.
    #[sea_orm(column_type = "Text", nullable)]
    pub review_note: Option<String>,
    pub review_note_by_id: Option<String>,
    pub review_note_by_name: Option<String>,
    pub review_note_at: Option<DateTimeUtc>,
    /// The SHA-256 of the post's default-language texts (`crate::post_hashes`), kept by every
    /// write, which its translations' `source_hash` is compared with.
    pub source_hash: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
