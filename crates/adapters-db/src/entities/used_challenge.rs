use sea_orm::entity::prelude::*;

/// A proof-of-work answer already used, kept until its challenge expires.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "used_challenges")]
pub struct Model {
    /// The challenge's SHA-256, hexadecimal.
    #[sea_orm(primary_key, auto_increment = false)]
    #[sea_orm(save_as = "bpchar")]
    pub challenge: String,
    pub expires_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
