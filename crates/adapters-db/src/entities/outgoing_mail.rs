use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "outgoing_mails")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    #[sea_orm(save_as = "bpchar")]
    pub id: String,
    pub recipient: String,
    /// Empty when there is none.
    pub reply_to: String,
    pub subject: String,
    #[sea_orm(column_type = "Text")]
    pub body: String,
    /// `contact_message` or `project_request`.
    pub about_topic: String,
    #[sea_orm(save_as = "bpchar")]
    pub about_id: String,
    /// `pending`, `sent` or `failed`.
    pub status: String,
    pub attempts: i32,
    /// When a pending mail is due next; while a sender holds it, the end of its lease.
    pub next_attempt_at: DateTimeUtc,
    #[sea_orm(column_type = "Text")]
    pub last_error: String,
    pub created_at: DateTimeUtc,
    pub sent_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
