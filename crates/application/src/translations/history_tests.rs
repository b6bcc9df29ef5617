//! Revisions of translations per language, against the fakes.

use std::collections::BTreeMap;

use atelier_domain::language::{Languages, SiteLanguageInput};
use atelier_domain::post::PostInput;
use atelier_domain::translation::{Freshness, TranslationInput, TranslationKind};

use super::fake::set_languages;
use super::ports::TranslationRevisionRepository;
use super::{LanguageWrite, TranslationError, Translations};
use crate::blog::BlogCatalog;
use crate::fake::{FakeClock, InMemoryStore, author};

struct World {
    store: InMemoryStore,
    blog: BlogCatalog<InMemoryStore, FakeClock>,
    translations: Translations<InMemoryStore, FakeClock>,
    clock: FakeClock,
}

fn world() -> World {
    let store = InMemoryStore::default();
    let input = |tag: &str| SiteLanguageInput { tag: Some(tag.into()), name: Some(tag.into()), direction: None };
    set_languages(&store, Languages::parse(&[input("en"), input("de"), input("fr")], None).unwrap());
    let clock = FakeClock::default();
    World {
        blog: BlogCatalog::new(store.clone(), clock.clone()),
        translations: Translations::new(store.clone(), clock.clone()),
        clock,
        store,
    }
}

fn write(lang: &str, title: &str, version: Option<i64>) -> LanguageWrite {
    LanguageWrite {
        lang: lang.into(),
        input: TranslationInput {
            fields: Some(BTreeMap::from([("title".to_owned(), title.to_owned())])),
            slug: None,
            publication: Some("published".into()),
            publish_at: None,
        },
        version,
    }
}

async fn post(world: &World) -> String {
    let input = PostInput { title: Some("Hello".into()), status: Some("published".into()), ..PostInput::default() };
    world.blog.create(input).await.unwrap().post.id.to_string()
}

#[tokio::test]
async fn each_save_keeps_the_version_it_replaces_in_its_own_language() {
    let world = world();
    let id = post(&world).await;
    let (kind, me) = (TranslationKind::Post, author());
    world.translations.put_by(kind, &id, write("de", "Hallo", None), &me).await.unwrap();
    assert!(world.translations.revisions(kind, &id, "de").await.unwrap().1.is_empty(), "a creation replaces nothing");
    world.clock.advance(chrono::Duration::minutes(1));
    world.translations.put_by(kind, &id, write("de", "Servus", Some(1)), &me).await.unwrap();
    world.translations.put_by(kind, &id, write("de", "Servus", Some(2)), &me).await.unwrap();
    world.translations.put_by(kind, &id, write("fr", "Salut", None), &me).await.unwrap();

    let (lang, german) = world.translations.revisions(kind, &id, "DE").await.unwrap();
    assert_eq!(lang.as_str(), "de");
    assert_eq!(german.len(), 1, "a save that changes nothing keeps nothing");
    assert_eq!(german[0].author, me);
    assert!(world.translations.revisions(kind, &id, "fr").await.unwrap().1.is_empty());
    let kept = world.translations.revision(kind, &id, "de", &german[0].id.to_string()).await.unwrap();
    assert_eq!(kept.snapshot.fields["title"], "Hallo");
    // Without an author (no one signed in, as the tests' own writes) nothing is kept.
    world.translations.put(kind, &id, write("de", "Moin", Some(3))).await.unwrap();
    assert_eq!(world.translations.revisions(kind, &id, "de").await.unwrap().1.len(), 1);
    // The post's own revisions are untouched.
    assert!(world.blog.revisions(&id).await.unwrap().is_empty());
}

#[tokio::test]
async fn restoring_brings_back_that_language_only_and_keeps_what_it_replaces() {
    let world = world();
    let id = post(&world).await;
    let (kind, me) = (TranslationKind::Post, author());
    world.translations.put_by(kind, &id, write("de", "Hallo", None), &me).await.unwrap();
    world.translations.put_by(kind, &id, write("de", "Servus", Some(1)), &me).await.unwrap();
    world.translations.put_by(kind, &id, write("fr", "Salut", None), &me).await.unwrap();
    let (_, german) = world.translations.revisions(kind, &id, "de").await.unwrap();

    // The default language moves on meanwhile: the restored text is outdated again.
    let change = PostInput { title: Some("Hello again".into()), ..PostInput::default() };
    world.blog.update(&id, change, &me).await.unwrap();
    let restored = world.translations.restore(kind, &id, "de", &german[0].id.to_string(), &me).await.unwrap();
    let translation = restored.translation.unwrap();
    assert_eq!((translation.fields["title"].as_str(), translation.meta.version), ("Hallo", 3));
    assert_eq!(restored.freshness, Freshness::Outdated);
    assert_eq!(world.translations.one(kind, &id, "fr").await.unwrap().translation.unwrap().fields["title"], "Salut");
    let (_, after) = world.translations.revisions(kind, &id, "de").await.unwrap();
    assert_eq!(after.len(), 2, "the version the restore replaced is kept");
    let replaced = world.translations.revision(kind, &id, "de", &after[0].id.to_string()).await.unwrap();
    assert_eq!(replaced.snapshot.fields["title"], "Servus");

    // A deleted translation comes back from its revision.
    world.translations.delete(kind, &id, "de").await.unwrap();
    let back = world.translations.restore(kind, &id, "de", &german[0].id.to_string(), &me).await.unwrap();
    assert_eq!(back.translation.unwrap().meta.version, 1);

    for (lang, revision) in
        [("fr", german[0].id.to_string()), ("de", "nope".to_owned()), ("es", german[0].id.to_string())]
    {
        assert!(matches!(
            world.translations.restore(kind, &id, lang, &revision, &me).await,
            Err(TranslationError::NotFound(_) | TranslationError::UnknownLanguage(_))
        ));
    }
    // Deleting the post forgets its translations' revisions.
    let record = atelier_domain::EntityId::parse(&id).unwrap();
    let german_tag = atelier_domain::language::LanguageTag::parse("de").unwrap();
    let kept = |store: &InMemoryStore| {
        let store = store.clone();
        let german_tag = german_tag.clone();
        async move { store.list_translation_revisions(kind, record, &german_tag).await.unwrap().len() }
    };
    assert_eq!(kept(&world.store).await, 2, "bringing back a deleted one replaced nothing");
    world.blog.delete(&id).await.unwrap();
    assert_eq!(kept(&world.store).await, 0);
}
