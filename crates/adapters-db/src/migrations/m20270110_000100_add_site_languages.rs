use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{string_len, text};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The site's languages in its settings (docs/languages.md): the list, the default first, as JSON
/// (`[{"tag", "name", "direction"}]`), and what an untranslated record does. A site that had none
/// is in English only and shows untranslated records in English.
#[derive(DeriveIden)]
enum Settings {
    Table,
    Languages,
    UntranslatedContent,
}

/// The settings of a site in English only.
const ENGLISH_ONLY: &str = r#"[{"tag":"en","name":"English","direction":"ltr"}]"#;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // One column per statement: SQLite adds one at a time.
        for mut column in [
            text(Settings::Languages).default(ENGLISH_ONLY).to_owned(),
            string_len(Settings::UntranslatedContent, 16).default("fallback").to_owned(),
        ] {
            manager.alter_table(Table::alter().table(Settings::Table).add_column(&mut column).to_owned()).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for column in [Settings::Languages, Settings::UntranslatedContent] {
            manager.alter_table(Table::alter().table(Settings::Table).drop_column(column).to_owned()).await?;
        }
        Ok(())
    }
}
