//! Revisions: snapshots that read back identical for each kind, lists without snapshots, the bound
//! on how many a record keeps, and records that never see each other's revisions.

use atelier_adapters_db::SeaOrmStore;
use atelier_application::revisions::ports::RevisionRepository;
use atelier_domain::EntityId;
use atelier_domain::content::{ContentPage, ContentPageChanges, ContentPageInput, PageType, SectionInput};
use atelier_domain::portfolio::{Project, ProjectChanges, ProjectInput};
use atelier_domain::post::{ContentInput, Post, PostChanges, PostInput};
use atelier_domain::revision::{Author, Revision, Versioned};
use atelier_domain::slug::Slug;
use chrono::{DateTime, Duration, DurationRound, TimeDelta, Utc};

use crate::helpers::{author, on_every_database};

fn now() -> DateTime<Utc> {
    // Databases keep microseconds; truncate so a round trip compares equal.
    Utc::now().duration_trunc(TimeDelta::microseconds(1)).unwrap()
}

fn post(content: &str) -> Post {
    let input = PostInput {
        title: Some("Designing APIs — ünïcødé 🚀".into()),
        content: Some(ContentInput::Markdown(content.into())),
        tags: Some(vec![EntityId::generate(now()).to_string()]),
        category: Some(EntityId::generate(now()).to_string()),
        status: Some("published".into()),
        publish_at: Some((now() + Duration::days(1)).to_rfc3339()),
        ..PostInput::default()
    };
    let mut post = Post::create(
        EntityId::generate(now()),
        Slug::parse("apis").unwrap(),
        PostChanges::parse(input, true).unwrap(),
        now(),
    );
    post.views = 7;
    post.publish_at = post.publish_at.map(|at| at.duration_trunc(TimeDelta::microseconds(1)).unwrap());
    post
}

fn project() -> Project {
    let input = ProjectInput {
        title: Some("Shop".into()),
        client: Some("Acme".into()),
        completed_at: Some("2025-02-03T04:05:06Z".into()),
        technologies: Some(vec![EntityId::generate(now()).to_string()]),
        tags: Some(vec![EntityId::generate(now()).to_string()]),
        description: Some("## Markdown *kept*\r\n".into()),
        ..ProjectInput::default()
    };
    let changes = ProjectChanges::parse(input, true, |_| true).unwrap();
    Project::create(EntityId::generate(now()), Slug::parse("shop").unwrap(), changes, now())
}

fn page() -> ContentPage {
    let careers = PageType::parse("careers").unwrap();
    let input = ContentPageInput {
        title: Some("Careers".into()),
        content: Some("Join us".into()),
        sections: Some(vec![SectionInput { title: Some("Why".into()), content: Some("Because".into()) }]),
        ..ContentPageInput::default()
    };
    let changes = ContentPageChanges::parse(&careers, input, true).unwrap();
    ContentPage::create(EntityId::generate(now()), careers, changes, now())
}

fn revision_of<T: Versioned>(record: &T, by: Author, at: DateTime<Utc>) -> Revision<T> {
    Revision::of(EntityId::generate(at), record.clone(), by, at)
}

async fn reads_back<T: Versioned + std::fmt::Debug>(store: &SeaOrmStore, record: T, db: &str)
where
    SeaOrmStore: RevisionRepository<T>,
{
    let revision = revision_of(&record, author(), now());
    store.add_revision(&revision, 50).await.unwrap();
    let found = store.find_revision(record.id(), revision.summary.id).await.unwrap();
    assert_eq!(found.as_ref(), Some(&revision), "{db}");
    assert_eq!(store.list_revisions(record.id()).await.unwrap(), [revision.summary], "{db}");
}

#[tokio::test]
async fn every_kind_of_snapshot_reads_back_identical() {
    on_every_database(|store: SeaOrmStore, db| async move {
        reads_back(&store, post("# Heading\r\n\n[[Ctrl]] ~sub~ {success: ok}"), db).await;
        reads_back(&store, project(), db).await;
        reads_back(&store, page(), db).await;
    })
    .await;
}

#[tokio::test]
async fn a_record_keeps_its_newest_revisions_up_to_the_bound_and_sees_only_its_own() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let mine = post("mine");
        let other = post("other");
        let t0 = now();
        let mut kept = Vec::new();
        for step in 0..5 {
            let revision = revision_of(&mine, author(), t0 + Duration::seconds(step));
            store.add_revision(&revision, 3).await.unwrap();
            kept.push(revision.summary.id);
        }
        let others = revision_of(&other, author(), t0);
        store.add_revision(&others, 3).await.unwrap();

        let listed: Vec<EntityId> = RevisionRepository::<Post>::list_revisions(&store, mine.id)
            .await
            .unwrap()
            .iter()
            .map(|summary| summary.id)
            .collect();
        assert_eq!(listed, [kept[4], kept[3], kept[2]], "newest first, the two oldest dropped ({db})");
        let find = |id| RevisionRepository::<Post>::find_revision(&store, mine.id, id);
        assert_eq!(find(kept[0]).await.unwrap(), None, "{db}");
        assert_eq!(find(others.summary.id).await.unwrap(), None, "another record's ({db})");
        assert_eq!(
            RevisionRepository::<Project>::list_revisions(&store, mine.id).await.unwrap(),
            [],
            "another kind ({db})"
        );

        RevisionRepository::<Post>::delete_revisions(&store, mine.id).await.unwrap();
        assert!(RevisionRepository::<Post>::list_revisions(&store, mine.id).await.unwrap().is_empty(), "{db}");
        assert_eq!(RevisionRepository::<Post>::list_revisions(&store, other.id).await.unwrap().len(), 1, "{db}");
    })
    .await;
}
