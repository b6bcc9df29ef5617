use super::*;
use crate::id::EntityId;
use crate::language::SiteLanguageInput;
use crate::post::{Post, PostChanges, PostInput};
use chrono::{Duration, TimeZone};

fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2027, 1, 15, 9, 0, 0).unwrap()
}

fn tag(text: &str) -> LanguageTag {
    LanguageTag::parse(text).unwrap()
}

fn languages(untranslated: &str) -> Languages {
    let input = |tag: &str, name: &str| SiteLanguageInput {
        tag: Some(tag.to_owned()),
        name: Some(name.to_owned()),
        direction: None,
    };
    Languages::parse(&[input("en", "English"), input("de", "Deutsch"), input("fr", "Français")], Some(untranslated))
        .unwrap()
}

fn fields(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
    pairs.iter().map(|(name, value)| ((*name).to_owned(), (*value).to_owned())).collect()
}

fn changes(kind: TranslationKind, input: TranslationInput) -> TranslationChanges {
    TranslationChanges::parse(kind, input).unwrap()
}

fn post() -> Post {
    let input = PostInput {
        title: Some("Hello".into()),
        excerpt: Some("Short".into()),
        content: Some(crate::post::ContentInput::Markdown("# Body".into())),
        meta_title: Some("Meta".into()),
        ..PostInput::default()
    };
    let changes = PostChanges::parse(input, true).unwrap();
    Post::create(EntityId::generate(now()), Slug::parse("hello").unwrap(), changes, now())
}

fn german(post: &Post, input: TranslationInput) -> Translation {
    let hash = source_hash(TranslationKind::Post, &post.source_texts());
    Translation::create(
        TranslationKind::Post,
        post.translation_key(),
        tag("de"),
        changes(TranslationKind::Post, input),
        hash,
        now(),
    )
}

#[test]
fn kinds_are_named_as_the_api_and_the_store_name_them() {
    assert_eq!(TranslationKind::ALL.len(), 10);
    for kind in TranslationKind::ALL {
        assert_eq!(TranslationKind::parse(kind.as_str()), Ok(kind));
        assert!(!kind.fields().is_empty(), "{kind}");
    }
    assert_eq!(TranslationKind::parse("team_member"), Ok(TranslationKind::TeamMember));
    assert!(TranslationKind::parse("team-member").is_err());
    assert!(TranslationKind::parse("media").is_err());
}

#[test]
fn posts_translate_their_texts_within_the_posts_own_limits() {
    let names: Vec<&str> = TranslationKind::Post.fields().iter().map(|field| field.name).collect();
    assert_eq!(names, ["title", "excerpt", "content", "metaTitle", "metaDescription"]);
    assert_eq!(TranslationKind::Post.field("title").unwrap().max, post::MAX_TITLE_LEN);
    assert_eq!(TranslationKind::Post.field("content").unwrap().max, post::MAX_CONTENT_LEN);
    assert!(TranslationKind::Post.field("content").unwrap().markdown);
    assert!(TranslationKind::Post.has_slug() && TranslationKind::Post.has_publication());
    assert!(TranslationKind::Tag.has_slug() && !TranslationKind::Tag.has_publication());
    assert!(!TranslationKind::Faq.has_slug());
}

#[test]
fn a_record_is_named_by_its_id_its_page_type_or_the_sites_own_names() {
    let id = EntityId::generate(now()).to_string();
    assert_eq!(TranslationKind::Post.record_key(&id), Some(id.clone()));
    assert_eq!(TranslationKind::Post.record_key("hello"), None);
    assert_eq!(TranslationKind::Page.record_key("about").as_deref(), Some("about"));
    assert_eq!(TranslationKind::Page.record_key("About Us"), None);
    assert_eq!(TranslationKind::Site.record_key("settings").as_deref(), Some("settings"));
    assert_eq!(TranslationKind::Site.record_key("home").as_deref(), Some("home"));
    assert_eq!(TranslationKind::Site.record_key(&id), None);
    assert_eq!(TranslationKind::Faq.record_key("x\0"), None);
}

#[test]
fn changes_name_each_bad_field() {
    let input = TranslationInput {
        fields: Some(fields(&[("title", &"x".repeat(post::MAX_TITLE_LEN + 1)), ("featuredImage", "/a.png")])),
        slug: Some("Not A Slug".into()),
        publication: Some("live".into()),
        publish_at: Some("tomorrow".into()),
    };
    let errors = TranslationChanges::parse(TranslationKind::Post, input).unwrap_err();
    assert_eq!(errors.get("fields.title"), Some("Title must be at most 200 characters"));
    assert!(errors.get("fields.featuredImage").unwrap().contains("title, excerpt, content"));
    assert!(errors.get("slug").is_some());
    assert_eq!(errors.get("publication"), Some("Publication must be draft or published"));
    assert!(errors.get("publishAt").is_some());
}

#[test]
fn kinds_without_an_address_or_a_publication_refuse_them() {
    let input = TranslationInput {
        slug: Some("frage".into()),
        publication: Some("published".into()),
        publish_at: Some(String::new()),
        ..TranslationInput::default()
    };
    let errors = TranslationChanges::parse(TranslationKind::Faq, input).unwrap_err();
    assert_eq!(errors.get("slug"), Some("A faq has no address of its own"));
    assert!(errors.get("publication").is_some());
    assert!(errors.get("publishAt").is_some());
}

#[test]
fn texts_are_trimmed_and_blank_ones_fall_back() {
    let input = TranslationInput {
        fields: Some(fields(&[("title", "  Hallo  "), ("excerpt", "   "), ("content", "    code\n\n")])),
        slug: Some(" hallo ".into()),
        ..TranslationInput::default()
    };
    let translation = german(&post(), input);
    assert_eq!(translation.fields, fields(&[("title", "Hallo"), ("content", "    code")]));
    assert_eq!(translation.slug.as_ref().map(Slug::as_str), Some("hallo"));
    assert_eq!(translation.publication, Publication::Draft, "a post's translation starts as a draft");
    assert_eq!(translation.title(), "Hallo (de)");
}

#[test]
fn an_update_replaces_what_was_sent_and_keeps_the_rest() {
    let post = post();
    let mut translation = german(
        &post,
        TranslationInput {
            fields: Some(fields(&[("title", "Hallo")])),
            slug: Some("hallo".into()),
            ..Default::default()
        },
    );
    let later = now() + Duration::hours(1);
    let publish = TranslationInput { publication: Some("published".into()), ..Default::default() };
    let publish = changes(TranslationKind::Post, publish);
    assert!(publish.publishes());
    translation.apply(publish, "new-hash".into(), later);
    assert_eq!(translation.fields, fields(&[("title", "Hallo")]));
    assert_eq!(translation.slug.as_ref().map(Slug::as_str), Some("hallo"));
    assert_eq!(translation.publication, Publication::Published);
    assert_eq!((translation.source_hash.as_str(), translation.updated_at), ("new-hash", later));

    let clear = TranslationInput { fields: Some(BTreeMap::new()), slug: Some(String::new()), ..Default::default() };
    translation.apply(changes(TranslationKind::Post, clear), "h".into(), later);
    assert!(translation.fields.is_empty() && translation.slug.is_none());
}

#[test]
fn other_kinds_translations_are_live_when_saved() {
    let input = TranslationInput { fields: Some(fields(&[("question", "Warum?")])), ..Default::default() };
    let translation = Translation::create(
        TranslationKind::Faq,
        "x".into(),
        tag("de"),
        changes(TranslationKind::Faq, input),
        "h".into(),
        now(),
    );
    assert!(translation.is_live(now()));
}

#[test]
fn a_posts_translation_is_live_once_published_and_its_time_has_come() {
    let post = post();
    let mut translation = german(&post, TranslationInput::default());
    assert!(!translation.is_live(now()));
    let at = (now() + Duration::days(1)).to_rfc3339();
    let scheduled =
        TranslationInput { publication: Some("published".into()), publish_at: Some(at), ..Default::default() };
    translation.apply(changes(TranslationKind::Post, scheduled), String::new(), now());
    assert!(!translation.is_live(now()));
    assert!(translation.is_live(now() + Duration::days(2)));
}

#[test]
fn a_translation_is_outdated_once_the_default_texts_change() {
    let mut post = post();
    let translation = german(&post, TranslationInput::default());
    let hash = |post: &Post| source_hash(TranslationKind::Post, &post.source_texts());
    assert_eq!(Freshness::of(None, &hash(&post)), Freshness::Missing);
    assert_eq!(Freshness::of(Some(&translation), &hash(&post)), Freshness::UpToDate);
    post.featured = true;
    post.slug = Slug::parse("moved").unwrap();
    assert_eq!(Freshness::of(Some(&translation), &hash(&post)), Freshness::UpToDate, "only texts count");
    post.content.push_str("\nmore");
    assert_eq!(Freshness::of(Some(&translation), &hash(&post)), Freshness::Outdated);
    assert_eq!(Freshness::Outdated.as_str(), "outdated");
}

#[test]
fn the_hash_tells_texts_apart_by_field() {
    let kind = TranslationKind::Tag;
    let one = source_hash(kind, &fields(&[("name", "ab"), ("description", "")]));
    let other = source_hash(kind, &fields(&[("name", "a"), ("description", "b")]));
    assert_ne!(one, other);
    assert_eq!(one, source_hash(kind, &fields(&[("name", "ab"), ("unrelated", "x")])));
    assert_eq!(one.len(), 64);
}

#[test]
fn the_overlay_replaces_only_the_translated_fields() {
    let mut post = post();
    let translation = german(
        &post,
        TranslationInput {
            fields: Some(fields(&[("title", "Hallo")])),
            slug: Some("hallo".into()),
            ..Default::default()
        },
    );
    let texts = overlay(&post.source_texts(), &translation);
    assert_eq!(texts["title"], "Hallo");
    assert_eq!(texts["excerpt"], "Short");
    assert_eq!(translation.text("excerpt", "Short"), "Short");
    post.overlay(&translation);
    assert_eq!((post.title.as_str(), post.excerpt.as_str(), post.slug.as_str()), ("Hallo", "Short", "hallo"));

    let mut described = super::tests::post();
    described.meta_title = "Hello, the guide".into();
    described.meta_description = "All about hello.".into();
    let title_only =
        german(&described, TranslationInput { fields: Some(fields(&[("title", "Hallo")])), ..Default::default() });
    let mut shown = described.clone();
    shown.overlay(&title_only);
    assert_eq!((shown.meta_title.as_str(), shown.meta_description.as_str()), ("", "All about hello."));
    let text =
        german(&described, TranslationInput { fields: Some(fields(&[("content", "Text")])), ..Default::default() });
    let mut shown = described.clone();
    shown.overlay(&text);
    assert_eq!((shown.meta_title.as_str(), shown.meta_description.as_str()), ("Hello, the guide", ""));
    let own = german(
        &described,
        TranslationInput {
            fields: Some(fields(&[("title", "Hallo"), ("metaTitle", "Hallo, der Leitfaden")])),
            ..Default::default()
        },
    );
    let mut shown = described.clone();
    shown.overlay(&own);
    assert_eq!(shown.meta_title, "Hallo, der Leitfaden");

    let mut untranslated_slug = super::tests::post();
    let without_slug = german(&untranslated_slug, TranslationInput::default());
    untranslated_slug.overlay(&without_slug);
    assert_eq!(untranslated_slug.slug.as_str(), "hello", "no translated slug: the default one");
}

#[test]
fn a_translated_slug_is_unique_in_its_language_and_among_default_slugs() {
    let (de, fr) = (tag("de"), tag("fr"));
    let default = |id: &str| SlugHolder::Default { record_id: id.into() };
    let translated = |id: &str, lang: &LanguageTag| SlugHolder::Translated { record_id: id.into(), lang: lang.clone() };
    assert!(!translated_slug_taken("a", &de, &[]));
    assert!(!translated_slug_taken("a", &de, &[default("a")]), "its own default slug may be reused");
    assert!(!translated_slug_taken("a", &de, &[translated("a", &de)]), "its own translation keeps it");
    assert!(!translated_slug_taken("a", &de, &[translated("b", &fr)]), "another language's address");
    assert!(translated_slug_taken("a", &de, &[translated("b", &de)]));
    assert!(translated_slug_taken("a", &de, &[default("b")]));

    assert!(!default_slug_taken("a", &[default("a"), translated("a", &de)]));
    assert!(default_slug_taken("a", &[translated("b", &fr)]));
    assert!(default_slug_taken("a", &[default("b")]));
}

#[test]
fn an_untranslated_record_falls_back_or_is_hidden_from_lists_only() {
    let post = post();
    let draft = german(&post, TranslationInput::default());
    let mut live = draft.clone();
    live.publication = Publication::Published;
    let (en, de) = (tag("en"), tag("de"));
    let fallback = languages("fallback");
    let hide = languages("hide");
    assert_eq!(shown(&hide, &en, None, now(), true), Shown::Translated, "the default language is the record");
    assert_eq!(shown(&hide, &de, Some(&live), now(), true), Shown::Translated);
    assert_eq!(shown(&fallback, &de, None, now(), true), Shown::Fallback);
    assert_eq!(shown(&fallback, &de, Some(&draft), now(), true), Shown::Fallback, "a draft is not shown");
    assert_eq!(shown(&hide, &de, Some(&draft), now(), true), Shown::Hidden);
    assert_eq!(shown(&hide, &de, None, now(), false), Shown::Fallback, "its own page never breaks");
}

#[test]
fn alternates_name_the_default_and_each_live_translation() {
    let post = post();
    let mut live = german(
        &post,
        TranslationInput { slug: Some("hallo".into()), publication: Some("published".into()), ..Default::default() },
    );
    live.publication = Publication::Published;
    let mut french = live.clone();
    french.lang = tag("fr");
    french.slug = None;
    let mut draft_italian = live.clone();
    draft_italian.lang = tag("it");
    let languages = languages("fallback");
    let list = alternates(&languages, Some(&post.slug), std::slice::from_ref(&live), now());
    let named: Vec<(&str, &str)> =
        list.iter().map(|(lang, slug)| (lang.as_str(), slug.map_or("", Slug::as_str))).collect();
    assert_eq!(named, [("en", "hello"), ("de", "hallo")]);
    let both = [french, live, draft_italian];
    let named: Vec<&str> = alternates(&languages, Some(&post.slug), &both, now())
        .iter()
        .map(|(_, slug)| slug.map_or("", Slug::as_str))
        .collect();
    assert_eq!(named, ["hello", "hallo", "hello"], "settings' order; a language no longer listed is not offered");
}
