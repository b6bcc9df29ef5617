use atelier_adapters_db::SeaOrmStore;
use atelier_application::Audience;
use atelier_application::content::ports::ContentRepository;
use atelier_application::content::{Content, ContentWriteError, Saved};
use atelier_application::ports::SystemClock;
use atelier_domain::content::{ContentPageInput, PageType, SectionInput};

use crate::helpers::{author, on_every_database};

#[tokio::test]
async fn pages_are_upserted_read_back_and_unique_per_type() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let content = Content::new(store.clone(), SystemClock);
        let about = ContentPageInput {
            title: Some("About".into()),
            values: Some(vec!["Craft - we care".into(), "Trust - we deliver".into()]),
            mission: Some("Build well".into()),
            ..ContentPageInput::default()
        };
        let Saved::Created(created) = content.save("about", about, &author()).await.unwrap() else { panic!("{db}") };
        let found = store.find_content_page(&PageType::parse("about").unwrap()).await.unwrap().unwrap();
        assert_eq!((found.id, &found.values, found.last_updated), (created.id, &created.values, None), "{db}");

        let careers = ContentPageInput {
            title: Some("Careers".into()),
            sections: Some(vec![SectionInput { title: Some("Roles".into()), content: Some("- Rust".into()) }]),
            ..ContentPageInput::default()
        };
        content.create(Some("careers"), careers.clone()).await.unwrap();
        assert!(
            matches!(content.create(Some("careers"), careers).await, Err(ContentWriteError::DuplicateType(_))),
            "{db}"
        );
        let stored = content.get(Audience::Admin, "careers").await.unwrap();
        assert_eq!(stored.sections.len(), 1, "{db}");

        let privacy = ContentPageInput {
            title: Some("Privacy".into()),
            last_updated: Some("2024-03-15".into()),
            ..ContentPageInput::default()
        };
        content.save("privacy", privacy, &author()).await.unwrap();
        let update = ContentPageInput { content: Some("## Data".into()), ..ContentPageInput::default() };
        let Saved::Updated(updated) = content.save("privacy", update, &author()).await.unwrap() else { panic!("{db}") };
        let read = content.get(Audience::Public, "privacy").await.unwrap();
        assert_eq!((read.title.as_str(), read.content.as_str()), ("Privacy", "## Data"), "{db}");
        assert_eq!(read.last_updated, updated.last_updated.map(|t| t.with_timezone(&chrono::Utc)), "{db}");
        assert_eq!(read.last_updated.unwrap().to_rfc3339(), "2024-03-15T00:00:00+00:00", "{db}");

        let types: Vec<String> =
            content.list().await.unwrap().into_iter().map(|page| page.page_type.as_str().to_owned()).collect();
        assert_eq!(types, ["about", "careers", "privacy"], "{db}");
        content.set_status("careers", Some("draft"), &author()).await.unwrap();
        let stats = content.stats().await.unwrap();
        assert_eq!((stats.total, stats.published, stats.draft), (3, 2, 1), "{db}");
        content.delete("careers").await.unwrap();
        assert!(content.get(Audience::Admin, "careers").await.is_err(), "{db}");
    })
    .await;
}
