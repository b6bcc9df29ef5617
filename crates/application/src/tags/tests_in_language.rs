//! The tags read in the site's languages, against the fakes: each laid over with its translation
//! and listed by its name as the language sorts it.

use atelier_domain::language::{LanguageTag, Languages, SiteLanguageInput};
use atelier_domain::post::PostInput;
use atelier_domain::tag::TagInput;
use atelier_domain::translation::{TranslationInput, TranslationKind};

use super::{TagCatalog, TagView};
use crate::blog::BlogCatalog;
use crate::fake::{FakeClock, InMemoryStore};
use crate::translations::fake::set_languages;
use crate::translations::public::{InLanguage, ReadLanguage};
use crate::translations::{LanguageWrite, Translations};

struct World {
    tags: TagCatalog<InMemoryStore, FakeClock>,
    translations: Translations<InMemoryStore, FakeClock>,
    blog: BlogCatalog<InMemoryStore, FakeClock>,
    languages: Languages,
}

fn world(untranslated: &str) -> World {
    let store = InMemoryStore::default();
    let input = |tag: &str| SiteLanguageInput { tag: Some(tag.into()), name: Some(tag.into()), direction: None };
    let languages = Languages::parse(&[input("en"), input("de"), input("sv")], Some(untranslated)).unwrap();
    set_languages(&store, languages.clone());
    let clock = FakeClock::default();
    World {
        tags: TagCatalog::new(store.clone(), clock.clone()),
        translations: Translations::new(store.clone(), clock.clone()),
        blog: BlogCatalog::new(store, clock),
        languages,
    }
}

impl World {
    fn read(&self, lang: &str) -> ReadLanguage {
        ReadLanguage { languages: self.languages.clone(), lang: LanguageTag::parse(lang).unwrap() }
    }

    /// A blog tag named `name`, with its name in each of `translated` (language, name).
    async fn tag(&self, name: &str, translated: &[(&str, &str)]) -> String {
        let input = TagInput { name: Some(name.into()), ..TagInput::default() };
        let id = self.tags.create(input).await.unwrap().tag.id.to_string();
        for (lang, text) in translated {
            let fields = [("name".to_owned(), (*text).to_owned())].into();
            let input = TranslationInput { fields: Some(fields), ..TranslationInput::default() };
            let write = LanguageWrite { lang: (*lang).into(), input, version: None };
            self.translations.put(TranslationKind::Tag, &id, write).await.unwrap();
        }
        id
    }

    /// A post using the tags `ids`.
    async fn post(&self, ids: &[&String]) {
        let tags = Some(ids.iter().map(|id| (*id).clone()).collect());
        let input = PostInput { title: Some("Post".into()), tags, ..PostInput::default() };
        self.blog.create(input).await.unwrap();
    }

    async fn names_in(&self, lang: &str) -> Vec<String> {
        names(&self.tags.list_in(None, &self.read(lang)).await.unwrap())
    }
}

fn names(tags: &[InLanguage<TagView>]) -> Vec<String> {
    tags.iter().map(|item| item.record.tag.name.clone()).collect()
}

#[tokio::test]
async fn tags_in_german_follow_their_german_names_as_german_dictionaries_sort_them() {
    let world = world("fallback");
    world.tag("Zebra", &[("de", "Zebra")]).await;
    world.tag("Apples", &[("de", "Äpfel")]).await;
    world.tag("Apple tree", &[("de", "Apfelbaum")]).await;
    world.tag("Apple", &[("de", "Apfel")]).await;
    world.tag("Street", &[("de", "Straße")]).await;
    world.tag("Roads", &[("de", "Strasse")]).await;
    world.tag("Sugar", &[("de", "Zucker")]).await;
    world.tag("Beer", &[]).await;

    assert_eq!(
        world.names_in("de").await,
        ["Apfel", "Äpfel", "Apfelbaum", "Beer", "Strasse", "Straße", "Zebra", "Zucker"],
        "Ä beside A, ß as ss, an untranslated tag by its default name among them"
    );
    let german = world.tags.list_in(None, &world.read("de")).await.unwrap();
    let languages: Vec<&str> = german.iter().map(|item| item.language.as_str()).collect();
    assert_eq!(languages, ["de", "de", "de", "en", "de", "de", "de", "de"]);
}

#[tokio::test]
async fn tags_in_swedish_list_a_ring_a_umlaut_and_o_umlaut_after_z() {
    let world = world("fallback");
    world.tag("Island", &[("sv", "Ö"), ("de", "Insel")]).await;
    world.tag("Apple", &[("sv", "Äpple"), ("de", "Apfel")]).await;
    world.tag("River", &[("sv", "Å"), ("de", "Fluss")]).await;
    world.tag("Zebra", &[("sv", "Zebra"), ("de", "Zebra")]).await;
    world.tag("Ant", &[("sv", "Myra"), ("de", "Ameise")]).await;

    assert_eq!(world.names_in("sv").await, ["Myra", "Zebra", "Å", "Äpple", "Ö"]);
    assert_eq!(world.names_in("de").await, ["Ameise", "Apfel", "Fluss", "Insel", "Zebra"]);
}

#[tokio::test]
async fn tags_whose_names_differ_only_in_case_or_not_at_all_keep_one_order_on_every_read() {
    let world = world("fallback");
    let bench = world.tag("Bench", &[("de", "Bank")]).await;
    let bank = world.tag("Bank", &[("de", "Bank")]).await;
    world.tag("Riverbank", &[("de", "bank")]).await;
    world.tag("Mountain", &[("de", "Berg")]).await;

    let first = world.tags.list_in(None, &world.read("de")).await.unwrap();
    assert_eq!(names(&first), ["bank", "Bank", "Bank", "Berg"], "lowercase before its capital");
    let (a, b) = (first[1].record.tag.id.to_string(), first[2].record.tag.id.to_string());
    assert_eq!([a.clone(), b.clone()], if bench < bank { [bench, bank] } else { [bank, bench] }, "ties by id");
    for _ in 0..3 {
        let again = world.tags.list_in(None, &world.read("de")).await.unwrap();
        assert_eq!(again, first);
    }
}

#[tokio::test]
async fn the_default_language_keeps_the_stored_order_byte_for_byte() {
    let world = world("fallback");
    world.tag("Zebra", &[("de", "Zebra")]).await;
    world.tag("Äpfel", &[]).await;
    world.tag("apfel", &[]).await;

    let stored: Vec<String> = world.tags.list(None).await.unwrap().into_iter().map(|view| view.tag.name).collect();
    assert_eq!(stored, ["Zebra", "apfel", "Äpfel"]);
    assert_eq!(world.names_in("en").await, stored);
    let english = world.tags.list_in(None, &world.read("en")).await.unwrap();
    assert!(english.iter().all(|item| item.translations.is_none() && item.language.as_str() == "en"));
    assert_eq!(world.names_in("de").await, ["apfel", "Äpfel", "Zebra"]);
}

#[tokio::test]
async fn popular_tags_in_a_language_rank_by_use_then_by_their_names_there() {
    let world = world("fallback");
    let zebra = world.tag("Zebra", &[("de", "Zebra")]).await;
    let apples = world.tag("Apples", &[("de", "Äpfel")]).await;
    let sugar = world.tag("Sugar", &[("de", "Zucker")]).await;
    let beer = world.tag("Beer", &[]).await;
    world.post(&[&zebra, &apples, &sugar]).await;
    world.post(&[&zebra]).await;
    world.post(&[&beer, &apples, &sugar]).await;

    let popular = world.tags.popular_in(None, None, &world.read("de")).await.unwrap();
    assert_eq!(names(&popular), ["Äpfel", "Zebra", "Zucker", "Beer"]);
    assert_eq!(popular.iter().map(|item| item.record.count).collect::<Vec<_>>(), [2, 2, 2, 1]);
    let english = world.tags.popular_in(None, None, &world.read("en")).await.unwrap();
    assert_eq!(names(&english), ["Apples", "Sugar", "Zebra", "Beer"], "the default language's own order");
}

#[tokio::test]
async fn a_site_that_hides_untranslated_tags_lists_and_limits_only_translated_ones() {
    let world = world("hide");
    let zebra = world.tag("Zebra", &[("de", "Zebra")]).await;
    let beer = world.tag("Beer", &[]).await;
    world.tag("Apples", &[("de", "Äpfel")]).await;
    world.post(&[&beer, &zebra]).await;
    world.post(&[&beer]).await;

    assert_eq!(world.names_in("de").await, ["Äpfel", "Zebra"]);
    let blog = world.tags.blog_tags_in(&world.read("de")).await.unwrap();
    assert_eq!(names(&blog), ["Äpfel", "Zebra"]);
    let popular = world.tags.popular_in(None, Some(2), &world.read("de")).await.unwrap();
    assert_eq!(names(&popular), ["Zebra", "Äpfel"], "the untranslated tag is left out before the limit");
    assert_eq!(world.names_in("en").await, ["Apples", "Beer", "Zebra"]);
}
