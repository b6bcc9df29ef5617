//! The import on the in-memory store, with the fixtures of `tests/fixtures/import`.

use std::path::PathBuf;

use atelier_domain::PageRequest;

use atelier_domain::post::PostStatus;
use atelier_domain::redirect::RedirectPath;

use super::*;
use crate::blog::ports::{PostFilter, PostRepository};
use crate::content::ports::ContentRepository;
use crate::fake::{FakeClock, InMemoryStore};
use crate::media::fake::{FakeImages, InMemoryBlobs};
use crate::redirects::ports::RedirectRepository;

type TestImporter = Importer<InMemoryStore, InMemoryBlobs, FakeImages, FakeClock>;

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/import")
}

fn importer() -> (TestImporter, InMemoryStore) {
    let store = InMemoryStore::default();
    let clock = FakeClock::default();
    let media = Media::new(store.clone(), InMemoryBlobs::default(), FakeImages::default(), clock.clone(), 1 << 20);
    (Importer::new(store.clone(), media, clock), store)
}

fn wordpress() -> Export {
    parse(Platform::WordPress, &std::fs::read_to_string(fixtures().join("wordpress.xml")).unwrap()).unwrap()
}

fn ghost() -> Export {
    parse(Platform::Ghost, &std::fs::read_to_string(fixtures().join("ghost.json")).unwrap()).unwrap()
}

async fn posts(store: &InMemoryStore) -> Vec<atelier_domain::post::Post> {
    store.list_posts(&PostFilter::default(), PageRequest::clamped(Some(1), Some(100), 100, 100)).await.unwrap().items
}

fn counts(report: &Report) -> Vec<(RecordKind, usize, usize)> {
    RecordKind::ALL.iter().map(|kind| (*kind, report.count(*kind).0, report.count(*kind).1)).collect()
}

#[tokio::test]
async fn a_wordpress_dry_run_says_what_it_would_write_and_writes_nothing() {
    let (importer, store) = importer();
    let files = MediaFiles::folder(&fixtures().join("wordpress-uploads"), 1 << 20).unwrap();
    let report = importer.run(wordpress(), &files, true).await.unwrap();
    assert!(posts(&store).await.is_empty());
    assert!(store.all_redirects().await.unwrap().is_empty());
    assert!(store.list_content_pages().await.unwrap().is_empty());
    assert_eq!(
        counts(&report),
        [
            (RecordKind::Post, 34, 0),
            (RecordKind::Page, 3, 0),
            (RecordKind::Category, 3, 0),
            (RecordKind::Tag, 8, 0),
            (RecordKind::Media, 12, 0),
            (RecordKind::Redirect, 91, 0),
        ]
    );
    assert!(report.lines.iter().all(|line| line.outcome == Outcome::WouldCreate));
}

#[tokio::test]
async fn a_wordpress_import_writes_everything_once() {
    let (importer, store) = importer();
    let files = MediaFiles::folder(&fixtures().join("wordpress-uploads"), 1 << 20).unwrap();
    let report = importer.run(wordpress(), &files, false).await.unwrap();
    let dry = importer.run(wordpress(), &files, true).await.unwrap();
    assert!(dry.lines.iter().all(|line| line.outcome == Outcome::Exists), "{:?}", dry.lines);
    let posts = posts(&store).await;
    assert_eq!(posts.len(), 34);
    let again = importer.run(wordpress(), &files, false).await.unwrap();
    assert!(again.lines.iter().all(|line| line.outcome == Outcome::Exists));
    assert_eq!(self::posts(&store).await.len(), 34);
    assert!(report.problems.iter().all(|problem| !problem.contains("cannot be created")), "{:?}", report.problems);
    let problems = [
        "“Thrown away” is in the trash: not imported",
        "the post “Post number 3”: the picture https://old.example/wp-content/uploads/2019/01/lost.png is kept at its old address (it is not among the media files)",
        "the post “Post number 7” has 2 categories; Atelier keeps one (“Engineering”), the others become tags: Design",
        "the post “Post number 7”: the shortcode [contact-form-7] is unknown: kept as text",
        "the post “Post number 9”: a <script> was left out",
        "the post “Private notes” was private: imported as a draft",
    ];
    for problem in problems {
        assert!(report.problems.iter().any(|line| line == problem), "{problem} in {:#?}", report.problems);
    }

    let post = posts.iter().find(|post| post.slug.as_str() == "post-number-1").unwrap();
    let cover = post.featured_image.clone();
    assert!(
        cover.starts_with("/media/") && std::path::Path::new(&cover).extension().is_some_and(|ext| ext == "png"),
        "{cover}"
    );
    assert_eq!(
        post.content,
        format!("Before the picture.\n\n![Picture 1]({cover})\n\n*The caption of picture 1*\n\nAfter the picture.")
    );
    assert_eq!((post.author_name.as_str(), post.excerpt.as_str()), ("Bo Chen", "Excerpt of post 1."));
    assert_eq!(post.publish_at.unwrap().to_rfc3339(), "2020-02-02T09:01:00+00:00");
    let post = posts.iter().find(|post| post.slug.as_str() == "post-number-4").unwrap();
    assert_eq!(
        post.content,
        "## Section 4\n\n- Apples\n- Pears\n  - Green pears\n\n1. First step\n2. Second step\n\n> A quoted remark 4.\n\n### Subsection\n\nClosing words."
    );
    let post = posts.iter().find(|post| post.slug.as_str() == "post-number-7").unwrap();
    assert_eq!(
        post.content,
        "Listen:\n\n[episode-7.mp3](https://old.example/wp-content/uploads/2019/05/episode-7.mp3)\n\n\
         [clip-7.mp4](https://old.example/wp-content/uploads/2019/05/clip-7.mp4)\n\n\\[contact-form-7 id=\"3\" title=\"Contact\"\\]"
    );
    assert_eq!(post.tags.len(), 3, "two tags and the second category");
    let scheduled = posts.iter().find(|post| post.slug.as_str() == "coming-soon").unwrap();
    assert_eq!(
        (scheduled.status, scheduled.publish_at.map(|at| at.to_rfc3339())),
        (PostStatus::Published, Some("2030-01-15T09:33:00+00:00".to_owned()))
    );
    let draft = posts.iter().find(|post| post.title == "A draft").unwrap();
    assert_eq!((draft.slug.as_str(), draft.status), ("a-draft", PostStatus::Draft));
    let redirect = store
        .find_redirect_from(&RedirectPath::normalise("/2020/02/02/post-number-1/").unwrap())
        .await
        .unwrap()
        .unwrap();
    assert_eq!((redirect.to.as_str(), redirect.status.code()), ("/blog/post-number-1", 301));
    assert_eq!(store.all_redirects().await.unwrap().len(), 91);
    let pages = store.list_content_pages().await.unwrap();
    let types: Vec<_> = pages.iter().map(|page| page.page_type.as_str()).collect();
    assert_eq!(types, ["draft-page", "privacy", "services-overview"]);
}

#[tokio::test]
async fn a_ghost_import_writes_everything_once() {
    let (importer, store) = importer();
    let files = MediaFiles::folder(&fixtures().join("ghost-images"), 1 << 20).unwrap();
    let report = importer.run(ghost(), &files, false).await.unwrap();
    assert_eq!(
        counts(&report),
        [
            (RecordKind::Post, 35, 0),
            (RecordKind::Page, 3, 0),
            (RecordKind::Category, 0, 0),
            (RecordKind::Tag, 4, 0),
            (RecordKind::Media, 9, 0),
            (RecordKind::Redirect, 34, 0),
        ]
    );
    let posts = posts(&store).await;
    let post = posts.iter().find(|post| post.slug.as_str() == "ghost-post-1").unwrap();
    let cover = post.featured_image.clone();
    assert_eq!(post.content, format!("![Photo 1]({cover})\n\n*Photo caption 1*\n\nAfter the image."));
    assert_eq!(post.author_name, "Dev Patel");
    let post = posts.iter().find(|post| post.slug.as_str() == "ghost-post-3").unwrap();
    assert_eq!(post.content, "[Article 3](https://example.com/article-3)\n\nWhat article 3 is about.");
    let post = posts.iter().find(|post| post.slug.as_str() == "ghost-post-5").unwrap();
    assert_eq!(post.content, "> 💡\n>\n> A tip for post 5.\n\nAfter the tip.");
    let post = posts.iter().find(|post| post.slug.as_str() == "ghost-post-8").unwrap();
    assert_eq!(post.author_name, "Cara Diaz & Dev Patel");
    assert_eq!(post.tags.len(), 1, "the internal tag is left out");
    assert!(report.problems.iter().any(|problem| problem.contains("“Lexical only” has no HTML")));
    let again = importer.run(ghost(), &files, false).await.unwrap();
    assert!(again.lines.iter().all(|line| line.outcome == Outcome::Exists));
}

#[tokio::test]
async fn in_a_request_each_write_and_the_import_are_audited_under_the_caller() {
    use crate::audit::{Actor, AuditContext, AuditEntry, scope};

    let (importer, store) = importer();
    let actor = Actor {
        id: atelier_domain::EntityId::parse("65f1c2a9b4e8d70012345678").unwrap(),
        name: "Ada".into(),
        email: "ada@example.com".into(),
    };
    let context = AuditContext {
        actor: Some(actor.clone()),
        request_id: "req-import".into(),
        client_address: None,
        operation: "POST /import".into(),
        action: "create".into(),
        entity_kind: "import".into(),
        entity_id: None,
        fields: Vec::new(),
        version: None,
    };
    let entries = |store: &InMemoryStore| store.with(|tables| tables.rows::<AuditEntry>().to_vec());

    scope(context.clone(), importer.run(ghost(), &MediaFiles::none(), true)).await.unwrap();
    assert!(entries(&store).is_empty(), "a dry run records nothing");

    let report = scope(context, importer.run(ghost(), &MediaFiles::none(), false)).await.unwrap();
    let entries = entries(&store);
    assert!(entries.iter().all(|entry| entry.actor_id == Some(actor.id) && entry.request_id == "req-import"));
    assert!(entries.iter().all(|entry| entry.action == AUDIT_ACTION));
    let of = |kind: &str| entries.iter().filter(|entry| entry.entity_kind == kind).count();
    assert_eq!(of("blog/posts"), report.count(RecordKind::Post).0);
    assert_eq!(of("tags"), report.count(RecordKind::Tag).0);
    // (The in-memory store records no entry for a content page; the database's does.)
    assert_eq!(of("redirects"), 1, "the redirects are added in one batch");
    let [whole] = entries.iter().filter(|entry| entry.entity_kind == "import").collect::<Vec<_>>().try_into().unwrap();
    assert_eq!(whole.entity_title.as_deref(), Some("Ghost export"));
    assert_eq!(whole.summary, report.summary());
    let post = posts(&store).await.into_iter().find(|post| post.slug.as_str() == "ghost-post-1").unwrap();
    assert_eq!(post.meta.created_by.map(|editor| editor.name), Some("Ada".to_owned()), "the importer is the creator");
}
