//! Versions and authorship on both databases: an update is held to the version it was read at (and
//! to the one its request named), two writes from one version give one success and one stale
//! refusal, and records keep who created and last changed them.

use atelier_adapters_db::SeaOrmStore;
use atelier_application::audit::{self, Actor, AuditContext};
use atelier_application::ownership::Ownership;
use atelier_application::records::{RecordRepository, SaveError, is_stale};
use atelier_domain::EntityId;
use atelier_domain::media::MediaFormat;
use atelier_domain::meta::Editor;
use atelier_domain::post::Post;
use atelier_domain::presence::RecordKind;
use atelier_domain::service::Service;

use crate::blog::post;
use crate::helpers::{find, on_every_database};
use crate::services::service;

fn ada() -> Actor {
    Actor {
        id: EntityId::parse("65f1c2a9b4e8d70012345678").unwrap(),
        name: "Ada".into(),
        email: "ada@example.com".into(),
    }
}

/// The scope of an update request by Ada naming `id` and the version it started from.
fn request(id: EntityId, version: Option<i64>) -> AuditContext {
    AuditContext {
        actor: Some(ada()),
        request_id: "req-versions".into(),
        client_address: None,
        operation: "PUT /services/{id}".into(),
        action: "update".into(),
        entity_kind: "services".into(),
        entity_id: Some(id.to_string()),
        fields: vec!["title".into(), "version".into()],
        version,
    }
}

#[tokio::test]
async fn an_update_from_an_older_version_is_refused_and_changes_nothing() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let mut original = service("Web", 1, "active", false);
        store.insert(&mut original).await.unwrap();
        assert_eq!(original.meta.version, 1, "{db}");
        let (mut mine, mut theirs) = (original.clone(), original.clone());
        theirs.title = "Theirs".into();
        assert!(store.update(&mut theirs).await.unwrap(), "{db}");
        assert_eq!(theirs.meta.version, 2, "{db}");
        mine.title = "Mine".into();
        let refused = store.update(&mut mine).await.unwrap_err();
        assert!(is_stale(&refused), "{db}: {refused:#}");
        assert_eq!(mine.meta.version, 1, "{db}: a refused write keeps the version it was read at");
        assert_eq!(find::<Service>(&store, original.id).await.unwrap(), Some(theirs), "{db}");
    })
    .await;
}

#[tokio::test]
async fn an_update_is_held_to_the_version_its_request_named() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let mut original = service("Web", 1, "active", false);
        store.insert(&mut original).await.unwrap();
        let mut changed = original.clone();
        changed.title = "Changed".into();
        // Read at version 1, but the person started from version 7 (or 0): someone else's.
        for named in [7, 0] {
            let result = audit::scope(request(original.id, Some(named)), store.update(&mut changed.clone())).await;
            assert!(result.is_err_and(|error| is_stale(&error)), "{db}: version {named}");
        }
        assert_eq!(find::<Service>(&store, original.id).await.unwrap(), Some(original.clone()), "{db}");
        assert!(audit::scope(request(original.id, Some(1)), store.update(&mut changed)).await.unwrap(), "{db}");
        let stored = find::<Service>(&store, original.id).await.unwrap().unwrap();
        assert_eq!((stored.title.as_str(), stored.meta.version), ("Changed", 2), "{db}");
        assert_eq!(stored.meta.updated_by, Some(Editor { id: ada().id, name: "Ada".into() }), "{db}");
        assert_eq!(stored.meta.created_by, None, "{db}: created outside a request");
    })
    .await;
}

#[tokio::test]
async fn of_two_parallel_updates_from_one_version_exactly_one_lands() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let mut original = service("Web", 1, "active", false);
        store.insert(&mut original).await.unwrap();
        for round in 0..3 {
            let current = find::<Service>(&store, original.id).await.unwrap().unwrap();
            let (mut one, mut two) = (current.clone(), current.clone());
            one.title = format!("One {round}");
            two.title = format!("Two {round}");
            let version = Some(current.meta.version);
            let (first, second) = tokio::join!(
                Box::pin(audit::scope(request(current.id, version), store.update(&mut one))),
                Box::pin(audit::scope(request(current.id, version), store.update(&mut two))),
            );
            let landed = [&first, &second].iter().filter(|result| result.is_ok()).count();
            assert_eq!(landed, 1, "{db}: {first:?} {second:?}");
            let refused = [first, second].into_iter().find_map(Result::err).unwrap();
            assert!(is_stale(&refused), "{db}: {refused:#}");
            let stored = find::<Service>(&store, original.id).await.unwrap().unwrap();
            assert_eq!(stored.meta.version, current.meta.version + 1, "{db}");
            assert!([one.title.as_str(), two.title.as_str()].contains(&stored.title.as_str()), "{db}");
        }
    })
    .await;
}

#[tokio::test]
async fn posts_keep_their_author_and_refuse_stale_updates() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let mut original = post("Typed APIs", "draft", None, &[], 0);
        let creating = AuditContext { entity_id: None, version: None, ..request(original.id, None) };
        audit::scope(creating, store.insert(&mut original)).await.unwrap();
        let ada = Some(Editor { id: ada().id, name: "Ada".into() });
        assert_eq!((original.meta.created_by.clone(), original.meta.updated_by.clone()), (ada.clone(), ada), "{db}");
        let (mut mine, mut theirs) = (original.clone(), original.clone());
        theirs.title = "Theirs".into();
        assert!(store.update(&mut theirs).await.unwrap(), "{db}");
        mine.title = "Mine".into();
        let refused = store.update(&mut mine).await;
        assert!(matches!(&refused, Err(SaveError::Unexpected(error)) if is_stale(error)), "{db}: {refused:?}");
        let stored = find::<Post>(&store, original.id).await.unwrap().unwrap();
        assert_eq!((stored.title.as_str(), stored.meta.version), ("Theirs", 2), "{db}");
        assert_eq!(stored.meta.created_by, original.meta.created_by, "{db}");
    })
    .await;
}

/// Who created a post, a project or a media item, as the gate asks before an Author or a Contributor
/// changes one: the account whose request created it, no one for a record created outside a request
/// (from before authorship was kept), and no answer for a record that does not exist.
#[tokio::test]
async fn the_creator_of_a_post_a_project_or_a_media_item_is_the_account_that_created_it() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let ownership = Ownership::new(store.clone());
        let creating = |id| AuditContext { entity_id: None, version: None, ..request(id, None) };
        let mut owned = post("Owned", "draft", None, &[], 0);
        audit::scope(creating(owned.id), store.insert(&mut owned)).await.unwrap();
        let mut older = post("Older", "draft", None, &[], 0);
        store.insert(&mut older).await.unwrap();
        let mut project = crate::portfolio::simple("Harbour", "2025-01-01");
        audit::scope(creating(project.id), store.insert(&mut project)).await.unwrap();
        let mut media = crate::media::item("Photo", MediaFormat::Jpeg, &[], 0);
        audit::scope(creating(media.id), store.insert(&mut media)).await.unwrap();

        let ada = Some(Some(ada().id));
        let creator = |kind, id: EntityId| {
            let ownership = ownership.clone();
            async move { ownership.creator_of(kind, &id.to_string()).await.unwrap() }
        };
        assert_eq!(creator(RecordKind::Post, owned.id).await, ada, "{db}");
        assert_eq!(creator(RecordKind::Post, older.id).await, Some(None), "{db}: the Owner's");
        assert_eq!(creator(RecordKind::Project, project.id).await, ada, "{db}");
        assert_eq!(creator(RecordKind::Media, media.id).await, ada, "{db}");
        assert_eq!(creator(RecordKind::Project, owned.id).await, None, "{db}: no project has a post's id");
        assert_eq!(ownership.creator_of(RecordKind::Media, "not-an-id").await.unwrap(), None, "{db}");
    })
    .await;
}
