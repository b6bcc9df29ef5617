//! Schema migrations, run at start and by `atelier migrate`. Never edit one that has landed; add a new
//! one.

use sea_orm_migration::prelude::*;

mod m20261122_000001_create_services;
mod m20261122_000002_create_settings;
mod m20261122_000003_create_accounts;
mod m20261122_000010_create_blog_categories;
mod m20261122_000011_create_tags;
mod m20261122_000012_create_blog_posts;
mod m20261122_000013_create_blog_post_tags;
mod m20261122_000020_create_technologies;
mod m20261122_000021_create_portfolio_projects;
mod m20261122_000022_create_portfolio_project_technologies;
mod m20261122_000030_create_testimonials;
mod m20261122_000031_create_team_members;
mod m20261122_000032_create_faqs;
mod m20261122_000033_create_content_pages;
mod m20261122_000034_create_contact_details;
mod m20261122_000040_create_contact_messages;
mod m20261122_000041_create_project_requests;
mod m20261122_000050_create_media_items;
mod m20261122_000060_create_outgoing_mails;
mod m20261123_000001_add_session_details;
mod m20261123_000002_add_publish_times;
mod m20261123_000003_create_invitations;
mod m20261123_000003_create_revisions;
mod m20261123_000070_create_content_generation;
mod m20261123_000080_create_form_submissions;
mod m20261124_000001_create_two_factor;
mod m20261124_000002_redact_sent_invitation_mails;
mod m20261124_000003_create_newsletter_subscribers;
mod m20261124_000090_index_publish_times;
mod m20261124_000091_index_post_publication;
mod m20261125_000001_create_audit_entries;
mod m20261126_000001_create_blog_word_index;
mod m20261127_000001_create_limit_attempts;
mod m20261127_000002_create_post_views;
mod m20261128_000100_create_home_page;
mod m20261128_000301_add_audit_entry_titles;
mod m20261128_000400_add_record_versions;
mod m20261129_000200_account_roles;
mod m20261130_000001_create_presence;
mod m20261130_000500_add_post_review;
mod m20261201_000100_create_webhooks;
mod m20261201_000200_create_redirects;
mod m20261201_000300_add_spam;
mod m20261210_000100_create_page_views;
mod m20261210_000200_add_lead_attribution;
mod m20261220_000100_create_backup_runs;
mod m20261231_000100_index_insights;
mod m20270101_000100_cover_post_publication;
mod m20270110_000100_add_site_languages;
mod m20270115_000100_create_translations;
mod m20270120_000100_add_post_source_hash;
mod m20270120_000200_add_revision_language;
mod m20270128_000100_add_translation_sources;
mod m20270129_000200_index_page_views_by_number;
mod m20270129_000300_drop_page_views_path_index;

/// Every migration, in order.
#[derive(Debug)]
pub struct Migrator;

#[async_trait::async_trait]
impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![
            Box::new(m20261122_000001_create_services::Migration),
            Box::new(m20261122_000002_create_settings::Migration),
            Box::new(m20261122_000003_create_accounts::Migration),
            Box::new(m20261122_000040_create_contact_messages::Migration),
            Box::new(m20261122_000041_create_project_requests::Migration),
            Box::new(m20261122_000010_create_blog_categories::Migration),
            Box::new(m20261122_000011_create_tags::Migration),
            Box::new(m20261122_000012_create_blog_posts::Migration),
            Box::new(m20261122_000013_create_blog_post_tags::Migration),
            Box::new(m20261122_000030_create_testimonials::Migration),
            Box::new(m20261122_000031_create_team_members::Migration),
            Box::new(m20261122_000032_create_faqs::Migration),
            Box::new(m20261122_000033_create_content_pages::Migration),
            Box::new(m20261122_000034_create_contact_details::Migration),
            Box::new(m20261122_000020_create_technologies::Migration),
            Box::new(m20261122_000021_create_portfolio_projects::Migration),
            Box::new(m20261122_000022_create_portfolio_project_technologies::Migration),
            Box::new(m20261122_000050_create_media_items::Migration),
            Box::new(m20261122_000060_create_outgoing_mails::Migration),
            Box::new(m20261123_000001_add_session_details::Migration),
            Box::new(m20261123_000002_add_publish_times::Migration),
            Box::new(m20261123_000003_create_invitations::Migration),
            Box::new(m20261123_000003_create_revisions::Migration),
            Box::new(m20261123_000070_create_content_generation::Migration),
            Box::new(m20261123_000080_create_form_submissions::Migration),
            Box::new(m20261124_000001_create_two_factor::Migration),
            Box::new(m20261124_000002_redact_sent_invitation_mails::Migration),
            Box::new(m20261124_000003_create_newsletter_subscribers::Migration),
            Box::new(m20261124_000090_index_publish_times::Migration),
            Box::new(m20261124_000091_index_post_publication::Migration),
            Box::new(m20261125_000001_create_audit_entries::Migration),
            Box::new(m20261126_000001_create_blog_word_index::Migration),
            Box::new(m20261127_000001_create_limit_attempts::Migration),
            Box::new(m20261127_000002_create_post_views::Migration),
            Box::new(m20261128_000100_create_home_page::Migration),
            Box::new(m20261128_000301_add_audit_entry_titles::Migration),
            Box::new(m20261128_000400_add_record_versions::Migration),
            Box::new(m20261129_000200_account_roles::Migration),
            Box::new(m20261130_000001_create_presence::Migration),
            Box::new(m20261130_000500_add_post_review::Migration),
            Box::new(m20261201_000100_create_webhooks::Migration),
            Box::new(m20261201_000200_create_redirects::Migration),
            Box::new(m20261201_000300_add_spam::Migration),
            Box::new(m20261210_000100_create_page_views::Migration),
            Box::new(m20261210_000200_add_lead_attribution::Migration),
            Box::new(m20261220_000100_create_backup_runs::Migration),
            Box::new(m20261231_000100_index_insights::Migration),
            Box::new(m20270101_000100_cover_post_publication::Migration),
            Box::new(m20270110_000100_add_site_languages::Migration),
            Box::new(m20270115_000100_create_translations::Migration),
            Box::new(m20270120_000100_add_post_source_hash::Migration),
            Box::new(m20270120_000200_add_revision_language::Migration),
            Box::new(m20270128_000100_add_translation_sources::Migration),
            Box::new(m20270129_000200_index_page_views_by_number::Migration),
            Box::new(m20270129_000300_drop_page_views_path_index::Migration),
        ]
    }
}

/// Applies every pending migration.
///
/// # Errors
/// When a migration fails; the database is left at the last migration that succeeded.
pub async fn run(db: &sea_orm::DatabaseConnection) -> anyhow::Result<()> {
    use anyhow::Context;
    Migrator::up(db, None).await.context("failed to apply database migrations")
}

/// Makes a SQLite database at `path` (a file that does not exist yet) with every migration applied,
/// and answers the bytes of its file: written to another path, they are a database `connect` opens
/// with nothing pending. Tests start from a copy, as applying the migrations one by one takes most
/// of a fresh database's start.
///
/// # Errors
/// When the database cannot be made, migrated or read.
pub async fn migrated_sqlite_file(path: &std::path::Path) -> anyhow::Result<Vec<u8>> {
    use anyhow::Context;
    use sea_orm::ConnectionTrait;
    let db = crate::connect(&format!("sqlite://{}", path.display())).await?;
    run(&db).await?;
    // Everything in the log goes into the file, so the file alone is the whole database.
    db.execute_unprepared("PRAGMA wal_checkpoint(TRUNCATE)").await.context("failed to checkpoint the log")?;
    db.close().await.context("failed to close the migrated database")?;
    std::fs::read(path).context("failed to read the migrated database")
}

/// The names of the migrations this build has that the database at `url` has not applied, oldest
/// first, found without changing anything: a SQLite file that does not exist yet is neither created
/// nor given the migrations' table, and has every migration pending.
///
/// # Errors
/// When the database cannot be read, or it has applied a migration this build does not know (it
/// was migrated by a newer version).
pub async fn pending(url: &str) -> anyhow::Result<Vec<String>> {
    use anyhow::Context;
    if crate::DatabaseKind::of_url(url)? == crate::DatabaseKind::Sqlite
        && crate::connect::sqlite_path(url).is_some_and(|path| !path.exists())
    {
        return Ok(Migrator::migrations().iter().map(|migration| migration.name().to_owned()).collect());
    }
    let db = crate::connect(url).await?;
    let pending = Migrator::get_pending_migrations_read_only(&db)
        .await
        .context("failed to read which migrations the database has applied")?;
    db.close().await.ok();
    Ok(pending.iter().map(|migration| migration.name().to_owned()).collect())
}
