//! Blog posts in the `blog_posts` table, their tags in `blog_post_tags`.

use std::collections::{BTreeSet, HashMap};

use anyhow::Context;
use atelier_application::audit::Change;
use atelier_application::blog::ports::{PostFilter, PostRepository, PostViewSeen, TranslationFilter, TranslationState};
use atelier_application::records::{self, RecordRepository, SaveError};
use atelier_domain::meta::Editor;
use atelier_domain::post::{Post, PostStatus};
use atelier_domain::post_review::{PostReview, SentBack};
use atelier_domain::slug::Slug;
use atelier_domain::translation::TranslationKind;
use atelier_domain::visitor::{Visitor, view_period};
use atelier_domain::{EntityId, Page, PageRequest};
use chrono::{DateTime, Utc};
use sea_orm::sea_query::{Expr, ExprTrait, Func, OnConflict, Query};
use sea_orm::{
    ActiveValue::{NotSet, Set},
    ColumnTrait, Condition, ConnectionTrait, DbBackend, EntityTrait, FromQueryResult, Order, QueryFilter, QueryOrder,
    QuerySelect, TransactionTrait,
};
use serde::Serialize;

use crate::audit;
use crate::entities::blog_post::{ActiveModel, Column, Entity, Model};
use crate::entities::translation;
use crate::entities::{blog_post_tag, post_view};
use crate::query::Unique;
use crate::query::{contains_any, fetch_counted_page, live_at, next_publication};
use crate::records::FromDbErr;
use crate::records::{row_meta, set_meta, stale};
use crate::store::{SeaOrmStore, stored};
use crate::webhooks;
use crate::{post_hashes, post_words};
use crate::{recordset, shapes};
use atelier_application::webhooks::Announces;

impl PostRepository for SeaOrmStore {
    async fn list_posts(&self, filter: &PostFilter, page: PageRequest) -> anyhow::Result<Page<Post>> {
        if let Some((ids, total, capped)) = post_words::search(&self.db, filter, page, page.count_limit()).await? {
            return Ok(Page::counted(self.posts_by_ids(&ids).await?, total, capped, page));
        }
        let query = in_list_order(Entity::find().filter(condition(filter)));
        // A search the word index cannot answer reads the posts' texts: it counts its matches only
        // so far (the port's contract), as counting every match of a common word would read the
        // whole table.
        let count_limit = filter.search.is_some().then(|| page.count_limit());
        let (rows, total, capped) = fetch_counted_page(query, page, count_limit, &self.db, "blog posts").await?;
        Ok(Page::counted(self.with_tags(rows).await?, total, capped, page))
    }

    async fn post_ids(&self, filter: &PostFilter) -> anyhow::Result<Vec<EntityId>> {
        if let Some(ids) = post_words::matching_ids(&self.db, filter).await? {
            return Ok(ids);
        }
        // For the visitors' whole list every column named is in
        // `idx_blog_posts_status_publication_cover`: the index alone is read.
        let ids: Vec<String> = in_list_order(Entity::find().filter(condition(filter)))
            .select_only()
            .column(Column::Id)
            .into_tuple()
            .all(&self.db)
            .await
            .context("failed to read the order of a list of blog posts")?;
        ids.iter().map(|id| stored("blog_posts.id", EntityId::parse(id))).collect()
    }

    async fn posts_by_ids(&self, ids: &[EntityId]) -> anyhow::Result<Vec<Post>> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let mut rows = tagged(Entity::find().filter(Column::Id.is_in(ids.iter().map(ToString::to_string))))
            .all(&self.db)
            .await
            .context("failed to read blog posts by id")?;
        let position: HashMap<String, usize> =
            ids.iter().enumerate().map(|(position, id)| (id.to_string(), position)).collect();
        rows.sort_by_key(|row| position.get(&row.post.id).copied());
        rows.into_iter().map(TaggedRow::into_post).collect()
    }

    async fn find_post_by_slug(&self, slug: &Slug) -> anyhow::Result<Option<Post>> {
        let row = tagged(Entity::find().filter(Column::Slug.eq(slug.as_str())))
            .unique(&self.db)
            .await
            .context("failed to read a blog post by slug")?;
        row.map(TaggedRow::into_post).transpose()
    }

    async fn count_posts_by_category(&self, ids: &[EntityId]) -> anyhow::Result<HashMap<EntityId, u64>> {
        if ids.is_empty() {
            return Ok(HashMap::new());
        }
        let rows: Vec<(Option<String>, i64)> = Entity::find()
            .select_only()
            .column(Column::CategoryId)
            .column_as(Expr::col(Column::Id).count(), "posts")
            .filter(Column::CategoryId.is_in(ids.iter().map(ToString::to_string)))
            .group_by(Column::CategoryId)
            .into_tuple()
            .all(&self.db)
            .await
            .context("failed to count blog posts by category")?;
        rows.into_iter()
            .filter_map(|(id, posts)| id.map(|id| (id, posts)))
            .map(|(id, posts)| {
                Ok((stored("blog_posts.category_id", EntityId::parse(&id))?, u64::try_from(posts).unwrap_or(0)))
            })
            .collect()
    }

    async fn record_post_view(
        &self,
        slug: &Slug,
        now: DateTime<Utc>,
        visitor: &Visitor,
    ) -> anyhow::Result<Option<u64>> {
        let published = Condition::all().add(Column::Slug.eq(slug.as_str())).add(live(now));
        let id: Option<String> = Entity::find()
            .select_only()
            .column(Column::Id)
            .filter(published.clone())
            .into_tuple()
            .unique(&self.db)
            .await
            .context("failed to find a blog post to count a view of")?;
        let Some(id) = id else { return Ok(None) };
        let period = view_period(now);
        post_view::Entity::delete_many()
            .filter(post_view::Column::Period.lt(period))
            .exec(&self.db)
            .await
            .context("failed to forget earlier hours' views")?;
        // The visitor's view of this hour: new (inserted) only once, however many requests race.
        let seen = post_view::ActiveModel {
            post_id: Set(id.clone()),
            visitor: Set(visitor.as_str().to_owned()),
            period: Set(period),
        };
        let inserted = post_view::Entity::insert(seen)
            .on_conflict(
                OnConflict::columns([post_view::Column::PostId, post_view::Column::Visitor, post_view::Column::Period])
                    .do_nothing()
                    .to_owned(),
            )
            .exec_without_returning(&self.db)
            .await
            .context("failed to note a visitor's view")?;
        if inserted > 0 {
            Entity::update_many()
                .col_expr(Column::Views, Expr::col(Column::Views).add(1))
                .filter(Column::Id.eq(id.clone()))
                .exec(&self.db)
                .await
                .context("failed to count a blog post view")?;
        }
        let views: Option<i64> = Entity::find_by_id(id)
            .select_only()
            .column(Column::Views)
            .into_tuple()
            .unique(&self.db)
            .await
            .context("failed to read a blog post's views")?;
        Ok(views.map(|views| u64::try_from(views).unwrap_or(0)))
    }

    async fn record_post_views(&self, views: &[PostViewSeen]) -> anyhow::Result<()> {
        let (Some(last), Some(first)) =
            (views.iter().map(|view| view.at).max(), views.iter().map(|view| view.at).min())
        else {
            return Ok(());
        };
        let slugs: Vec<&str> =
            views.iter().map(|view| view.slug.as_str()).collect::<BTreeSet<_>>().into_iter().collect();
        let transaction = self.db.begin().await.context("failed to begin counting blog post views")?;
        // The posts live at the batch's last view, with the time each went live (a view before it
        // does not count).
        let mut live_posts: HashMap<String, (String, Option<DateTime<Utc>>)> = HashMap::new();
        // In lists of one length ([`shapes`]): a repeated slug changes nothing.
        for chunk in shapes::padded(&slugs, &shapes::PADDED) {
            let rows: Vec<(String, String, Option<DateTime<Utc>>)> = Entity::find()
                .select_only()
                .columns([Column::Id, Column::Slug, Column::PublishAt])
                .filter(Column::Slug.is_in(chunk))
                .filter(live(last))
                .into_tuple()
                .all(&transaction)
                .await
                .context("failed to find the blog posts to count views of")?;
            live_posts.extend(rows.into_iter().map(|(id, slug, publish_at)| (slug, (id, publish_at))));
        }
        post_view::Entity::delete_many()
            .filter(post_view::Column::Period.lt(view_period(first)))
            .exec(&transaction)
            .await
            .context("failed to forget earlier hours' views")?;
        let seen: Vec<(&str, &str, DateTime<Utc>)> = views
            .iter()
            .filter_map(|view| {
                let (id, publish_at) = live_posts.get(view.slug.as_str())?;
                publish_at
                    .is_none_or(|publish_at| publish_at <= view.at)
                    .then(|| (id.as_str(), view.visitor.as_str(), view_period(view.at)))
            })
            .collect();
        // Each visitor's view of a post in an hour is inserted once, however many batches or
        // instances race; the rows actually inserted are the views that count.
        if transaction.get_database_backend() == DbBackend::Postgres {
            // One statement inserts them and counts them ([`recordset`]).
            let mut rows: Vec<PostViewRow<'_>> = seen
                .iter()
                .map(|&(post_id, visitor, period)| PostViewRow {
                    post_id,
                    visitor,
                    period: recordset::timestamp(period),
                })
                .collect();
            // In the key's order, as a second instance's batch takes the same keys.
            rows.sort_unstable_by(|a, b| (a.post_id, a.visitor, &a.period).cmp(&(b.post_id, b.visitor, &b.period)));
            recordset::execute(&transaction, COUNT_POST_VIEWS, &rows)
                .await
                .context("failed to count blog post views")?;
            return transaction.commit().await.context("failed to commit blog post views");
        }
        // In statements of one length ([`shapes`]): a repeated row is a conflict, skipped and not
        // returned.
        let mut added: HashMap<String, i64> = HashMap::new();
        for chunk in shapes::padded(&seen, &shapes::PADDED) {
            let mut insert = Query::insert();
            insert.into_table(post_view::Entity).columns([
                post_view::Column::PostId,
                post_view::Column::Visitor,
                post_view::Column::Period,
            ]);
            for (id, visitor, period) in chunk {
                insert.values_panic([id.into(), visitor.into(), period.into()]);
            }
            insert
                .on_conflict(
                    OnConflict::columns([
                        post_view::Column::PostId,
                        post_view::Column::Visitor,
                        post_view::Column::Period,
                    ])
                    .do_nothing()
                    .to_owned(),
                )
                .returning_col(post_view::Column::PostId);
            let inserted = transaction.query_all(&insert).await.context("failed to note visitors' views")?;
            for row in inserted {
                let id: String = row.try_get("", "post_id").context("failed to read a noted view's post")?;
                *added.entry(id).or_default() += 1;
            }
        }
        for (id, count) in added {
            Entity::update_many()
                .col_expr(Column::Views, Expr::col(Column::Views).add(count))
                .filter(Column::Id.eq(id))
                .exec(&transaction)
                .await
                .context("failed to count blog post views")?;
        }
        transaction.commit().await.context("failed to commit blog post views")
    }

    async fn next_post_publication(&self, now: DateTime<Utc>) -> anyhow::Result<Option<DateTime<Utc>>> {
        let published = PostStatus::Published.as_str();
        next_publication::<Entity>(&self.db, [Column::Status, Column::PublishAt], published, now, "blog posts").await
    }
}

/// `query` in the lists' order: newest publication first (the publish time, else the creation:
/// `Post::publication_date`), then by id.
fn in_list_order(query: sea_orm::Select<Entity>) -> sea_orm::Select<Entity> {
    let publication = Func::coalesce([Expr::col(Column::PublishAt), Expr::col(Column::CreatedAt)]);
    query.order_by(Expr::expr(publication), Order::Desc).order_by_desc(Column::Id)
}

/// Posts visitors see at `now`.
/// PostgreSQL's noting of a batch of visitors' views of posts, and counting of the views noted for
/// the first time towards their posts ([`recordset`]).
const COUNT_POST_VIEWS: &str = "WITH inserted AS (\
        INSERT INTO post_views (post_id, visitor, period) \
        SELECT post_id, visitor, period FROM json_populate_recordset(NULL::post_views, $1::json) \
        ON CONFLICT (post_id, visitor, period) DO NOTHING RETURNING post_id), \
    counted AS (SELECT post_id, COUNT(*) AS added FROM inserted GROUP BY post_id) \
    UPDATE blog_posts SET views = blog_posts.views + counted.added FROM counted WHERE blog_posts.id = counted.post_id";

/// A visitor's view of a post in a period, as [`COUNT_POST_VIEWS`] reads it.
#[derive(Serialize)]
struct PostViewRow<'a> {
    post_id: &'a str,
    visitor: &'a str,
    period: String,
}

/// A post's tags' ids in their order, comma-separated (an id holds no comma), read in the same
/// statement as the post: a read by id or slug, or a page of posts by id, is one statement, not two
/// (each statement is a round trip to the database's thread or process).
const TAG_IDS: &str = "(SELECT string_agg(CAST(blog_post_tags.tag_id AS TEXT), ',' ORDER BY blog_post_tags.position) \
    FROM blog_post_tags WHERE blog_post_tags.post_id = blog_posts.id)";

/// A post's row and its tags' ids ([`TAG_IDS`]).
#[derive(Debug, FromQueryResult)]
struct TaggedRow {
    #[sea_orm(nested)]
    post: Model,
    tag_ids: Option<String>,
}

impl TaggedRow {
    fn into_post(self) -> anyhow::Result<Post> {
        let tags = self
            .tag_ids
            .as_deref()
            .unwrap_or_default()
            .split(',')
            .filter(|id| !id.is_empty())
            .map(|id| stored("blog_post_tags.tag_id", EntityId::parse(id)))
            .collect::<anyhow::Result<Vec<EntityId>>>()?;
        into_domain(self.post, tags)
    }
}

/// `select`'s posts with their tags' ids.
fn tagged(select: sea_orm::Select<Entity>) -> sea_orm::Selector<sea_orm::SelectModel<TaggedRow>> {
    select.column_as(Expr::cust(TAG_IDS), "tag_ids").into_model::<TaggedRow>()
}

fn live(now: DateTime<Utc>) -> Condition {
    live_at(Column::Status, PostStatus::Published.as_str(), Column::PublishAt, now)
}

impl RecordRepository<Post> for SeaOrmStore {
    async fn find(&self, id: EntityId) -> anyhow::Result<Option<Post>> {
        let row =
            tagged(Entity::find_by_id(id.to_string())).unique(&self.db).await.context("failed to read a blog post")?;
        row.map(TaggedRow::into_post).transpose()
    }

    async fn insert(&self, post: &mut Post) -> Result<(), SaveError> {
        post.meta = records::first_meta();
        let transaction = self.db.begin().await.context("failed to start a transaction")?;
        let mut row = to_stored(post);
        set_meta(&mut row, &post.meta, true)?;
        row.views = Set(i64::try_from(post.views).context("view count out of range")?);
        Entity::insert(row)
            .exec_without_returning(&transaction)
            .await
            .map_err(|error| SaveError::from_db(error, "failed to insert a blog post".into()))?;
        insert_tags(&transaction, post).await?;
        post_words::write(&transaction, post).await?;
        let recorded = audit::append(&transaction, Change::of_record(post)).await?;
        webhooks::announce(&transaction, Post::announcements(None, Some(&*post), Utc::now())).await?;
        audit::commit(transaction, recorded).await.context("failed to commit a new blog post")?;
        Ok(())
    }

    async fn update(&self, post: &mut Post) -> Result<bool, SaveError> {
        records::check_version(&post.id.to_string(), &post.meta).map_err(anyhow::Error::from)?;
        let next = records::next_meta(&post.meta);
        // The stored post as it was, to name the fields that change (read before the write's
        // transaction, which SQLite must open as a writer).
        // Its subscribers hear what the change means, whoever makes it.
        let before = RecordRepository::<Post>::find(self, post.id).await?;
        let announcements = Post::announcements(before.as_ref(), Some(&*post), Utc::now());
        let before = before.filter(|_| audit::wanted());
        let transaction = self.db.begin().await.context("failed to start a transaction")?;
        let mut row = to_stored(post);
        set_meta(&mut row, &next, false)?;
        let result = Entity::update_many()
            .set(row)
            .filter(Column::Id.eq(post.id.to_string()))
            .filter(Column::Version.eq(post.meta.version))
            .exec(&transaction)
            .await
            .map_err(|error| SaveError::from_db(error, "failed to update a blog post".into()))?;
        if result.rows_affected == 0 {
            let exists = Entity::find_by_id(post.id.to_string())
                .unique(&transaction)
                .await
                .context("failed to read a blog post")?
                .is_some();
            return if exists { Err(stale().into()) } else { Ok(false) };
        }
        blog_post_tag::Entity::delete_many()
            .filter(blog_post_tag::Column::PostId.eq(post.id.to_string()))
            .exec(&transaction)
            .await
            .context("failed to clear a blog post's tags")?;
        insert_tags(&transaction, post).await?;
        post_words::clear(&transaction, post.id).await?;
        post_words::write(&transaction, post).await?;
        let changed_fields = before.map(|before| {
            let mut fields = audit::changed_fields(&to_active(&before), &to_active(post));
            if before.tags != post.tags {
                fields.push("tags".to_owned());
            }
            fields
        });
        let recorded = audit::append(&transaction, Change { changed_fields, ..Change::of_record(post) }).await?;
        webhooks::announce(&transaction, announcements).await?;
        audit::commit(transaction, recorded).await.context("failed to commit a blog post update")?;
        post.meta = next;
        Ok(true)
    }

    async fn delete(&self, id: EntityId) -> anyhow::Result<bool> {
        let before = RecordRepository::<Post>::find(self, id).await?;
        let title = before.as_ref().filter(|_| audit::wanted()).map(|post| post.title.clone());
        let transaction = self.db.begin().await.context("failed to start a transaction")?;
        blog_post_tag::Entity::delete_many()
            .filter(blog_post_tag::Column::PostId.eq(id.to_string()))
            .exec(&transaction)
            .await
            .context("failed to delete a blog post's tags")?;
        post_words::clear(&transaction, id).await?;
        let result =
            Entity::delete_by_id(id.to_string()).exec(&transaction).await.context("failed to delete a blog post")?;
        let recorded =
            result.rows_affected > 0 && audit::append(&transaction, Change { title, ..Change::of(&id) }).await?;
        if result.rows_affected > 0 {
            webhooks::announce(&transaction, Post::announcements(before.as_ref(), None, Utc::now())).await?;
        }
        audit::commit(transaction, recorded).await.context("failed to commit a blog post deletion")?;
        Ok(result.rows_affected > 0)
    }
}

/// The list filter as one SQL condition.
fn condition(filter: &PostFilter) -> Condition {
    let mut condition = Condition::all();
    if let Some(status) = filter.status {
        condition = condition.add(Column::Status.eq(status.as_str()));
    }
    if let Some(featured) = filter.featured {
        condition = condition.add(Column::Featured.eq(featured));
    }
    if let Some(categories) = &filter.categories {
        condition = condition.add(Column::CategoryId.is_in(categories.iter().map(ToString::to_string)));
    }
    if let Some(term) = &filter.search {
        condition = condition.add(contains_any(&[Column::Title, Column::Excerpt, Column::AuthorName], term));
    }
    if let Some(now) = filter.live_at {
        condition = condition.add(live(now));
    }
    if let Some(ids) = &filter.ids {
        condition = condition.add(Column::Id.is_in(ids.iter().map(ToString::to_string)));
    }
    if let Some(wanted) = &filter.translation {
        condition = condition.add(translation_state(wanted));
    }
    condition
}

/// Posts whose translation in the filter's language is missing (no row) or outdated (a row whose
/// `source_hash` differs from the post's): a correlated subquery on the translations' primary key
/// (`kind`, `record_id`, `lang`), so the list stays one query that pages right.
fn translation_state(wanted: &TranslationFilter) -> Condition {
    let mut translated = Query::select();
    translated
        .expr(Expr::val(1))
        .from(translation::Entity)
        .and_where(Expr::col((translation::Entity, translation::Column::Kind)).eq(TranslationKind::Post.as_str()))
        .and_where(Expr::col((translation::Entity, translation::Column::RecordId)).equals((Entity, Column::Id)))
        .and_where(Expr::col((translation::Entity, translation::Column::Lang)).eq(wanted.lang.as_str()));
    match wanted.state {
        TranslationState::Missing => Condition::all().add(Expr::exists(translated).not()),
        TranslationState::Outdated => {
            translated.and_where(
                Expr::col((translation::Entity, translation::Column::SourceHash))
                    .ne(Expr::col((Entity, Column::SourceHash))),
            );
            Condition::all().add(Expr::exists(translated))
        }
    }
}

impl SeaOrmStore {
    /// Turns rows into posts, reading the tags of all of them with one query.
    async fn with_tags(&self, rows: Vec<Model>) -> anyhow::Result<Vec<Post>> {
        if rows.is_empty() {
            return Ok(Vec::new());
        }
        let links = blog_post_tag::Entity::find()
            .filter(blog_post_tag::Column::PostId.is_in(rows.iter().map(|row| row.id.clone())))
            .order_by_asc(blog_post_tag::Column::PostId)
            .order_by_asc(blog_post_tag::Column::Position)
            .all(&self.db)
            .await
            .context("failed to read blog post tags")?;
        let mut tags: HashMap<String, Vec<EntityId>> = HashMap::new();
        for link in links {
            tags.entry(link.post_id).or_default().push(stored("blog_post_tags.tag_id", EntityId::parse(&link.tag_id))?);
        }
        rows.into_iter()
            .map(|row| {
                let post_tags = tags.remove(&row.id).unwrap_or_default();
                into_domain(row, post_tags)
            })
            .collect()
    }
}

async fn insert_tags(connection: &impl ConnectionTrait, post: &Post) -> Result<(), SaveError> {
    if post.tags.is_empty() {
        return Ok(());
    }
    let rows = (0_i32..).zip(&post.tags).map(|(position, tag)| blog_post_tag::ActiveModel {
        post_id: Set(post.id.to_string()),
        tag_id: Set(tag.to_string()),
        position: Set(position),
    });
    blog_post_tag::Entity::insert_many(rows)
        .exec_without_returning(connection)
        .await
        .context("failed to store a blog post's tags")?;
    Ok(())
}

/// Every column [`to_active`] sets and the post's source hash, which it keeps in step with the texts.
fn to_stored(post: &Post) -> ActiveModel {
    ActiveModel { source_hash: Set(post_hashes::of(post)), ..to_active(post) }
}

/// Every column but the view count (which only [`PostRepository::record_post_view`] changes) and the
/// source hash (derived from the texts, so never a change of its own in the audit log).
fn to_active(post: &Post) -> ActiveModel {
    let sent_back = post.review.sent_back.as_ref();
    ActiveModel {
        id: Set(post.id.to_string()),
        slug: Set(post.slug.to_string()),
        title: Set(post.title.clone()),
        excerpt: Set(post.excerpt.clone()),
        content: Set(post.content.clone()),
        featured_image: Set(post.featured_image.clone()),
        category_id: Set(post.category.map(|id| id.to_string())),
        author_name: Set(post.author_name.clone()),
        status: Set(post.status.as_str().to_owned()),
        featured: Set(post.featured),
        views: NotSet,
        meta_title: Set(post.meta_title.clone()),
        meta_description: Set(post.meta_description.clone()),
        publish_at: Set(post.publish_at),
        created_at: Set(post.created_at),
        updated_at: Set(post.updated_at),
        submitted_at: Set(post.review.submitted_at),
        review_note: Set(sent_back.map(|sent_back| sent_back.note.clone())),
        review_note_by_id: Set(sent_back.map(|sent_back| sent_back.by.id.to_string())),
        review_note_by_name: Set(sent_back.map(|sent_back| sent_back.by.name.clone())),
        review_note_at: Set(sent_back.map(|sent_back| sent_back.at)),
        ..Default::default()
    }
}

fn into_domain(row: Model, tags: Vec<EntityId>) -> anyhow::Result<Post> {
    let review = review(&row)?;
    Ok(Post {
        meta: row_meta(&row)?,
        id: stored("blog_posts.id", EntityId::parse(&row.id))?,
        slug: stored("blog_posts.slug", Slug::parse(&row.slug))?,
        title: row.title,
        excerpt: row.excerpt,
        content: row.content,
        featured_image: row.featured_image,
        category: row.category_id.map(|id| stored("blog_posts.category_id", EntityId::parse(&id))).transpose()?,
        tags,
        author_name: row.author_name,
        status: stored("blog_posts.status", PostStatus::parse(&row.status))?,
        featured: row.featured,
        views: stored("blog_posts.views", u64::try_from(row.views))?,
        meta_title: row.meta_title,
        meta_description: row.meta_description,
        publish_at: row.publish_at,
        review,
        created_at: row.created_at,
        updated_at: row.updated_at,
    })
}

fn review(row: &Model) -> anyhow::Result<PostReview> {
    let sent_back = match (&row.review_note, &row.review_note_by_id, row.review_note_at) {
        (Some(note), Some(by), Some(at)) => Some(SentBack {
            note: note.clone(),
            by: Editor {
                id: stored("blog_posts.review_note_by_id", EntityId::parse(by))?,
                name: row.review_note_by_name.clone().unwrap_or_default(),
            },
            at,
        }),
        _ => None,
    };
    Ok(PostReview { submitted_at: row.submitted_at, sent_back })
}
