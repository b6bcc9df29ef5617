use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{char_len, string_len, timestamp_with_time_zone, timestamp_with_time_zone_null};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
    Email,
    Name,
    Role,
    PasswordHash,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum Sessions {
    Table,
    Id,
    UserId,
    CreatedAt,
    ExpiresAt,
    RevokedAt,
}

#[derive(DeriveIden)]
enum LoginFailures {
    Table,
    Id,
    Email,
    Address,
    AttemptedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Users::Table)
                    .if_not_exists()
                    .col(char_len(Users::Id, 24).primary_key())
                    .col(string_len(Users::Email, 254).unique_key())
                    .col(string_len(Users::Name, 100))
                    .col(string_len(Users::Role, 16))
                    .col(string_len(Users::PasswordHash, 255))
                    .col(timestamp_with_time_zone(Users::CreatedAt))
                    .col(timestamp_with_time_zone(Users::UpdatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Sessions::Table)
                    .if_not_exists()
                    .col(char_len(Sessions::Id, 24).primary_key())
                    .col(char_len(Sessions::UserId, 24))
                    .col(timestamp_with_time_zone(Sessions::CreatedAt))
                    .col(timestamp_with_time_zone(Sessions::ExpiresAt))
                    .col(timestamp_with_time_zone_null(Sessions::RevokedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_sessions_user")
                            .from(Sessions::Table, Sessions::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create().name("idx_sessions_user").table(Sessions::Table).col(Sessions::UserId).to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(LoginFailures::Table)
                    .if_not_exists()
                    .col(char_len(LoginFailures::Id, 24).primary_key())
                    .col(string_len(LoginFailures::Email, 254))
                    .col(string_len(LoginFailures::Address, 64))
                    .col(timestamp_with_time_zone(LoginFailures::AttemptedAt))
                    .to_owned(),
            )
            .await?;
        for (name, column) in
            [("idx_login_failures_email", LoginFailures::Email), ("idx_login_failures_address", LoginFailures::Address)]
        {
            manager
                .create_index(
                    Index::create()
                        .name(name)
                        .table(LoginFailures::Table)
                        .col(column)
                        .col(LoginFailures::AttemptedAt)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(LoginFailures::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(Sessions::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(Users::Table).to_owned()).await
    }
}
