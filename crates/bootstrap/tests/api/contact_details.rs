use serde_json::json;

use crate::helpers::{spawn_app, spawn_empty_app};

fn valid() -> serde_json::Value {
    json!({
        "email": " Hello@Studio.Example ",
        "phone": "+44 20 7946 0000",
        "address": "1 Canal Street, London",
        "googleMapsUrl": "",
        "socialMedia": {"github": "https://github.com/studio", "twitter": "", "mastodon": "https://mastodon.social/@studio"}
    })
}

#[tokio::test]
async fn the_seeded_contact_details_are_public() {
    let app = spawn_app().await;
    let (status, details) = app.get_json("/api/contact-details").await;
    assert_eq!(status, 200);
    assert_eq!(details["email"], "hello@atelier.example");
    assert!(details["googleMapsUrl"].as_str().unwrap().starts_with("https://www.google.com/maps/embed"));
    assert_eq!(details["socialMedia"].as_object().unwrap().len(), 6);
    for field in ["phone", "address", "updatedAt"] {
        assert!(details[field].is_string(), "{field}");
    }
}

#[tokio::test]
async fn contact_details_are_not_found_until_saved_then_replaced_whole() {
    let app = spawn_empty_app().await;
    let (status, body) = app.get_json("/api/contact-details").await;
    assert_eq!((status, body["message"].as_str()), (404, Some("Contact details not found")));
    let (status, saved) = app.admin().post_json("/api/contact-details", &valid()).await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["email"], "hello@studio.example");
    assert_eq!(
        saved["socialMedia"],
        json!({"github": "https://github.com/studio", "mastodon": "https://mastodon.social/@studio"})
    );
    assert_eq!(app.get_json("/api/contact-details").await, (200, saved));

    let mut replacement = valid();
    replacement["socialMedia"] = json!({});
    let (status, saved) = app.admin().put_json("/api/contact-details", &replacement).await;
    assert_eq!((status, saved["socialMedia"].clone()), (200, json!({})));
}

#[tokio::test]
async fn invalid_contact_details_are_refused_and_nothing_changes() {
    let app = spawn_app().await;
    let (_, before) = app.get_json("/api/contact-details").await;
    let body = json!({
        "email": "nope",
        "phone": " ",
        "googleMapsUrl": "maps.google.com",
        "socialMedia": {"myspace": "https://myspace.com/x", "github": "javascript:alert(1)"}
    });
    let (status, answer) = app.admin().put_json("/api/contact-details", &body).await;
    assert_eq!(status, 422, "{answer}");
    for field in ["email", "phone", "address", "googleMapsUrl", "socialMedia.myspace", "socialMedia.github"] {
        assert!(answer["errors"][field].is_string(), "{field}: {answer}");
    }
    let (status, answer) = app.admin().post_json("/api/contact-details", &json!({"socialMedia": ["github"]})).await;
    assert_eq!((status, answer["errors"]["socialMedia"].is_string()), (422, true), "{answer}");
    assert_eq!(app.get_json("/api/contact-details").await.1, before);
}
