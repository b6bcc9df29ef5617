//! The posts' stored source hash and the back office's list filtered by translation status
//! (docs/languages.md): the migration's backfill, every write keeping it, the archive's load
//! recomputing it, and the filters paging right.

use std::collections::BTreeMap;

use atelier_adapters_db::{SeaOrmStore, migrations};
use atelier_application::blog::ports::{PostFilter, PostRepository, TranslationFilter, TranslationState};
use atelier_application::records::RecordRepository;
use atelier_application::site_archive::ports::{ContentLoad, SiteArchiveRepository};
use atelier_application::translations::Source;
use atelier_application::translations::ports::{TranslationRepository, TranslationWrite};
use atelier_domain::language::LanguageTag;
use atelier_domain::post::{Post, PostStatus};
use atelier_domain::translation::{Translation, TranslationChanges, TranslationInput, TranslationKind};
use atelier_domain::{EntityId, PageRequest};
use chrono::Utc;
use sea_orm::ConnectionTrait;
use sea_orm::sea_query::{Alias, Query};

use crate::blog::post;
use crate::helpers::{on_every_database, on_every_database_before};

const MIGRATION: &str = "m20270120_000100_add_post_source_hash";

fn tag(text: &str) -> LanguageTag {
    LanguageTag::parse(text).unwrap()
}

/// A published translation of `post` in `lang` saved against `hash`.
fn translation(post: &Post, lang: &str, hash: String) -> TranslationWrite {
    let input = TranslationInput {
        fields: Some(BTreeMap::from([("title".to_owned(), format!("{} ({lang})", post.title))])),
        publication: Some("published".into()),
        ..TranslationInput::default()
    };
    let changes = TranslationChanges::parse(TranslationKind::Post, input).unwrap();
    let translation =
        Translation::create(TranslationKind::Post, post.id.to_string(), tag(lang), changes, hash, Utc::now());
    TranslationWrite { translation, expected_version: None, previous: None }
}

fn filter(state: TranslationState, lang: &str) -> PostFilter {
    PostFilter { translation: Some(TranslationFilter { state, lang: tag(lang) }), ..PostFilter::default() }
}

fn page(number: u64, limit: u64) -> PageRequest {
    PageRequest::clamped(Some(i64::try_from(number).unwrap()), Some(i64::try_from(limit).unwrap()), limit, 1000)
}

/// Every post's stored hash by id, read from the table itself.
async fn stored_hashes(store: &SeaOrmStore) -> BTreeMap<String, String> {
    let select = Query::select()
        .columns([Alias::new("id"), Alias::new("source_hash")])
        .from(Alias::new("blog_posts"))
        .to_owned();
    let rows = store.connection().query_all(&select).await.unwrap();
    rows.iter().map(|row| (row.try_get_by_index(0).unwrap(), row.try_get_by_index(1).unwrap())).collect()
}

async fn ids(store: &SeaOrmStore, filter: &PostFilter, request: PageRequest) -> (Vec<EntityId>, u64) {
    let page = store.list_posts(filter, request).await.unwrap();
    (page.items.iter().map(|post| post.id).collect(), page.total_items)
}

#[tokio::test]
async fn the_migration_stores_each_existing_posts_hash_as_its_translations_compute_it() {
    on_every_database_before(MIGRATION, |store: SeaOrmStore, db| async move {
        // More posts than one batch of the backfill, with texts of every kind of byte.
        let posts: Vec<Post> = (0..230)
            .map(|n| {
                let mut post = post(&format!("Post {n}"), "published", None, &[], n);
                if n % 5 == 0 {
                    post.meta_title = String::new();
                    post.content = format!("# Ünïcødé 🚀\n\n\ttab\r\nline {n}\0");
                }
                post
            })
            .collect();
        for post in &posts {
            let columns = [
                "id",
                "slug",
                "title",
                "excerpt",
                "content",
                "featured_image",
                "author_name",
                "status",
                "featured",
                "views",
                "meta_title",
                "meta_description",
                "created_at",
                "updated_at",
            ];
            let insert = Query::insert()
                .into_table(Alias::new("blog_posts"))
                .columns(columns.map(Alias::new))
                .values_panic([
                    post.id.to_string().into(),
                    post.slug.to_string().into(),
                    post.title.clone().into(),
                    post.excerpt.clone().into(),
                    post.content.replace('\0', "").into(),
                    post.featured_image.clone().into(),
                    post.author_name.clone().into(),
                    post.status.as_str().into(),
                    post.featured.into(),
                    0_i64.into(),
                    post.meta_title.clone().into(),
                    post.meta_description.clone().into(),
                    post.created_at.into(),
                    post.updated_at.into(),
                ])
                .to_owned();
            store.connection().execute(&insert).await.unwrap();
        }
        migrations::run(store.connection()).await.unwrap();

        let hashes = stored_hashes(&store).await;
        assert_eq!(hashes.len(), posts.len(), "{db}");
        for post in &posts {
            let mut post = post.clone();
            post.content = post.content.replace('\0', "");
            assert_eq!(hashes[&post.id.to_string()], Source::of(&post).hash, "{db}: {}", post.title);
        }

        // A translation saved against the post's texts is up to date; one against others outdated.
        let (current, moved) = (&posts[3], &posts[4]);
        let mut writes =
            [translation(current, "de", Source::of(current).hash), translation(moved, "de", "0".repeat(64))];
        store.save_translations(&mut writes).await.unwrap();
        let (outdated, total) = ids(&store, &filter(TranslationState::Outdated, "de"), page(1, 50)).await;
        assert_eq!((outdated, total), (vec![moved.id], 1), "{db}");
    })
    .await;
}

#[tokio::test]
async fn the_list_filters_missing_and_outdated_translations_per_language_and_pages_right() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let mut posts = Vec::new();
        for n in 0..25 {
            let status = if n % 4 == 0 { "draft" } else { "published" };
            let mut post = post(&format!("Post {n}"), status, None, &[], n);
            store.insert(&mut post).await.unwrap();
            posts.push(post);
        }
        // Newest first: posts[0] is the first of the list. Every third post is translated to
        // German, every fifth to French.
        let mut writes = Vec::new();
        for (n, post) in posts.iter().enumerate() {
            if n % 3 == 0 {
                writes.push(translation(post, "de", Source::of(post).hash));
            }
            if n % 5 == 0 {
                writes.push(translation(post, "fr", Source::of(post).hash));
            }
        }
        store.save_translations(&mut writes).await.unwrap();

        let missing_de: Vec<EntityId> =
            posts.iter().enumerate().filter(|(n, _)| n % 3 != 0).map(|(_, post)| post.id).collect();
        let (first, total) = ids(&store, &filter(TranslationState::Missing, "de"), page(1, 10)).await;
        let (second, _) = ids(&store, &filter(TranslationState::Missing, "de"), page(2, 10)).await;
        assert_eq!(total, missing_de.len() as u64, "{db}");
        assert_eq!([first, second].concat(), missing_de, "{db}");
        let (missing_fr, total) = ids(&store, &filter(TranslationState::Missing, "fr"), page(1, 50)).await;
        assert_eq!(total, 20, "{db}");
        assert!(!missing_fr.contains(&posts[5].id) && missing_fr.contains(&posts[3].id), "{db}");
        let (none, total) = ids(&store, &filter(TranslationState::Outdated, "de"), page(1, 50)).await;
        assert_eq!((none, total), (vec![], 0), "{db}");

        // Changing a translated text outdates the post's translations; a change of another field
        // (featured) does not.
        let mut changed = posts[3].clone();
        changed.title = "A new title".into();
        store.update(&mut changed).await.unwrap();
        let mut flagged = posts[6].clone();
        flagged.featured = true;
        store.update(&mut flagged).await.unwrap();
        let (outdated, total) = ids(&store, &filter(TranslationState::Outdated, "de"), page(1, 50)).await;
        assert_eq!((outdated, total), (vec![posts[3].id], 1), "{db}");
        let (outdated, _) = ids(&store, &filter(TranslationState::Outdated, "fr"), page(1, 50)).await;
        assert_eq!(outdated, vec![], "{db}");

        // With the other filters: the drafts missing in German.
        let drafts = PostFilter { status: Some(PostStatus::Draft), ..filter(TranslationState::Missing, "de") };
        let expected: Vec<EntityId> =
            posts.iter().enumerate().filter(|(n, _)| n % 3 != 0 && n % 4 == 0).map(|(_, post)| post.id).collect();
        assert_eq!(ids(&store, &drafts, page(1, 50)).await, (expected.clone(), expected.len() as u64), "{db}");
        // And with a search, which the posts' table answers then.
        let search = PostFilter { search: Some("post 1".into()), ..filter(TranslationState::Missing, "de") };
        let (found, _) = ids(&store, &search, page(1, 50)).await;
        let expected: Vec<EntityId> = posts
            .iter()
            .enumerate()
            .filter(|(n, post)| n % 3 != 0 && post.title.starts_with("Post 1"))
            .map(|(_, post)| post.id)
            .collect();
        assert_eq!(found, expected, "{db}");
    })
    .await;
}

#[tokio::test]
async fn an_archive_load_computes_the_posts_hashes_afresh() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let post = post("Imported", "published", None, &[], 1);
        let mut row = serde_json::Map::new();
        for (column, value) in [
            ("id", serde_json::json!(post.id.to_string())),
            ("slug", serde_json::json!(post.slug.as_str())),
            ("title", serde_json::json!(post.title)),
            ("excerpt", serde_json::json!(post.excerpt)),
            ("content", serde_json::json!(post.content)),
            ("featured_image", serde_json::json!("")),
            ("author_name", serde_json::json!("Ana")),
            ("status", serde_json::json!("published")),
            ("featured", serde_json::json!(false)),
            ("views", serde_json::json!(0)),
            ("meta_title", serde_json::json!(post.meta_title)),
            ("meta_description", serde_json::json!(post.meta_description)),
            ("created_at", serde_json::json!("2026-01-02T03:04:05.000006Z")),
            ("updated_at", serde_json::json!("2026-01-02T03:04:05.000006Z")),
            ("version", serde_json::json!(1)),
            // An archive from before the column has none; one edited by hand a wrong one.
            ("source_hash", serde_json::json!("forged")),
        ] {
            row.insert(column.to_owned(), value);
        }
        let mut load = store.load().await.unwrap();
        load.insert("blog_posts", &[row]).await.unwrap();
        load.commit().await.unwrap();
        assert_eq!(stored_hashes(&store).await[&post.id.to_string()], Source::of(&post).hash, "{db}");
    })
    .await;
}

#[tokio::test]
async fn translation_revisions_are_kept_per_language_apart_from_the_records_own() {
    use atelier_application::revisions::ports::RevisionRepository;
    use atelier_application::translations::ports::TranslationRevisionRepository;
    use atelier_domain::revision::{Revision, RevisionSummary};

    on_every_database(|store: SeaOrmStore, db| async move {
        let mut post = post("Kept", "published", None, &[], 1);
        store.insert(&mut post).await.unwrap();
        let revision = |lang: &str, title: &str, minutes: i64| {
            let mut write = translation(&post, lang, "h".repeat(64));
            write.translation.fields.insert("title".into(), title.into());
            write.translation.slug = atelier_domain::slug::Slug::parse(&format!("kept-{lang}")).ok();
            let at = chrono::DateTime::from_timestamp(1_800_000_000 + minutes * 60, 0).unwrap();
            write.translation.updated_at = at;
            write.translation.created_at = at;
            Revision {
                summary: RevisionSummary {
                    id: EntityId::generate(at),
                    record_id: post.id,
                    author: crate::helpers::author(),
                    created_at: at,
                    saved_at: at,
                },
                snapshot: write.translation,
            }
        };
        for (minutes, title) in (0..4).zip(["Eins", "Zwei", "Drei", "Vier"]) {
            store.add_translation_revision(&revision("de", title, minutes), 3).await.unwrap();
        }
        store.add_translation_revision(&revision("fr", "Un", 9), 3).await.unwrap();

        let german = store.list_translation_revisions(TranslationKind::Post, post.id, &tag("de")).await.unwrap();
        assert_eq!(german.len(), 3, "{db}: the oldest beyond the newest 3 dropped");
        let newest = store
            .find_translation_revision(TranslationKind::Post, post.id, &tag("de"), german[0].id)
            .await
            .unwrap()
            .unwrap();
        let expected = revision("de", "Vier", 3).snapshot;
        assert_eq!((newest.snapshot.fields, newest.snapshot.slug), (expected.fields, expected.slug), "{db}");
        assert_eq!(newest.snapshot.lang.as_str(), "de", "{db}");
        assert!(
            store
                .find_translation_revision(TranslationKind::Post, post.id, &tag("fr"), german[0].id)
                .await
                .unwrap()
                .is_none(),
            "{db}: another language's"
        );
        assert!(RevisionRepository::<Post>::list_revisions(&store, post.id).await.unwrap().is_empty(), "{db}");

        store.delete_translation_revisions(TranslationKind::Post, post.id).await.unwrap();
        assert!(store.list_translation_revisions(TranslationKind::Post, post.id, &tag("fr")).await.unwrap().is_empty());
    })
    .await;
}
