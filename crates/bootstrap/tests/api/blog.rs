use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_app, spawn_empty_app};

fn titles(list: &Value) -> Vec<&str> {
    list["blogs"].as_array().unwrap().iter().map(|post| post["title"].as_str().unwrap()).collect()
}

fn total(list: &Value) -> u64 {
    list["totalItems"].as_u64().unwrap()
}

/// A category and two tags on an empty app; their ids.
async fn blog_setup(app: &TestApp) -> (String, String, String) {
    let (status, category) = app
        .admin()
        .post_json("/api/blog/categories", &json!({"displayName": "Engineering", "slug": "engineering"}))
        .await;
    assert_eq!(status, 201, "{category}");
    let (_, rust) = app.admin().post_json("/api/tags", &json!({"name": "Rust"})).await;
    let (_, apis) = app.admin().post_json("/api/tags", &json!({"name": "APIs"})).await;
    let id = |value: &Value| value["_id"].as_str().unwrap().to_owned();
    (id(&category), id(&rust), id(&apis))
}

#[tokio::test]
async fn published_posts_are_listed_newest_first_with_their_category_and_tag_names() {
    let app = spawn_app().await;
    let (status, list) = app.get_json("/api/blog/public/posts").await;
    assert_eq!(status, 200, "{list}");
    assert_eq!((total(&list), list["totalPages"].as_u64(), list["currentPage"].as_u64()), (10, Some(1), Some(1)));
    let posts = list["blogs"].as_array().unwrap();
    assert_eq!(posts.len(), 10);
    assert_eq!(posts[0]["title"], "Designing APIs People Enjoy Using");
    let dates: Vec<&str> = posts.iter().map(|post| post["createdAt"].as_str().unwrap()).collect();
    assert!(dates.windows(2).all(|pair| pair[0] > pair[1]), "newest first: {dates:?}");
    let first = &posts[0];
    assert_eq!(first["categoryName"], "Web Development");
    assert_eq!(first["tagNames"], "API Design, Rust, Best Practices");
    assert_eq!(first["tags"].as_array().unwrap().len(), 3);
    assert_eq!(first["slug"], "designing-apis-people-enjoy-using");
    assert_eq!(first["featuredImage"], "/images/demo/blog-1.svg");
    for field in [
        "_id",
        "excerpt",
        "content",
        "category",
        "authorName",
        "status",
        "featured",
        "views",
        "metaTitle",
        "metaDescription",
        "createdAt",
        "updatedAt",
    ] {
        assert!(first.get(field).is_some(), "missing {field}");
    }
    assert!(posts.iter().all(|post| post["status"] == "published"));
}

#[tokio::test]
async fn public_paging_edges_answer_sensibly() {
    let app = spawn_app().await;
    let (_, six) = app.get_json("/api/blog/public/posts?page=1&limit=6&status=published").await;
    assert_eq!((titles(&six).len(), six["totalPages"].as_u64()), (6, Some(2)));
    let (_, rest) = app.get_json("/api/blog/public/posts?page=2&limit=6").await;
    assert_eq!((titles(&rest).len(), rest["currentPage"].as_u64()), (4, Some(2)));
    let (status, past) = app.get_json("/api/blog/public/posts?page=99999999999").await;
    assert_eq!((status, titles(&past).len(), total(&past)), (200, 0, 10));
    for (query, expected) in [("limit=0", 1), ("limit=-3", 1), ("limit=1000000", 10), ("page=0", 10), ("page=-2", 10)] {
        let (status, list) = app.get_json(&format!("/api/blog/public/posts?{query}")).await;
        assert_eq!((status, titles(&list).len()), (200, expected), "{query}");
    }
    let (status, _) = app.get_json("/api/blog/public/posts?page=first").await;
    assert_eq!(status, 400);
}

#[tokio::test]
async fn a_page_past_any_end_is_an_empty_page_for_a_list_and_a_search() {
    let app = spawn_app().await;
    for query in ["", "&search=design", "&search=web%20design", "&search=design&category=web-development"] {
        let path = format!("/api/blog/public/posts?page={}&limit=100{query}", i64::MAX);
        let (status, body) = app.get_json(&path).await;
        assert_eq!((status, titles(&body).len()), (200, 0), "{path}: {body}");
    }
}

#[tokio::test]
async fn public_lists_filter_by_category_ids_or_slugs_and_search_title_excerpt_and_author() {
    let app = spawn_app().await;
    let (_, web) = app.get_json("/api/blog/public/posts?category=web-development").await;
    assert_eq!(titles(&web), ["Designing APIs People Enjoy Using", "Core Web Vitals in Practice"]);
    let (_, categories) = app.get_json("/api/blog/categories").await;
    let mobile = categories.as_array().unwrap().iter().find(|c| c["slug"] == "mobile-apps").unwrap()["_id"].clone();
    let mobile = mobile.as_str().unwrap();
    let (_, by_id) = app.get_json(&format!("/api/blog/public/posts?category={mobile}")).await;
    assert_eq!(titles(&by_id), ["Shipping a React Native App in 12 Weeks"]);
    let (_, both) = app.get_json(&format!("/api/blog/public/posts?category=web-development,{mobile}")).await;
    assert_eq!(total(&both), 3);
    for query in ["category=no-such-category", "category=65f1c2a9b4e8d70012345678", "category=Not%20A%20Slug"] {
        let (status, none) = app.get_json(&format!("/api/blog/public/posts?{query}")).await;
        assert_eq!((status, total(&none)), (200, 0), "{query}");
    }
    let (_, all) = app.get_json("/api/blog/public/posts?category=all").await;
    assert_eq!(total(&all), 10);

    let (_, by_author) = app.get_json("/api/blog/public/posts?search=MAYA").await;
    assert_eq!(
        titles(&by_author),
        ["Designing APIs People Enjoy Using", "Monolith or Microservices? Start With the Team"]
    );
    let (_, by_title) = app.get_json("/api/blog/public/posts?search=zero-downtime").await;
    assert_eq!(titles(&by_title), ["Zero-Downtime Database Migrations"]);
    let (_, by_excerpt) = app.get_json("/api/blog/public/posts?search=spreadsheet").await;
    assert_eq!(titles(&by_excerpt), ["How We Estimate Projects"]);
    let (_, literal) = app.get_json("/api/blog/public/posts?search=%25").await;
    assert_eq!(total(&literal), 0, "% is matched literally");
    let (_, combined) = app.get_json("/api/blog/public/posts?search=web&category=web-development").await;
    assert_eq!(titles(&combined), ["Core Web Vitals in Practice"]);
}

#[tokio::test]
async fn anonymous_callers_never_see_drafts() {
    let app = spawn_app().await;
    let (status, draft) =
        app.admin().post_json("/api/blog/posts", &json!({"title": "Unreleased plans", "status": "draft"})).await;
    assert_eq!(status, 201, "{draft}");
    let id = draft["_id"].as_str().unwrap();

    let (status, list) = app.anonymous().get_json("/api/blog/public/posts?status=draft").await;
    assert_eq!(status, 200);
    assert!(list["blogs"].as_array().unwrap().iter().all(|post| post["status"] == "published"));
    for path in ["/api/blog/posts?status=draft", "/api/blog/posts?limit=1000"] {
        let (status, _) = app.anonymous().get_json(path).await;
        assert_eq!(status, 401, "the admin list is not for anonymous callers: {path}");
    }
    let (_, list) = app.anonymous().get_json("/api/blog/public/posts?search=unreleased").await;
    assert_eq!(total(&list), 0);
    let (status, _) = app.anonymous().get_json(&format!("/api/blog/posts/{id}")).await;
    assert_eq!(status, 401, "reading a post by id is for administrators");
    for path in [
        "/api/blog/public/posts/slug/unreleased-plans".to_owned(),
        "/api/blog/public/posts/slug/our-plans-for-the-year-ahead".to_owned(),
    ] {
        let (status, body) = app.anonymous().get_json(&path).await;
        assert_eq!((status, body["message"].as_str()), (404, Some("Post not found")), "{path}");
    }
    let (status, _) = app.anonymous().post_json("/api/blog/public/posts/slug/unreleased-plans/view", &json!({})).await;
    assert_eq!(status, 404);
    let (_, featured) = app.anonymous().get_json("/api/blog/public/posts/featured?limit=100").await;
    assert!(featured.as_array().unwrap().iter().all(|post| post["status"] == "published"));
}

#[tokio::test]
async fn administrators_see_drafts_in_lists_and_by_id() {
    let app = spawn_app().await;
    let (_, drafts) = app.admin().get_json("/api/blog/posts?status=draft").await;
    assert_eq!(titles(&drafts), ["Our Plans for the Year Ahead"]);
    let (_, everything) = app.admin().get_json("/api/blog/posts?limit=100").await;
    assert_eq!(total(&everything), 11);
    let id = drafts["blogs"][0]["_id"].as_str().unwrap();
    let (status, _) = app.admin().get_json(&format!("/api/blog/posts/{id}")).await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn the_admin_list_pages_by_ten_by_default() {
    let app = spawn_app().await;
    let (status, list) = app.admin().get_json("/api/blog/posts").await;
    assert_eq!(status, 200);
    // Eleven posts, the draft included, at ten a page.
    assert_eq!((titles(&list).len(), total(&list), list["totalPages"].as_u64()), (10, 11, Some(2)));
    let (_, second) = app.admin().get_json("/api/blog/posts?page=2&limit=4&category=cloud-devops").await;
    assert_eq!((titles(&second).len(), total(&second)), (0, 2));
    let (status, _) = app.admin().get_json("/api/blog/posts?status=archived").await;
    assert_eq!(status, 400);
}

#[tokio::test]
async fn featured_posts_are_filled_up_with_the_newest_other_posts() {
    let app = spawn_app().await;
    let (status, featured) = app.get_json("/api/blog/public/posts/featured").await;
    assert_eq!(status, 200);
    let list = featured.as_array().unwrap();
    assert_eq!(list.len(), 3);
    assert!(list.iter().all(|post| post["featured"] == true));
    let (_, five) = app.get_json("/api/blog/public/posts/featured?limit=5").await;
    let five: Vec<&str> = five.as_array().unwrap().iter().map(|post| post["title"].as_str().unwrap()).collect();
    assert_eq!(
        five,
        [
            "Designing APIs People Enjoy Using",
            "From Figma to Production: A Design System Story",
            "Shipping a React Native App in 12 Weeks",
            "A Technical SEO Checklist for Modern Web Apps",
            "Zero-Downtime Database Migrations",
        ]
    );
    let (_, one) = app.get_json("/api/blog/public/posts/featured?limit=0").await;
    assert_eq!(one.as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn a_published_post_is_read_by_slug_and_its_views_counted() {
    let app = spawn_app().await;
    let (status, post) = app.get_json("/api/blog/public/posts/slug/zero-downtime-database-migrations").await;
    assert_eq!(status, 200);
    let before = post["views"].as_u64().unwrap();
    let path = "/api/blog/public/posts/slug/zero-downtime-database-migrations/view";
    assert_eq!(app.anonymous().post_json(path, &json!({})).await, (200, json!({"views": before + 1})));
    let response = app.anonymous().request(Method::POST, path).header("user-agent", "Firefox").send().await.unwrap();
    assert_eq!(response.status().as_u16(), 200, "a view needs no body");
    let (_, after) = app.get_json("/api/blog/public/posts/slug/zero-downtime-database-migrations").await;
    assert_eq!(after["views"].as_u64(), Some(before + 2), "another browser is another visitor");
    for slug in ["no-such-post", "Not%20A%20Slug", "65f1c2a9b4e8d70012345678"] {
        let (status, _) = app.get_json(&format!("/api/blog/public/posts/slug/{slug}")).await;
        assert_eq!(status, 404, "{slug}");
        let (status, _) =
            app.anonymous().post_json(&format!("/api/blog/public/posts/slug/{slug}/view"), &json!({})).await;
        assert_eq!(status, 404, "{slug}");
    }
}

#[tokio::test]
async fn fifty_views_at_once_from_one_visitor_count_once_and_another_visitor_counts_again() {
    let app = spawn_app().await;
    let slug = "zero-downtime-database-migrations";
    let (_, post) = app.get_json(&format!("/api/blog/public/posts/slug/{slug}")).await;
    let before = post["views"].as_u64().unwrap();
    let path = format!("/api/blog/public/posts/slug/{slug}/view");
    let views = (0..50).map(|_| app.anonymous().request(Method::POST, &path).header("user-agent", "Firefox"));
    let statuses = crate::limits::burst(views.collect()).await;
    assert!(statuses.iter().all(|status| *status == 200), "{statuses:?}");
    let (_, after) = app.get_json(&format!("/api/blog/public/posts/slug/{slug}")).await;
    assert_eq!(after["views"].as_u64(), Some(before + 1), "50 calls, one view");
    let (_, counted) = app.anonymous().post_json(&path, &json!({})).await;
    assert_eq!(counted["views"].as_u64(), Some(before + 2), "another browser is another visitor");
}

#[tokio::test]
async fn a_post_is_created_read_updated_and_deleted() {
    let app = spawn_empty_app().await;
    let (category, rust, apis) = blog_setup(&app).await;
    let body = json!({
        "title": "  Typed APIs in Rust ",
        "excerpt": "Why types help",
        "content": [
            {"type": "heading", "text": "Why"},
            {"type": "text", "text": "Types catch mistakes."},
            {"type": "image", "url": "/images/demo/blog-3.svg", "caption": "A diagram"}
        ],
        "featuredImage": "/images/demo/blog-3.svg",
        "category": category,
        "tags": [rust, apis, rust],
        "authorName": "Ana Lima",
        "status": "published",
        "unknown": true
    });
    let (status, created) = app.admin().post_json("/api/blog/posts", &body).await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(created["title"], "Typed APIs in Rust");
    assert_eq!(created["slug"], "typed-apis-in-rust");
    assert_eq!(created["content"], "## Why\n\nTypes catch mistakes.\n\n![A diagram](/images/demo/blog-3.svg)");
    assert_eq!(
        (created["categoryName"].as_str(), created["tagNames"].as_str()),
        (Some("Engineering"), Some("Rust, APIs"))
    );
    assert_eq!(created["tags"], json!([rust, apis]));
    assert_eq!((created["featured"].as_bool(), created["views"].as_u64()), (Some(false), Some(0)));
    let id = created["_id"].as_str().unwrap();

    let (status, again) = app.admin().post_json("/api/blog/posts", &json!({"title": "Typed APIs in Rust!"})).await;
    assert_eq!(
        (status, again["slug"].as_str(), again["status"].as_str()),
        (201, Some("typed-apis-in-rust-2"), Some("draft"))
    );
    let (status, conflict) =
        app.admin().post_json("/api/blog/posts", &json!({"title": "Other", "slug": "typed-apis-in-rust"})).await;
    assert_eq!(status, 409, "{conflict}");
    assert!(conflict["message"].is_string());

    let (status, fetched) = app.get_json("/api/blog/public/posts/slug/typed-apis-in-rust").await;
    assert_eq!((status, &fetched), (200, &created));
    let (status, by_id) = app.admin().get_json(&format!("/api/blog/posts/{id}")).await;
    assert_eq!((status, &by_id), (200, &created));

    let update = json!({"content": "# Plain markdown", "tags": [apis], "category": null, "featured": true});
    let (status, updated) = app.admin().put_json(&format!("/api/blog/posts/{id}"), &update).await;
    assert_eq!(status, 200, "{updated}");
    assert_eq!(updated["content"], "# Plain markdown");
    assert_eq!((updated["tagNames"].as_str(), updated["categoryName"].as_str()), (Some("APIs"), Some("")));
    assert_eq!((&updated["category"], updated["title"].as_str()), (&Value::Null, Some("Typed APIs in Rust")));
    let (status, _) =
        app.admin().put_json(&format!("/api/blog/posts/{id}"), &json!({"slug": "typed-apis-in-rust-2"})).await;
    assert_eq!(status, 409);

    let (status, _) = app.admin().delete(&format!("/api/blog/posts/{id}")).await;
    assert_eq!(status, 204);
    let (status, body) = app.admin().get_json(&format!("/api/blog/posts/{id}")).await;
    assert_eq!((status, body["message"].as_str()), (404, Some("Post not found")));
}

#[tokio::test]
async fn invalid_posts_are_refused_with_every_field_error_and_nothing_is_stored() {
    let app = spawn_empty_app().await;
    let body = json!({
        "title": " ",
        "slug": "Not A Slug",
        "featuredImage": "javascript:alert(1)",
        "category": "web",
        "tags": ["nope"],
        "status": "archived",
        "metaTitle": "x".repeat(201)
    });
    let (status, answer) = app.admin().post_json("/api/blog/posts", &body).await;
    assert_eq!(status, 422, "{answer}");
    assert_eq!(answer["message"], "Validation failed");
    for field in ["title", "slug", "featuredImage", "category", "tags", "status", "metaTitle"] {
        assert!(answer["errors"][field].is_string(), "no error for {field}: {answer}");
    }
    let ghost = "65f1c2a9b4e8d70012345678";
    let (status, answer) =
        app.admin().post_json("/api/blog/posts", &json!({"title": "x", "category": ghost, "tags": [ghost]})).await;
    assert_eq!(status, 422, "{answer}");
    assert_eq!(answer["errors"]["category"], "Category not found");
    assert!(answer["errors"]["tags"].as_str().unwrap().contains(ghost));
    for (body, field) in [
        (json!({"title": "x", "content": 5}), "content"),
        (json!({"title": "x", "tags": "rust"}), "tags"),
        (json!({"title": "x", "featured": "yes"}), "featured"),
    ] {
        let (status, answer) = app.admin().post_json("/api/blog/posts", &body).await;
        assert_eq!(status, 422, "{body} → {answer}");
        assert!(answer["errors"][field].is_string(), "{body} → {answer}");
    }
    let (_, list) = app.admin().get_json("/api/blog/posts").await;
    assert_eq!(total(&list), 0);
}

#[tokio::test]
async fn unknown_and_malformed_post_ids_are_not_found() {
    let app = spawn_app().await;
    for id in ["65f1c2a9b4e8d70012345678", "nope", "65F1C2A9B4E8D70012345678", "%00"] {
        for method in [Method::GET, Method::PUT, Method::DELETE] {
            let (status, body) = app
                .admin()
                .send_raw(method.clone(), &format!("/api/blog/posts/{id}"), "application/json", r#"{"version": 1}"#)
                .await;
            assert_eq!(status, 404, "{method} {id}: {body}");
        }
    }
}

#[tokio::test]
async fn a_scheduled_post_stays_off_the_public_site_until_its_publish_time() {
    let app = spawn_app().await;
    let tomorrow = (chrono::Utc::now() + chrono::Duration::days(1)).to_rfc3339();
    let body = json!({"title": "Launch Notes", "status": "published", "featured": true, "publishAt": tomorrow});
    let (status, created) = app.admin().post_json("/api/blog/posts", &body).await;
    assert_eq!(status, 201, "{created}");
    assert!(created["publishAt"].as_str().is_some_and(|at| at.starts_with(&tomorrow[..16])), "{created}");
    let id = created["_id"].as_str().unwrap();

    let (_, list) = app.get_json("/api/blog/public/posts").await;
    assert_eq!((total(&list), titles(&list).contains(&"Launch Notes")), (10, false));
    let (_, featured) = app.get_json("/api/blog/public/posts/featured?limit=20").await;
    assert!(featured.as_array().unwrap().iter().all(|post| post["title"] != "Launch Notes"));
    assert_eq!(app.get_json("/api/blog/public/posts/slug/launch-notes").await.0, 404);
    let (status, _) = app.anonymous().post_json("/api/blog/public/posts/slug/launch-notes/view", &json!({})).await;
    assert_eq!(status, 404);
    let (_, admin_list) = app.admin().get_json("/api/blog/posts?status=published").await;
    assert_eq!(titles(&admin_list)[0], "Launch Notes", "the back office lists it, newest publication first");

    let a_minute_ago = (chrono::Utc::now() - chrono::Duration::minutes(1)).to_rfc3339();
    let (status, _) = app.admin().put_json(&format!("/api/blog/posts/{id}"), &json!({"publishAt": a_minute_ago})).await;
    assert_eq!(status, 200);
    let (_, list) = app.get_json("/api/blog/public/posts").await;
    assert_eq!((total(&list), titles(&list)[0]), (11, "Launch Notes"));
    assert_eq!(app.get_json("/api/blog/public/posts/slug/launch-notes").await.0, 200);

    let (status, cleared) = app.admin().put_json(&format!("/api/blog/posts/{id}"), &json!({"publishAt": null})).await;
    assert_eq!((status, &cleared["publishAt"]), (200, &Value::Null));
    for bad in ["tomorrow", "2026-05-01T09:00", "2026-05-01"] {
        let (status, body) = app.admin().put_json(&format!("/api/blog/posts/{id}"), &json!({"publishAt": bad})).await;
        assert_eq!(status, 422, "{bad}: {body}");
        assert!(body["errors"]["publishAt"].as_str().unwrap().starts_with("Publish time must be"), "{body}");
    }
}
