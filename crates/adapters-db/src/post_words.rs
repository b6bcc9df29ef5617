//! The blog's word index (`blog_post_words`, `blog_search_words`): kept with every post write, read
//! by searches whose term is one word.
//!
//! A search for a word reads, from the index's key (word, publication time, post id), the newest
//! posts of each indexed word that contains the term, at most as many per word as the page needs,
//! and keeps the page of them. Its cost follows the page asked for and the number of words that
//! contain the term, never the number of posts: a page of "typography" costs the same among 1,000 or
//! 100,000 posts. Terms the index cannot answer exactly (several words, punctuation, more than
//! `search::MAX_INDEXED_TERM_CHARS` characters, or a term inside more than [`MAX_WORDS`] words) are
//! searched in the posts' texts, as before the index. Every filter of the lists (status, the
//! visitors' publication rule, categories, featured) is applied from the entries' own copies.

use std::collections::BTreeSet;

use anyhow::Context;
use atelier_application::blog::ports::PostFilter;
use atelier_application::search::{MAX_INDEXED_WORD_CHARS, index_words, indexed_term, word_endings};
use atelier_domain::post::{Post, PostStatus};
use atelier_domain::{EntityId, PageRequest};
use sea_orm::sea_query::{self, Alias, Expr, ExprTrait, Query, SelectStatement, UnionType};
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, Order, QueryFilter};

use crate::entities::blog_post_word::{self, Column};
use crate::entities::blog_search_word;
use crate::shapes;

/// The most indexed words a term may be found in for the index to answer it; a shorter, commoner
/// term (`e`, `re`) is searched in the texts, where it matches often enough to fill a page quickly.
pub(crate) const MAX_WORDS: u64 = 16;

/// Rows per insert statement. Every insert of the index has this one shape (a short batch repeats
/// its last row, which the conflict clause skips: [`shapes::padded`]), so each connection prepares
/// and keeps one statement per table instead of one per number of words.
const ROWS_PER_INSERT: [usize; 1] = [64];

/// Inserts `rows`, skipping those already stored, in statements of exactly 64 rows.
async fn insert_in_batches<A>(connection: &impl ConnectionTrait, rows: &[A], what: &str) -> anyhow::Result<()>
where
    A: ActiveModelTrait + Clone + Send,
{
    for batch in shapes::padded(rows, &ROWS_PER_INSERT) {
        A::Entity::insert_many(batch)
            .on_conflict_do_nothing()
            .exec_without_returning(connection)
            .await
            .with_context(|| format!("failed to store {what}"))?;
    }
    Ok(())
}

/// Writes `post`'s index entries (after [`clear`] for an update), in the caller's transaction.
pub(crate) async fn write(connection: &impl ConnectionTrait, post: &Post) -> anyhow::Result<()> {
    let words = index_words([post.title.as_str(), post.excerpt.as_str(), post.author_name.as_str()]);
    // In key order: writers that share words then take their rows' locks in one order, so two
    // PostgreSQL transactions adding the same new words wait for each other instead of deadlocking.
    let endings: BTreeSet<(&str, &str)> =
        words.iter().flat_map(|word| word_endings(word).map(move |ending| (ending, word.as_str()))).collect();
    let endings: Vec<blog_search_word::ActiveModel> = endings
        .into_iter()
        .map(|(ending, word)| blog_search_word::ActiveModel {
            ending: sea_orm::Set(ending.to_owned()),
            word: sea_orm::Set(word.to_owned()),
        })
        .collect();
    insert_in_batches(connection, &endings, "the blog's search words").await?;
    let published = post.publish_at.unwrap_or(post.created_at);
    let entries: Vec<blog_post_word::ActiveModel> = words
        .into_iter()
        .map(|word| blog_post_word::ActiveModel {
            word: sea_orm::Set(word),
            published: sea_orm::Set(published),
            post_id: sea_orm::Set(post.id.to_string()),
            status: sea_orm::Set(post.status.as_str().to_owned()),
            publish_at: sea_orm::Set(post.publish_at),
            category_id: sea_orm::Set(post.category.map(|id| id.to_string())),
            featured: sea_orm::Set(post.featured),
        })
        .collect();
    insert_in_batches(connection, &entries, "a blog post's indexed words").await
}

/// Removes the index entries of the post `id`, in the caller's transaction.
pub(crate) async fn clear(connection: &impl ConnectionTrait, id: EntityId) -> anyhow::Result<()> {
    blog_post_word::Entity::delete_many()
        .filter(Column::PostId.eq(id.to_string()))
        .exec(connection)
        .await
        .context("failed to clear a blog post's indexed words")?;
    Ok(())
}

/// One page of a search the index answers: the posts' ids in list order, the total (counted up to
/// `count_limit`) and whether counting stopped there. `None` when the index cannot answer `filter`
/// (a term it does not hold, or a filter by translation status, which the posts' table answers).
pub(crate) async fn search(
    db: &DatabaseConnection,
    filter: &PostFilter,
    page: PageRequest,
    count_limit: u64,
) -> anyhow::Result<Option<(Vec<EntityId>, u64, bool)>> {
    if filter.translation.is_some() {
        return Ok(None);
    }
    let Some(term) = filter.search.as_deref().and_then(indexed_term) else { return Ok(None) };
    let Some(words) = words_containing(db, &term).await? else { return Ok(None) };
    if words.is_empty() {
        return Ok(Some((Vec::new(), 0, false)));
    }
    // Each word's newest `end` posts hold the page's posts whichever words they carry: a post among
    // the first `end` of all matches has fewer than `end` matches before it in any word's list.
    // Bound as a signed LIMIT: capped where the databases' integers end.
    let end = std::cmp::min(page.offset().saturating_add(page.limit()), i64::MAX.unsigned_abs());
    let published = Alias::new("published");
    let post_id = Alias::new("post_id");
    let ids = if let [word] = words.as_slice() {
        // One word: its posts are distinct already, and its key gives the page directly.
        newest(word, filter).limit(page.limit()).offset(page.offset()).to_owned()
    } else {
        Query::select()
            .distinct()
            .column(published.clone())
            .column(post_id.clone())
            .from_subquery(newest_of_each(&words, filter, end), Alias::new("matched"))
            .order_by(published, Order::Desc)
            .order_by(post_id, Order::Desc)
            .limit(page.limit())
            .offset(page.offset())
            .to_owned()
    };
    let rows = db.query_all(&ids).await.context("failed to search blog posts")?;
    let ids = rows
        .iter()
        .map(|row| {
            let id: String = row.try_get("", "post_id").context("failed to read a searched blog post's id")?;
            EntityId::parse(&id).map_err(|error| anyhow::anyhow!("stored blog_post_words.post_id is invalid: {error}"))
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    let fetched = ids.len() as u64;
    if fetched < page.limit() && (fetched > 0 || page.offset() == 0) {
        let total = page.offset() + fetched;
        return Ok(Some((ids, total, false)));
    }
    // Counting: each word's first `count_limit` posts; when one word has that many the total is
    // capped, otherwise every match was read.
    let counted = if words.len() == 1 { "COUNT(*)" } else { "COUNT(DISTINCT post_id)" };
    let count = Query::select()
        .expr_as(Expr::cust(counted), Alias::new("matches"))
        .from_subquery(newest_of_each(&words, filter, count_limit), Alias::new("matched"))
        .to_owned();
    let matches = db
        .query_one(&count)
        .await
        .context("failed to count searched blog posts")?
        .map(|row| row.try_get::<i64>("", "matches"))
        .transpose()
        .context("failed to read the count of searched blog posts")?
        .map_or(0, i64::unsigned_abs);
    Ok(Some((ids, Ord::min(matches, count_limit), matches >= count_limit)))
}

/// The ids of every post of a search the index answers, in list order (the order of its pages);
/// `None` when the index cannot answer `filter`, as [`search`].
pub(crate) async fn matching_ids(
    db: &DatabaseConnection,
    filter: &PostFilter,
) -> anyhow::Result<Option<Vec<EntityId>>> {
    if filter.translation.is_some() {
        return Ok(None);
    }
    let Some(term) = filter.search.as_deref().and_then(indexed_term) else { return Ok(None) };
    let Some(words) = words_containing(db, &term).await? else { return Ok(None) };
    let (published, post_id) = (Alias::new("published"), Alias::new("post_id"));
    let ids = match words.as_slice() {
        [] => return Ok(Some(Vec::new())),
        [word] => newest(word, filter),
        _ => {
            // Each word's range read as a table of its own: SQLite takes no ORDER BY in a UNION's arm.
            let mut arms = words.iter().enumerate().map(|(index, word)| {
                Query::select()
                    .columns([Column::Published, Column::PostId])
                    .from_subquery(newest(word, filter), Alias::new(format!("word{index}")))
                    .to_owned()
            });
            let mut union = arms.next().expect("at least one word");
            for other in arms {
                union.union(UnionType::All, other);
            }
            Query::select()
                .distinct()
                .column(published.clone())
                .column(post_id.clone())
                .from_subquery(union, Alias::new("matched"))
                .order_by(published, Order::Desc)
                .order_by(post_id, Order::Desc)
                .to_owned()
        }
    };
    let rows = db.query_all(&ids).await.context("failed to read the order of searched blog posts")?;
    rows.iter()
        .map(|row| {
            let id: String = row.try_get("", "post_id").context("failed to read a searched blog post's id")?;
            EntityId::parse(&id).map_err(|error| anyhow::anyhow!("stored blog_post_words.post_id is invalid: {error}"))
        })
        .collect::<anyhow::Result<Vec<_>>>()
        .map(Some)
}

/// The indexed words that contain `term` (lowercase letters and digits), or `None` when there are
/// more than [`MAX_WORDS`]: the words of the endings that begin with it, read as one range of the
/// endings' key. A word has at most [`MAX_INDEXED_WORD_CHARS`] endings, so a range holding more rows
/// than that many words could fill holds too many words and is not read further.
async fn words_containing(db: &DatabaseConnection, term: &str) -> anyhow::Result<Option<Vec<String>>> {
    let most = (MAX_WORDS + 1) * MAX_INDEXED_WORD_CHARS as u64;
    // Every ending that begins with `term` sorts from `term` to `term` followed by the last code
    // point, which no word holds (it is not a letter or a digit).
    let statement = Query::select()
        .column(blog_search_word::Column::Word)
        .from(blog_search_word::Entity)
        .and_where(Expr::col(blog_search_word::Column::Ending).gte(term))
        .and_where(Expr::col(blog_search_word::Column::Ending).lt(format!("{term}{}", char::MAX)))
        .order_by(blog_search_word::Column::Ending, Order::Asc)
        .limit(most)
        .to_owned();
    let rows = db.query_all(&statement).await.context("failed to look up the blog's search words")?;
    let mut words = rows
        .iter()
        .map(|row| row.try_get::<String>("", "word").context("failed to read a search word"))
        .collect::<anyhow::Result<Vec<_>>>()?;
    if words.len() as u64 == most {
        return Ok(None);
    }
    words.sort_unstable();
    words.dedup();
    Ok((words.len() as u64 <= MAX_WORDS).then_some(words))
}

/// `(published, post_id)` of the newest `limit` posts of each of `words` that pass `filter`, one
/// `UNION ALL` arm per word, each read in the index's order.
fn newest_of_each(words: &[String], filter: &PostFilter, limit: u64) -> SelectStatement {
    let arm = |index: usize, word: &String| {
        Query::select()
            .columns([Column::Published, Column::PostId])
            .from_subquery(newest(word, filter).limit(limit).to_owned(), Alias::new(format!("word{index}")))
            .to_owned()
    };
    let mut arms = words.iter().enumerate().map(|(index, word)| arm(index, word));
    let mut union = arms.next().expect("at least one word");
    for other in arms {
        union.union(UnionType::All, other);
    }
    union
}

/// `(published, post_id)` of the posts of `word` that pass `filter` (everything but its search term),
/// newest first: one range of the index's key.
fn newest(word: &str, filter: &PostFilter) -> SelectStatement {
    let mut newest = Query::select()
        .columns([Column::Published, Column::PostId])
        .from(blog_post_word::Entity)
        .and_where(Expr::col(Column::Word).eq(word))
        .order_by(Column::Published, Order::Desc)
        .order_by(Column::PostId, Order::Desc)
        .to_owned();
    if let Some(status) = filter.status {
        newest.and_where(Expr::col(Column::Status).eq(status.as_str()));
    }
    if let Some(featured) = filter.featured {
        newest.and_where(Expr::col(Column::Featured).eq(featured));
    }
    if let Some(categories) = &filter.categories {
        newest.and_where(Expr::col(Column::CategoryId).is_in(categories.iter().map(ToString::to_string)));
    }
    if let Some(now) = filter.live_at {
        newest.and_where(Expr::col(Column::Status).eq(PostStatus::Published.as_str()));
        newest.cond_where(
            sea_query::Condition::any()
                .add(Expr::col(Column::PublishAt).is_null())
                .add(Expr::col(Column::PublishAt).lte(now)),
        );
    }
    newest
}
