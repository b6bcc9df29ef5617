use atelier_domain::post::{ContentInput, Post, PostChanges, PostInput};
use atelier_domain::slug::Slug;
use atelier_domain::team::{SocialLinks, TeamMember, TeamMemberStatus};

use super::fake::{BrokenInserts, FakeImages, InMemoryBlobs};
use super::*;
use crate::fake::{FakeClock, InMemoryStore};
use crate::ports::Clock;

const LIMIT: u64 = 1024;

fn png(seed: &str) -> Vec<u8> {
    let mut bytes = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
    bytes.extend_from_slice(seed.as_bytes());
    bytes.resize(64, 0);
    bytes
}

fn pdf() -> Vec<u8> {
    let mut bytes = b"%PDF-1.7\n".to_vec();
    bytes.resize(64, b' ');
    bytes
}

fn upload(name: &str, bytes: Vec<u8>) -> Upload {
    Upload { file_name: name.into(), bytes }
}

/// Whether an upload error is the one a case expects.
type Expected = fn(&UploadError) -> bool;

type TestMedia = Media<InMemoryStore, InMemoryBlobs, FakeImages, FakeClock>;

fn library() -> (TestMedia, InMemoryStore, InMemoryBlobs) {
    let store = InMemoryStore::default();
    let blobs = InMemoryBlobs::default();
    (Media::new(store.clone(), blobs.clone(), FakeImages::default(), FakeClock::default(), LIMIT), store, blobs)
}

#[tokio::test]
async fn an_image_is_stored_with_its_copies_and_recorded() {
    let (media, _, blobs) = library();
    let uploaded = media.upload(upload("Team_offsite-2024.JPG", png("a"))).await.unwrap();
    assert!(uploaded.created);
    let item = uploaded.item;
    let hash = atelier_domain::media::content_hash(&png("a"));
    assert_eq!(item.key, format!("{hash}.png"), "the name's extension does not matter");
    assert_eq!((item.title.as_str(), item.file_name.as_str()), ("Team offsite 2024", "Team_offsite-2024.JPG"));
    assert_eq!((item.width, item.height, item.size), (Some(2000), Some(1000), 64));
    let widths: Vec<_> = item.variants.iter().map(|v| (v.width, v.height)).collect();
    assert_eq!(widths, [(480, 240), (960, 480), (1600, 800)]);
    let mut keys = item.keys();
    keys.sort();
    assert_eq!(blobs.keys(), keys);
    assert_eq!(blobs.content_type(&item.key).as_deref(), Some("image/png"));
    assert_eq!(blobs.content_type(&item.variants[0].key).as_deref(), Some("image/webp"));
    assert_eq!(media.get(&item.id.to_string()).await.unwrap(), item);
}

#[tokio::test]
async fn small_images_are_never_upscaled_and_documents_get_no_copies() {
    let store = InMemoryStore::default();
    let media = Media::new(
        store,
        InMemoryBlobs::default(),
        FakeImages { width: 800, height: 600 },
        FakeClock::default(),
        LIMIT,
    );
    let item = media.upload(upload("small.png", png("s"))).await.unwrap().item;
    assert_eq!(item.variants.iter().map(|v| v.width).collect::<Vec<_>>(), [480]);
    let document = media.upload(upload("brief.pdf", pdf())).await.unwrap().item;
    assert_eq!((document.kind(), document.width, document.variants.len()), (MediaKind::Document, None, 0));
    assert_eq!(document.title, "brief");
}

#[tokio::test]
async fn refused_files_leave_nothing_behind() {
    let (media, store, blobs) = library();
    let cases: [(Upload, Expected); 5] = [
        (upload("empty.png", Vec::new()), |e| matches!(e, UploadError::Refused(FileRefusal::Empty))),
        (upload("big.png", vec![0; 1025]), |e| {
            matches!(e, UploadError::Refused(FileRefusal::TooLarge { limit: 1024 }))
        }),
        (
            upload("tool.png", {
                let mut elf = b"\x7fELF\x02\x01\x01".to_vec();
                elf.resize(100, 0);
                elf
            }),
            |e| matches!(e, UploadError::Refused(FileRefusal::Unsupported { detected: Some(_) })),
        ),
        (upload("logo.png", b"<svg onload=\"alert(1)\"/>".to_vec()), |e| {
            matches!(e, UploadError::Refused(FileRefusal::Svg))
        }),
        (upload("broken.png", png("BROKEN")), |e| matches!(e, UploadError::Unreadable(_))),
    ];
    for (file, expected) in cases {
        let name = file.file_name.clone();
        let error = media.upload(file).await.unwrap_err();
        assert!(expected(&error), "{name}: {error:?}");
    }
    assert!(blobs.keys().is_empty());
    assert_eq!(media.list(MediaQuery::default()).await.unwrap().total_items, 0);
    assert!(store.with(|tables| tables.rows::<MediaItem>().is_empty()));
}

#[tokio::test]
async fn a_storage_failure_midway_removes_the_files_already_written() {
    let blobs = InMemoryBlobs::failing_after(2);
    let media = Media::new(InMemoryStore::default(), blobs.clone(), FakeImages::default(), FakeClock::default(), LIMIT);
    assert!(matches!(media.upload(upload("a.png", png("a"))).await, Err(UploadError::Unexpected(_))));
    assert!(blobs.keys().is_empty());
    assert_eq!(media.list(MediaQuery::default()).await.unwrap().total_items, 0);
}

#[tokio::test]
async fn a_failed_record_removes_the_stored_files() {
    let blobs = InMemoryBlobs::default();
    let media = Media::new(BrokenInserts::default(), blobs.clone(), FakeImages::default(), FakeClock::default(), LIMIT);
    assert!(matches!(media.upload(upload("a.png", png("a"))).await, Err(UploadError::Unexpected(_))));
    assert!(blobs.keys().is_empty());
}

#[tokio::test]
async fn the_same_file_twice_is_one_item() {
    let (media, _, blobs) = library();
    let first = media.upload(upload("a.png", png("a"))).await.unwrap();
    let again = media.upload(upload("copy of a.png", png("a"))).await.unwrap();
    assert!(!again.created);
    assert_eq!(again.item, first.item);
    assert_eq!(blobs.keys().len(), 4);
    // Two requests racing with the same file end with one record and its files intact.
    let (one, two) = tokio::join!(media.upload(upload("b.png", png("b"))), media.upload(upload("b.png", png("b"))));
    assert_eq!(one.unwrap().item.id, two.unwrap().item.id);
    assert_eq!(media.list(MediaQuery::default()).await.unwrap().total_items, 2);
    assert_eq!(blobs.keys().len(), 8);
}

#[tokio::test]
async fn lists_are_newest_first_searched_and_filtered_by_kind_and_tag() {
    let (media, _, _) = library();
    let mut ids = Vec::new();
    for (name, bytes) in [("sunset.png", png("1")), ("brief.pdf", pdf()), ("office.png", png("2"))] {
        ids.push(media.upload(upload(name, bytes)).await.unwrap().item.id.to_string());
        tokio::time::sleep(std::time::Duration::from_millis(2)).await;
    }
    let tags = MediaInput { tags: Some(vec!["Hero".into(), "team".into()]), ..MediaInput::default() };
    media.update(&ids[0], tags).await.unwrap();
    let alt = MediaInput { alt: Some("The office at dusk".into()), ..MediaInput::default() };
    media.update(&ids[2], alt).await.unwrap();

    let titles = |page: Page<MediaItem>| page.items.into_iter().map(|item| item.title).collect::<Vec<_>>();
    assert_eq!(titles(media.list(MediaQuery::default()).await.unwrap()), ["office", "brief", "sunset"]);
    let images = MediaQuery { kind: Some(MediaKind::Image), ..MediaQuery::default() };
    assert_eq!(titles(media.list(images).await.unwrap()), ["office", "sunset"]);
    let tagged = MediaQuery { tag: Some(" HERO ".into()), ..MediaQuery::default() };
    assert_eq!(titles(media.list(tagged).await.unwrap()), ["sunset"]);
    for (term, expected) in [("DUSK", "office"), ("team", "sunset"), ("brief.pdf", "brief")] {
        let query = MediaQuery { search: Some(term.into()), ..MediaQuery::default() };
        assert_eq!(titles(media.list(query).await.unwrap()), [expected], "{term}");
    }
    let paged = MediaQuery { page: Some(2), limit: Some(2), ..MediaQuery::default() };
    let page = media.list(paged).await.unwrap();
    assert_eq!((page.total_items, page.total_pages, page.items.len()), (3, 2, 1));
    let counts: Vec<_> = media.tags().await.unwrap().into_iter().map(|t| (t.tag, t.count)).collect();
    assert_eq!(counts, [("hero".to_owned(), 1), ("team".to_owned(), 1)]);
}

#[tokio::test]
async fn edits_are_validated_and_unknown_ids_are_not_found() {
    let (media, _, _) = library();
    let id = media.upload(upload("a.png", png("a"))).await.unwrap().item.id.to_string();
    let bad = MediaInput { title: Some(" ".into()), tags: Some(vec!["x".repeat(51)]), ..MediaInput::default() };
    let Err(WriteError::Invalid(errors)) = media.update(&id, bad).await else { panic!() };
    assert!(errors.get("title").is_some() && errors.get("tags").is_some());
    for unknown in ["nope", "65f1c2a9b4e8d70012345678"] {
        assert!(matches!(media.get(unknown).await, Err(LookupError::NotFound("Media item"))));
        assert!(matches!(media.update(unknown, MediaInput::default()).await, Err(WriteError::NotFound(_))));
        assert!(matches!(media.delete(unknown).await, Err(DeleteMediaError::NotFound(_))));
    }
}

fn member(name: &str, avatar: &str) -> TeamMember {
    let clock = FakeClock::default();
    let now = clock.now();
    TeamMember {
        meta: atelier_domain::meta::RecordMeta::default(),
        id: clock.new_id(),
        name: name.into(),
        position: "Engineer".into(),
        email: "a@b.co".into(),
        bio: String::new(),
        avatar: avatar.into(),
        status: TeamMemberStatus::Active,
        order: 1,
        social_links: SocialLinks::default(),
        skills: Vec::new(),
        department: String::new(),
        created_at: now,
        updated_at: now,
    }
}

#[tokio::test]
async fn an_item_in_use_is_not_deleted_and_the_refusal_says_where() {
    let (media, store, blobs) = library();
    let item = media.upload(upload("ada.png", png("a"))).await.unwrap().item;
    let avatar = format!("https://atelier.example{}", item.variants[0].url());
    store.with(|tables| tables.rows_mut::<TeamMember>().push(member("Ada", &avatar)));
    let Err(DeleteMediaError::InUse(message)) = media.delete(&item.id.to_string()).await else { panic!() };
    assert!(message.contains("avatar of team member \u{201c}Ada\u{201d}"), "{message}");
    assert_eq!(blobs.keys().len(), 4);

    store.with(|tables| tables.rows_mut::<TeamMember>().clear());
    let input = PostInput {
        title: Some("Site plan".into()),
        content: Some(ContentInput::Markdown(format!("See ![the plan]({}) below.", item.url()))),
        ..PostInput::default()
    };
    let changes = PostChanges::parse(input, true).unwrap();
    let post = Post::create(
        FakeClock::default().new_id(),
        Slug::from_title("Site plan").unwrap(),
        changes,
        chrono::Utc::now(),
    );
    store.with(|tables| tables.rows_mut::<Post>().push(post));
    let Err(DeleteMediaError::InUse(message)) = media.delete(&item.id.to_string()).await else { panic!() };
    assert!(message.contains("an image in the text of the post"), "{message}");

    store.with(|tables| tables.rows_mut::<Post>().clear());
    media.delete(&item.id.to_string()).await.unwrap();
    assert!(blobs.keys().is_empty());
    assert!(matches!(media.get(&item.id.to_string()).await, Err(LookupError::NotFound(_))));
}
