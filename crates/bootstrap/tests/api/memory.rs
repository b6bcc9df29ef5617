//! The server hands the memory a change of content freed back to the system once the change is
//! answered (docs/performance.md, "Where the memory goes").

use serde_json::json;

use crate::helpers::spawn_empty_app;

#[tokio::test]
async fn a_change_of_content_hands_the_memory_it_freed_back_to_the_system() {
    let app = spawn_empty_app().await;
    let before = atelier::allocator::releases();

    let (status, created) =
        app.admin().post_json("/api/blog/posts", &json!({"title": "Kept small", "status": "published"})).await;
    assert_eq!(status, 201, "{created}");

    // Other tests share the counter, so it may have moved more: never less than this change's one.
    assert!(atelier::allocator::releases() > before, "the change was followed by a release");
}
