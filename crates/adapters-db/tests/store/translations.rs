use std::collections::BTreeMap;

use atelier_adapters_db::SeaOrmStore;
use atelier_application::translations::ports::{TranslationRepository, TranslationSaveError, TranslationWrite};
use atelier_domain::EntityId;
use atelier_domain::language::LanguageTag;
use atelier_domain::slug::Slug;
use atelier_domain::translation::{
    Publication, SlugHolder, Translation, TranslationChanges, TranslationInput, TranslationKind,
};
use chrono::{DateTime, DurationRound, TimeDelta, Utc};

use crate::helpers::on_every_database;

fn now() -> DateTime<Utc> {
    Utc::now().duration_trunc(TimeDelta::microseconds(1)).unwrap()
}

fn tag(text: &str) -> LanguageTag {
    LanguageTag::parse(text).unwrap()
}

fn translation(record_id: &str, lang: &str, title: &str, slug: Option<&str>) -> Translation {
    let input = TranslationInput {
        fields: Some(BTreeMap::from([
            ("title".to_owned(), title.to_owned()),
            ("content".to_owned(), "# Text\n\n\u{e9}".to_owned()),
        ])),
        slug: slug.map(str::to_owned),
        publication: Some("published".into()),
        publish_at: None,
    };
    let changes = TranslationChanges::parse(TranslationKind::Post, input).unwrap();
    Translation::create(TranslationKind::Post, record_id.to_owned(), tag(lang), changes, "a".repeat(64), now())
}

fn new(translation: Translation) -> TranslationWrite {
    TranslationWrite { translation, expected_version: None, previous: None }
}

fn id() -> String {
    EntityId::generate(Utc::now()).to_string()
}

#[tokio::test]
async fn a_stored_translation_reads_back_identical_with_its_own_version() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let record = id();
        let mut writes = [
            new(translation(&record, "de", "Hallo", Some("hallo"))),
            new(translation(&record, "fr-CA", "Salut", None)),
        ];
        store.save_translations(&mut writes).await.unwrap();
        assert_eq!(writes[0].translation.meta.version, 1, "{db}");
        let stored = store.record_translations(TranslationKind::Post, &record).await.unwrap();
        assert_eq!(stored, vec![writes[0].translation.clone(), writes[1].translation.clone()], "{db}");

        let mut changed = writes[0].translation.clone();
        changed.fields.insert("title".into(), "Servus".into());
        let mut update = [TranslationWrite { translation: changed, expected_version: Some(1), previous: None }];
        store.save_translations(&mut update).await.unwrap();
        assert_eq!(update[0].translation.meta.version, 2, "{db}");
        let french = store.record_translations(TranslationKind::Post, &record).await.unwrap().pop().unwrap();
        assert_eq!(french.meta.version, 1, "editing one language leaves the other's version, {db}");

        let by_slug = store
            .find_by_translated_slug(TranslationKind::Post, &tag("de"), &Slug::parse("hallo").unwrap())
            .await
            .unwrap();
        assert_eq!(by_slug.map(|found| found.fields["title"].clone()), Some("Servus".to_owned()), "{db}");
        let of = store.translations_of(TranslationKind::Post, &[record.clone(), id()]).await.unwrap();
        assert_eq!(of.len(), 2, "{db}");
        assert_eq!(
            store.live_in(TranslationKind::Post, &tag("de"), now()).await.unwrap(),
            vec![record.clone()],
            "{db}"
        );
    })
    .await;
}

#[tokio::test]
async fn a_stale_write_changes_nothing_of_its_batch() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let record = id();
        store.save_translations(&mut [new(translation(&record, "de", "Hallo", None))]).await.unwrap();
        let mut stale = [
            new(translation(&record, "fr", "Salut", None)),
            TranslationWrite { translation: translation(&record, "de", "Moin", None), expected_version: Some(3), previous: None },
        ];
        assert!(matches!(store.save_translations(&mut stale).await, Err(TranslationSaveError::Stale(lang)) if lang.as_str() == "de"), "{db}");
        let created_meanwhile = store.save_translations(&mut [new(translation(&record, "de", "Again", None))]).await;
        assert!(matches!(created_meanwhile, Err(TranslationSaveError::Stale(_))), "{db}");
        let stored = store.record_translations(TranslationKind::Post, &record).await.unwrap();
        assert_eq!(stored.len(), 1, "{db}");
        assert_eq!(stored[0].fields["title"], "Hallo", "{db}");
    })
    .await;
}

#[tokio::test]
async fn a_slug_is_unique_per_kind_and_language_and_a_race_for_it_is_a_clean_conflict() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let (one, two) = (id(), id());
        store.save_translations(&mut [new(translation(&one, "de", "Eins", Some("gleich")))]).await.unwrap();
        let taken = store.save_translations(&mut [new(translation(&two, "de", "Zwei", Some("gleich")))]).await;
        assert!(matches!(taken, Err(TranslationSaveError::DuplicateSlug(_))), "{db}");
        store.save_translations(&mut [new(translation(&two, "fr", "Deux", Some("gleich")))]).await.unwrap();
        let holders =
            store.translated_slug_holders(TranslationKind::Post, &Slug::parse("gleich").unwrap()).await.unwrap();
        assert_eq!(holders.len(), 2, "{db}");
        assert!(holders.contains(&SlugHolder::Translated { record_id: one.clone(), lang: tag("de") }), "{db}");
        store
            .save_translations(&mut [
                new(translation(&two, "de", "Ohne", None)),
                new(translation(&two, "it", "Senza", None)),
            ])
            .await
            .unwrap();

        // Many records race for one slug in one language: exactly one wins, the others are told.
        let racers: Vec<String> = (0..8).map(|_| id()).collect();
        let results = futures_join(&store, &racers).await;
        let won = results.iter().filter(|result| result.is_ok()).count();
        assert_eq!(won, 1, "{db}: {results:?}");
        assert!(
            results
                .iter()
                .filter_map(|result| result.as_ref().err())
                .all(|error| matches!(error, TranslationSaveError::DuplicateSlug(_))),
            "{db}: {results:?}"
        );
    })
    .await;
}

async fn futures_join(store: &SeaOrmStore, racers: &[String]) -> Vec<Result<(), TranslationSaveError>> {
    let mut tasks = tokio::task::JoinSet::new();
    for racer in racers {
        let store = store.clone();
        let racer = racer.clone();
        tasks.spawn(async move {
            store.save_translations(&mut [new(translation(&racer, "es", "Carrera", Some("carrera")))]).await
        });
    }
    let mut results = Vec::new();
    while let Some(result) = tasks.join_next().await {
        results.push(result.expect("the task ends"));
    }
    results
}

#[tokio::test]
async fn deleting_one_language_or_every_one_of_a_record() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let record = id();
        let other = id();
        store
            .save_translations(&mut [
                new(translation(&record, "de", "Hallo", None)),
                new(translation(&record, "fr", "Salut", None)),
            ])
            .await
            .unwrap();
        store.save_translations(&mut [new(translation(&other, "de", "Anders", None))]).await.unwrap();
        assert!(store.delete_translation(TranslationKind::Post, &record, &tag("de")).await.unwrap(), "{db}");
        assert!(!store.delete_translation(TranslationKind::Post, &record, &tag("de")).await.unwrap(), "{db}");
        assert_eq!(store.delete_record_translations(TranslationKind::Post, &record).await.unwrap(), 1, "{db}");
        assert!(store.record_translations(TranslationKind::Post, &record).await.unwrap().is_empty(), "{db}");
        assert_eq!(store.record_translations(TranslationKind::Post, &other).await.unwrap().len(), 1, "{db}");
        let mut draft = translation(&other, "fr", "Brouillon", None);
        draft.publication = Publication::Draft;
        store.save_translations(&mut [new(draft)]).await.unwrap();
        assert!(store.live_in(TranslationKind::Post, &tag("fr"), now()).await.unwrap().is_empty(), "{db}");
    })
    .await;
}
