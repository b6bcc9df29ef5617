use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_app, spawn_empty_app};

fn titles(body: &Value) -> Vec<&str> {
    body["projects"].as_array().unwrap().iter().map(|project| project["title"].as_str().unwrap()).collect()
}

async fn titles_for(app: &TestApp, query: &str) -> Vec<String> {
    let (status, body) = app.get_json(&format!("/api/portfolio{query}")).await;
    assert_eq!(status, 200, "{query}: {body}");
    titles(&body).into_iter().map(str::to_owned).collect()
}

const FINTRACK: &str = "FinTrack Mobile Banking";
const VERDANT: &str = "Verdant Market";
const MEDISYNC: &str = "MediSync Patient Portal";
const ATLAS: &str = "Atlas Logistics Dashboard";
const BLOOM: &str = "Bloom Brand and Design System";
const TRAILMATE: &str = "TrailMate Hiking Companion";
const LEDGERLY: &str = "Ledgerly Accounting API";

async fn technology(app: &TestApp, name: &str) -> String {
    let (status, body) = app.admin().post_json("/api/technologies", &json!({"name": name})).await;
    assert_eq!(status, 201, "{body}");
    body["data"]["_id"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn the_seeded_published_projects_are_listed_newest_first_with_totals() {
    let app = spawn_app().await;
    let (status, body) = app.get_json("/api/portfolio").await;
    assert_eq!(status, 200);
    assert_eq!(titles(&body), [FINTRACK, VERDANT, MEDISYNC, ATLAS, BLOOM, TRAILMATE, LEDGERLY]);
    assert_eq!((&body["totalItems"], &body["totalPages"], &body["currentPage"]), (&json!(7), &json!(1), &json!(1)));
    let first = &body["projects"][0];
    for field in [
        "_id",
        "slug",
        "client",
        "category",
        "description",
        "shortDescription",
        "image",
        "technologies",
        "tags",
        "demoUrl",
        "githubUrl",
        "completedAt",
        "featured",
        "status",
        "createdAt",
        "updatedAt",
    ] {
        assert!(first.get(field).is_some(), "missing {field}");
    }
    assert_eq!(first["slug"], "fintrack-mobile-banking");
    assert_eq!(first["image"], "/images/demo/project-1.svg");
    assert!(first["completedAt"].as_str().unwrap().ends_with("T00:00:00Z"));
    let technologies = first["technologies"].as_array().unwrap();
    assert_eq!(technologies.len(), 5);
    assert!(technologies.iter().all(|id| id.as_str().unwrap().len() == 24));
}

#[tokio::test]
async fn the_home_page_gets_six_published_projects_featured_first() {
    let app = spawn_app().await;
    let (status, body) = app.get_json("/api/portfolio?sort=featured&limit=6&status=published").await;
    assert_eq!(status, 200);
    let projects = body["projects"].as_array().unwrap();
    assert_eq!(projects.len(), 6);
    assert!(projects[..3].iter().all(|project| project["featured"] == true));
    assert!(projects[3..].iter().all(|project| project["featured"] == false));
    assert_eq!((&body["totalItems"], &body["totalPages"]), (&json!(7), &json!(2)));
}

#[tokio::test]
async fn every_sort_value_orders_the_projects_and_an_unknown_one_is_a_bad_request() {
    let app = spawn_app().await;
    let (_, body) = app.get_json("/api/portfolio?search=ledgerly").await;
    let ledgerly = body["projects"][0]["_id"].as_str().unwrap();
    let (status, _) = app.admin().put_json(&format!("/api/portfolio/{ledgerly}"), &json!({"featured": true})).await;
    assert_eq!(status, 200);

    let cases: [(&str, [&str; 7]); 8] = [
        ("", [FINTRACK, VERDANT, MEDISYNC, ATLAS, BLOOM, TRAILMATE, LEDGERLY]),
        ("most-recent", [FINTRACK, VERDANT, MEDISYNC, ATLAS, BLOOM, TRAILMATE, LEDGERLY]),
        ("oldest", [LEDGERLY, TRAILMATE, BLOOM, ATLAS, MEDISYNC, VERDANT, FINTRACK]),
        ("title-asc", [ATLAS, BLOOM, FINTRACK, LEDGERLY, MEDISYNC, TRAILMATE, VERDANT]),
        ("title-desc", [VERDANT, TRAILMATE, MEDISYNC, LEDGERLY, FINTRACK, BLOOM, ATLAS]),
        ("featured", [FINTRACK, VERDANT, MEDISYNC, LEDGERLY, ATLAS, BLOOM, TRAILMATE]),
        ("client-asc", [ATLAS, BLOOM, MEDISYNC, LEDGERLY, FINTRACK, TRAILMATE, VERDANT]),
        ("client-desc", [VERDANT, TRAILMATE, FINTRACK, LEDGERLY, MEDISYNC, BLOOM, ATLAS]),
    ];
    for (sort, expected) in cases {
        let query = if sort.is_empty() { String::new() } else { format!("?sort={sort}") };
        assert_eq!(titles_for(&app, &query).await, expected, "sort={sort}");
    }
    for sort in ["newest", "TITLE-ASC", "title_asc", ""] {
        let (status, body) = app.get_json(&format!("/api/portfolio?sort={sort}")).await;
        assert_eq!(status, 400, "{sort}: {body}");
        assert!(body["message"].is_string());
    }
}

#[tokio::test]
async fn list_filters_and_search_are_case_insensitive() {
    let app = spawn_app().await;
    assert_eq!(titles_for(&app, "?search=BANKING").await, [FINTRACK], "title");
    assert_eq!(titles_for(&app, "?search=harbor").await, [MEDISYNC], "client");
    assert_eq!(titles_for(&app, "?search=FLEET%20tracking").await, [ATLAS], "short description");
    assert_eq!(titles_for(&app, "?search=invariants").await, [LEDGERLY], "description");
    assert_eq!(titles_for(&app, "?search=%20%20").await.len(), 7, "a blank search is no search");
    assert_eq!(titles_for(&app, "?category=mobile%20app").await, [FINTRACK, TRAILMATE]);
    assert_eq!(titles_for(&app, "?category=Mobile").await, Vec::<String>::new(), "exact match only");
    assert_eq!(titles_for(&app, "?featured=true").await, [FINTRACK, VERDANT, MEDISYNC]);
    assert_eq!(titles_for(&app, "?featured=false").await.len(), 4);
    for query in ["featured=maybe", "status=secret", "page=two"] {
        assert_eq!(app.get_json(&format!("/api/portfolio?{query}")).await.0, 400, "{query}");
    }
}

#[tokio::test]
async fn paging_edges_answer_sensibly() {
    let app = spawn_app().await;
    let (_, page) = app.get_json("/api/portfolio?limit=2&page=2").await;
    assert_eq!(titles(&page), [MEDISYNC, ATLAS]);
    assert_eq!((&page["totalPages"], &page["currentPage"]), (&json!(4), &json!(2)));
    let (status, past) = app.get_json("/api/portfolio?page=99").await;
    assert_eq!(status, 200);
    assert_eq!(past, json!({"projects": [], "totalItems": 7, "totalPages": 1, "currentPage": 99}));
    let (_, one) = app.get_json("/api/portfolio?limit=0").await;
    assert_eq!((titles(&one).len(), &one["totalPages"]), (1, &json!(7)));
    let (_, all) = app.get_json("/api/portfolio?limit=1000000&page=-4").await;
    assert_eq!((titles(&all).len(), &all["currentPage"]), (7, &json!(1)));
    assert_eq!(app.get_json("/api/portfolio?page=99999999999999").await.0, 200);
}

#[tokio::test]
async fn anonymous_callers_never_see_drafts_or_archived_projects() {
    let app = spawn_app().await;
    for status in ["draft", "archived"] {
        let (_, body) = app.get_json(&format!("/api/portfolio?status={status}")).await;
        assert!(body["projects"].as_array().unwrap().iter().all(|project| project["status"] == "published"));
        assert_eq!(body["totalItems"], 7);
    }
    for slug in ["eduspark-learning-platform", "retro-records-web-store"] {
        let (status, body) = app.get_json(&format!("/api/portfolio/slug/{slug}")).await;
        assert_eq!((status, body["message"].as_str()), (404, Some("Project not found")), "{slug}");
    }
    let (status, draft) = app
        .admin()
        .post_json(
            "/api/portfolio",
            &json!({"title": "Hidden", "client": "Acme", "completedAt": "2025-01-01", "status": "draft"}),
        )
        .await;
    assert_eq!(status, 201, "{draft}");
    let id = draft["_id"].as_str().unwrap();
    assert_eq!(app.get_json(&format!("/api/portfolio/{id}")).await.0, 404);
    assert_eq!(app.get_json("/api/portfolio/slug/hidden").await.0, 404);

    let (_, list) = app.get_json("/api/portfolio?search=verdant").await;
    let verdant = &list["projects"][0];
    let id = verdant["_id"].as_str().unwrap();
    assert_eq!(app.get_json(&format!("/api/portfolio/{id}")).await, (200, verdant.clone()));
    assert_eq!(app.get_json("/api/portfolio/slug/verdant-market").await, (200, verdant.clone()));
}

#[tokio::test]
async fn a_project_is_created_read_updated_and_deleted() {
    let app = spawn_empty_app().await;
    let react = technology(&app, "React").await;
    let rust = technology(&app, "Rust").await;
    let (_, tag) = app.admin().post_json("/api/tags", &json!({"name": "Healthcare", "type": "portfolio"})).await;
    let tag = tag["_id"].as_str().unwrap().to_owned();
    let body = json!({
        "title": "  Harbor Portal ", "client": "Harbor Health", "category": "Web Application",
        "description": "## Markdown\n\n- kept", "shortDescription": "Portal", "image": "/images/demo/project-2.svg",
        "technologies": [rust, react, rust], "tags": [tag], "demoUrl": "https://demo.example",
        "githubUrl": "", "completedAt": "2025-03-01", "featured": true, "unknown": 1
    });
    let (status, created) = app.admin().post_json("/api/portfolio", &body).await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(created["title"], "Harbor Portal");
    assert_eq!(created["slug"], "harbor-portal");
    assert_eq!(created["status"], "published");
    assert_eq!(created["completedAt"], "2025-03-01T00:00:00Z");
    assert_eq!(created["technologies"], json!([rust, react]));
    assert_eq!(created["tags"], json!([tag]));
    let id = created["_id"].as_str().unwrap();
    assert_eq!(app.get_json(&format!("/api/portfolio/{id}")).await, (200, created.clone()));

    let (_, again) = app.admin().post_json("/api/portfolio", &body).await;
    assert_eq!(again["slug"], "harbor-portal-2");
    let (status, conflict) = app
        .admin()
        .post_json(
            "/api/portfolio",
            &json!({"title": "Other", "client": "x", "completedAt": "2025-01-01", "slug": "harbor-portal"}),
        )
        .await;
    assert_eq!(status, 409, "{conflict}");
    assert!(conflict["message"].as_str().unwrap().contains("harbor-portal"));

    let (_, counted) = app.get_json(&format!("/api/technologies/{rust}")).await;
    assert_eq!(counted["data"]["usageCount"], 2);

    let (status, updated) = app
        .admin()
        .put_json(
            &format!("/api/portfolio/{id}"),
            &json!({"client": "Harbor Clinics", "completedAt": "2025-03-01T10:30:00+02:00", "technologies": [react]}),
        )
        .await;
    assert_eq!(status, 200, "{updated}");
    assert_eq!(
        (&updated["client"], &updated["title"], &updated["slug"], &updated["completedAt"]),
        (&json!("Harbor Clinics"), &json!("Harbor Portal"), &json!("harbor-portal"), &json!("2025-03-01T08:30:00Z"))
    );
    assert_eq!(updated["technologies"], json!([react]));
    let (status, _) = app.admin().put_json(&format!("/api/portfolio/{id}"), &json!({"slug": "harbor-portal-2"})).await;
    assert_eq!(status, 409);
    let (status, renamed) = app.admin().put_json(&format!("/api/portfolio/{id}"), &json!({"slug": "harbor"})).await;
    assert_eq!((status, &renamed["slug"]), (200, &json!("harbor")));
    assert_eq!(app.get_json("/api/portfolio/slug/harbor").await.0, 200);

    let (status, _) = app.admin().delete(&format!("/api/portfolio/{id}")).await;
    assert_eq!(status, 204);
    assert_eq!(app.get_json(&format!("/api/portfolio/{id}")).await.0, 404);
    assert_eq!(app.get_json("/api/portfolio/slug/harbor").await.0, 404);
}

#[tokio::test]
async fn invalid_projects_are_refused_with_field_errors_and_nothing_is_stored() {
    let app = spawn_empty_app().await;
    let (status, body) = app
        .admin()
        .post_json(
            "/api/portfolio",
            &json!({
                "title": "", "slug": "Not A Slug", "image": "javascript:alert(1)", "technologies": ["react"],
                "tags": ["65F1C2A9B4E8D70012345678"], "demoUrl": "demo.example", "githubUrl": "ftp://x.io",
                "completedAt": "last year", "status": "secret"
            }),
        )
        .await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(body["message"], "Validation failed");
    for field in
        ["title", "client", "slug", "image", "technologies", "tags", "demoUrl", "githubUrl", "completedAt", "status"]
    {
        assert!(body["errors"][field].is_string(), "no error for {field}: {body}");
    }

    let unknown = "65f1c2a9b4e8d70012345678";
    let (status, body) = app
        .admin()
        .post_json(
            "/api/portfolio",
            &json!({"title": "x", "client": "y", "completedAt": "2025-01-01", "technologies": [unknown]}),
        )
        .await;
    assert_eq!(status, 422, "{body}");
    assert!(body["errors"]["technologies"].as_str().unwrap().contains(unknown));

    for (body, field) in [
        (json!({"title": 5}), "title"),
        (json!({"title": "x", "technologies": "react"}), "technologies"),
        (json!({"title": "x", "tags": [1]}), "tags[0]"),
        (json!({"title": "x", "featured": "yes"}), "featured"),
    ] {
        let (status, answer) = app.admin().post_json("/api/portfolio", &body).await;
        assert_eq!(status, 422, "{body} → {answer}");
        assert!(answer["errors"][field].is_string(), "{body} → {answer}");
    }
    assert_eq!(app.get_json("/api/portfolio").await.1["totalItems"], 0);
}

#[tokio::test]
async fn unknown_and_malformed_ids_and_slugs_are_not_found() {
    let app = spawn_app().await;
    for id in ["65f1c2a9b4e8d70012345678", "nope", "65F1C2A9B4E8D70012345678", "%00"] {
        for method in [Method::GET, Method::PUT, Method::DELETE] {
            let (status, body) = app
                .admin()
                .send_raw(method.clone(), &format!("/api/portfolio/{id}"), "application/json", r#"{"version": 1}"#)
                .await;
            assert_eq!(status, 404, "{method} {id}: {body}");
        }
    }
    for slug in ["no-such-project", "Not_A_Slug", "65f1c2a9b4e8d70012345678", "a--b"] {
        let (status, body) = app.get_json(&format!("/api/portfolio/slug/{slug}")).await;
        assert_eq!(status, 404, "{slug}: {body}");
    }
}

#[tokio::test]
async fn administrators_see_drafts_and_archived_projects() {
    let app = spawn_app().await;
    let (_, all) = app.admin().get_json("/api/portfolio").await;
    assert_eq!(all["totalItems"], 9);
    let (_, drafts) = app.admin().get_json("/api/portfolio?status=draft").await;
    assert_eq!(titles(&drafts), ["EduSpark Learning Platform"]);
    let (status, archived) = app.admin().get_json("/api/portfolio/slug/retro-records-web-store").await;
    assert_eq!((status, &archived["status"]), (200, &json!("archived")));
    let id = archived["_id"].as_str().unwrap();
    assert_eq!(app.admin().get_json(&format!("/api/portfolio/{id}")).await.0, 200);
}

#[tokio::test]
async fn project_tags_must_exist_and_a_tag_a_project_uses_cannot_be_deleted() {
    let app = spawn_app().await;
    let body = |tags: serde_json::Value| serde_json::json!({"title": "Tagged", "client": "Acme", "completedAt": "2025-01-01", "tags": tags});
    let (status, answer) =
        app.admin().post_json("/api/portfolio", &body(serde_json::json!(["65f1c2a9b4e8d70012345678"]))).await;
    assert_eq!(status, 422, "{answer}");
    assert!(answer["errors"]["tags"].as_str().unwrap().contains("65f1c2a9b4e8d70012345678"));

    let (status, tag) =
        app.admin().post_json("/api/tags", &serde_json::json!({"name": "Only on projects", "type": "portfolio"})).await;
    assert_eq!(status, 201, "{tag}");
    let tag_id = tag["_id"].as_str().unwrap();
    let (status, project) = app.admin().post_json("/api/portfolio", &body(serde_json::json!([tag_id]))).await;
    assert_eq!(status, 201, "{project}");

    let (_, tags) = app.get_json("/api/tags?type=portfolio").await;
    let listed = tags.as_array().unwrap().iter().find(|tag| tag["_id"] == tag_id).unwrap();
    assert_eq!(listed["count"], 1, "the project counts as a use");
    let (status, refused) = app.admin().delete(&format!("/api/tags/{tag_id}")).await;
    assert_eq!(status, 409, "{refused}");
    assert!(refused["message"].as_str().unwrap().contains('1'));
}

#[tokio::test]
async fn the_demo_projects_carry_tags_that_exist() {
    let app = spawn_app().await;
    let (_, list) = app.get_json("/api/portfolio?limit=100").await;
    let (_, tags) = app.get_json("/api/tags").await;
    let known: Vec<&str> = tags.as_array().unwrap().iter().map(|tag| tag["_id"].as_str().unwrap()).collect();
    for project in list["projects"].as_array().unwrap() {
        let ids = project["tags"].as_array().unwrap();
        assert!(!ids.is_empty(), "{}", project["title"]);
        assert!(ids.iter().all(|id| known.contains(&id.as_str().unwrap())), "{}", project["title"]);
    }
}

#[tokio::test]
async fn a_scheduled_project_stays_off_the_public_site_until_its_publish_time() {
    let app = spawn_app().await;
    let in_an_hour = (chrono::Utc::now() + chrono::Duration::hours(1)).to_rfc3339();
    let body = json!({
        "title": "Orbit Launch Site",
        "client": "Orbit",
        "completedAt": "2099-01-01",
        "status": "published",
        "publishAt": in_an_hour,
    });
    let (status, created) = app.admin().post_json("/api/portfolio", &body).await;
    assert_eq!(status, 201, "{created}");
    let id = created["_id"].as_str().unwrap();
    assert!(!titles_for(&app, "").await.contains(&"Orbit Launch Site".to_owned()));
    assert_eq!(app.get_json("/api/portfolio/slug/orbit-launch-site").await.0, 404);
    assert_eq!(app.get_json(&format!("/api/portfolio/{id}")).await.0, 404);
    let (_, admin) = app.admin().get_json("/api/portfolio?sort=oldest&limit=100").await;
    assert!(titles(&admin).contains(&"Orbit Launch Site"));

    let (status, _) = app.admin().put_json(&format!("/api/portfolio/{id}"), &json!({"publishAt": ""})).await;
    assert_eq!(status, 200);
    assert_eq!(titles_for(&app, "").await[0], "Orbit Launch Site");
    assert_eq!(app.get_json("/api/portfolio/slug/orbit-launch-site").await.0, 200);
}
