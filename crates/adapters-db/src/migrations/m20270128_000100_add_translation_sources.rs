use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::text;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The default language's text each translated field was written for (docs/languages.md, "The
/// site's own texts"): a JSON object of field name to text, kept at each save, so a translated entry
/// of the home page's lists follows its entry when the list is reordered and the editor shows what
/// an outdated field was written for. A translation saved before has none (`{}`): it reads by
/// position, as it did, until it is saved again.
#[derive(DeriveIden)]
enum Translations {
    Table,
    Sources,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let mut column = text(Translations::Sources).default("{}").to_owned();
        manager.alter_table(Table::alter().table(Translations::Table).add_column(&mut column).to_owned()).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(Table::alter().table(Translations::Table).drop_column(Translations::Sources).to_owned())
            .await
    }
}
