//! The translations use cases, and the blog read in the site's languages, against the fakes.

use std::collections::BTreeMap;

use atelier_domain::language::{Languages, SiteLanguageInput};
use atelier_domain::post::PostInput;
use atelier_domain::translation::{Publication, TranslationInput};

use super::fake::set_languages;
use super::*;
use crate::audit::{AuditContext, AuditEntry, scope};
use crate::blog::{BlogCatalog, PostQuery, PostWriteError};
use crate::fake::{FakeClock, InMemoryStore, author};
use atelier_domain::EntityId;

fn languages(untranslated: &str) -> Languages {
    let input = |tag: &str| SiteLanguageInput { tag: Some(tag.into()), name: Some(tag.into()), direction: None };
    Languages::parse(&[input("en"), input("de"), input("fr")], Some(untranslated)).unwrap()
}

struct World {
    store: InMemoryStore,
    blog: BlogCatalog<InMemoryStore, FakeClock>,
    translations: Translations<InMemoryStore, FakeClock>,
}

fn world(untranslated: &str) -> World {
    let store = InMemoryStore::default();
    set_languages(&store, languages(untranslated));
    World {
        blog: BlogCatalog::new(store.clone(), FakeClock::default()),
        translations: Translations::new(store.clone(), FakeClock::default()),
        store,
    }
}

async fn post(world: &World, title: &str, slug: &str) -> String {
    let input = PostInput {
        title: Some(title.into()),
        slug: Some(slug.into()),
        status: Some("published".into()),
        content: Some(atelier_domain::post::ContentInput::Markdown(format!("{title} body"))),
        ..PostInput::default()
    };
    world.blog.create(input).await.unwrap().post.id.to_string()
}

fn write(lang: &str, title: &str, slug: Option<&str>, version: Option<i64>) -> LanguageWrite {
    let fields = BTreeMap::from([("title".to_owned(), title.to_owned())]);
    LanguageWrite {
        lang: lang.into(),
        input: TranslationInput {
            fields: Some(fields),
            slug: slug.map(str::to_owned),
            publication: Some("published".into()),
            publish_at: None,
        },
        version,
    }
}

#[tokio::test]
async fn every_other_language_is_listed_with_its_freshness() {
    let world = world("fallback");
    let id = post(&world, "Hello", "hello").await;
    let all = world.translations.all(TranslationKind::Post, &id).await.unwrap();
    let listed: Vec<(&str, Freshness)> = all.iter().map(|view| (view.lang.as_str(), view.freshness)).collect();
    assert_eq!(listed, [("de", Freshness::Missing), ("fr", Freshness::Missing)]);

    let saved =
        world.translations.put(TranslationKind::Post, &id, write("DE", "Hallo", Some("hallo"), None)).await.unwrap();
    assert_eq!((saved.lang.as_str(), saved.freshness), ("de", Freshness::UpToDate));
    assert_eq!(saved.translation.as_ref().unwrap().meta.version, 1);
    let one = world.translations.one(TranslationKind::Post, &id, "de").await.unwrap();
    assert_eq!(one.translation.unwrap().fields["title"], "Hallo");

    let change =
        PostInput { content: Some(atelier_domain::post::ContentInput::Markdown("New".into())), ..PostInput::default() };
    world.blog.update(&id, change, &author()).await.unwrap();
    let all = world.translations.all(TranslationKind::Post, &id).await.unwrap();
    assert_eq!(all[0].freshness, Freshness::Outdated, "the default language moved on");
}

#[tokio::test]
async fn an_update_needs_the_current_version_and_a_stale_one_answers_the_current_translation() {
    let world = world("fallback");
    let id = post(&world, "Hello", "hello").await;
    world.translations.put(TranslationKind::Post, &id, write("de", "Hallo", None, None)).await.unwrap();

    let missing = world.translations.put(TranslationKind::Post, &id, write("de", "Servus", None, None)).await;
    assert!(matches!(missing, Err(TranslationError::VersionRequired(_))));
    let updated =
        world.translations.put(TranslationKind::Post, &id, write("de", "Servus", None, Some(1))).await.unwrap();
    assert_eq!(updated.translation.as_ref().unwrap().meta.version, 2);
    match world.translations.put(TranslationKind::Post, &id, write("de", "Moin", None, Some(1))).await {
        Err(TranslationError::Stale { lang, current }) => {
            assert_eq!(lang.as_str(), "de");
            assert_eq!(current.as_ref().as_ref().unwrap().fields["title"], "Servus");
        }
        other => panic!("expected a stale write, got {other:?}"),
    }
    let deleted_meanwhile =
        world.translations.put(TranslationKind::Post, &id, write("fr", "Salut", None, Some(4))).await;
    assert!(matches!(deleted_meanwhile, Err(TranslationError::Stale { .. })));
}

#[tokio::test]
async fn several_languages_are_written_together_or_not_at_all() {
    let world = world("fallback");
    let id = post(&world, "Hello", "hello").await;
    world.translations.put(TranslationKind::Post, &id, write("de", "Hallo", None, None)).await.unwrap();
    let stale = vec![write("fr", "Salut", None, None), write("de", "Moin", None, Some(7))];
    assert!(matches!(
        world.translations.put_many(TranslationKind::Post, &id, stale).await,
        Err(TranslationError::Stale { .. })
    ));
    assert!(world.translations.one(TranslationKind::Post, &id, "fr").await.is_err(), "nothing was written");

    let both = vec![write("fr", "Salut", None, None), write("de", "Moin", None, Some(1))];
    let saved = world.translations.put_many(TranslationKind::Post, &id, both).await.unwrap();
    assert_eq!(saved.len(), 2);

    let bad = vec![write("fr", &"x".repeat(500), None, Some(1)), write("xx", "?", None, None)];
    let Err(TranslationError::Invalid(errors)) = world.translations.put_many(TranslationKind::Post, &id, bad).await
    else {
        panic!("expected field errors")
    };
    assert!(errors.get("translations.fr.fields.title").is_some());
    assert!(errors.get("translations.xx").is_some());
}

#[tokio::test]
async fn a_language_must_be_one_of_the_sites_others_and_a_record_must_exist() {
    let world = world("fallback");
    let id = post(&world, "Hello", "hello").await;
    for lang in ["en", "it", "", "de\0"] {
        let result = world.translations.put(TranslationKind::Post, &id, write(lang, "x", None, None)).await;
        assert!(matches!(result, Err(TranslationError::UnknownLanguage(_))), "{lang:?}");
    }
    let unknown = EntityId::generate(chrono::Utc::now()).to_string();
    assert!(matches!(
        world.translations.all(TranslationKind::Post, &unknown).await,
        Err(TranslationError::NotFound(_))
    ));
    assert!(matches!(world.translations.all(TranslationKind::Post, "hello").await, Err(TranslationError::NotFound(_))));
    assert!(matches!(world.translations.all(TranslationKind::Faq, &id).await, Err(TranslationError::NotFound(_))));
    assert!(matches!(
        world.translations.one(TranslationKind::Post, &id, "de").await,
        Err(TranslationError::NotFound(_))
    ));
}

#[tokio::test]
async fn translated_slugs_never_name_two_posts_in_one_language() {
    let world = world("fallback");
    let hello = post(&world, "Hello", "hello").await;
    let other = post(&world, "Other", "other").await;
    let own = world.translations.put(TranslationKind::Post, &hello, write("de", "Hallo", Some("hello"), None)).await;
    assert!(own.is_ok(), "a post may keep its own default slug");
    let default_of_another =
        world.translations.put(TranslationKind::Post, &other, write("de", "x", Some("hello"), None)).await;
    assert!(matches!(default_of_another, Err(TranslationError::DuplicateSlug { .. })));
    world.translations.put(TranslationKind::Post, &hello, write("fr", "Salut", Some("salut"), None)).await.unwrap();
    let same_language =
        world.translations.put(TranslationKind::Post, &other, write("fr", "x", Some("salut"), None)).await;
    assert!(matches!(same_language, Err(TranslationError::DuplicateSlug { .. })));
    assert!(world.translations.put(TranslationKind::Post, &other, write("de", "x", Some("salut"), None)).await.is_ok());

    // A default slug must differ from every other post's translated slugs.
    let taken = PostInput { title: Some("Salut".into()), slug: Some("salut".into()), ..PostInput::default() };
    assert!(matches!(world.blog.create(taken).await, Err(PostWriteError::DuplicateSlug)));
    let generated = PostInput { title: Some("Salut".into()), ..PostInput::default() };
    assert_eq!(world.blog.create(generated).await.unwrap().post.slug.as_str(), "salut-2");
    let moved = PostInput { slug: Some("salut".into()), ..PostInput::default() };
    assert!(matches!(world.blog.update(&other, moved, &author()).await, Err(PostWriteError::DuplicateSlug)));
    world.translations.delete(TranslationKind::Post, &other, "de").await.unwrap();
    let own_translation = PostInput { slug: Some("salut".into()), ..PostInput::default() };
    assert!(world.blog.update(&hello, own_translation, &author()).await.is_ok(), "its own translated slug");
}

#[tokio::test]
async fn deleting_a_translation_or_its_post_removes_it() {
    let world = world("fallback");
    let id = post(&world, "Hello", "hello").await;
    world.translations.put(TranslationKind::Post, &id, write("de", "Hallo", None, None)).await.unwrap();
    world.translations.put(TranslationKind::Post, &id, write("fr", "Salut", None, None)).await.unwrap();
    world.translations.delete(TranslationKind::Post, &id, "de").await.unwrap();
    assert!(matches!(
        world.translations.delete(TranslationKind::Post, &id, "de").await,
        Err(TranslationError::NotFound(_))
    ));
    world.blog.delete(&id).await.unwrap();
    assert!(world.store.with(|tables| tables.rows::<Translation>().is_empty()));
}

#[tokio::test]
async fn each_write_is_audited_once() {
    let world = world("fallback");
    let id = post(&world, "Hello", "hello").await;
    let context = AuditContext {
        actor: None,
        request_id: "req".into(),
        client_address: None,
        operation: "PUT /translations/{kind}/{id}/{lang}".into(),
        action: "update".into(),
        entity_kind: "translations".into(),
        entity_id: Some(id.clone()),
        fields: vec!["fields".into()],
        version: None,
    };
    let both = vec![write("de", "Hallo", None, None), write("fr", "Salut", None, None)];
    scope(context.clone(), world.translations.put_many(TranslationKind::Post, &id, both)).await.unwrap();
    scope(context, world.translations.delete(TranslationKind::Post, &id, "fr")).await.unwrap();
    let entries = world.store.with(|tables| tables.rows::<AuditEntry>().to_vec());
    assert_eq!(entries.len(), 2);
    assert_eq!(entries[0].entity_title.as_deref(), Some("Hallo (de)"));
}

#[tokio::test]
async fn the_public_blog_reads_a_language_with_its_translations_laid_over() {
    let world = world("fallback");
    let hello = post(&world, "Hello", "hello").await;
    post(&world, "Other", "other").await;
    world.translations.put(TranslationKind::Post, &hello, write("de", "Hallo", Some("hallo"), None)).await.unwrap();
    let mut draft = write("fr", "Salut", Some("salut"), None);
    draft.input.publication = Some("draft".into());
    world.translations.put(TranslationKind::Post, &hello, draft).await.unwrap();

    assert!(world.blog.read_language(None).await.unwrap().unwrap().is_none(), "no lang: read as ever");
    assert!(world.blog.read_language(Some("it")).await.unwrap().is_err());
    let german = world.blog.read_language(Some("DE")).await.unwrap().unwrap().unwrap();
    let page = world.blog.list_public_in_language(PostQuery::default(), &german).await.unwrap();
    let read: Vec<(&str, &str)> =
        page.items.iter().map(|item| (item.view.post.title.as_str(), item.language.as_str())).collect();
    assert_eq!(read, [("Other", "en"), ("Hallo", "de")]);
    let links = page.items[1].translations.as_ref().unwrap();
    let links: Vec<(&str, &str)> = links.iter().map(|(lang, slug)| (lang.as_str(), slug.as_str())).collect();
    assert_eq!(links, [("en", "hello"), ("de", "hallo")], "a draft translation is not offered");

    let by_slug = world.blog.get_by_slug_in_language("hallo", &german).await.unwrap();
    assert_eq!((by_slug.view.post.title.as_str(), by_slug.view.post.slug.as_str()), ("Hallo", "hallo"));
    assert_eq!(world.blog.get_by_slug_in_language("hello", &german).await.unwrap().language.as_str(), "de");
    let french = world.blog.read_language(Some("fr")).await.unwrap().unwrap().unwrap();
    assert!(world.blog.get_by_slug_in_language("salut", &french).await.is_err(), "a draft's address is not live");
    let fallback = world.blog.get_by_slug_in_language("hello", &french).await.unwrap();
    assert_eq!((fallback.view.post.title.as_str(), fallback.language.as_str()), ("Hello", "en"));

    let english = world.blog.read_language(Some("en")).await.unwrap().unwrap().unwrap();
    let page = world.blog.list_public_in_language(PostQuery::default(), &english).await.unwrap();
    assert!(page.items.iter().all(|item| item.translations.is_none() && item.language.as_str() == "en"));
    assert_eq!(world.blog.featured_in_language(None, &german).await.unwrap().len(), 2);
}

#[tokio::test]
async fn a_site_that_hides_untranslated_posts_leaves_them_out_of_its_lists_only() {
    let world = world("hide");
    let hello = post(&world, "Hello", "hello").await;
    post(&world, "Other", "other").await;
    world.translations.put(TranslationKind::Post, &hello, write("de", "Hallo", None, None)).await.unwrap();
    let german = world.blog.read_language(Some("de")).await.unwrap().unwrap().unwrap();
    let page = world.blog.list_public_in_language(PostQuery::default(), &german).await.unwrap();
    assert_eq!(page.items.len(), 1);
    assert_eq!((page.items[0].view.post.title.as_str(), page.total_items), ("Hallo", 1));
    let own_page = world.blog.get_by_slug_in_language("other", &german).await.unwrap();
    assert_eq!(own_page.language.as_str(), "en", "its own page falls back");
    let _ = Publication::Draft;
}

fn titles(page: &atelier_domain::Page<crate::blog::PostView>) -> Vec<&str> {
    page.items.iter().map(|view| view.post.title.as_str()).collect()
}

async fn filtered(world: &World, missing_in: Option<&str>, outdated_in: Option<&str>) -> Vec<String> {
    let translation = world.blog.translation_filter(missing_in, outdated_in).await.unwrap().unwrap();
    let query = PostQuery { translation, ..PostQuery::default() };
    let page = world.blog.list(crate::access::Audience::Admin, query).await.unwrap();
    titles(&page).into_iter().map(str::to_owned).collect()
}

#[tokio::test]
async fn the_back_office_list_filters_the_posts_missing_or_outdated_in_a_language() {
    let world = world("fallback");
    let first = post(&world, "First", "first").await;
    post(&world, "Second", "second").await;
    world.translations.put(TranslationKind::Post, &first, write("de", "Erster", None, None)).await.unwrap();
    assert_eq!(filtered(&world, Some("de"), None).await, ["Second"]);
    assert_eq!(filtered(&world, Some("FR"), None).await, ["Second", "First"], "any case; newest first");
    assert!(filtered(&world, None, Some("de")).await.is_empty());

    let title = PostInput { title: Some("First, retitled".into()), ..PostInput::default() };
    world.blog.update(&first, title, &author()).await.unwrap();
    assert_eq!(filtered(&world, None, Some("de")).await, ["First, retitled"], "the default language moved on");
    assert!(filtered(&world, None, Some("fr")).await.is_empty(), "no French translation to be outdated");
    world.translations.put(TranslationKind::Post, &first, write("de", "Erster", None, Some(1))).await.unwrap();
    assert!(filtered(&world, None, Some("de")).await.is_empty(), "saving it again brings it up to date");

    for (missing_in, outdated_in, names) in [
        (Some("en"), None, "missingIn"),
        (Some("es"), None, "missingIn"),
        (None, Some("de\0"), "outdatedIn"),
        (None, Some(""), "outdatedIn"),
        (Some("de"), Some("fr"), "not both"),
    ] {
        let refused = world.blog.translation_filter(missing_in, outdated_in).await.unwrap();
        assert!(
            refused.as_ref().is_err_and(|message| message.contains(names)),
            "{missing_in:?} {outdated_in:?}: {refused:?}"
        );
    }
}

#[tokio::test]
async fn a_view_at_a_translated_address_counts_for_the_same_post() {
    let world = world("fallback");
    let id = post(&world, "Hello", "hello").await;
    world.translations.put(TranslationKind::Post, &id, write("de", "Hallo", Some("hallo"), None)).await.unwrap();
    let read = |lang: &str| {
        let lang = lang.to_owned();
        let blog = world.blog.clone();
        async move { blog.read_language(Some(&lang)).await.unwrap().unwrap().unwrap() }
    };
    let visitor = |address: &str| {
        let salt = atelier_domain::visitor::VisitorSalt::from_hex(&"ab".repeat(32)).unwrap();
        atelier_domain::visitor::Visitor::identify(&salt, address, "Firefox")
    };
    let de = read("de").await;
    assert_eq!(world.blog.record_view_in_language("hallo", &de, &visitor("a")).await.unwrap(), 1);
    assert_eq!(world.blog.record_view_in_language("hallo", &de, &visitor("a")).await.unwrap(), 1, "once an hour");
    assert_eq!(world.blog.record_view("hello", &visitor("b")).await.unwrap(), 2, "the same post");
    assert_eq!(world.blog.record_view_in_language("hello", &de, &visitor("c")).await.unwrap(), 3, "its default slug");
    let fr = read("fr").await;
    assert!(world.blog.record_view_in_language("hallo", &fr, &visitor("d")).await.is_err(), "not its French address");

    let mut draft = write("fr", "Salut", Some("salut"), None);
    draft.input.publication = Some("draft".into());
    world.translations.put(TranslationKind::Post, &id, draft).await.unwrap();
    assert!(world.blog.record_view_in_language("salut", &fr, &visitor("d")).await.is_err(), "a draft's slug");
    assert!(world.blog.record_view_in_language("Not A Slug", &de, &visitor("d")).await.is_err());
}

/// A German translation published for later goes live at its time, in the public read and in one
/// `post.translation.published` delivery however many instances' dispatchers look for it.
#[tokio::test]
async fn a_translation_scheduled_in_its_language_goes_live_and_is_announced_once_at_its_time() {
    use std::sync::Arc;

    use atelier_domain::webhook::WebhookInput;
    use chrono::{Duration, Utc};

    use crate::fake::FakeSealer;
    use crate::ports::SecretSealer;
    use crate::webhooks::fake::FakeSender;
    use crate::webhooks::{WebhookDispatch, Webhooks};

    let store = InMemoryStore::default();
    set_languages(&store, languages("fallback"));
    // The store decides events by the wall clock, as the database adapter does.
    let clock = FakeClock::at(Utc::now());
    let world = World {
        blog: BlogCatalog::new(store.clone(), clock.clone()),
        translations: Translations::new(store.clone(), clock.clone()),
        store: store.clone(),
    };
    let sealer: Arc<dyn SecretSealer> = Arc::new(FakeSealer);
    let sender = FakeSender::default();
    let webhooks = Webhooks::new(store.clone(), sealer.clone(), clock.clone());
    let events = WebhookInput {
        url: Some("https://hooks.example/in".into()),
        description: None,
        events: Some(vec!["post.translation.published".into()]),
        active: None,
    };
    webhooks.create(events).await.unwrap();
    let instances = [
        WebhookDispatch::new(store.clone(), sender.clone(), sealer.clone(), clock.clone()),
        WebhookDispatch::new(store.clone(), sender.clone(), sealer, clock.clone()),
    ];

    let id = post(&world, "Hello", "hello").await;
    let at = Utc::now() + Duration::hours(2);
    let mut scheduled = write("de", "Hallo", Some("hallo"), None);
    scheduled.input.publish_at = Some(at.to_rfc3339());
    world.translations.put(TranslationKind::Post, &id, scheduled).await.unwrap();
    // Another language's write, before the time, leaves German's waiting announcement alone (and is
    // announced at once: it is published now).
    world.translations.put(TranslationKind::Post, &id, write("fr", "Salut", Some("salut"), None)).await.unwrap();
    clock.set(Utc::now());

    let german = world.blog.read_language(Some("de")).await.unwrap().unwrap().unwrap();
    assert!(world.blog.get_by_slug_in_language("hallo", &german).await.is_err(), "not an address before its time");
    let before = world.blog.get_by_slug_in_language("hello", &german).await.unwrap();
    assert_eq!((before.view.post.title.as_str(), before.language.as_str()), ("Hello", "en"));
    let (first, second) = tokio::join!(instances[0].deliver_due(), instances[1].deliver_due());
    assert_eq!(first.unwrap().delivered + second.unwrap().delivered, 1, "French only: German waits for its time");
    let lang = |index: usize| {
        let body: serde_json::Value = serde_json::from_str(&sender.received()[index].body).unwrap();
        assert_eq!(body["type"], "post.translation.published", "{body}");
        (body["data"]["lang"].as_str().map(str::to_owned), body["data"]["title"].as_str().map(str::to_owned))
    };
    assert_eq!(lang(0), (Some("fr".into()), Some("Salut".into())));

    clock.set(at);
    let live = world.blog.get_by_slug_in_language("hallo", &german).await.unwrap();
    assert_eq!((live.view.post.title.as_str(), live.language.as_str()), ("Hallo", "de"));
    let page = world.blog.list_public_in_language(PostQuery::default(), &german).await.unwrap();
    assert_eq!(page.items[0].view.post.title, "Hallo");
    let (first, second) = tokio::join!(instances[0].deliver_due(), instances[1].deliver_due());
    assert_eq!(first.unwrap().delivered + second.unwrap().delivered, 1, "one instance sends it");
    clock.advance(Duration::minutes(5));
    let (first, second) = tokio::join!(instances[0].deliver_due(), instances[1].deliver_due());
    assert_eq!(first.unwrap().delivered + second.unwrap().delivered, 0, "and only once");
    assert_eq!(sender.received().len(), 2);
    assert_eq!(lang(1), (Some("de".into()), Some("Hallo".into())));
}
