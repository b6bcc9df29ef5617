use atelier_adapters_db::SeaOrmStore;
use atelier_application::records::{RecordRepository, SaveError};
use atelier_application::redirects::ports::{RedirectFilter, RedirectHits, RedirectRepository};
use atelier_domain::redirect::{Redirect, RedirectChanges, RedirectInput, RedirectPath, RedirectTarget};
use atelier_domain::{EntityId, PageRequest};
use chrono::{DateTime, DurationRound, TimeDelta, Utc};

use crate::helpers::{delete, find, on_every_database};

fn at(seconds_ago: i64) -> DateTime<Utc> {
    (Utc::now() - TimeDelta::seconds(seconds_ago)).duration_trunc(TimeDelta::microseconds(1)).unwrap()
}

fn redirect(from: &str, to: &str, status: i64) -> Redirect {
    let input = RedirectInput {
        from: Some(from.into()),
        to: Some(to.into()),
        status: Some(status),
        note: Some(format!("Moved from {from}")),
    };
    let now = at(0);
    Redirect::create(EntityId::generate(now), RedirectChanges::parse(input, true).unwrap(), now)
}

fn all() -> PageRequest {
    PageRequest::clamped(None, Some(1000), 1000, 1000)
}

fn path(text: &str) -> RedirectPath {
    RedirectPath::normalise(text).unwrap()
}

#[tokio::test]
async fn a_stored_redirect_reads_back_identical_and_its_address_is_unique() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let mut original = redirect("/2019/05/caf%c3%a9/", "https://example.com/caf\u{e9}?x=1#top", 308);
        store.insert(&mut original).await.unwrap();
        let found = find::<Redirect>(&store, original.id).await.unwrap();
        assert_eq!(found, Some(original.clone()), "{db}");
        assert_eq!(original.from.as_str(), "/2019/05/caf%C3%A9", "{db}");

        let mut twin = redirect("/2019/05/café", "/elsewhere", 301);
        assert!(matches!(store.insert(&mut twin).await, Err(SaveError::DuplicateSlug)), "{db}");
        let by_from = store.find_redirect_from(&path("/2019/05/caf%C3%A9/")).await.unwrap();
        assert_eq!(by_from.map(|r| r.id), Some(original.id), "{db}");
        assert!(delete::<Redirect>(&store, original.id).await.unwrap(), "{db}");
        assert!(store.find_redirect_from(&original.from).await.unwrap().is_none(), "{db}");
    })
    .await;
}

#[tokio::test]
async fn lists_go_by_address_and_search_from_to_and_note() {
    on_every_database(|store: SeaOrmStore, db| async move {
        for (from, to) in [("/zeta", "/blog/z"), ("/alpha", "/blog/a"), ("/mid", "https://other.example/")] {
            store.insert(&mut redirect(from, to, 301)).await.unwrap();
        }
        let every = store.list_redirects(RedirectFilter::default(), all()).await.unwrap();
        let froms: Vec<&str> = every.items.iter().map(|r| r.from.as_str()).collect();
        assert_eq!((froms, every.total_items), (vec!["/alpha", "/mid", "/zeta"], 3), "{db}");
        let search = |term: &str| RedirectFilter { search: Some(term.into()) };
        assert_eq!(store.list_redirects(search("OTHER.example"), all()).await.unwrap().total_items, 1, "{db}");
        assert_eq!(store.list_redirects(search("moved from /z"), all()).await.unwrap().total_items, 1, "{db}");
        assert_eq!(store.all_redirects().await.unwrap().len(), 3, "{db}");
    })
    .await;
}

#[tokio::test]
async fn redirects_are_found_by_the_local_path_they_lead_to() {
    on_every_database(|store: SeaOrmStore, db| async move {
        store.insert(&mut redirect("/one", "/blog/new/?utm=1", 301)).await.unwrap();
        store.insert(&mut redirect("/two", "/blog/new", 302)).await.unwrap();
        store.insert(&mut redirect("/three", "https://example.com/blog/new", 301)).await.unwrap();
        let mut leading: Vec<String> =
            store.redirects_to(&path("/blog/new")).await.unwrap().into_iter().map(|r| r.from.to_string()).collect();
        leading.sort();
        assert_eq!(leading, ["/one", "/two"], "{db}");
    })
    .await;
}

#[tokio::test]
async fn hits_add_up_without_moving_the_version_and_an_edit_keeps_them() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let mut stored = redirect("/counted", "/blog/x", 301);
        store.insert(&mut stored).await.unwrap();
        let (earlier, later) = (at(60), at(5));
        let hits = |count, at| [RedirectHits { id: stored.id, count, last_hit_at: at }];
        store.add_redirect_hits(&hits(3, later)).await.unwrap();
        store.add_redirect_hits(&hits(2, earlier)).await.unwrap();
        let ghost = RedirectHits { id: EntityId::generate(at(0)), count: 1, last_hit_at: later };
        store.add_redirect_hits(&[ghost]).await.unwrap();
        let found = find::<Redirect>(&store, stored.id).await.unwrap().unwrap();
        assert_eq!((found.hits, found.last_hit_at, found.meta.version), (5, Some(later), 1), "{db}");

        let mut edited = found.clone();
        edited.to = RedirectTarget::parse("/blog/y").unwrap();
        edited.hits = 0;
        assert!(store.update(&mut edited).await.unwrap(), "{db}");
        let found = find::<Redirect>(&store, stored.id).await.unwrap().unwrap();
        assert_eq!((found.hits, found.to.as_str(), found.meta.version), (5, "/blog/y", 2), "{db}");
    })
    .await;
}
