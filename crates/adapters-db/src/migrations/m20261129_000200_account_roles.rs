use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::string_len;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// Roles replace "admin or member": every administrator becomes an `administrator` and the
/// earliest-created one the `owner` (an installation without administrators gets its earliest
/// account as owner), so there is exactly one; every `member` (who could sign in but was refused
/// everything) becomes a `contributor`. Invitations carry the role their account is created with;
/// those already sent were to become administrators.
#[derive(DeriveIden)]
enum Invitations {
    Table,
    Role,
}

const UP: &[&str] = &[
    "UPDATE users SET role = 'administrator' WHERE role = 'admin'",
    "UPDATE users SET role = 'contributor' WHERE role = 'member'",
    "UPDATE users SET role = 'owner' WHERE id = (SELECT id FROM users WHERE role = 'administrator' \
     ORDER BY created_at, id LIMIT 1)",
    "UPDATE users SET role = 'owner' WHERE id = (SELECT id FROM users ORDER BY created_at, id LIMIT 1) \
     AND NOT EXISTS (SELECT 1 FROM users WHERE role = 'owner')",
];

const DOWN: &[&str] = &[
    "UPDATE users SET role = 'admin' WHERE role IN ('owner', 'administrator')",
    "UPDATE users SET role = 'member' WHERE role <> 'admin'",
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Invitations::Table)
                    .add_column(string_len(Invitations::Role, 16).default("administrator"))
                    .to_owned(),
            )
            .await?;
        for statement in UP {
            manager.get_connection().execute_unprepared(statement).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for statement in DOWN {
            manager.get_connection().execute_unprepared(statement).await?;
        }
        manager.alter_table(Table::alter().table(Invitations::Table).drop_column(Invitations::Role).to_owned()).await
    }
}
