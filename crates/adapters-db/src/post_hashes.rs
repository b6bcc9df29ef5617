//! The `source_hash` stored with each post (docs/languages.md): the hash of its default-language
//! texts ([`atelier_domain::translation::source_hash`]), kept by every write of a post so that the
//! back office's list can tell, in its one query, which posts' translations are outdated (their
//! `source_hash` differs from the post's).
//!
//! Every post write through the repository stores it ([`of`]); what writes posts' rows otherwise
//! (the migration that added the column, the site archive's load) recomputes every post's with
//! [`refresh_all`], in Rust, so SQLite and PostgreSQL hold the same hash as the translations do.

use atelier_domain::post::Post;
use atelier_domain::translation::{self, Translatable, TranslationKind};
use sea_orm::sea_query::{Alias, Expr, ExprTrait, Order, Query};
use sea_orm::{ConnectionTrait, DbErr};
use std::collections::BTreeMap;

/// How many posts [`refresh_all`] reads at a time.
const BATCH: u64 = 200;

/// The hash of the post's default-language texts, as its translations remember it.
pub(crate) fn of(post: &Post) -> String {
    translation::source_hash(Post::KIND, &post.source_texts())
}

/// The hash of a post's texts read from its row's columns.
fn of_columns(title: String, excerpt: String, content: String, meta_title: String, meta_description: String) -> String {
    let texts: BTreeMap<String, String> = [
        ("title", title),
        ("excerpt", excerpt),
        ("content", content),
        ("metaTitle", meta_title),
        ("metaDescription", meta_description),
    ]
    .into_iter()
    .map(|(name, text)| (name.to_owned(), text))
    .collect();
    translation::source_hash(TranslationKind::Post, &texts)
}

/// Recomputes the stored `source_hash` of every post from its texts, [`BATCH`] posts at a time in
/// the order of their ids, writing only those that differ; how many were written. Reads and writes
/// the table by its column names, so the migration that adds the column can call it whatever the
/// entity becomes later.
///
/// # Errors
/// Database faults.
pub async fn refresh_all(db: &impl ConnectionTrait) -> Result<u64, DbErr> {
    let table = Alias::new("blog_posts");
    let columns = ["id", "title", "excerpt", "content", "meta_title", "meta_description", "source_hash"];
    let mut after: Option<String> = None;
    let mut written = 0;
    loop {
        let mut select = Query::select();
        select.columns(columns.map(Alias::new)).from(table.clone()).order_by(Alias::new("id"), Order::Asc).limit(BATCH);
        if let Some(after) = &after {
            select.and_where(Expr::col(Alias::new("id")).gt(after.as_str()));
        }
        let rows = db.query_all(&select).await?;
        let Some(last) = rows.last() else { return Ok(written) };
        // Read by position: SQLite may name a column added by `ALTER TABLE` with its quotes.
        after = Some(last.try_get_by_index::<String>(0)?);
        for row in &rows {
            let text = |index: usize| row.try_get_by_index::<String>(index);
            let (id, stored) = (text(0)?, text(6)?);
            let hash = of_columns(text(1)?, text(2)?, text(3)?, text(4)?, text(5)?);
            if hash != stored {
                let update = Query::update()
                    .table(table.clone())
                    .value(Alias::new("source_hash"), hash)
                    .and_where(Expr::col(Alias::new("id")).eq(id))
                    .to_owned();
                db.execute(&update).await?;
                written += 1;
            }
        }
        if (rows.len() as u64) < BATCH {
            return Ok(written);
        }
    }
}
