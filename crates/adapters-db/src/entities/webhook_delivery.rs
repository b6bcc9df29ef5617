use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "webhook_deliveries")]
pub struct Model {
    /// Also the message's `webhook-id`.
    #[sea_orm(primary_key, auto_increment = false)]
    #[sea_orm(save_as = "bpchar")]
    pub id: String,
    #[sea_orm(save_as = "bpchar")]
    pub endpoint_id: String,
    pub event_type: String,
    /// The record the event is about.
    pub subject: String,
    /// The JSON body as signed and sent.
    #[sea_orm(column_type = "Text")]
    pub payload: String,
    /// `pending`, `delivered` or `failed`.
    pub status: String,
    pub attempts: i32,
    /// When a pending delivery is due next; while a sender holds it, the end of its lease.
    pub next_attempt_at: DateTimeUtc,
    pub last_status: Option<i32>,
    pub created_at: DateTimeUtc,
    pub delivered_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
