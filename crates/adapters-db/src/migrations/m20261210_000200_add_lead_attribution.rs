use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::string_len_null;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// Every contact message and project request keeps where it came from (its attribution): the first
/// page of the visit that sent it, the referring site's domain and the campaign's UTM values. Empty
/// for what was stored before, and for what an administrator enters.
#[derive(DeriveIden)]
enum ContactMessages {
    Table,
}

#[derive(DeriveIden)]
enum ProjectRequests {
    Table,
}

// The variants name the columns, which share their prefix on purpose.
#[allow(clippy::enum_variant_names)]
#[derive(DeriveIden)]
enum LeadColumns {
    AttributionLandingPage,
    AttributionReferrer,
    AttributionUtmSource,
    AttributionUtmMedium,
    AttributionUtmCampaign,
}

fn columns() -> [ColumnDef; 5] {
    [
        string_len_null(LeadColumns::AttributionLandingPage, 512),
        string_len_null(LeadColumns::AttributionReferrer, 253),
        string_len_null(LeadColumns::AttributionUtmSource, 100),
        string_len_null(LeadColumns::AttributionUtmMedium, 100),
        string_len_null(LeadColumns::AttributionUtmCampaign, 100),
    ]
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // One column per statement: SQLite adds one at a time.
        for table in [ContactMessages::Table.into_iden(), ProjectRequests::Table.into_iden()] {
            for mut column in columns() {
                manager.alter_table(Table::alter().table(table.clone()).add_column(&mut column).to_owned()).await?;
            }
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [ContactMessages::Table.into_iden(), ProjectRequests::Table.into_iden()] {
            for column in [
                LeadColumns::AttributionLandingPage,
                LeadColumns::AttributionReferrer,
                LeadColumns::AttributionUtmSource,
                LeadColumns::AttributionUtmMedium,
                LeadColumns::AttributionUtmCampaign,
            ] {
                manager.alter_table(Table::alter().table(table.clone()).drop_column(column).to_owned()).await?;
            }
        }
        Ok(())
    }
}
