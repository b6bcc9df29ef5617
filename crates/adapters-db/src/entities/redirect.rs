use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "redirects")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    #[sea_orm(save_as = "bpchar")]
    pub id: String,
    /// The old address, in the domain's normal form; unique.
    pub from_path: String,
    /// Where it leads: a path of the site or an absolute address.
    pub to_target: String,
    /// The path of the site `to_target` leads to, in from's normal form; none for another site.
    pub to_path: Option<String>,
    pub status: i32,
    #[sea_orm(column_type = "Text")]
    pub note: String,
    pub hits: i64,
    pub last_hit_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    /// 1 at creation, one more at each stored change.
    pub version: i64,
    pub created_by_id: Option<String>,
    pub created_by_name: Option<String>,
    pub updated_by_id: Option<String>,
    pub updated_by_name: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
