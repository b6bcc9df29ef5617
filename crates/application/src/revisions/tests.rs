//! Revision history through the blog, portfolio and content use cases, against the fakes.

use atelier_domain::category::CategoryInput;
use atelier_domain::content::ContentPageInput;
use atelier_domain::portfolio::ProjectInput;
use atelier_domain::post::{ContentInput, PostInput};
use atelier_domain::tag::TagInput;
use atelier_domain::technology::TechnologyInput;
use chrono::Duration;

use super::*;
use crate::Audience;
use crate::blog::BlogCatalog;
use crate::categories::CategoryCatalog;
use crate::content::{Content, Saved};
use crate::fake::{FakeClock, InMemoryStore, author};
use crate::portfolio::Portfolio;
use crate::tags::TagCatalog;
use crate::technologies::TechnologyCatalog;

fn text(content: &str) -> PostInput {
    PostInput { content: Some(ContentInput::Markdown(content.into())), ..PostInput::default() }
}

fn editor() -> Author {
    Author { id: EntityId::from_parts(2, [0, 0, 0, 0, 0, 0, 0, 2]), name: "Ben Editor".into() }
}

struct Written {
    clock: FakeClock,
    blog: BlogCatalog<InMemoryStore, FakeClock>,
    id: String,
}

async fn blog_with_a_post() -> Written {
    let clock = FakeClock::default();
    let blog = BlogCatalog::new(InMemoryStore::default(), clock.clone());
    let input = PostInput { title: Some("Notes".into()), ..text("First draft") };
    let id = blog.create(input).await.unwrap().post.id.to_string();
    Written { clock, blog, id }
}

#[tokio::test]
async fn each_save_keeps_the_version_it_replaces_with_its_author_and_times() {
    let Written { clock, blog, id } = blog_with_a_post().await;
    assert!(blog.revisions(&id).await.unwrap().is_empty(), "a new post has no history");

    clock.advance(Duration::minutes(5));
    blog.update(&id, text("Second draft"), &author()).await.unwrap();
    clock.advance(Duration::minutes(5));
    blog.update(&id, text("Third draft"), &editor()).await.unwrap();

    let history = blog.revisions(&id).await.unwrap();
    assert_eq!(history.len(), 2);
    let (newest, oldest) = (&history[0], &history[1]);
    assert_eq!((newest.author.name.as_str(), oldest.author.name.as_str()), ("Ben Editor", "Ana Admin"));
    assert_eq!(newest.created_at, FakeClock::start() + Duration::minutes(10));
    assert_eq!(newest.saved_at, FakeClock::start() + Duration::minutes(5), "the version replaced was saved then");
    assert_eq!(oldest.saved_at, FakeClock::start());
    let first = blog.revision(&id, &oldest.id.to_string()).await.unwrap();
    assert_eq!(first.snapshot.post.content, "First draft");
    assert_eq!(blog.revision(&id, &newest.id.to_string()).await.unwrap().snapshot.post.content, "Second draft");
}

#[tokio::test]
async fn a_save_that_changes_nothing_keeps_nothing() {
    let Written { clock, blog, id } = blog_with_a_post().await;
    clock.advance(Duration::minutes(1));
    blog.update(&id, text("First draft"), &author()).await.unwrap();
    blog.update(&id, PostInput::default(), &author()).await.unwrap();
    assert!(blog.revisions(&id).await.unwrap().is_empty());
}

#[tokio::test]
async fn restoring_is_a_save_that_keeps_the_current_version() {
    let Written { clock, blog, id } = blog_with_a_post().await;
    clock.advance(Duration::minutes(1));
    blog.update(&id, PostInput { title: Some("Notes, edited".into()), ..text("Rewritten") }, &author()).await.unwrap();
    let first = blog.revisions(&id).await.unwrap()[0].id.to_string();

    clock.advance(Duration::minutes(1));
    let restored = blog.restore(&id, &first, &editor()).await.unwrap().post;
    assert_eq!((restored.title.as_str(), restored.content.as_str()), ("Notes", "First draft"));
    assert_eq!(restored.updated_at, FakeClock::start() + Duration::minutes(2));
    assert_eq!(blog.get(Audience::Admin, &id).await.unwrap().post.content, "First draft");

    let history = blog.revisions(&id).await.unwrap();
    assert_eq!(history.len(), 2, "the version the restore replaced is kept too");
    assert_eq!(history[0].author, editor());
    let replaced = blog.revision(&id, &history[0].id.to_string()).await.unwrap();
    assert_eq!(replaced.snapshot.post.content, "Rewritten");
}

#[tokio::test]
async fn unknown_revisions_and_revisions_of_other_records_are_not_found() {
    let Written { blog, id, .. } = blog_with_a_post().await;
    blog.update(&id, text("Second"), &author()).await.unwrap();
    let revision = blog.revisions(&id).await.unwrap()[0].id.to_string();
    let other = blog.create(PostInput { title: Some("Other".into()), ..PostInput::default() }).await.unwrap();
    let other = other.post.id.to_string();

    for (record, revision) in [(other.as_str(), revision.as_str()), (id.as_str(), "nope"), (id.as_str(), &other)] {
        assert!(matches!(blog.revision(record, revision).await, Err(LookupError::NotFound("Revision"))));
        assert!(matches!(blog.restore(record, revision, &author()).await, Err(RestoreError::NotFound("Revision"))));
    }
    let missing = FakeClock::default().new_id().to_string();
    assert!(matches!(blog.revisions(&missing).await, Err(LookupError::NotFound("Post"))));
    assert!(matches!(blog.restore(&missing, &revision, &author()).await, Err(RestoreError::NotFound("Post"))));
}

#[tokio::test]
async fn a_record_keeps_at_most_its_bound_of_revisions_the_oldest_dropped_first() {
    let Written { clock, blog, id } = blog_with_a_post().await;
    for save in 1..=MAX_REVISIONS_PER_RECORD + 3 {
        clock.advance(Duration::seconds(1));
        blog.update(&id, text(&format!("Version {save}")), &author()).await.unwrap();
    }
    let history = blog.revisions(&id).await.unwrap();
    assert_eq!(history.len(), MAX_REVISIONS_PER_RECORD);
    let oldest = blog.revision(&id, &history.last().unwrap().id.to_string()).await.unwrap();
    assert_eq!(oldest.snapshot.post.content, "Version 3", "the first draft and versions 1 and 2 are gone");
    let newest = blog.revision(&id, &history[0].id.to_string()).await.unwrap();
    assert_eq!(newest.snapshot.post.content, format!("Version {}", MAX_REVISIONS_PER_RECORD + 2));
}

#[tokio::test]
async fn deleting_a_record_forgets_its_revisions() {
    let Written { blog, id, .. } = blog_with_a_post().await;
    blog.update(&id, text("Second"), &author()).await.unwrap();
    let store = blog_store(&blog);
    blog.delete(&id).await.unwrap();
    let id = EntityId::parse(&id).unwrap();
    assert!(RevisionRepository::<atelier_domain::post::Post>::list_revisions(&store, id).await.unwrap().is_empty());
}

fn blog_store(blog: &BlogCatalog<InMemoryStore, FakeClock>) -> InMemoryStore {
    // The catalogue's store is shared between clones; a category catalogue reaches the same one.
    blog.store().clone()
}

#[tokio::test]
async fn a_restored_post_leaves_out_a_category_and_tags_deleted_since_and_refuses_a_taken_slug() {
    let clock = FakeClock::default();
    let store = InMemoryStore::default();
    let blog = BlogCatalog::new(store.clone(), clock.clone());
    let categories = CategoryCatalog::new(store.clone(), clock.clone());
    let tags = TagCatalog::new(store.clone(), clock.clone());
    let web = CategoryInput { display_name: Some("Web".into()), slug: Some("web".into()), ..CategoryInput::default() };
    let web = categories.create(web);
    let web = web.await.unwrap().category.id.to_string();
    let rust = tags.create(TagInput { name: Some("Rust".into()), ..TagInput::default() }).await.unwrap().tag.id;
    let go = tags.create(TagInput { name: Some("Go".into()), ..TagInput::default() }).await.unwrap().tag.id;
    let input = PostInput {
        title: Some("Tagged".into()),
        category: Some(web.clone()),
        tags: Some(vec![rust.to_string(), go.to_string()]),
        ..PostInput::default()
    };
    let id = blog.create(input).await.unwrap().post.id.to_string();
    let untagged = PostInput {
        slug: Some("tagged-renamed".into()),
        category: Some(String::new()),
        tags: Some(Vec::new()),
        ..PostInput::default()
    };
    blog.update(&id, untagged, &author()).await.unwrap();
    categories.delete(&web).await.unwrap();
    tags.delete(&go.to_string()).await.unwrap();
    let revision = blog.revisions(&id).await.unwrap()[0].id.to_string();

    let squatter = PostInput { title: Some("Squatter".into()), slug: Some("tagged".into()), ..PostInput::default() };
    let squatter = blog.create(squatter).await.unwrap().post.id.to_string();
    assert!(matches!(blog.restore(&id, &revision, &author()).await, Err(RestoreError::Conflict(_))));
    blog.delete(&squatter).await.unwrap();

    let restored = blog.restore(&id, &revision, &author()).await.unwrap();
    assert_eq!((restored.post.slug.as_str(), restored.post.category), ("tagged", None));
    assert_eq!((restored.post.tags.clone(), restored.tag_names.clone()), (vec![rust], vec!["Rust".to_owned()]));
}

#[tokio::test]
async fn projects_keep_and_restore_their_versions_without_technologies_deleted_since() {
    let clock = FakeClock::default();
    let store = InMemoryStore::default();
    let portfolio = Portfolio::new(store.clone(), clock.clone());
    let technologies = TechnologyCatalog::new(store.clone(), clock.clone());
    let react = technologies.create(TechnologyInput { name: Some("React".into()), ..TechnologyInput::default() });
    let react = react.await.unwrap().technology.id.to_string();
    let input = ProjectInput {
        title: Some("Shop".into()),
        client: Some("Acme".into()),
        completed_at: Some("2025-01-01".into()),
        technologies: Some(vec![react.clone()]),
        ..ProjectInput::default()
    };
    let id = portfolio.create(input).await.unwrap().id.to_string();
    let changed =
        ProjectInput { title: Some("Shop 2".into()), technologies: Some(Vec::new()), ..ProjectInput::default() };
    portfolio.update(&id, changed, &author()).await.unwrap();
    technologies.delete(&react).await.unwrap();

    let history = portfolio.revisions(&id).await.unwrap();
    assert_eq!(history.len(), 1);
    let kept = portfolio.revision(&id, &history[0].id.to_string()).await.unwrap();
    assert_eq!((kept.snapshot.title.as_str(), kept.snapshot.technologies.len()), ("Shop", 1));
    let restored = portfolio.restore(&id, &history[0].id.to_string(), &author()).await.unwrap();
    assert_eq!((restored.title.as_str(), restored.technologies.len()), ("Shop", 0));
    assert_eq!(portfolio.revisions(&id).await.unwrap().len(), 2);
}

#[tokio::test]
async fn content_pages_keep_versions_of_saves_and_status_changes_and_restore_by_type() {
    let clock = FakeClock::default();
    let content = Content::new(InMemoryStore::default(), clock.clone());
    let about = |mission: &str| ContentPageInput {
        title: Some("About".into()),
        mission: Some(mission.into()),
        ..ContentPageInput::default()
    };
    let Saved::Created(_) = content.save("about", about("Build well"), &author()).await.unwrap() else { panic!() };
    assert!(content.revisions("about").await.unwrap().is_empty());
    clock.advance(Duration::hours(1));
    content.save("about", about("Build better"), &editor()).await.unwrap();
    content.set_status("about", Some("draft"), &author()).await.unwrap();

    let history = content.revisions("about").await.unwrap();
    assert_eq!(history.len(), 2);
    let first = history[1].id.to_string();
    assert_eq!(content.revision("about", &first).await.unwrap().snapshot.mission, "Build well");
    let restored = content.restore("about", &first, &author()).await.unwrap();
    assert_eq!((restored.mission.as_str(), restored.status.as_str()), ("Build well", "published"));
    assert!(matches!(content.revisions("terms").await, Err(LookupError::NotFound("Content"))));
    assert!(matches!(content.restore("terms", &first, &author()).await, Err(RestoreError::NotFound("Content"))));
    content.delete("about").await.unwrap();
    content.save("about", about("Again"), &author()).await.unwrap();
    assert!(content.revisions("about").await.unwrap().is_empty(), "a new page of the type starts afresh");
}
