use serde_json::json;

use crate::helpers::{spawn_app, spawn_empty_app};

#[tokio::test]
async fn settings_have_the_documented_shape() {
    let app = spawn_app().await;
    let (status, settings) = app.get_json("/api/settings").await;
    assert_eq!(status, 200);
    for field in ["siteName", "siteDescription", "contactEmail", "supportEmail", "updatedAt"] {
        assert!(settings[field].is_string(), "{field}: {settings}");
    }
    for network in ["facebook", "twitter", "linkedin", "instagram", "github"] {
        assert!(settings["socialMedia"][network].is_string(), "{network}");
    }
    assert_eq!(settings["services"]["maxServicesDisplay"], 6);
    assert_eq!(settings["services"]["defaultPriceDisplay"], "Contact for Quote");
    assert!(settings["services"]["showPrices"].is_boolean());
}

#[tokio::test]
async fn an_empty_database_answers_the_initial_settings() {
    let app = spawn_empty_app().await;
    let (status, settings) = app.get_json("/api/settings").await;
    assert_eq!((status, settings["services"]["maxServicesDisplay"].as_u64()), (200, Some(6)));
}

#[tokio::test]
async fn the_whole_settings_object_is_saved_and_fields_left_out_are_kept() {
    let app = spawn_app().await;
    let (_, before) = app.get_json("/api/settings").await;
    let (status, saved) = app
        .admin()
        .put_json(
            "/api/settings",
            &json!({"siteName": " Studio ", "contactEmail": "HELLO@Studio.dev", "socialMedia": {"github": ""}, "services": {"showPrices": true}}),
        )
        .await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["siteName"], "Studio");
    assert_eq!(saved["contactEmail"], "hello@studio.dev");
    assert_eq!(saved["socialMedia"]["github"], "");
    assert_eq!(saved["socialMedia"]["facebook"], before["socialMedia"]["facebook"]);
    assert_eq!(saved["services"]["showPrices"], true);
    assert_eq!(saved["services"]["maxServicesDisplay"], before["services"]["maxServicesDisplay"]);
    assert_eq!(app.get_json("/api/settings").await.1, saved);
}

#[tokio::test]
async fn max_services_to_display_must_be_from_1_to_12() {
    let app = spawn_app().await;
    for (path, body, field) in [
        ("/api/settings/services", json!({"maxServicesDisplay": 0}), "maxServicesDisplay"),
        ("/api/settings/services", json!({"maxServicesDisplay": 13}), "maxServicesDisplay"),
        ("/api/settings", json!({"services": {"maxServicesDisplay": 99}}), "services.maxServicesDisplay"),
    ] {
        let (status, answer) = app.admin().put_json(path, &body).await;
        assert_eq!(status, 422, "{path} {body}");
        assert_eq!(answer["errors"][field], "Max services to display must be between 1 and 12", "{answer}");
    }
    let (status, saved) = app
        .admin()
        .put_json("/api/settings/services", &json!({"maxServicesDisplay": 12, "defaultPriceDisplay": "Ask us"}))
        .await;
    assert_eq!(status, 200);
    assert_eq!(
        (saved["services"]["maxServicesDisplay"].as_u64(), saved["services"]["defaultPriceDisplay"].as_str()),
        (Some(12), Some("Ask us"))
    );
}

#[tokio::test]
async fn invalid_emails_and_links_are_refused_and_nothing_is_saved() {
    let app = spawn_app().await;
    let (_, before) = app.get_json("/api/settings").await;
    let (status, answer) = app
        .admin()
        .put_json(
            "/api/settings",
            &json!({"siteName": "Changed", "supportEmail": "nope", "socialMedia": {"twitter": "javascript:alert(1)"}}),
        )
        .await;
    assert_eq!(status, 422);
    assert!(answer["errors"]["supportEmail"].is_string());
    assert!(answer["errors"]["socialMedia.twitter"].is_string());
    assert_eq!(app.get_json("/api/settings").await.1, before);
}
