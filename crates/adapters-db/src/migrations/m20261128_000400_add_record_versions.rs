use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// Every editable record's version and authorship: `version` (1 for every record stored before,
/// one more at each stored change; an update is held to the version it started from) and who
/// created the record and who changed it last, by account id and name as they were then (empty for
/// records from before, and for what visitors sent).
const TABLES: &[&str] = &[
    "blog_categories",
    "blog_posts",
    "contact_details",
    "contact_messages",
    "content_pages",
    "faqs",
    "home_page",
    "media_items",
    "newsletter_subscribers",
    "portfolio_projects",
    "project_requests",
    "services",
    "settings",
    "tags",
    "team_members",
    "technologies",
    "testimonials",
];

const AUTHORSHIP: &[&str] = &["created_by_id", "created_by_name", "updated_by_id", "updated_by_name"];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // One column per statement: SQLite alters one at a time.
        for table in TABLES {
            let version = ColumnDef::new(Alias::new("version")).big_integer().not_null().default(1).to_owned();
            manager.alter_table(Table::alter().table(Alias::new(*table)).add_column(version).to_owned()).await?;
            for column in AUTHORSHIP {
                let column = ColumnDef::new(Alias::new(*column)).string().null().to_owned();
                manager.alter_table(Table::alter().table(Alias::new(*table)).add_column(column).to_owned()).await?;
            }
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in TABLES {
            for column in std::iter::once(&"version").chain(AUTHORSHIP) {
                manager
                    .alter_table(Table::alter().table(Alias::new(*table)).drop_column(Alias::new(*column)).to_owned())
                    .await?;
            }
        }
        Ok(())
    }
}
