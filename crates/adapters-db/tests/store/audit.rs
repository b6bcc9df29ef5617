use atelier_adapters_db::SeaOrmStore;
use atelier_application::audit::ports::{AuditFilter, AuditRepository};
use atelier_application::audit::{Actor, AuditContext, scope};
use atelier_application::records::{RecordRepository, SaveError};
use atelier_domain::category::Category;
use atelier_domain::service::{Service, ServiceChanges, ServiceInput};
use atelier_domain::{EntityId, PageRequest};
use chrono::{Duration, Utc};

use crate::helpers::on_every_database;

fn service(title: &str) -> Service {
    let input = ServiceInput { title: Some(title.into()), ..ServiceInput::default() };
    Service::create(EntityId::generate(Utc::now()), ServiceChanges::parse(input, true).unwrap(), Utc::now())
}

fn context(action: &str) -> AuditContext {
    AuditContext {
        actor: Some(Actor {
            id: EntityId::parse("65f1c2a9b4e8d70012345678").unwrap(),
            name: "Ada".into(),
            email: "ada@example.com".into(),
        }),
        request_id: format!("req-{action}"),
        client_address: Some("203.0.113.7".into()),
        operation: "PUT /services/{id}".into(),
        action: action.into(),
        entity_kind: "services".into(),
        entity_id: None,
        fields: vec!["title".into(), "icon".into()],
        version: None,
    }
}

fn all() -> PageRequest {
    PageRequest::clamped(None, Some(1000), 1000, 1000)
}

#[tokio::test]
async fn a_write_in_a_scope_commits_its_entry_with_the_changed_columns_and_a_failed_one_none() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let mut original = service("Web");
        store.insert(&mut original).await.unwrap();
        let none = store.list_audit_entries(&AuditFilter::default(), all()).await.unwrap();
        assert_eq!(none.total_items, 0, "{db}: a write outside a scope is not recorded");

        original.title = "Web apps".into();
        let updated = scope(context("update"), RecordRepository::<Service>::update(&store, &mut original)).await;
        assert!(updated.unwrap(), "{db}");
        let page = store.list_audit_entries(&AuditFilter::default(), all()).await.unwrap();
        let [entry] = page.items.as_slice() else { panic!("{db}: one entry, got {:?}", page.items) };
        assert_eq!(entry.summary, ["title"], "{db}: only the changed column, not the fields sent");
        assert_eq!(entry.entity_id.as_deref(), Some(original.id.to_string().as_str()), "{db}");
        assert_eq!((entry.actor_name.as_deref(), entry.request_id.as_str()), (Some("Ada"), "req-update"), "{db}");

        // A slug taken: the insert fails, and so does its entry.
        let category = |slug: &str| {
            Category::create(
                EntityId::generate(Utc::now()),
                atelier_domain::category::CategoryChanges::parse(
                    atelier_domain::category::CategoryInput {
                        display_name: Some("Data".into()),
                        slug: Some(slug.into()),
                        ..Default::default()
                    },
                    true,
                )
                .unwrap(),
                Utc::now(),
            )
        };
        store.insert(&mut category("data")).await.unwrap();
        let refused =
            scope(context("create"), RecordRepository::<Category>::insert(&store, &mut category("data"))).await;
        assert!(matches!(refused, Err(SaveError::DuplicateSlug)), "{db}");
        let page = store.list_audit_entries(&AuditFilter::default(), all()).await.unwrap();
        assert_eq!(page.total_items, 1, "{db}: the failed insert left no entry");
    })
    .await;
}

#[tokio::test]
async fn entries_are_filtered_newest_first_and_pruned_by_age() {
    on_every_database(|store: SeaOrmStore, db| async move {
        for title in ["One", "Two", "Three"] {
            scope(context("create"), store.insert(&mut service(title))).await.unwrap();
        }
        let actor = Some(EntityId::parse("65f1c2a9b4e8d70012345678").unwrap());
        let mine = AuditFilter { actor, ..AuditFilter::default() };
        let page = store.list_audit_entries(&mine, all()).await.unwrap();
        assert_eq!(page.total_items, 3, "{db}");
        assert!(page.items.windows(2).all(|pair| pair[0].at >= pair[1].at), "{db}: newest first");
        let posts = AuditFilter { entity_kind: Some("blog/posts".into()), ..AuditFilter::default() };
        assert_eq!(store.list_audit_entries(&posts, all()).await.unwrap().total_items, 0, "{db}");
        let future = AuditFilter { from: Some(Utc::now() + Duration::hours(1)), ..AuditFilter::default() };
        assert_eq!(store.list_audit_entries(&future, all()).await.unwrap().total_items, 0, "{db}");
        let past = AuditFilter { to: Some(Utc::now() - Duration::hours(1)), ..AuditFilter::default() };
        assert_eq!(store.list_audit_entries(&past, all()).await.unwrap().total_items, 0, "{db}");

        assert_eq!(store.prune_audit_entries(Utc::now() - Duration::days(1)).await.unwrap(), 0, "{db}");
        assert_eq!(store.prune_audit_entries(Utc::now() + Duration::seconds(1)).await.unwrap(), 3, "{db}");
    })
    .await;
}

#[tokio::test]
async fn a_request_that_writes_nothing_records_its_entry_once_and_only_in_a_scope() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let export = atelier_application::audit::Change {
            action: Some("export"),
            changed_fields: Some(vec!["4 rows".into(), "status".into()]),
            ..Default::default()
        };
        store.record_audit_entry(export.clone()).await.unwrap();
        let none = store.list_audit_entries(&AuditFilter::default(), all()).await.unwrap();
        assert_eq!(none.total_items, 0, "{db}: outside a scope nothing is recorded");

        scope(context("export"), async {
            store.record_audit_entry(export.clone()).await.unwrap();
            store.record_audit_entry(export.clone()).await.unwrap();
        })
        .await;
        let page = store.list_audit_entries(&AuditFilter::default(), all()).await.unwrap();
        let [entry] = page.items.as_slice() else { panic!("{db}: one entry per request, got {:?}", page.items) };
        assert_eq!(entry.action, "export", "{db}");
        assert_eq!(entry.summary, ["4 rows", "status"], "{db}");
        assert_eq!(entry.actor_name.as_deref(), Some("Ada"), "{db}");
    })
    .await;
}

#[tokio::test]
async fn the_people_named_are_read_once_each_by_their_newest_name() {
    on_every_database(|store: SeaOrmStore, db| async move {
        assert!(store.list_audit_actors().await.unwrap().is_empty(), "{db}");
        let change = || atelier_application::audit::Change { action: Some("export"), ..Default::default() };
        scope(context("export"), store.record_audit_entry(change())).await.unwrap();
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
        let mut renamed = context("export");
        renamed.actor.as_mut().unwrap().name = "Ada Lovelace".into();
        scope(renamed, store.record_audit_entry(change())).await.unwrap();
        let mut nobody = context("sign-in-failed");
        nobody.actor = None;
        scope(nobody, store.record_audit_entry(change())).await.unwrap();

        let actors = store.list_audit_actors().await.unwrap();
        let [actor] = actors.as_slice() else { panic!("{db}: one person, got {actors:?}") };
        assert_eq!((actor.name.as_str(), actor.email.as_str()), ("Ada Lovelace", "ada@example.com"), "{db}");
        assert_eq!(actor.id.to_string(), "65f1c2a9b4e8d70012345678", "{db}");
    })
    .await;
}

fn post_titled(title: &str) -> atelier_domain::post::Post {
    use atelier_domain::post::{ContentInput, Post, PostChanges, PostInput};
    let input = PostInput {
        title: Some(title.into()),
        content: Some(ContentInput::Markdown("Body".into())),
        author_name: Some("Ana".into()),
        ..PostInput::default()
    };
    let slug = atelier_domain::slug::Slug::from_title(title).unwrap();
    Post::create(EntityId::generate(Utc::now()), slug, PostChanges::parse(input, true).unwrap(), Utc::now())
}

#[tokio::test]
async fn entries_keep_the_record_title_and_only_the_fields_that_changed_even_after_a_deletion() {
    on_every_database(|store: SeaOrmStore, db| async move {
        use atelier_domain::post::Post;
        let entries = |store: SeaOrmStore| async move {
            let mut page = store.list_audit_entries(&AuditFilter::default(), all()).await.unwrap();
            page.items.reverse();
            page.items
        };

        // A one-row record: created, renamed, deleted.
        let mut web = service("Web");
        scope(context("create"), RecordRepository::<Service>::insert(&store, &mut web)).await.unwrap();
        web.title = "Web apps".into();
        scope(context("update"), RecordRepository::<Service>::update(&store, &mut web)).await.unwrap();
        scope(context("delete"), RecordRepository::<Service>::delete(&store, web.id)).await.unwrap();
        let titles: Vec<_> = entries(store.clone()).await.iter().map(|entry| entry.entity_title.clone()).collect();
        assert_eq!(
            titles,
            [Some("Web".to_owned()), Some("Web apps".to_owned()), Some("Web apps".to_owned())],
            "{db}: the title as written, and a deleted record's as it was"
        );

        // A post (rows in several tables): only the changed fields, not every field the form sent.
        let mut post = post_titled("Hello");
        scope(context("create"), RecordRepository::<Post>::insert(&store, &mut post)).await.unwrap();
        post.excerpt = "A new excerpt".into();
        scope(context("update"), RecordRepository::<Post>::update(&store, &mut post)).await.unwrap();
        scope(context("delete"), RecordRepository::<Post>::delete(&store, post.id)).await.unwrap();
        let all = entries(store.clone()).await;
        let [.., created, updated, deleted] = all.as_slice() else { panic!("{db}: {all:?}") };
        assert_eq!(created.entity_title.as_deref(), Some("Hello"), "{db}");
        assert_eq!(updated.summary, ["excerpt"], "{db}: the diff of before and after");
        assert_eq!(deleted.entity_title.as_deref(), Some("Hello"), "{db}: read before it went");
    })
    .await;
}
