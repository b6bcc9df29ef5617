use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "contact_messages")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    #[sea_orm(save_as = "bpchar")]
    pub id: String,
    pub name: String,
    pub email: String,
    pub phone: String,
    pub subject: String,
    #[sea_orm(column_type = "Text")]
    pub message: String,
    pub status: String,
    pub priority: String,
    pub source: String,
    /// A JSON array of strings.
    #[sea_orm(column_type = "Text")]
    pub tags: String,
    #[sea_orm(column_type = "Text")]
    pub notes: String,
    /// Kept as spam (the Spam folder), out of the lists, counts and exports.
    pub spam: bool,
    /// Where the lead came from (`page_view::Attribution`): the visit's first page, the referring
    /// domain and the UTM values; none for what was stored before or entered by an administrator.
    pub attribution_landing_page: Option<String>,
    pub attribution_referrer: Option<String>,
    pub attribution_utm_source: Option<String>,
    pub attribution_utm_medium: Option<String>,
    pub attribution_utm_campaign: Option<String>,
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
