use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{boolean, char_len, string_len, timestamp_with_time_zone};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
    MustChangePassword,
}

/// Invitations to become an administrator; only each token's SHA-256 is kept.
#[derive(DeriveIden)]
enum Invitations {
    Table,
    Id,
    Email,
    InvitedBy,
    TokenHash,
    CreatedAt,
    ExpiresAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Users::Table)
                    .add_column(boolean(Users::MustChangePassword).default(false))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Invitations::Table)
                    .if_not_exists()
                    .col(char_len(Invitations::Id, 24).primary_key())
                    .col(string_len(Invitations::Email, 254))
                    .col(char_len(Invitations::InvitedBy, 24))
                    .col(char_len(Invitations::TokenHash, 64).unique_key())
                    .col(timestamp_with_time_zone(Invitations::CreatedAt))
                    .col(timestamp_with_time_zone(Invitations::ExpiresAt))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_invitations_invited_by")
                            .from(Invitations::Table, Invitations::InvitedBy)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(Invitations::Table).to_owned()).await?;
        manager.alter_table(Table::alter().table(Users::Table).drop_column(Users::MustChangePassword).to_owned()).await
    }
}
