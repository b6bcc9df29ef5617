//! Every kind other than posts against the fakes: each record read as its source, the slug rules
//! of projects, categories and tags, deleting a record deleting its translations, and the public
//! reads' overlay, fallback and `hide`.

use atelier_domain::category::CategoryInput;
use atelier_domain::content::ContentPageInput;
use atelier_domain::faq::FaqInput;
use atelier_domain::language::{Languages, SiteLanguageInput};
use atelier_domain::portfolio::ProjectInput;
use atelier_domain::service::ServiceInput;
use atelier_domain::tag::TagInput;
use atelier_domain::team::TeamMemberInput;
use atelier_domain::testimonial::TestimonialInput;
use atelier_domain::translation::{Translation, TranslationInput};

use super::fake::set_languages;
use super::*;
use crate::access::Audience;
use crate::categories::{CategoryCatalog, CategoryWriteError};
use crate::content::Content;
use crate::fake::{FakeClock, InMemoryStore, author};
use crate::faqs::Faqs;
use crate::portfolio::{Portfolio, ProjectQuery, ProjectWriteError};
use crate::services::{ServiceCatalog, ServiceQuery};
use crate::tags::TagCatalog;
use crate::team::Team;
use crate::testimonials::Testimonials;

struct World {
    store: InMemoryStore,
    translations: Translations<InMemoryStore, FakeClock>,
    portfolio: Portfolio<InMemoryStore, FakeClock>,
    services: ServiceCatalog<InMemoryStore, FakeClock>,
    categories: CategoryCatalog<InMemoryStore, FakeClock>,
    tags: TagCatalog<InMemoryStore, FakeClock>,
}

fn world(untranslated: &str) -> World {
    let store = InMemoryStore::default();
    let input = |tag: &str| SiteLanguageInput { tag: Some(tag.into()), name: Some(tag.into()), direction: None };
    set_languages(&store, Languages::parse(&[input("en"), input("de"), input("fr")], Some(untranslated)).unwrap());
    let clock = FakeClock::default();
    World {
        translations: Translations::new(store.clone(), clock.clone()),
        portfolio: Portfolio::new(store.clone(), clock.clone()),
        services: ServiceCatalog::new(store.clone(), clock.clone()),
        categories: CategoryCatalog::new(store.clone(), clock.clone()),
        tags: TagCatalog::new(store.clone(), clock),
        store,
    }
}

fn write(lang: &str, fields: &[(&str, &str)], slug: Option<&str>) -> LanguageWrite {
    LanguageWrite {
        lang: lang.into(),
        input: TranslationInput {
            fields: Some(fields.iter().map(|(name, text)| ((*name).to_owned(), (*text).to_owned())).collect()),
            slug: slug.map(str::to_owned),
            ..TranslationInput::default()
        },
        version: None,
    }
}

async fn project(world: &World, title: &str, slug: Option<&str>) -> String {
    let input = ProjectInput {
        title: Some(title.into()),
        slug: slug.map(str::to_owned),
        client: Some("Acme".into()),
        completed_at: Some("2025-01-01".into()),
        status: Some("published".into()),
        ..ProjectInput::default()
    };
    world.portfolio.create(input).await.unwrap().id.to_string()
}

async fn service(world: &World, title: &str) -> String {
    let input = ServiceInput { title: Some(title.into()), status: Some("active".into()), ..ServiceInput::default() };
    world.services.create(input).await.unwrap().id.to_string()
}

/// One record of every kind but posts, each with its key and the first field it translates.
async fn one_of_each(world: &World) -> Vec<(TranslationKind, String)> {
    let store = &world.store;
    let clock = FakeClock::default;
    let faq = FaqInput { question: Some("Why?".into()), answer: Some("Yes.".into()), ..FaqInput::default() };
    let testimonial = TestimonialInput {
        name: Some("Ada".into()),
        company: Some("Acme".into()),
        content: Some("Great".into()),
        rating: Some(5.0),
        status: Some("approved".into()),
        featured: None,
    };
    let member = TeamMemberInput {
        name: Some("Ada".into()),
        position: Some("Engineer".into()),
        email: Some("ada@atelier.example".into()),
        ..TeamMemberInput::default()
    };
    let category =
        CategoryInput { display_name: Some("Web".into()), slug: Some("web".into()), ..CategoryInput::default() };
    let tag = TagInput { name: Some("Rust".into()), ..TagInput::default() };
    let page = ContentPageInput { title: Some("About".into()), ..ContentPageInput::default() };
    Content::new(store.clone(), clock()).save("about", page, &author()).await.unwrap();
    vec![
        (TranslationKind::Project, project(world, "Shop", None).await),
        (TranslationKind::Service, service(world, "Design").await),
        (TranslationKind::Faq, Faqs::new(store.clone(), clock()).create(faq).await.unwrap().id.to_string()),
        (
            TranslationKind::Testimonial,
            Testimonials::new(store.clone(), clock()).create(testimonial).await.unwrap().id.to_string(),
        ),
        (TranslationKind::TeamMember, Team::new(store.clone(), clock()).create(member).await.unwrap().id.to_string()),
        (TranslationKind::Category, world.categories.create(category).await.unwrap().category.id.to_string()),
        (TranslationKind::Tag, world.tags.create(tag).await.unwrap().tag.id.to_string()),
        (TranslationKind::Page, "about".to_owned()),
        (TranslationKind::Site, "settings".to_owned()),
    ]
}

#[tokio::test]
async fn every_kind_reads_its_record_and_keeps_translations_against_its_texts() {
    let world = world("fallback");
    for (kind, id) in one_of_each(&world).await {
        let source = world.translations.source(kind, &id).await.unwrap();
        let names: Vec<&str> = source.texts.keys().map(String::as_str).collect();
        let mut expected: Vec<&str> = kind.fields().iter().map(|field| field.name).collect();
        expected.sort_unstable();
        assert_eq!(names, expected, "{kind}");
        assert_eq!(source.default_slug.is_some(), kind.has_slug(), "{kind}");

        let all = world.translations.all(kind, &id).await.unwrap();
        assert!(all.iter().all(|view| view.freshness == Freshness::Missing), "{kind}");
        let field = kind.fields()[0].name;
        let saved = world.translations.put(kind, &id, write("de", &[(field, "Übersetzt")], None)).await.unwrap();
        assert_eq!(saved.freshness, Freshness::UpToDate, "{kind}");
        let translation = saved.translation.unwrap();
        assert!(translation.is_live(chrono::Utc::now()), "{kind}: live when saved");
        let one = world.translations.one(kind, &id, "de").await.unwrap();
        assert_eq!(one.translation.unwrap().fields[field], "Übersetzt", "{kind}");

        let foreign = world.translations.put(kind, &id, write("fr", &[("nope", "x")], None)).await;
        assert!(matches!(foreign, Err(TranslationError::Invalid(_))), "{kind}: a field it does not translate");
        if !kind.has_slug() {
            let slugged = world.translations.put(kind, &id, write("fr", &[(field, "x")], Some("x"))).await;
            assert!(matches!(slugged, Err(TranslationError::Invalid(_))), "{kind}: no address of its own");
        }
    }
    let unknown = atelier_domain::EntityId::generate(chrono::Utc::now()).to_string();
    for kind in [TranslationKind::Project, TranslationKind::Tag] {
        assert!(matches!(world.translations.all(kind, &unknown).await, Err(TranslationError::NotFound(_))));
    }
    assert!(matches!(world.translations.all(TranslationKind::Page, "terms").await, Err(TranslationError::NotFound(_))));
    assert!(matches!(
        world.translations.all(TranslationKind::Site, "elsewhere").await,
        Err(TranslationError::NotFound(_))
    ));
}

#[tokio::test]
async fn the_home_page_and_contact_details_are_translated_text_by_text() {
    use atelier_domain::home_page::{HomePage, HomePageInput, HomeSectionInput};

    let world = world("hide");
    let site = TranslationKind::Site;
    // The home page is translated from its original texts, before it is ever saved.
    let source = world.translations.source(site, "home").await.unwrap();
    assert!(source.texts.contains_key("hero.title") && source.texts.contains_key("footerServices.0"));
    let german = [("hero.title", "Innovative Software"), ("sections.services.heading", "Leistungen")];
    let saved = world.translations.put(site, "home", write("de", &german, None)).await.unwrap();
    assert_eq!(saved.freshness, Freshness::UpToDate);
    let refused = world.translations.put(site, "home", write("fr", &[("hero.links.0.target", "/x")], None)).await;
    let Err(TranslationError::Invalid(errors)) = refused else { panic!("a link's target is the page's own") };
    assert!(errors.get("fields.hero.links.0.target").is_some());

    // Read in German: each translated text, the others the default's; never left out.
    let home = crate::home_page::HomePages::new(world.store.clone(), FakeClock::default());
    let read = world.translations.read_language(Some("de")).await.unwrap().unwrap().unwrap();
    let page: HomePage = home.get().await.unwrap();
    let subtitle = page.hero.subtitle.clone();
    let shown = world.translations.one_in_language(page, &read).await.unwrap();
    assert_eq!(shown.language.as_str(), "de");
    assert_eq!(shown.record.hero.title, "Innovative Software");
    assert_eq!(shown.record.hero.subtitle, subtitle);
    let services = shown.record.sections.iter().find(|section| section.key.as_str() == "services").unwrap();
    assert_eq!(services.heading, "Leistungen");

    // A changed default text outdates it.
    let section = HomeSectionInput {
        key: Some("services".into()),
        subheading: Some("Faster.".into()),
        ..HomeSectionInput::default()
    };
    let input = HomePageInput { sections: Some(vec![section]), ..HomePageInput::default() };
    home.save(input, &author()).await.unwrap();
    let all = world.translations.all(site, "home").await.unwrap();
    assert_eq!(all[0].freshness, Freshness::Outdated);

    // The contact details: none until saved, then their address.
    assert!(matches!(world.translations.all(site, "contact").await, Err(TranslationError::NotFound(_))));
}

#[tokio::test]
async fn a_translation_is_outdated_once_its_records_texts_change() {
    let world = world("fallback");
    let id = service(&world, "Design").await;
    world.translations.put(TranslationKind::Service, &id, write("de", &[("title", "Gestaltung")], None)).await.unwrap();
    let change = ServiceInput { price_display: Some("From 1000".into()), ..ServiceInput::default() };
    world.services.update(&id, change).await.unwrap();
    let all = world.translations.all(TranslationKind::Service, &id).await.unwrap();
    assert_eq!(all[0].freshness, Freshness::Outdated);
    let unrelated = ServiceInput { featured: Some(true), ..ServiceInput::default() };
    world
        .translations
        .put(
            TranslationKind::Service,
            &id,
            LanguageWrite { version: Some(1), ..write("de", &[("title", "Gestaltung")], None) },
        )
        .await
        .unwrap();
    world.services.update(&id, unrelated).await.unwrap();
    let all = world.translations.all(TranslationKind::Service, &id).await.unwrap();
    assert_eq!(all[0].freshness, Freshness::UpToDate, "a field that is not translated changes nothing");
}

#[tokio::test]
async fn project_slugs_never_name_two_projects_in_one_language() {
    let world = world("fallback");
    let shop = project(&world, "Shop", Some("shop")).await;
    let other = project(&world, "Other", Some("other")).await;
    let own = world.translations.put(TranslationKind::Project, &shop, write("de", &[], Some("shop"))).await;
    assert!(own.is_ok(), "its own default slug");
    let default_of_another =
        world.translations.put(TranslationKind::Project, &other, write("de", &[], Some("shop"))).await;
    assert!(matches!(default_of_another, Err(TranslationError::DuplicateSlug { .. })));
    world.translations.put(TranslationKind::Project, &shop, write("fr", &[], Some("boutique"))).await.unwrap();
    let same_language =
        world.translations.put(TranslationKind::Project, &other, write("fr", &[], Some("boutique"))).await;
    assert!(matches!(same_language, Err(TranslationError::DuplicateSlug { .. })));

    // A default slug must differ from every other project's translated slugs.
    let taken = ProjectInput { slug: Some("boutique".into()), ..ProjectInput::default() };
    let renamed = world.portfolio.update(&other, taken.clone(), &author()).await;
    assert!(matches!(renamed, Err(ProjectWriteError::DuplicateSlug { .. })));
    assert!(world.portfolio.update(&shop, taken, &author()).await.is_ok(), "its own translated slug");
    let created = ProjectInput {
        title: Some("Boutique".into()),
        client: Some("Acme".into()),
        completed_at: Some("2025-01-01".into()),
        ..ProjectInput::default()
    };
    assert_eq!(world.portfolio.create(created).await.unwrap().slug.as_str(), "boutique-2");
}

#[tokio::test]
async fn category_and_tag_slugs_follow_the_same_rules() {
    let world = world("fallback");
    let web = CategoryInput { display_name: Some("Web".into()), slug: Some("web".into()), ..CategoryInput::default() };
    let web = world.categories.create(web).await.unwrap().category.id.to_string();
    world.translations.put(TranslationKind::Category, &web, write("de", &[], Some("netz"))).await.unwrap();
    let taken =
        CategoryInput { display_name: Some("Net".into()), slug: Some("netz".into()), ..CategoryInput::default() };
    assert!(matches!(world.categories.create(taken).await, Err(CategoryWriteError::DuplicateSlug)));
    let own = CategoryInput { slug: Some("netz".into()), ..CategoryInput::default() };
    assert!(world.categories.update(&web, own).await.is_ok(), "its own translated slug");

    let rust = world.tags.create(TagInput { name: Some("Rust".into()), ..TagInput::default() }).await.unwrap();
    let rust = rust.tag.id.to_string();
    world.translations.put(TranslationKind::Tag, &rust, write("de", &[], Some("rost"))).await.unwrap();
    let generated = world.tags.create(TagInput { name: Some("Rost".into()), ..TagInput::default() }).await.unwrap();
    assert_eq!(generated.tag.slug.as_str(), "rost-2", "another tag's translated slug is taken");
    let web_tag = TagInput { name: Some("Web".into()), ..TagInput::default() };
    let web_tag = world.tags.create(web_tag).await.unwrap().tag.id.to_string();
    let clash = world.translations.put(TranslationKind::Tag, &web_tag, write("de", &[], Some("rust"))).await;
    assert!(matches!(clash, Err(TranslationError::DuplicateSlug { .. })), "another tag's default slug");
}

#[tokio::test]
async fn deleting_a_record_deletes_its_translations() {
    let world = world("fallback");
    let records = one_of_each(&world).await;
    for (kind, id) in &records {
        let field = kind.fields()[0].name;
        world.translations.put(*kind, id, write("de", &[(field, "x")], None)).await.unwrap();
    }
    let store = &world.store;
    let clock = FakeClock::default;
    for (kind, id) in &records {
        match kind {
            TranslationKind::Project => world.portfolio.delete(id).await.unwrap(),
            TranslationKind::Service => world.services.delete(id).await.unwrap(),
            TranslationKind::Faq => Faqs::new(store.clone(), clock()).delete(id).await.unwrap(),
            TranslationKind::Testimonial => Testimonials::new(store.clone(), clock()).delete(id).await.unwrap(),
            TranslationKind::TeamMember => Team::new(store.clone(), clock()).delete(id).await.unwrap(),
            TranslationKind::Category => world.categories.delete(id).await.unwrap(),
            TranslationKind::Tag => world.tags.delete(id).await.unwrap(),
            TranslationKind::Page => Content::new(store.clone(), clock()).delete(id).await.unwrap(),
            _ => continue,
        }
        let left =
            world.store.with(|tables| tables.rows::<Translation>().iter().filter(|row| row.kind == *kind).count());
        assert_eq!(left, 0, "{kind}");
    }
    let kept = world.store.with(|tables| tables.rows::<Translation>().len());
    assert_eq!(kept, 1, "the site's own translation stays");
}

#[tokio::test]
async fn public_reads_lay_each_records_translation_over_it_or_fall_back() {
    let world = world("fallback");
    let design = service(&world, "Design").await;
    service(&world, "Build").await;
    let fields = [("title", "Gestaltung"), ("priceDisplay", "Ab 1000")];
    world.translations.put(TranslationKind::Service, &design, write("de", &fields, None)).await.unwrap();

    assert!(world.translations.read_language(None).await.unwrap().unwrap().is_none());
    assert!(world.translations.read_language(Some("it")).await.unwrap().is_err());
    let german = world.translations.read_language(Some("DE")).await.unwrap().unwrap().unwrap();
    assert_eq!(world.translations.listed_in(TranslationKind::Service, &german).await.unwrap(), None);
    let services = world.services.list(Audience::Public, ServiceQuery::default()).await.unwrap();
    let read = world.translations.in_language(services, &german, true).await.unwrap();
    let shown: Vec<(&str, &str, &str)> = read
        .iter()
        .map(|item| (item.record.title.as_str(), item.record.price_display.as_str(), item.language.as_str()))
        .collect();
    assert_eq!(shown, [("Gestaltung", "Ab 1000", "de"), ("Build", "", "en")]);
    let links: Vec<(&str, Option<&str>)> = read[0]
        .translations
        .as_ref()
        .unwrap()
        .iter()
        .map(|(lang, slug)| (lang.as_str(), slug.as_ref().map(atelier_domain::slug::Slug::as_str)))
        .collect();
    assert_eq!(links, [("en", None), ("de", None)]);
    assert_eq!(read[1].translations.as_ref().unwrap().len(), 1, "only the default");

    let english = world.translations.read_language(Some("en")).await.unwrap().unwrap().unwrap();
    let services = world.services.list(Audience::Public, ServiceQuery::default()).await.unwrap();
    let read = world.translations.in_language(services, &english, true).await.unwrap();
    assert!(read.iter().all(|item| item.translations.is_none() && item.language.as_str() == "en"));
}

#[tokio::test]
async fn a_site_that_hides_untranslated_records_lists_only_translated_ones_with_paging_right() {
    let world = world("hide");
    let shop = project(&world, "Shop", Some("shop")).await;
    project(&world, "Other", Some("other")).await;
    project(&world, "Third", Some("third")).await;
    world
        .translations
        .put(TranslationKind::Project, &shop, write("de", &[("title", "Laden")], Some("laden")))
        .await
        .unwrap();
    let german = world.translations.read_language(Some("de")).await.unwrap().unwrap().unwrap();
    let ids = world.translations.listed_in(TranslationKind::Project, &german).await.unwrap();
    let query = ProjectQuery { ids, limit: Some(1), ..ProjectQuery::default() };
    let page = world.portfolio.list(Audience::Public, query).await.unwrap();
    assert_eq!((page.total_items, page.items.len()), (1, 1));
    let read = world.translations.in_language(page.items, &german, true).await.unwrap();
    assert_eq!((read[0].record.title.as_str(), read[0].record.slug.as_str()), ("Laden", "laden"));

    let found = world.translations.record_by_translated_slug(TranslationKind::Project, &german, "laden").await.unwrap();
    assert_eq!(found.as_deref(), Some(shop.as_str()));
    let other = world.portfolio.get_by_slug(Audience::Public, "other").await.unwrap();
    let own_page = world.translations.one_in_language(other, &german).await.unwrap();
    assert_eq!(own_page.language.as_str(), "en", "its own page falls back");
}
