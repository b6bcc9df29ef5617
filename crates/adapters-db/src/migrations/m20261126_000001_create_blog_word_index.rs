use atelier_application::search::{index_words, word_endings};
use sea_orm::{ConnectionTrait, DatabaseBackend};
use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::{
    boolean, char_len, char_len_null, string_len, timestamp_with_time_zone, timestamp_with_time_zone_null,
};
use sea_orm_migration::sea_orm::prelude::DateTimeUtc;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The blog's word index: a search for one word (the admin's post search, visitors' blog search)
/// read the posts newest first and tested each with `LIKE '%term%'` until a page was full, then
/// counted on, so it slowed with every post that did not match (1.26 s at 100,000 posts against
/// 0.14 s at 1,000 under the growth run's load). The index keeps every word of each post's title,
/// excerpt and author name (`search::index_words`) beside the post's publication time (and the
/// status, publish time, category and featured flag the lists filter by), keyed by
/// (word, publication time, post id): one word's posts come newest first from the key and a page
/// stops after its last row. `blog_search_words` holds every ending of every word ever indexed
/// (`search::word_endings`), keyed by (ending, word): the words that contain a term are the endings
/// that begin with it, one range of that key. The endings compare by code point on both databases
/// (PostgreSQL's `C` collation), which is what makes "begins with" a range.
///
/// Existing posts are indexed here, in batches.
#[derive(DeriveIden)]
enum BlogPostWords {
    Table,
    Word,
    Published,
    PostId,
    Status,
    PublishAt,
    CategoryId,
    Featured,
}

#[derive(DeriveIden)]
enum BlogSearchWords {
    Table,
    Ending,
    Word,
}

#[derive(DeriveIden)]
enum BlogPosts {
    Table,
    Id,
    Title,
    Excerpt,
    AuthorName,
    Status,
    PublishAt,
    CategoryId,
    Featured,
    CreatedAt,
}

/// Posts read per statement while existing posts are indexed.
const BATCH: u64 = 200;
/// Rows written per statement (five values each: well below both databases' limits).
const ROWS_PER_STATEMENT: usize = 1_000;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        let sqlite = manager.get_database_backend() == DatabaseBackend::Sqlite;
        let words = Table::create()
            .table(BlogPostWords::Table)
            .col(string_len(BlogPostWords::Word, 256))
            .col(timestamp_with_time_zone(BlogPostWords::Published))
            .col(char_len(BlogPostWords::PostId, 24))
            .col(string_len(BlogPostWords::Status, 32))
            .col(timestamp_with_time_zone_null(BlogPostWords::PublishAt))
            .col(char_len_null(BlogPostWords::CategoryId, 24))
            .col(boolean(BlogPostWords::Featured))
            .primary_key(
                Index::create().col(BlogPostWords::Word).col(BlogPostWords::Published).col(BlogPostWords::PostId),
            )
            .to_owned();
        let mut ending = string_len(BlogSearchWords::Ending, 256);
        if !sqlite {
            ending.extra("COLLATE \"C\"");
        }
        let vocabulary = Table::create()
            .table(BlogSearchWords::Table)
            .col(ending)
            .col(string_len(BlogSearchWords::Word, 256))
            .primary_key(Index::create().col(BlogSearchWords::Ending).col(BlogSearchWords::Word))
            .to_owned();
        if sqlite {
            // A table keyed by its primary key alone: SQLite would otherwise keep a rowid table and
            // a second copy of every entry in the key's index.
            for table in [words, vocabulary] {
                db.execute_unprepared(&format!("{} WITHOUT ROWID", table.to_string(SqliteQueryBuilder))).await?;
            }
        } else {
            manager.create_table(words).await?;
            manager.create_table(vocabulary).await?;
        }
        manager
            .create_index(
                Index::create()
                    .name("idx_blog_post_words_post")
                    .table(BlogPostWords::Table)
                    .col(BlogPostWords::PostId)
                    .to_owned(),
            )
            .await?;
        index_existing_posts(db).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(BlogPostWords::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(BlogSearchWords::Table).to_owned()).await
    }
}

async fn index_existing_posts(db: &SchemaManagerConnection<'_>) -> Result<(), DbErr> {
    let mut after = String::new();
    loop {
        let select = Query::select()
            .columns([
                BlogPosts::Id,
                BlogPosts::Title,
                BlogPosts::Excerpt,
                BlogPosts::AuthorName,
                BlogPosts::Status,
                BlogPosts::PublishAt,
                BlogPosts::CategoryId,
                BlogPosts::Featured,
                BlogPosts::CreatedAt,
            ])
            .from(BlogPosts::Table)
            .and_where(Expr::col(BlogPosts::Id).gt(after.clone()))
            .order_by(BlogPosts::Id, Order::Asc)
            .limit(BATCH)
            .to_owned();
        let rows = db.query_all(&select).await?;
        let Some(last) = rows.last() else { return Ok(()) };
        after = last.try_get("", "id")?;
        let mut entries = Vec::new();
        let mut vocabulary = std::collections::BTreeSet::new();
        for row in &rows {
            let id: String = row.try_get("", "id")?;
            let texts: [String; 3] =
                [row.try_get("", "title")?, row.try_get("", "excerpt")?, row.try_get("", "author_name")?];
            let status: String = row.try_get("", "status")?;
            let publish_at: Option<DateTimeUtc> = row.try_get("", "publish_at")?;
            let created_at: DateTimeUtc = row.try_get("", "created_at")?;
            let category_id: Option<String> = row.try_get("", "category_id")?;
            let featured: bool = row.try_get("", "featured")?;
            for word in index_words(texts.iter().map(String::as_str)) {
                vocabulary.insert(word.clone());
                entries.push([
                    word.into(),
                    publish_at.unwrap_or(created_at).into(),
                    id.clone().into(),
                    status.clone().into(),
                    publish_at.into(),
                    category_id.clone().into(),
                    featured.into(),
                ]);
            }
        }
        let endings: Vec<(String, String)> = vocabulary
            .iter()
            .flat_map(|word| word_endings(word).map(move |ending| (ending.to_owned(), word.clone())))
            .collect();
        for chunk in endings.chunks(ROWS_PER_STATEMENT) {
            let mut insert = Query::insert()
                .into_table(BlogSearchWords::Table)
                .columns([BlogSearchWords::Ending, BlogSearchWords::Word])
                .on_conflict(
                    OnConflict::columns([BlogSearchWords::Ending, BlogSearchWords::Word]).do_nothing().to_owned(),
                )
                .to_owned();
            for (ending, word) in chunk {
                insert.values_panic([ending.clone().into(), word.clone().into()]);
            }
            db.execute(&insert).await?;
        }
        for chunk in entries.chunks(ROWS_PER_STATEMENT) {
            let mut insert = Query::insert()
                .into_table(BlogPostWords::Table)
                .columns([
                    BlogPostWords::Word,
                    BlogPostWords::Published,
                    BlogPostWords::PostId,
                    BlogPostWords::Status,
                    BlogPostWords::PublishAt,
                    BlogPostWords::CategoryId,
                    BlogPostWords::Featured,
                ])
                .to_owned();
            for entry in chunk {
                insert.values_panic(entry.clone());
            }
            db.execute(&insert).await?;
        }
    }
}
