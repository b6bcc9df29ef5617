use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "webhook_attempts")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    #[sea_orm(save_as = "bpchar")]
    pub id: String,
    #[sea_orm(save_as = "bpchar")]
    pub delivery_id: String,
    pub attempted_at: DateTimeUtc,
    /// The answer's HTTP status, if one came.
    pub status: Option<i32>,
    /// The start of the answer's body.
    #[sea_orm(column_type = "Text")]
    pub excerpt: String,
    /// Empty when the attempt got an answer it could judge.
    #[sea_orm(column_type = "Text")]
    pub error: String,
    pub duration_ms: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
