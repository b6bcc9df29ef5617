use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "page_views")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    /// `YYYY-MM-DD`, in UTC.
    #[sea_orm(save_as = "bpchar")]
    pub day: String,
    pub at: DateTimeUtc,
    /// The visitor's hash under the day's salt.
    #[sea_orm(save_as = "bpchar")]
    pub visitor: String,
    pub path: String,
    pub referrer: Option<String>,
    pub utm_source: Option<String>,
    pub utm_medium: Option<String>,
    pub utm_campaign: Option<String>,
    pub device: String,
    pub language: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
