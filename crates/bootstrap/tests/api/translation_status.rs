//! The blog's translations beyond the editor (docs/languages.md): the back office's list filtered
//! by missing or outdated translation, translation writes announced to webhooks, and a view counted
//! at a post's translated address.

use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_app};
use crate::translations::{german, languages, post, put};

/// The titles of the admin list at `query`, and its total.
async fn listed(app: &TestApp, query: &str) -> (Vec<String>, u64) {
    let (status, list) = app.admin().get_json(&format!("/api/blog/posts?{query}")).await;
    assert_eq!(status, 200, "{query}: {list}");
    let titles = list["blogs"].as_array().unwrap().iter().map(|post| post["title"].as_str().unwrap().to_owned());
    (titles.collect(), list["totalItems"].as_u64().unwrap())
}

#[tokio::test]
async fn the_admin_list_shows_the_posts_missing_or_outdated_in_a_language_and_pages_right() {
    let app = spawn_app().await;
    languages(&app, "fallback").await;
    let (_, everything) = listed(&app, "limit=1").await;
    let first = post(&app, "Translated later", "translated-later").await;
    post(&app, "Never translated", "never-translated").await;

    let (missing, total) = listed(&app, "missingIn=de&limit=1000").await;
    assert_eq!(total, everything + 2, "the demo posts and both new ones");
    assert!(missing.contains(&"Translated later".to_owned()) && missing.contains(&"Never translated".to_owned()));
    let (_, paged_total) = listed(&app, "missingIn=de&limit=2&page=2").await;
    assert_eq!(paged_total, total, "each page counts the filtered posts");

    let record = format!("/api/translations/post/{first}/de");
    let (status, saved) = put(&app, &record, &german("Später übersetzt", "spaeter")).await;
    assert_eq!(status, 200, "{saved}");
    let (missing, total_after) = listed(&app, "missingIn=DE&limit=1000").await;
    assert_eq!(total_after, total - 1);
    assert!(!missing.contains(&"Translated later".to_owned()));
    assert_eq!(listed(&app, "outdatedIn=de").await, (vec![], 0));

    let (status, changed) = app
        .admin()
        .put_json(&format!("/api/blog/posts/{first}"), &json!({"title": "Translated, then changed", "version": 1}))
        .await;
    assert_eq!(status, 200, "{changed}");
    assert_eq!(listed(&app, "outdatedIn=de").await, (vec!["Translated, then changed".to_owned()], 1));
    assert_eq!(listed(&app, "outdatedIn=fr").await, (vec![], 0));
    assert_eq!(listed(&app, "outdatedIn=de&status=draft").await, (vec![], 0), "with the other filters");

    for query in ["missingIn=en", "missingIn=es", "outdatedIn=", "missingIn=de&outdatedIn=fr", "missingIn=d%00e"] {
        let (status, body) = app.admin().get_json(&format!("/api/blog/posts?{query}")).await;
        assert_eq!(status, 400, "{query}: {body}");
    }
}

#[tokio::test]
async fn translation_writes_are_announced_with_their_language() {
    let app = spawn_app().await;
    languages(&app, "fallback").await;
    let events = ["post.translation.published", "post.translation.updated", "post.translation.deleted", "post.updated"];
    let (status, created) = app
        .admin()
        .post_json(
            "/api/webhooks",
            &json!({"url": "https://hooks.example.com/in", "description": "CRM", "events": events}),
        )
        .await;
    assert_eq!(status, 201, "{created}");
    let endpoint = created["webhook"]["_id"].as_str().unwrap().to_owned();
    let id = post(&app, "Announced", "announced").await;
    let record = format!("/api/translations/post/{id}/de");
    put(&app, &record, &german("Angekündigt", "angekuendigt")).await;
    let (status, _) =
        put(&app, &record, &json!({"fields": {"title": "Neu"}, "publication": "published", "version": 1})).await;
    assert_eq!(status, 200);
    let mut draft = german("Entwurf", "entwurf");
    draft["publication"] = json!("draft");
    put(&app, &format!("/api/translations/post/{id}/fr"), &draft).await;
    let (status, _) = app.admin().delete(&record).await;
    assert_eq!(status, 204);

    let (status, body) = app.admin().get_json(&format!("/api/webhooks/{endpoint}/deliveries")).await;
    assert_eq!(status, 200, "{body}");
    let mut queued: Vec<(String, Value)> = body["deliveries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|delivery| {
            let payload: Value = serde_json::from_str(delivery["payload"].as_str().unwrap()).unwrap();
            (delivery["eventType"].as_str().unwrap().to_owned(), payload)
        })
        .collect();
    queued.reverse();
    let kinds: Vec<&str> = queued.iter().map(|(event, _)| event.as_str()).collect();
    assert_eq!(
        kinds,
        ["post.translation.published", "post.translation.updated", "post.translation.deleted"],
        "a French draft is nobody's business"
    );
    let payload = &queued[0].1;
    assert_eq!(payload["type"], "post.translation.published");
    assert_eq!((&payload["data"]["lang"], &payload["data"]["id"]), (&json!("de"), &json!(id)));
    assert_eq!((&payload["data"]["slug"], &payload["data"]["title"]), (&json!("angekuendigt"), &json!("Angekündigt")));
}

#[tokio::test]
async fn a_view_at_a_translated_address_counts_for_the_same_post() {
    let app = spawn_app().await;
    languages(&app, "fallback").await;
    let id = post(&app, "Counted", "counted").await;
    put(&app, &format!("/api/translations/post/{id}/de"), &german("Gezählt", "gezaehlt")).await;

    let view = |path: &str, agent: &str| {
        let request = app.anonymous().request(reqwest::Method::POST, path).header("user-agent", agent).json(&json!({}));
        async move {
            let response = request.send().await.unwrap();
            let status = response.status().as_u16();
            (status, response.json::<Value>().await.unwrap_or(Value::Null))
        }
    };
    // Read (and cached) in German before the view: the view makes that answer fresh.
    let (_, read) = app.anonymous().get_json("/api/blog/public/posts/slug/gezaehlt?lang=de").await;
    assert_eq!(read["views"].as_u64(), Some(0), "{read}");
    let (status, counted) = view("/api/blog/public/posts/slug/gezaehlt/view?lang=de", "Firefox A").await;
    assert_eq!((status, counted["views"].as_u64()), (200, Some(1)), "{counted}");
    let (_, again) = view("/api/blog/public/posts/slug/counted/view", "Firefox B").await;
    assert_eq!(again["views"].as_u64(), Some(2), "the same post at its default address");
    let (status, _) = view("/api/blog/public/posts/slug/gezaehlt/view", "Firefox C").await;
    assert_eq!(status, 404, "without its language a translated slug names no post");
    let (status, _) = view("/api/blog/public/posts/slug/gezaehlt/view?lang=xx", "Firefox C").await;
    assert_eq!(status, 400);
    let (_, read) = app.anonymous().get_json("/api/blog/public/posts/slug/gezaehlt?lang=de").await;
    assert_eq!(read["views"].as_u64(), Some(2), "the language's read shows the new count: {read}");
}

#[tokio::test]
async fn a_translations_revisions_are_kept_and_restored_per_language() {
    let app = spawn_app().await;
    languages(&app, "fallback").await;
    let id = post(&app, "Revised", "revised").await;
    let path = format!("/api/translations/post/{id}/de");
    put(&app, &path, &german("Erste Fassung", "erste")).await;
    let (status, _) =
        put(&app, &path, &json!({"fields": {"title": "Zweite Fassung"}, "publication": "published", "version": 1}))
            .await;
    assert_eq!(status, 200);
    put(&app, &format!("/api/translations/post/{id}/fr"), &german("Première", "premiere")).await;

    let (status, listed) = app.admin().get_json(&format!("/api/translations/post/{id}/DE/revisions")).await;
    assert_eq!(status, 200, "{listed}");
    let listed = listed.as_array().unwrap().clone();
    assert_eq!(listed.len(), 1);
    assert_eq!((&listed[0]["lang"], &listed[0]["recordId"]), (&json!("de"), &json!(id)));
    let revision = listed[0]["_id"].as_str().unwrap();
    let (status, one) = app.admin().get_json(&format!("{path}/revisions/{revision}")).await;
    assert_eq!(status, 200, "{one}");
    assert_eq!(one["translation"]["fields"]["title"], "Erste Fassung");
    let (_, french) = app.admin().get_json(&format!("/api/translations/post/{id}/fr/revisions")).await;
    assert_eq!(french, json!([]));
    let (_, own) = app.admin().get_json(&format!("/api/blog/posts/{id}/revisions")).await;
    assert_eq!(own.as_array().map(Vec::len), Some(0), "the post's own revisions are untouched: {own}");

    let (status, restored) = app.admin().post_json(&format!("{path}/revisions/{revision}/restore"), &json!({})).await;
    assert_eq!(status, 200, "{restored}");
    assert_eq!((&restored["fields"]["title"], &restored["version"]), (&json!("Erste Fassung"), &json!(3)));
    let (_, french) = app.admin().get_json(&format!("/api/translations/post/{id}/fr")).await;
    assert_eq!(french["fields"]["title"], "Première", "another language stays");
    let (_, listed) = app.admin().get_json(&format!("{path}/revisions")).await;
    assert_eq!(listed.as_array().map(Vec::len), Some(2));

    for path in [
        format!("{path}/revisions/nope/restore"),
        format!("/api/translations/post/{id}/fr/revisions/{revision}/restore"),
        format!("/api/translations/post/{id}/en/revisions/{revision}/restore"),
        format!("/api/translations/post/{id}/xx/revisions/{revision}/restore"),
    ] {
        let (status, body) = app.admin().post_json(&path, &json!({})).await;
        assert_eq!(status, 404, "{path}: {body}");
    }
    let (status, _) = app.anonymous().get_json(&format!("{path}/revisions")).await;
    assert_eq!(status, 401);
}
