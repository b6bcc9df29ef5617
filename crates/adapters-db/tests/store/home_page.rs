//! The home page: absent until saved, read back identical (texts, order, visibility), one row that a
//! save replaces, and its revisions' snapshots read back identical.

use atelier_adapters_db::SeaOrmStore;
use atelier_application::home_page::initial_home_page;
use atelier_application::home_page::ports::HomePageRepository;
use atelier_application::revisions::ports::RevisionRepository;
use atelier_domain::EntityId;
use atelier_domain::home_page::{HomePage, HomePageChanges, HomePageInput, HomeSectionInput, SectionKey};
use atelier_domain::revision::Revision;
use chrono::{DateTime, DurationRound, TimeDelta, Utc};

use crate::helpers::{author, on_every_database};

fn now() -> DateTime<Utc> {
    Utc::now().duration_trunc(TimeDelta::microseconds(1)).unwrap()
}

fn changed(mut home: HomePage) -> HomePage {
    let input = HomePageInput {
        sections: Some(vec![HomeSectionInput {
            key: Some("why-hire".into()),
            order: Some(0.0),
            visible: Some(false),
            heading: Some("Ünïcødé 🚀 \"quoted\" <b>".into()),
            ..HomeSectionInput::default()
        }]),
        footer_services: Some(vec!["Web".into()]),
        ..HomePageInput::default()
    };
    home.apply(HomePageChanges::parse(input).unwrap(), now());
    home
}

#[tokio::test]
async fn the_home_page_is_absent_until_saved_then_read_back_identical() {
    on_every_database(|store: SeaOrmStore, db| async move {
        assert_eq!(store.load_home_page().await.unwrap(), None, "{db}");
        let mut home = initial_home_page(EntityId::generate(now()), now());
        store.save_home_page(&mut home).await.unwrap();
        assert_eq!(store.load_home_page().await.unwrap().as_ref(), Some(&home), "{db}");
        let mut home = changed(home);
        store.save_home_page(&mut home).await.unwrap();
        let read = store.load_home_page().await.unwrap().unwrap();
        assert_eq!(read, home, "{db}");
        assert_eq!((read.sections[0].key, read.sections[0].visible), (SectionKey::WhyHire, false), "{db}");
    })
    .await;
}

#[tokio::test]
async fn a_home_page_revision_reads_back_identical() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let home = changed(initial_home_page(EntityId::generate(now()), now()));
        let revision = Revision::of(EntityId::generate(now()), home.clone(), author(), now());
        store.add_revision(&revision, 50).await.unwrap();
        let found: Option<Revision<HomePage>> = store.find_revision(home.id, revision.summary.id).await.unwrap();
        assert_eq!(found, Some(revision), "{db}");
    })
    .await;
}
