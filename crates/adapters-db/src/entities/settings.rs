use sea_orm::entity::prelude::*;

/// The one settings row has id [`SETTINGS_ROW`].
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "settings")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: i32,
    pub site_name: String,
    #[sea_orm(column_type = "Text")]
    pub site_description: String,
    pub contact_email: String,
    pub support_email: String,
    pub facebook_url: String,
    pub twitter_url: String,
    pub linkedin_url: String,
    pub instagram_url: String,
    pub github_url: String,
    pub show_prices: bool,
    pub default_price_display: String,
    pub max_services_display: i32,
    /// The site's languages, the default first: a JSON list of `{"tag", "name", "direction"}`.
    #[sea_orm(column_type = "Text")]
    pub languages: String,
    /// `fallback` or `hide`.
    pub untranslated_content: String,
    pub updated_at: DateTimeUtc,
    /// 1 at creation, one more at each stored change.
    pub version: i64,
    pub created_by_id: Option<String>,
    pub created_by_name: Option<String>,
    pub updated_by_id: Option<String>,
    pub updated_by_name: Option<String>,
}

pub const SETTINGS_ROW: i32 = 1;

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
