use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "page_view_days")]
pub struct Model {
    /// `YYYY-MM-DD`, in UTC.
    #[sea_orm(primary_key, auto_increment = false)]
    #[sea_orm(save_as = "bpchar")]
    pub day: String,
    #[sea_orm(primary_key, auto_increment = false)]
    pub dimension: String,
    #[sea_orm(primary_key, auto_increment = false)]
    pub value: String,
    pub views: i64,
    pub visitors: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
