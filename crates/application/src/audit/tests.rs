use atelier_domain::EntityId;
use atelier_domain::service::ServiceInput;
use chrono::Duration;

use super::*;
use crate::fake::{FakeClock, InMemoryStore};
use crate::records::WriteError;
use crate::services::ServiceCatalog;

fn admin() -> Actor {
    Actor {
        id: EntityId::parse("65f1c2a9b4e8d70012345678").unwrap(),
        name: "Ada".into(),
        email: "ada@example.com".into(),
    }
}

fn context(action: &str, entity_id: Option<&str>, fields: &[&str]) -> AuditContext {
    AuditContext {
        actor: Some(admin()),
        request_id: "req-1".into(),
        client_address: Some("203.0.113.7".into()),
        operation: "POST /services".into(),
        action: action.into(),
        entity_kind: "services".into(),
        entity_id: entity_id.map(str::to_owned),
        fields: fields.iter().map(|field| (*field).to_owned()).collect(),
        version: None,
    }
}

fn title(title: &str) -> ServiceInput {
    ServiceInput { title: Some(title.into()), ..ServiceInput::default() }
}

fn entries(store: &InMemoryStore) -> Vec<AuditEntry> {
    store.with(|tables| tables.rows::<AuditEntry>().to_vec())
}

#[tokio::test]
async fn a_write_in_a_scope_records_one_entry_with_the_actor_the_request_and_the_record() {
    let store = InMemoryStore::default();
    let catalog = ServiceCatalog::new(store.clone(), FakeClock::default());
    let service = scope(context("create", None, &["title"]), catalog.create(title("Web"))).await.unwrap();

    let [entry] = entries(&store).try_into().expect("one entry");
    assert_eq!(entry.actor_id, Some(admin().id));
    assert_eq!((entry.actor_name.as_deref(), entry.actor_email.as_deref()), (Some("Ada"), Some("ada@example.com")));
    assert_eq!((entry.action.as_str(), entry.entity_kind.as_str()), ("create", "services"));
    assert_eq!(entry.entity_id, Some(service.id.to_string()), "a creation names the record it made");
    assert_eq!((entry.request_id.as_str(), entry.summary.as_slice()), ("req-1", ["title".to_owned()].as_slice()));
}

#[tokio::test]
async fn writes_outside_a_scope_record_nothing_and_a_request_records_once() {
    let store = InMemoryStore::default();
    let catalog = ServiceCatalog::new(store.clone(), FakeClock::default());
    catalog.create(title("Web")).await.unwrap();
    assert!(entries(&store).is_empty());

    scope(context("create", None, &[]), async {
        catalog.create(title("One")).await.unwrap();
        catalog.create(title("Two")).await.unwrap();
        assert_eq!(recorded(), Some(true));
    })
    .await;
    assert_eq!(entries(&store).len(), 1);
    assert_eq!(recorded(), None, "no scope outside");
}

#[tokio::test]
async fn a_failed_write_leaves_no_entry() {
    let store = InMemoryStore::default();
    let catalog = ServiceCatalog::new(store.clone(), FakeClock::default());
    let refused = scope(context("create", None, &["icon"]), catalog.create(ServiceInput::default())).await;
    assert!(matches!(refused, Err(WriteError::Invalid(_))));
    let missing = "65f1c2a9b4e8d70012345679";
    let not_found = scope(context("update", Some(missing), &["title"]), catalog.update(missing, title("X"))).await;
    assert!(matches!(not_found, Err(WriteError::NotFound(_))));
    assert!(entries(&store).is_empty());
}

#[tokio::test]
async fn a_change_overrides_the_action_and_keeps_a_typed_identity_short() {
    let mut sign_in = context("sign-in", None, &["email", "password"]);
    sign_in.actor = None;
    let typed = "x".repeat(500);
    let change = Change {
        action: Some("sign-in-failed"),
        attempted_identity: Some(typed),
        changed_fields: Some(vec![]),
        ..Change::default()
    };
    let at = FakeClock::default().now();
    let entry = scope(sign_in, async { pending_entry(change, EntityId::generate(at), at) }).await.unwrap();
    assert_eq!(entry.action, "sign-in-failed");
    assert_eq!((entry.actor_id, entry.actor_name), (None, None));
    assert_eq!(entry.actor_email.map(|typed| typed.chars().count()), Some(ATTEMPTED_IDENTITY_MAX));
    assert!(entry.summary.is_empty());
}

#[tokio::test]
async fn the_list_filters_by_actor_kind_and_dates_and_refuses_what_cannot_match() {
    let store = InMemoryStore::default();
    let clock = FakeClock::default();
    let catalog = ServiceCatalog::new(store.clone(), clock.clone());
    for name in ["One", "Two", "Three"] {
        scope(context("create", None, &["title"]), catalog.create(title(name))).await.unwrap();
    }
    let log = AuditLog::new(store.clone(), clock.clone());
    let all = log.list(AuditQuery::default()).await.unwrap();
    assert_eq!(all.total_items, 3);
    let mine = AuditQuery { actor: Some(admin().id.to_string()), ..AuditQuery::default() };
    assert_eq!(log.list(mine).await.unwrap().total_items, 3);
    let other = AuditQuery { actor: Some("65f1c2a9b4e8d70012345679".into()), ..AuditQuery::default() };
    assert_eq!(log.list(other).await.unwrap().total_items, 0);
    let posts = AuditQuery { entity_kind: Some("blog/posts".into()), ..AuditQuery::default() };
    assert_eq!(log.list(posts).await.unwrap().total_items, 0);
    let first = all.items.last().unwrap().at;
    let later = AuditQuery { from: Some(first + Duration::days(1)), ..AuditQuery::default() };
    assert_eq!(log.list(later).await.unwrap().total_items, 0);
    let paged = AuditQuery { limit: Some(2), page: Some(2), ..AuditQuery::default() };
    assert_eq!(log.list(paged).await.unwrap().items.len(), 1);

    let bad_actor = AuditQuery { actor: Some("nobody".into()), ..AuditQuery::default() };
    assert!(matches!(log.list(bad_actor).await, Err(AuditQueryError::InvalidActor)));
    let backwards = AuditQuery { from: Some(first), to: Some(first - Duration::days(1)), ..AuditQuery::default() };
    assert!(matches!(log.list(backwards).await, Err(AuditQueryError::InvalidRange)));
}

#[tokio::test]
async fn pruning_drops_only_entries_older_than_the_retention() {
    let store = InMemoryStore::default();
    let clock = FakeClock::default();
    let catalog = ServiceCatalog::new(store.clone(), clock.clone());
    scope(context("create", None, &[]), catalog.create(title("Old"))).await.unwrap();
    let stamped = entries(&store)[0].at;
    // Entries are stamped with the real time; the log's clock is set relative to it.
    clock.set(stamped + Duration::days(31));
    let log = AuditLog::new(store.clone(), clock.clone());
    scope(context("create", None, &[]), catalog.create(title("New"))).await.unwrap();
    store.with(|tables| tables.private_rows_mut::<AuditEntry>()[1].at = stamped + Duration::days(30));
    assert_eq!(log.prune(30).await.unwrap(), 1);
    assert_eq!(entries(&store).len(), 1);
    assert_eq!(log.prune(30).await.unwrap(), 0);
}

#[tokio::test]
async fn the_people_named_are_everyone_with_an_entry_by_their_newest_name() {
    let store = InMemoryStore::default();
    let clock = FakeClock::default();
    let catalog = ServiceCatalog::new(store.clone(), clock.clone());
    let log = AuditLog::new(store.clone(), clock.clone());
    assert!(log.actors().await.unwrap().is_empty());

    scope(context("create", None, &[]), catalog.create(title("One"))).await.unwrap();
    let mut renamed = context("create", None, &[]);
    renamed.actor = Some(Actor { name: "Ada Lovelace".into(), ..admin() });
    scope(renamed, catalog.create(title("Two"))).await.unwrap();
    let mut other = context("create", None, &[]);
    other.actor = Some(Actor {
        id: EntityId::parse("65f1c2a9b4e8d70012345679").unwrap(),
        name: "ben".into(),
        email: "ben@example.com".into(),
    });
    scope(other, catalog.create(title("Three"))).await.unwrap();
    // A failed sign-in names nobody.
    let mut failed = context("sign-in-failed", None, &[]);
    failed.actor = None;
    scope(failed, catalog.create(title("Four"))).await.unwrap();
    // The newest entry of the first person is the renamed one (entries are stamped with real time).
    store.with(|tables| {
        let rows = tables.private_rows_mut::<AuditEntry>();
        rows[1].at = rows[0].at + Duration::seconds(1);
    });

    let actors = log.actors().await.unwrap();
    let names: Vec<_> = actors.iter().map(|actor| actor.name.as_str()).collect();
    assert_eq!(names, ["Ada Lovelace", "ben"], "by name, ignoring case, once each");
    assert_eq!(actors[0].id, admin().id);
}

#[tokio::test]
async fn an_entry_keeps_the_record_title_as_written_and_a_deleted_record_title() {
    let store = InMemoryStore::default();
    let catalog = ServiceCatalog::new(store.clone(), FakeClock::default());
    let service = scope(context("create", None, &["title"]), catalog.create(title("Web"))).await.unwrap();
    let id = service.id.to_string();
    scope(context("delete", Some(&id), &[]), catalog.delete(&id)).await.unwrap();

    let titles: Vec<_> = entries(&store).into_iter().map(|entry| entry.entity_title).collect();
    assert_eq!(titles, [Some("Web".to_owned()), Some("Web".to_owned())], "a deleted record is still named");
}

#[tokio::test]
async fn a_title_is_kept_trimmed_and_cut_to_its_column() {
    let at = chrono::Utc::now();
    let long = format!("  {}  ", "é".repeat(ENTITY_TITLE_MAX + 10));
    let entry = scope(context("update", Some("x"), &[]), async {
        pending_entry(Change::of("x").titled(long), EntityId::generate(at), at)
    })
    .await
    .unwrap();
    assert_eq!(entry.entity_title.map(|title| title.chars().count()), Some(ENTITY_TITLE_MAX));
}
