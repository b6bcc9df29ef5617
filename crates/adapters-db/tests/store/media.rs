//! Media records: round trips, the list's search and filters, tag counts, unique keys and where
//! content uses a file.

use atelier_adapters_db::SeaOrmStore;
use atelier_application::content::Content;
use atelier_application::media::ports::{MediaFilter, MediaRepository, TagCount};
use atelier_application::ports::SystemClock;
use atelier_application::records::{RecordRepository, SaveError};
use atelier_application::team::Team;
use atelier_domain::content::ContentPageInput;
use atelier_domain::media::{
    MediaFormat, MediaItem, MediaKind, MediaUse, MediaVariant, content_hash, original_key, variant_key,
};
use atelier_domain::post::{ContentInput, Post, PostChanges, PostInput};
use atelier_domain::slug::Slug;
use atelier_domain::team::TeamMemberInput;
use atelier_domain::{EntityId, PageRequest};
use chrono::{DateTime, DurationRound, TimeDelta, Utc};

use crate::helpers::{delete, find, on_every_database};

fn at(seconds_ago: i64) -> DateTime<Utc> {
    (Utc::now() - TimeDelta::seconds(seconds_ago)).duration_trunc(TimeDelta::microseconds(1)).unwrap()
}

pub(crate) fn item(title: &str, format: MediaFormat, tags: &[&str], seconds_ago: i64) -> MediaItem {
    let hash = content_hash(title.as_bytes());
    let created = at(seconds_ago);
    let image = format.kind() == MediaKind::Image;
    MediaItem {
        meta: atelier_domain::meta::RecordMeta::default(),
        id: EntityId::generate(created),
        key: original_key(&hash, format),
        format,
        file_name: format!("{title}.{}", format.extension()),
        title: title.into(),
        alt: if image { format!("A picture of {title}, 100% _real_") } else { String::new() },
        tags: tags.iter().map(|tag| (*tag).to_owned()).collect(),
        size: 123_456,
        width: image.then_some(2400),
        height: image.then_some(1600),
        variants: if image {
            [480, 960, 1600]
                .map(|width| MediaVariant { key: variant_key(&hash, width), width, height: width * 2 / 3, size: 999 })
                .to_vec()
        } else {
            Vec::new()
        },
        created_at: created,
        updated_at: created,
    }
}

fn all() -> PageRequest {
    PageRequest::clamped(None, Some(1000), 1000, 1000)
}

async fn titles(store: &SeaOrmStore, filter: MediaFilter) -> Vec<String> {
    store.list_media(filter, all()).await.unwrap().items.into_iter().map(|item| item.title).collect()
}

#[tokio::test]
async fn a_stored_item_reads_back_identical_by_id_and_by_key() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let mut original = item("Ünïcødé sunset", MediaFormat::Webp, &["hero", "spring 2024"], 0);
        store.insert(&mut original).await.unwrap();
        assert_eq!(find::<MediaItem>(&store, original.id).await.unwrap().as_ref(), Some(&original), "{db}");
        assert_eq!(store.find_media_by_key(&original.key).await.unwrap().as_ref(), Some(&original), "{db}");
        assert_eq!(store.find_media_by_key("nope.png").await.unwrap(), None, "{db}");

        let mut changed = original.clone();
        changed.title = "Renamed".into();
        changed.tags = vec!["other".into()];
        assert!(store.update(&mut changed).await.unwrap(), "{db}");
        assert_eq!(find::<MediaItem>(&store, original.id).await.unwrap(), Some(changed), "{db}");
        assert!(delete::<MediaItem>(&store, original.id).await.unwrap(), "{db}");
        assert!(!delete::<MediaItem>(&store, original.id).await.unwrap(), "{db}");
    })
    .await;
}

#[tokio::test]
async fn items_are_found_by_any_of_several_keys() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let mut photo = item("Photo", MediaFormat::Jpeg, &[], 2);
        let mut brochure = item("Brochure", MediaFormat::Pdf, &[], 1);
        let mut other = item("Other", MediaFormat::Png, &[], 0);
        for stored in [&mut photo, &mut brochure, &mut other] {
            store.insert(stored).await.unwrap();
        }
        let keys = [photo.key.clone(), brochure.key.clone(), "nope.png".to_owned()];
        let mut found = store.find_media_by_keys(&keys).await.unwrap();
        found.sort_by(|a, b| a.title.cmp(&b.title));
        assert_eq!(found, [brochure, photo], "{db}");
        assert_eq!(store.find_media_by_keys(&[]).await.unwrap(), [], "{db}");
    })
    .await;
}

#[tokio::test]
async fn a_second_record_of_the_same_file_is_refused() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let mut first = item("Same", MediaFormat::Png, &[], 0);
        store.insert(&mut first).await.unwrap();
        let mut twin = MediaItem { id: EntityId::generate(Utc::now()), ..first.clone() };
        assert!(matches!(store.insert(&mut twin).await, Err(SaveError::DuplicateSlug)), "{db}");
    })
    .await;
}

#[tokio::test]
async fn lists_are_newest_first_searched_filtered_and_paged() {
    on_every_database(|store: SeaOrmStore, db| async move {
        for mut media in [
            item("Sunset", MediaFormat::Jpeg, &["hero", "team"], 40),
            item("Brief", MediaFormat::Pdf, &["sales"], 30),
            item("Demo reel", MediaFormat::Mp4, &[], 20),
            item("Office_100%", MediaFormat::Png, &["hero"], 10),
        ] {
            store.insert(&mut media).await.unwrap();
        }
        let every = MediaFilter::default();
        assert_eq!(titles(&store, every).await, ["Office_100%", "Demo reel", "Brief", "Sunset"], "{db}");

        let images = MediaFilter { kind: Some(MediaKind::Image), ..MediaFilter::default() };
        assert_eq!(titles(&store, images).await, ["Office_100%", "Sunset"], "{db}");
        let videos = MediaFilter { kind: Some(MediaKind::Video), ..MediaFilter::default() };
        assert_eq!(titles(&store, videos).await, ["Demo reel"], "{db}");

        let hero = MediaFilter { tag: Some("hero".into()), ..MediaFilter::default() };
        assert_eq!(titles(&store, hero).await, ["Office_100%", "Sunset"], "{db}");
        // A tag matches whole entries only: "her" is no tag of anything.
        let part = MediaFilter { tag: Some("her".into()), ..MediaFilter::default() };
        assert!(titles(&store, part).await.is_empty(), "{db}");
        let both = MediaFilter { kind: Some(MediaKind::Document), tag: Some("hero".into()), ..MediaFilter::default() };
        assert!(titles(&store, both).await.is_empty(), "{db}");

        for (term, expected) in [
            ("SUNSET", vec!["Sunset"]),
            ("picture of office", vec!["Office_100%"]),
            ("sales", vec!["Brief"]),
            ("reel.mp4", vec!["Demo reel"]),
            ("100%", vec!["Office_100%", "Sunset"]),
            ("e_1", vec!["Office_100%"]),
            // `_` and `%` are literal: as wildcards they would match "Demo reel".
            ("o_r", vec![]),
            ("o%l", vec![]),
        ] {
            let search = MediaFilter { search: Some(term.into()), ..MediaFilter::default() };
            assert_eq!(titles(&store, search).await, expected, "{db}: {term}");
        }

        let second = store.list_media(MediaFilter::default(), PageRequest::clamped(Some(2), Some(3), 10, 100)).await;
        let second = second.unwrap();
        assert_eq!((second.total_items, second.total_pages, second.items.len()), (4, 2, 1), "{db}");
        assert_eq!(second.items[0].title, "Sunset", "{db}");

        let tags = store.media_tags().await.unwrap();
        let expected =
            [("hero", 2), ("sales", 1), ("team", 1)].map(|(tag, count)| TagCount { tag: tag.into(), count }).to_vec();
        assert_eq!(tags, expected, "{db}");
    })
    .await;
}

#[tokio::test]
async fn uses_name_the_posts_projects_pages_and_team_members_that_show_a_file() {
    on_every_database(|store: SeaOrmStore, db| async move {
        let mut photo = item("Portrait", MediaFormat::Jpeg, &[], 0);
        store.insert(&mut photo).await.unwrap();
        assert_eq!(store.media_uses(photo.hash()).await.unwrap(), [], "{db}");

        let input = PostInput {
            title: Some("Launch notes".into()),
            featured_image: Some(format!("https://atelier.example{}", photo.variants[1].url())),
            ..PostInput::default()
        };
        let mut post = Post::create(
            EntityId::generate(Utc::now()),
            Slug::from_title("Launch notes").unwrap(),
            PostChanges::parse(input, true).unwrap(),
            at(0),
        );
        store.insert(&mut post).await.unwrap();
        let member = TeamMemberInput {
            name: Some("Ada".into()),
            position: Some("Engineer".into()),
            email: Some("ada@atelier.example".into()),
            avatar: Some(photo.url()),
            ..TeamMemberInput::default()
        };
        Team::new(store.clone(), SystemClock).create(member).await.unwrap();
        let in_text = PostInput {
            title: Some("Field report".into()),
            content: Some(ContentInput::Markdown(format!("Before.\n\n![Site visit]({})\n\nAfter.", photo.url()))),
            ..PostInput::default()
        };
        let mut report = Post::create(
            EntityId::generate(Utc::now()),
            Slug::from_title("Field report").unwrap(),
            PostChanges::parse(in_text, true).unwrap(),
            at(1),
        );
        store.insert(&mut report).await.unwrap();
        let page = ContentPageInput {
            title: Some("Privacy Policy".into()),
            content: Some(format!("We keep [the signed form]({}).", photo.variants[0].url())),
            ..ContentPageInput::default()
        };
        Content::new(store.clone(), SystemClock).create(Some("privacy"), page).await.unwrap();

        let uses = store.media_uses(photo.hash()).await.unwrap();
        assert_eq!(
            uses,
            [
                MediaUse::PostFeaturedImage { title: "Launch notes".into() },
                MediaUse::PostText { title: "Field report".into() },
                MediaUse::TeamAvatar { name: "Ada".into() },
                MediaUse::PageText { title: "Privacy Policy".into() },
            ],
            "{db}"
        );
        assert_eq!(store.media_uses(&content_hash(b"other")).await.unwrap(), [], "{db}");
    })
    .await;
}
