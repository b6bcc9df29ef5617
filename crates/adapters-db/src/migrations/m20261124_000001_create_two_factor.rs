use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{
    big_integer_null, blob, char_len, integer, timestamp_with_time_zone, timestamp_with_time_zone_null,
};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}

/// Each account's authenticator: its TOTP secret sealed by the server's key, whether a first code
/// confirmed it, and the last time step a code was accepted for (no code is accepted twice).
#[derive(DeriveIden)]
enum TwoFactorCredentials {
    Table,
    UserId,
    SealedSecret,
    EnabledAt,
    LastUsedStep,
    CreatedAt,
}

/// The single-use recovery codes, as SHA-256 hashes.
#[derive(DeriveIden)]
enum RecoveryCodes {
    Table,
    Id,
    UserId,
    CodeHash,
    CreatedAt,
    UsedAt,
}

/// The challenges between the password step and the code step of a sign-in; only each token's
/// SHA-256 is kept.
#[derive(DeriveIden)]
enum SignInChallenges {
    Table,
    Id,
    UserId,
    TokenHash,
    CreatedAt,
    ExpiresAt,
    FailedAttempts,
}

fn owned_by_user(table: impl IntoIden, column: impl IntoIden, name: &str) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .name(name)
        .from(table, column)
        .to(Users::Table, Users::Id)
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(TwoFactorCredentials::Table)
                    .if_not_exists()
                    .col(char_len(TwoFactorCredentials::UserId, 24).primary_key())
                    .col(blob(TwoFactorCredentials::SealedSecret))
                    .col(timestamp_with_time_zone_null(TwoFactorCredentials::EnabledAt))
                    .col(big_integer_null(TwoFactorCredentials::LastUsedStep))
                    .col(timestamp_with_time_zone(TwoFactorCredentials::CreatedAt))
                    .foreign_key(&mut owned_by_user(
                        TwoFactorCredentials::Table,
                        TwoFactorCredentials::UserId,
                        "fk_two_factor_credentials_user",
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(RecoveryCodes::Table)
                    .if_not_exists()
                    .col(char_len(RecoveryCodes::Id, 24).primary_key())
                    .col(char_len(RecoveryCodes::UserId, 24))
                    .col(char_len(RecoveryCodes::CodeHash, 64))
                    .col(timestamp_with_time_zone(RecoveryCodes::CreatedAt))
                    .col(timestamp_with_time_zone_null(RecoveryCodes::UsedAt))
                    .foreign_key(&mut owned_by_user(
                        RecoveryCodes::Table,
                        RecoveryCodes::UserId,
                        "fk_recovery_codes_user",
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_recovery_codes_user_hash")
                    .table(RecoveryCodes::Table)
                    .col(RecoveryCodes::UserId)
                    .col(RecoveryCodes::CodeHash)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(SignInChallenges::Table)
                    .if_not_exists()
                    .col(char_len(SignInChallenges::Id, 24).primary_key())
                    .col(char_len(SignInChallenges::UserId, 24))
                    .col(char_len(SignInChallenges::TokenHash, 64).unique_key())
                    .col(timestamp_with_time_zone(SignInChallenges::CreatedAt))
                    .col(timestamp_with_time_zone(SignInChallenges::ExpiresAt))
                    .col(integer(SignInChallenges::FailedAttempts).default(0))
                    .foreign_key(&mut owned_by_user(
                        SignInChallenges::Table,
                        SignInChallenges::UserId,
                        "fk_sign_in_challenges_user",
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_sign_in_challenges_expires_at")
                    .table(SignInChallenges::Table)
                    .col(SignInChallenges::ExpiresAt)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(SignInChallenges::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(RecoveryCodes::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(TwoFactorCredentials::Table).to_owned()).await
    }
}
