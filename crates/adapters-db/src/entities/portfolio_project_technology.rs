//! Which technologies a project lists, in the order chosen: one row per project and technology, so
//! usage counts and the in-use check are plain `GROUP BY` and `COUNT` queries.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "portfolio_project_technologies")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    #[sea_orm(save_as = "bpchar")]
    pub project_id: String,
    #[sea_orm(primary_key, auto_increment = false)]
    pub position: i32,
    #[sea_orm(save_as = "bpchar")]
    pub technology_id: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
