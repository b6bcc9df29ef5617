//! The public site in the site's languages against the fakes: a post by its address in a language,
//! its alternates on the default language's page, a language's feed and the sitemap's alternates.

use std::collections::BTreeMap;

use atelier_domain::language::{LanguageTag, Languages, SiteLanguageInput};
use atelier_domain::post::PostInput;
use atelier_domain::translation::{TranslationInput, TranslationKind};

use super::*;
use crate::blog::languages::ReadLanguage;
use crate::fake::{FakeClock, InMemoryStore};
use crate::translations::fake::set_languages;
use crate::translations::{LanguageWrite, Translations};

fn languages() -> Languages {
    let input = |tag: &str| SiteLanguageInput { tag: Some(tag.into()), name: Some(tag.into()), direction: None };
    Languages::parse(&[input("en"), input("de"), input("fr")], Some("hide")).unwrap()
}

fn tag(text: &str) -> LanguageTag {
    LanguageTag::parse(text).unwrap()
}

async fn published(store: &InMemoryStore, title: &str, slug: &str) -> String {
    let input = PostInput {
        title: Some(title.into()),
        slug: Some(slug.into()),
        status: Some("published".into()),
        ..PostInput::default()
    };
    BlogCatalog::new(store.clone(), FakeClock::default()).create(input).await.unwrap().post.id.to_string()
}

async fn translate(store: &InMemoryStore, id: &str, lang: &str, title: &str, slug: &str, publication: &str) {
    let write = LanguageWrite {
        lang: lang.into(),
        input: TranslationInput {
            fields: Some(BTreeMap::from([("title".to_owned(), title.to_owned())])),
            slug: Some(slug.into()),
            publication: Some(publication.into()),
            publish_at: None,
        },
        version: None,
    };
    Translations::new(store.clone(), FakeClock::default()).put(TranslationKind::Post, id, write).await.unwrap();
}

#[tokio::test]
async fn a_post_is_found_by_its_address_in_each_language_and_names_where_else_it_is() {
    let store = InMemoryStore::default();
    set_languages(&store, languages());
    let site = PublicSite::new(store.clone(), FakeClock::default());
    let id = published(&store, "Hello", "hello").await;
    translate(&store, &id, "de", "Hallo", "hallo", "published").await;
    translate(&store, &id, "fr", "Salut", "salut", "draft").await;
    let languages = languages();

    let german = site.post_in("hallo", &languages, &tag("de")).await.unwrap().unwrap();
    assert_eq!((german.view.post.title.as_str(), german.language.as_str()), ("Hallo", "de"));
    let english = site.post_in("hello", &languages, &tag("en")).await.unwrap().unwrap();
    assert_eq!(english.view.post.title, "Hello");
    let alternates: Vec<(String, String)> = english
        .translations
        .unwrap()
        .into_iter()
        .map(|(lang, slug)| (lang.as_str().to_owned(), slug.as_str().to_owned()))
        .collect();
    assert_eq!(alternates, [("en".to_owned(), "hello".to_owned()), ("de".to_owned(), "hallo".to_owned())]);
    assert!(site.post_in("hallo", &languages, &tag("en")).await.unwrap().is_none(), "a German slug only in German");
    assert!(site.post_in("salut", &languages, &tag("fr")).await.unwrap().is_none(), "a draft's slug is no address");
    let french = site.post_in("hello", &languages, &tag("fr")).await.unwrap().unwrap();
    assert_eq!((french.view.post.title.as_str(), french.language.as_str()), ("Hello", "en"));

    // One language: no alternates are read.
    let single = InMemoryStore::default();
    let site = PublicSite::new(single.clone(), FakeClock::default());
    published(&single, "Only", "only").await;
    let only = site.post_in("only", &Languages::default(), &tag("en")).await.unwrap().unwrap();
    assert_eq!(only.translations, None);
}

#[tokio::test]
async fn a_languages_feed_and_the_sitemap_carry_the_live_translations() {
    let store = InMemoryStore::default();
    set_languages(&store, languages());
    let site = PublicSite::new(store.clone(), FakeClock::default());
    let id = published(&store, "Hello", "hello").await;
    published(&store, "Plain", "plain").await;
    translate(&store, &id, "de", "Hallo", "hallo", "published").await;

    let german = ReadLanguage { languages: languages(), lang: tag("de") };
    let feed = site.feed_in(&german).await.unwrap();
    let titles: Vec<&str> = feed.iter().map(|view| view.post.title.as_str()).collect();
    assert_eq!(titles, ["Hallo"], "the site hides untranslated posts from its lists");

    let sitemap = site.sitemap().await.unwrap();
    let hello = sitemap.posts.iter().find(|entry| entry.slug == "hello").unwrap();
    assert_eq!(hello.translations, [("en".to_owned(), "hello".to_owned()), ("de".to_owned(), "hallo".to_owned())]);
    let plain = sitemap.posts.iter().find(|entry| entry.slug == "plain").unwrap();
    assert_eq!(plain.translations, [("en".to_owned(), "plain".to_owned())]);

    let single = InMemoryStore::default();
    published(&single, "Only", "only").await;
    let sitemap = PublicSite::new(single, FakeClock::default()).sitemap().await.unwrap();
    assert!(sitemap.posts[0].translations.is_empty());
}

#[tokio::test]
async fn a_project_is_found_by_its_address_in_each_language_and_names_only_where_it_is_translated() {
    let store = InMemoryStore::default();
    set_languages(&store, languages());
    let site = PublicSite::new(store.clone(), FakeClock::default());
    let shop = super::project(&store, "Shop", "published").await;
    let id = shop.id.to_string();
    let write = LanguageWrite {
        lang: "de".into(),
        input: TranslationInput {
            fields: Some(BTreeMap::from([("title".to_owned(), "Laden".to_owned())])),
            slug: Some("laden".into()),
            publication: None,
            publish_at: None,
        },
        version: None,
    };
    Translations::new(store.clone(), FakeClock::default()).put(TranslationKind::Project, &id, write).await.unwrap();
    let languages = languages();
    let named = |found: &crate::translations::public::InLanguage<Project>| -> Vec<(String, Option<String>)> {
        let list = found.translations.clone().unwrap();
        list.into_iter().map(|(lang, slug)| (lang.to_string(), slug.map(|slug| slug.to_string()))).collect()
    };

    let german = site.project_in("laden", &languages, &tag("de")).await.unwrap().unwrap();
    assert_eq!((german.record.title.as_str(), german.language.as_str()), ("Laden", "de"));
    let expected = vec![("en".to_owned(), Some(shop.slug.to_string())), ("de".to_owned(), Some("laden".to_owned()))];
    assert_eq!(named(&german), expected, "not French, where it has no translation");
    let by_default_slug = site.project_in(shop.slug.as_str(), &languages, &tag("de")).await.unwrap().unwrap();
    assert_eq!(by_default_slug.record.title, "Laden");
    let by_id = site.project_in(&id, &languages, &tag("de")).await.unwrap().unwrap();
    assert_eq!(by_id.record.title, "Laden");
    let english = site.project_in(shop.slug.as_str(), &languages, &tag("en")).await.unwrap().unwrap();
    assert_eq!((english.record.title.as_str(), english.language.as_str()), ("Shop", "en"));
    assert_eq!(named(&english), expected, "the default language's page names its translations too");
    assert!(site.project_in("laden", &languages, &tag("en")).await.unwrap().is_none(), "a German slug only in German");
    let french = site.project_in(shop.slug.as_str(), &languages, &tag("fr")).await.unwrap().unwrap();
    assert_eq!((french.record.title.as_str(), french.language.as_str()), ("Shop", "en"));
    let draft = super::project(&store, "Draft", "draft").await;
    assert!(site.project_in(draft.slug.as_str(), &languages, &tag("de")).await.unwrap().is_none());
}
