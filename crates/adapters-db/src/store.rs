//! The store: one database connection pool behind every repository port.

use anyhow::Context;
use atelier_application::store::StoreStatus;
use sea_orm::{DatabaseConnection, EntityTrait, PaginatorTrait};

use crate::entities::{
    blog_category, blog_post, contact_details, contact_message, content_page, faq, home_page, newsletter_subscriber,
    portfolio_project, project_request, service, settings, tag, team_member, technology, testimonial,
};

/// Every repository port, implemented with SeaORM on SQLite or PostgreSQL.
#[derive(Debug, Clone)]
pub struct SeaOrmStore {
    pub(crate) db: DatabaseConnection,
}

impl SeaOrmStore {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }

    /// The connection pool, for migrations and shutdown.
    pub fn connection(&self) -> &DatabaseConnection {
        &self.db
    }
}

impl StoreStatus for SeaOrmStore {
    async fn ping(&self) -> anyhow::Result<()> {
        self.db.ping().await.context("the database did not answer a ping")
    }

    async fn is_empty(&self) -> anyhow::Result<bool> {
        let db = &self.db;
        // Accounts are not content: an installation with only its administrator is still empty.
        let counts = [
            ("services", service::Entity::find().count(db).await),
            ("settings", settings::Entity::find().count(db).await),
            ("contact messages", contact_message::Entity::find().count(db).await),
            ("project requests", project_request::Entity::find().count(db).await),
            ("blog categories", blog_category::Entity::find().count(db).await),
            ("tags", tag::Entity::find().count(db).await),
            ("blog posts", blog_post::Entity::find().count(db).await),
            ("testimonials", testimonial::Entity::find().count(db).await),
            ("team members", team_member::Entity::find().count(db).await),
            ("FAQs", faq::Entity::find().count(db).await),
            ("content pages", content_page::Entity::find().count(db).await),
            ("home page", home_page::Entity::find().count(db).await),
            ("contact details", contact_details::Entity::find().count(db).await),
            ("technologies", technology::Entity::find().count(db).await),
            ("portfolio projects", portfolio_project::Entity::find().count(db).await),
            ("newsletter subscribers", newsletter_subscriber::Entity::find().count(db).await),
        ];
        for (table, count) in counts {
            if count.with_context(|| format!("failed to count {table}"))? > 0 {
                return Ok(false);
            }
        }
        Ok(true)
    }
}

/// Turns a stored text back into a domain value, naming the column when the row is corrupt.
pub(crate) fn stored<T>(column: &str, parsed: Result<T, impl std::fmt::Display>) -> anyhow::Result<T> {
    parsed.map_err(|error| anyhow::anyhow!("stored {column} is invalid: {error}"))
}
