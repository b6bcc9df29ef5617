use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "team_members")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    #[sea_orm(save_as = "bpchar")]
    pub id: String,
    pub name: String,
    pub position: String,
    pub email: String,
    #[sea_orm(column_type = "Text")]
    pub bio: String,
    pub avatar: String,
    pub status: String,
    pub display_order: i32,
    pub linkedin_url: String,
    pub twitter_url: String,
    pub github_url: String,
    pub website_url: String,
    /// A JSON array of strings.
    #[sea_orm(column_type = "Text")]
    pub skills: String,
    pub department: String,
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
