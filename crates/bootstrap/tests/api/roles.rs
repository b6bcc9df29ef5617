//! Roles: changing one, the Owner who is never changed or removed but hands ownership over,
//! invitations with a role, and refusals that change nothing.

use crate::multipart::Multipart;
use serde_json::{Value, json};

use crate::helpers::{ADMIN_EMAIL, ADMIN_PASSWORD, TestApp, spawn_app};

async fn account_id(app: &TestApp, token: &str) -> String {
    let (status, me) = app.with_token(token).get_json("/api/auth/verify").await;
    assert_eq!(status, 200, "{me}");
    me["user"]["_id"].as_str().unwrap().to_owned()
}

async fn owner_id(app: &TestApp) -> String {
    let (_, me) = app.admin().get_json("/api/auth/verify").await;
    me["user"]["_id"].as_str().unwrap().to_owned()
}

fn roles_of(team: &Value) -> Vec<(String, String)> {
    team["administrators"]
        .as_array()
        .unwrap()
        .iter()
        .map(|account| (account["email"].as_str().unwrap().to_owned(), account["role"].as_str().unwrap().to_owned()))
        .collect()
}

#[tokio::test]
async fn a_role_change_applies_from_the_next_request_and_the_audit_log_records_it() {
    let app = spawn_app().await;
    let grace = app.role_token("sales").await;
    let id = account_id(&app, &grace).await;
    let (status, _) = app.with_token(&grace).get_json("/api/contacts").await;
    assert_eq!(status, 200, "Sales work the inbox");

    let (status, changed) = app.admin().put_json(&format!("/api/admins/{id}/role"), &json!({"role": "editor"})).await;
    assert_eq!((status, &changed["role"]), (200, &json!("editor")), "{changed}");
    assert!(changed["permissions"].as_array().unwrap().iter().any(|id| id == "createService"));

    let (status, body) = app.with_token(&grace).get_json("/api/contacts").await;
    assert_eq!(status, 403, "the same token, the next request: {body}");
    let (status, body) = app.with_token(&grace).post_json("/api/services", &json!({"title": "Audits"})).await;
    assert_eq!(status, 201, "{body}");
    let (_, me) = app.with_token(&grace).get_json("/api/auth/verify").await;
    assert_eq!(me["user"]["role"], "editor");

    let (_, log) = app.admin().get_json("/api/audit?limit=100").await;
    let entry = log["entries"]
        .as_array()
        .unwrap()
        .iter()
        .find(|entry| entry["action"] == "role-change")
        .unwrap_or_else(|| panic!("no role change in {log}"));
    assert_eq!(entry["entityId"], id.as_str());
    assert_eq!(entry["entityTitle"], "sales (Sales → Editor)");
}

#[tokio::test]
async fn the_owners_role_never_changes_and_no_role_change_makes_an_owner() {
    let app = spawn_app().await;
    let owner = owner_id(&app).await;
    let editor = app.role_token("editor").await;
    let editor_id = account_id(&app, &editor).await;
    let admin = app.role_token("administrator").await;

    for token in [app.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await, admin.clone()] {
        let path = format!("/api/admins/{owner}/role");
        let (status, body) = app.with_token(&token).put_json(&path, &json!({"role": "administrator"})).await;
        assert_eq!(
            (status, body["message"].as_str()),
            (409, Some("The Owner's role changes only by handing ownership over"))
        );
    }
    let path = format!("/api/admins/{editor_id}/role");
    let (status, body) = app.with_token(&admin).put_json(&path, &json!({"role": "owner"})).await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(body["errors"]["role"], "Only handing ownership over makes an account the Owner");
    let (status, body) = app.with_token(&admin).put_json(&path, &json!({"role": "admin"})).await;
    assert_eq!(status, 422, "{body}");
    let (status, body) = app.with_token(&editor).put_json(&path, &json!({"role": "administrator"})).await;
    assert_eq!(
        (status, body["message"].as_str()),
        (403, Some("Administrator or higher role required to change an account's role")),
        "an Editor cannot promote themselves"
    );
    let (status, _) =
        app.admin().put_json("/api/admins/65f1c2a9b4e8d70012345678/role", &json!({"role": "sales"})).await;
    assert_eq!(status, 404);

    let (_, team) = app.admin().get_json("/api/admins").await;
    let owners = roles_of(&team).into_iter().filter(|(_, role)| role == "owner").count();
    assert_eq!(owners, 1, "{team}");
}

#[tokio::test]
async fn only_the_owner_hands_ownership_over_and_becomes_an_administrator() {
    let app = spawn_app().await;
    let owner = owner_id(&app).await;
    let admin = app.role_token("administrator").await;
    let admin_id = account_id(&app, &admin).await;
    let (status, body) =
        app.with_token(&admin).post_json(&format!("/api/admins/{admin_id}/ownership"), &json!({})).await;
    assert_eq!((status, body["message"].as_str()), (403, Some("Owner role required to hand ownership over")));
    let (status, _) = app.admin().post_json(&format!("/api/admins/{owner}/ownership"), &json!({})).await;
    assert_eq!(status, 409, "to oneself");

    let (status, new_owner) = app.admin().post_json(&format!("/api/admins/{admin_id}/ownership"), &json!({})).await;
    assert_eq!((status, &new_owner["role"]), (200, &json!("owner")), "{new_owner}");
    let (_, team) = app.with_token(&admin).get_json("/api/admins").await;
    assert_eq!(
        roles_of(&team),
        [
            ("admin@atelier.test".to_owned(), "administrator".to_owned()),
            ("administrator@atelier.test".to_owned(), "owner".to_owned())
        ]
    );
    // The old Owner's next request is an Administrator's.
    let (status, _) = app.admin().post_json(&format!("/api/admins/{owner}/ownership"), &json!({})).await;
    assert_eq!(status, 403);
    let (status, body) = app.admin().delete(&format!("/api/admins/{admin_id}")).await;
    assert_eq!(status, 409, "the new Owner cannot be removed: {body}");
    let (_, log) = app.with_token(&admin).get_json("/api/audit?limit=100").await;
    assert!(
        log["entries"]
            .as_array()
            .unwrap()
            .iter()
            .any(|entry| entry["action"] == "ownership-handover" && entry["entityId"] == admin_id.as_str()),
        "{log}"
    );
}

#[tokio::test]
async fn an_invitation_picks_the_role_its_account_is_created_with() {
    let app = spawn_app().await;
    let (status, invited) =
        app.admin().post_json("/api/admins/invitations", &json!({"email": "ivy@atelier.test", "role": "author"})).await;
    assert_eq!((status, &invited["invitation"]["role"]), (201, &json!("author")), "{invited}");
    let token = invited["link"].as_str().unwrap().split_once('#').unwrap().1.to_owned();
    let (_, offer) = app.anonymous().post_json("/api/auth/invitations/inspect", &json!({"token": token})).await;
    assert_eq!(offer["role"], "author");
    let accept = json!({"token": token, "name": "Ivy", "password": "ivy-password-1234"});
    let (status, signed_in) = app.anonymous().post_json("/api/auth/invitations/accept", &accept).await;
    assert_eq!((status, &signed_in["user"]["role"]), (201, &json!("author")), "{signed_in}");

    for role in ["owner", "root"] {
        let body = json!({"email": "kim@atelier.test", "role": role});
        let (status, refused) = app.admin().post_json("/api/admins/invitations", &body).await;
        assert_eq!(status, 422, "{role}: {refused}");
        assert!(refused["errors"]["role"].is_string());
    }
}

#[tokio::test]
async fn a_contributor_writes_drafts_and_is_refused_publishing() {
    let app = spawn_app().await;
    let contributor = app.role_token("contributor").await;
    let post = |status: &str| json!({"title": format!("A {status} post"), "status": status});
    let (status, body) = app.with_token(&contributor).post_json("/api/blog/posts", &post("published")).await;
    assert_eq!((status, body["message"].as_str()), (403, Some("Author or higher role required to publish posts")));
    let (_, posts) = app.admin().get_json("/api/blog/posts?limit=1000").await;
    assert!(!posts.to_string().contains("A published post"), "nothing was created: {posts}");

    let (status, draft) = app.with_token(&contributor).post_json("/api/blog/posts", &post("draft")).await;
    assert_eq!((status, &draft["status"]), (201, &json!("draft")), "{draft}");
    let id = draft["_id"].as_str().unwrap();
    let path = format!("/api/blog/posts/{id}");
    let (status, body) = app.with_token(&contributor).put_json(&path, &json!({"title": "Changed"})).await;
    assert_eq!((status, &body["title"]), (200, &json!("Changed")), "their own draft: {body}");
    for asks in [json!({"status": "published"}), json!({"publishAt": "2030-01-01T09:00:00Z"})] {
        let (status, body) = app.with_token(&contributor).put_json(&path, &asks).await;
        assert_eq!(
            (status, body["message"].as_str()),
            (403, Some("Author or higher role required to publish posts")),
            "{asks}"
        );
    }
    let (_, kept) = app.admin().get_json(&path).await;
    assert_eq!((&kept["status"], &kept["publishAt"]), (&json!("draft"), &Value::Null), "{kept}");

    // An Editor publishes it, then takes it back to a draft: the published version is a revision.
    let (status, _) = app.admin().put_json(&path, &json!({"status": "published"})).await;
    assert_eq!(status, 200);
    let (status, _) = app.admin().put_json(&path, &json!({"status": "draft", "title": "Back to draft"})).await;
    assert_eq!(status, 200);
    let (_, revisions) = app.admin().get_json(&format!("{path}/revisions")).await;
    let mut published = None;
    let mut draft_revision = None;
    for revision in revisions.as_array().unwrap() {
        let revision_id = revision["_id"].as_str().unwrap();
        let (_, whole) = app.admin().get_json(&format!("{path}/revisions/{revision_id}")).await;
        let slot = if whole["snapshot"]["status"] == "published" { &mut published } else { &mut draft_revision };
        slot.get_or_insert_with(|| revision_id.to_owned());
    }
    let published = published.unwrap_or_else(|| panic!("a published revision in {revisions}"));
    let restore = format!("{path}/revisions/{published}/restore");
    let (status, body) = app.with_token(&contributor).post_json(&restore, &json!({})).await;
    assert_eq!((status, body["message"].as_str()), (403, Some("Author or higher role required to publish posts")));
    let draft_revision = draft_revision.unwrap_or_else(|| panic!("a draft revision in {revisions}"));
    let restore = format!("{path}/revisions/{draft_revision}/restore");
    let (status, body) = app.with_token(&contributor).post_json(&restore, &json!({})).await;
    assert_eq!((status, &body["status"]), (200, &json!("draft")), "{body}");

    let (status, body) = app.with_token(&contributor).delete(&path).await;
    assert_eq!(status, 204, "{body}");
    let author = app.role_token("author").await;
    let (status, body) = app.with_token(&author).post_json("/api/blog/posts", &post("published")).await;
    assert_eq!(status, 201, "{body}");
}

#[tokio::test]
async fn a_refused_call_changes_nothing() {
    let app = spawn_app().await;
    let (status, service) = app.admin().post_json("/api/services", &json!({"title": "Strategy"})).await;
    assert_eq!(status, 201, "{service}");
    let id = service["_id"].as_str().unwrap();
    let sales = app.role_token("sales").await;
    let (status, body) =
        app.with_token(&sales).put_json(&format!("/api/services/{id}"), &json!({"title": "Changed"})).await;
    assert_eq!((status, body["message"].as_str()), (403, Some("Editor or higher role required to update a service")));
    let (status, _) = app.with_token(&sales).delete(&format!("/api/services/{id}")).await;
    assert_eq!(status, 403);
    let (_, kept) = app.anonymous().get_json(&format!("/api/services/{id}")).await;
    assert_eq!(kept["title"], "Strategy");
    let (_, log) = app.admin().get_json("/api/audit?limit=100").await;
    let touched = log["entries"].as_array().unwrap().iter().filter(|entry| entry["entityId"] == id).count();
    assert_eq!(touched, 1, "only its creation: {log}");
}

/// A record from the demo content, created before authorship was kept: the Owner's.
async fn unowned(app: &TestApp, list: &str) -> String {
    let (_, listed) = app.admin().get_json(list).await;
    // The list itself, or the one list of its page ("blogs", "data").
    let items = listed.as_array().or_else(|| listed.as_object()?.values().find_map(Value::as_array));
    let item = items
        .into_iter()
        .flatten()
        .find(|item| item["createdBy"].is_null())
        .unwrap_or_else(|| panic!("a record without a creator in {list}"));
    item["_id"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn an_author_changes_their_own_posts_and_not_anothers_or_older_ones() {
    let app = spawn_app().await;
    let author = app.role_token("author").await;
    let (status, mine) = app.with_token(&author).post_json("/api/blog/posts", &json!({"title": "Mine"})).await;
    assert_eq!(status, 201, "{mine}");
    let author_id = account_id(&app, &author).await;
    assert_eq!(mine["createdBy"]["id"], author_id.as_str(), "{mine}");
    let path = format!("/api/blog/posts/{}", mine["_id"].as_str().unwrap());
    let (status, body) =
        app.with_token(&author).put_json(&path, &json!({"title": "Still mine", "status": "published"})).await;
    assert_eq!((status, &body["title"], &body["status"]), (200, &json!("Still mine"), &json!("published")), "{body}");
    let (status, body) = app.with_token(&author).delete(&path).await;
    assert_eq!(status, 204, "{body}");

    let (_, theirs) = app.admin().post_json("/api/blog/posts", &json!({"title": "The Owner's"})).await;
    let theirs = format!("/api/blog/posts/{}", theirs["_id"].as_str().unwrap());
    let older = format!("/api/blog/posts/{}", unowned(&app, "/api/blog/posts?limit=1000").await);
    for path in [&theirs, &older] {
        let (status, body) = app.with_token(&author).put_json(path, &json!({"title": "Taken"})).await;
        assert_eq!(
            (status, body["message"].as_str()),
            (403, Some("Editor or higher role required to update another person's post")),
            "{path}"
        );
        let (status, body) = app.with_token(&author).delete(path).await;
        assert_eq!(
            (status, body["message"].as_str()),
            (403, Some("Editor or higher role required to delete another person's post"))
        );
        let (status, kept) = app.admin().get_json(path).await;
        assert_eq!(status, 200, "{kept}");
        assert_ne!(kept["title"], "Taken");
    }
    let (status, _) = app.with_token(&author).put_json("/api/blog/posts/65f1c2a9b4e8d70012345678", &json!({})).await;
    assert_eq!(status, 404, "a post that does not exist is the handler's 404");
}

#[tokio::test]
async fn an_author_changes_their_own_projects_and_media_and_not_anothers() {
    let app = spawn_app().await;
    let author = app.role_token("author").await;
    let project = json!({"title": "Mine", "client": "Acme", "completedAt": "2025-01-01"});
    let (status, mine) = app.with_token(&author).post_json("/api/portfolio", &project).await;
    assert_eq!(status, 201, "{mine}");
    let path = format!("/api/portfolio/{}", mine["_id"].as_str().unwrap());
    let (status, body) = app.with_token(&author).put_json(&path, &json!({"title": "Still mine"})).await;
    assert_eq!((status, &body["title"]), (200, &json!("Still mine")), "{body}");
    let (status, body) = app.with_token(&author).delete(&path).await;
    assert_eq!(status, 204, "{body}");
    let (_, theirs) = app.admin().post_json("/api/portfolio", &project).await;
    let theirs = format!("/api/portfolio/{}", theirs["_id"].as_str().unwrap());
    let older = format!("/api/portfolio/{}", unowned(&app, "/api/portfolio?limit=1000").await);
    for path in [&theirs, &older] {
        let (status, body) = app.with_token(&author).put_json(path, &json!({"title": "Taken"})).await;
        assert_eq!(
            (status, body["message"].as_str()),
            (403, Some("Editor or higher role required to update another person's project")),
            "{path}"
        );
        let (status, _) = app.with_token(&author).delete(path).await;
        assert_eq!(status, 403, "{path}");
    }

    let upload = |token: String, seed: u8| {
        let app = &app;
        async move {
            let file = crate::media::photo(40, 30, seed, image::ImageFormat::Png);
            let part = crate::multipart::Part::bytes(file).file_name(format!("photo-{seed}.png"));
            let form = crate::multipart::Form::new().part("files", part);
            let request = app.with_token(&token).request(reqwest::Method::POST, "/api/media").multipart(form);
            let (status, body) = crate::helpers::json_of(request.send().await.unwrap()).await;
            assert_eq!(status, 201, "{body}");
            format!("/api/media/{}", body["items"][0]["media"]["_id"].as_str().unwrap())
        }
    };
    let mine = upload(author.clone(), 1).await;
    let owner = app.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let theirs = upload(owner, 2).await;
    let (status, body) = app.with_token(&author).put_json(&mine, &json!({"title": "My photo"})).await;
    assert_eq!((status, &body["title"]), (200, &json!("My photo")), "{body}");
    let (status, body) = app.with_token(&author).put_json(&theirs, &json!({"title": "Taken"})).await;
    assert_eq!(
        (status, body["message"].as_str()),
        (403, Some("Editor or higher role required to update another person's media item"))
    );
    let (status, body) = app.with_token(&author).delete(&theirs).await;
    assert_eq!(
        (status, body["message"].as_str()),
        (403, Some("Editor or higher role required to delete another person's media item"))
    );
    let (status, body) = app.with_token(&author).delete(&mine).await;
    assert_eq!(status, 204, "{body}");
}
