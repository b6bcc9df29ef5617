use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "two_factor_credentials")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    #[sea_orm(save_as = "bpchar")]
    pub user_id: String,
    /// The TOTP secret, sealed by the server's key: never in the clear.
    pub sealed_secret: Vec<u8>,
    /// `None` while enrolment awaits its first code.
    pub enabled_at: Option<DateTimeUtc>,
    pub last_used_step: Option<i64>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
