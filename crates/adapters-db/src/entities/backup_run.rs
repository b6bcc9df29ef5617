use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "backup_runs")]
pub struct Model {
    /// The start of the period the backup stands for.
    #[sea_orm(primary_key, auto_increment = false)]
    pub slot: DateTimeUtc,
    pub holder: String,
    pub started_at: DateTimeUtc,
    pub lease_until: DateTimeUtc,
    pub finished_at: Option<DateTimeUtc>,
    pub archive: Option<String>,
    pub bytes: Option<i64>,
    pub error: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
