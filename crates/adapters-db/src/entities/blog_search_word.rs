use sea_orm::entity::prelude::*;

/// One ending of a word the blog's word index has held (`search::word_endings`), with the word: a
/// search finds the words that contain its term as the endings that begin with it, by range. Words
/// are added with the posts that use them and never removed (a word no post uses any more finds
/// nothing).
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "blog_search_words")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub ending: String,
    #[sea_orm(primary_key, auto_increment = false)]
    pub word: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
