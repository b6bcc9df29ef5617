use serde_json::json;

use crate::helpers::{spawn_app, spawn_empty_app};

#[tokio::test]
async fn the_home_page_is_public_with_the_sites_original_texts() {
    for app in [spawn_app().await, spawn_empty_app().await] {
        let (status, home) = app.get_json("/api/home-page").await;
        assert_eq!(status, 200, "{home}");
        assert_eq!(home["hero"]["title"], "Innovative Software Solutions for Your Business");
        assert_eq!(home["hero"]["links"][0], json!({"label": "Our Services", "target": "#services"}));
        assert_eq!(home["sections"].as_array().unwrap().len(), 10);
        assert_eq!(home["sections"][0]["key"], "features");
        assert_eq!(home["footerServices"][0], "Mobile App Development");
    }
}

#[tokio::test]
async fn an_administrator_changes_the_home_page_and_visitors_see_it_at_once() {
    let app = spawn_app().await;
    // A first read fills the response cache.
    let (_, before) = app.get_json("/api/home-page").await;
    let body = json!({
        "hero": {
            "title": "Software that ships",
            "subtitle": "Small teams, big results.",
            "links": [{"label": "See our work", "target": "/portfolio"}, {"label": "Talk", "target": "https://cal.example/x"}],
            "trustedBy": "Trusted by 40 studios"
        },
        "sections": [{"key": "blog", "visible": false}, {"key": "faq", "order": 0, "heading": "Questions?"}],
        "footerServices": ["Web apps", "Consulting"]
    });
    let (status, saved) = app.admin().put_json("/api/home-page", &body).await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["_id"], before["_id"]);
    let (_, home) = app.get_json("/api/home-page").await;
    assert_eq!(home, saved);
    assert_eq!(home["hero"]["title"], "Software that ships");
    assert_eq!(
        (home["sections"][0]["key"].as_str(), home["sections"][0]["heading"].as_str()),
        (Some("faq"), Some("Questions?"))
    );
    let blog = home["sections"].as_array().unwrap().iter().find(|section| section["key"] == "blog").unwrap();
    assert_eq!((blog["visible"].as_bool(), blog["heading"].as_str()), (Some(false), Some("Latest from Our Blog")));

    let (status, revisions) = app.admin().get_json("/api/home-page/revisions").await;
    assert_eq!(status, 200);
    let id = revisions[0]["_id"].as_str().unwrap().to_owned();
    let (status, revision) = app.admin().get_json(&format!("/api/home-page/revisions/{id}")).await;
    assert_eq!(
        (status, revision["snapshot"]["hero"]["title"].as_str()),
        (200, Some("Innovative Software Solutions for Your Business"))
    );
    let (status, restored) = app.admin().post_json(&format!("/api/home-page/revisions/{id}/restore"), &json!({})).await;
    assert_eq!(
        (status, restored["hero"]["title"].as_str()),
        (200, Some("Innovative Software Solutions for Your Business"))
    );
    assert_eq!(
        app.get_json("/api/home-page").await.1["hero"]["title"],
        "Innovative Software Solutions for Your Business"
    );

    let (_, entries) = app.admin().get_json("/api/audit?entity=home-page&limit=10").await;
    assert!(entries.to_string().contains("PUT /home-page"), "{entries}");
}

#[tokio::test]
async fn bad_texts_and_links_are_refused_naming_the_field_and_nothing_changes() {
    let app = spawn_app().await;
    let (_, before) = app.get_json("/api/home-page").await;
    let body = json!({
        "hero": {"title": "", "links": [{"label": "Go", "target": "javascript:alert(1)"}]},
        "sections": [{"key": "newsletter"}, {"key": "blog", "order": 1000, "links": [{"label": "x", "target": "//evil.example"}]}],
        "footerServices": ["x".repeat(81)]
    });
    let (status, answer) = app.admin().put_json("/api/home-page", &body).await;
    assert_eq!(status, 422, "{answer}");
    for field in [
        "hero.title",
        "hero.links.0.target",
        "sections.0.key",
        "sections.1.order",
        "sections.1.links.0.target",
        "footerServices",
    ] {
        assert!(answer["errors"][field].is_string(), "{field}: {answer}");
    }
    assert_eq!(app.get_json("/api/home-page").await.1, before);
    for body in [json!({"hero": [1]}), json!({"sections": {"key": "blog"}}), json!({"hero": {"title": "a\u{0}b"}})] {
        let (status, answer) = app.admin().put_json("/api/home-page", &body).await;
        assert!((400..=422).contains(&status), "{body}: {status} {answer}");
    }
    assert_eq!(app.get_json("/api/home-page").await.1, before);
}

#[tokio::test]
async fn only_administrators_change_the_home_page() {
    let app = spawn_app().await;
    let (status, _) = app.anonymous().put_json("/api/home-page", &json!({"footerServices": []})).await;
    assert_eq!(status, 401);
    assert_eq!(app.anonymous().get_json("/api/home-page/revisions").await.0, 401);
}

#[tokio::test]
async fn settings_social_links_are_the_contact_details_links() {
    let app = spawn_app().await;
    let body = json!({"socialMedia": {"facebook": "https://facebook.com/renamed", "github": ""}});
    let (status, settings) = app.admin().put_json("/api/settings", &body).await;
    assert_eq!(status, 200, "{settings}");
    let (_, contact) = app.get_json("/api/contact-details").await;
    assert_eq!(contact["socialMedia"]["facebook"], "https://facebook.com/renamed");
    assert!(contact["socialMedia"].get("github").is_none(), "{contact}");
    let (_, settings) = app.get_json("/api/settings").await;
    assert_eq!(settings["socialMedia"]["facebook"], "https://facebook.com/renamed");
    assert_eq!(settings["socialMedia"]["github"], "");
}
