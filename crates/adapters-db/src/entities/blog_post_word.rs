use sea_orm::entity::prelude::*;

/// One entry of the blog's word index: a word of a post's title, excerpt or author name
/// (`search::index_words`), with the post's publication time, status, publish time, category and
/// featured flag copied so that a search reads one word's posts newest first from the key alone and
/// filters them as the lists do.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "blog_post_words")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub word: String,
    /// `COALESCE(publish_at, created_at)` of the post: the lists' order.
    #[sea_orm(primary_key, auto_increment = false)]
    pub published: DateTimeUtc,
    #[sea_orm(primary_key, auto_increment = false)]
    #[sea_orm(save_as = "bpchar")]
    pub post_id: String,
    pub status: String,
    pub publish_at: Option<DateTimeUtc>,
    #[sea_orm(save_as = "bpchar")]
    pub category_id: Option<String>,
    pub featured: bool,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
