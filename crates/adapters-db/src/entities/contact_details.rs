use sea_orm::entity::prelude::*;

/// The one row has id [`CONTACT_DETAILS_ROW`].
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "contact_details")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: i32,
    pub email: String,
    pub phone: String,
    #[sea_orm(column_type = "Text")]
    pub address: String,
    #[sea_orm(column_type = "Text")]
    pub google_maps_url: String,
    /// A JSON object: platform key → URL.
    #[sea_orm(column_type = "Text")]
    pub social_media: String,
    pub updated_at: DateTimeUtc,
    /// 1 at creation, one more at each stored change.
    pub version: i64,
    pub created_by_id: Option<String>,
    pub created_by_name: Option<String>,
    pub updated_by_id: Option<String>,
    pub updated_by_name: Option<String>,
}

pub const CONTACT_DETAILS_ROW: i32 = 1;

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
