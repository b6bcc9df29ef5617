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

/// The languages as the API sends them: `(tag, name)` pairs, left to right.
fn languages(list: &[(&str, &str)]) -> serde_json::Value {
    list.iter().map(|(tag, name)| json!({"tag": tag, "name": name, "direction": "ltr"})).collect()
}

#[tokio::test]
async fn a_site_starts_in_english_and_its_languages_are_read_by_everyone() {
    let app = spawn_app().await;
    let (status, settings) = app.get_json("/api/settings").await;
    assert_eq!(status, 200);
    assert_eq!(settings["languages"], json!([{"tag": "en", "name": "English", "direction": "ltr"}]));
    assert_eq!(settings["untranslatedContent"], "fallback");
    let (_, empty) = spawn_empty_app().await.get_json("/api/settings").await;
    assert_eq!(empty["languages"], settings["languages"], "the initial settings are English only");
}

#[tokio::test]
async fn languages_are_saved_whole_in_canonical_case_and_read_at_once_by_the_public_site() {
    let app = spawn_app().await;
    // The public read is cached: a change must show at once all the same.
    let (_, cached) = app.get_json("/api/settings").await;
    assert_eq!(cached["languages"].as_array().map(Vec::len), Some(1));
    let body = json!({
        "languages": [
            {"tag": "en", "name": "English"},
            {"tag": "DE", "name": " Deutsch ", "direction": "ltr"},
            {"tag": "ar", "name": "العربية", "direction": "rtl"},
        ],
        "untranslatedContent": "hide",
    });
    let (status, saved) = app.admin().put_json("/api/settings", &body).await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(
        saved["languages"],
        json!([
            {"tag": "en", "name": "English", "direction": "ltr"},
            {"tag": "de", "name": "Deutsch", "direction": "ltr"},
            {"tag": "ar", "name": "العربية", "direction": "rtl"},
        ])
    );
    assert_eq!(saved["untranslatedContent"], "hide");
    let (_, public) = app.get_json("/api/settings").await;
    assert_eq!(
        (&public["languages"], &public["untranslatedContent"]),
        (&saved["languages"], &saved["untranslatedContent"])
    );

    // Fields left out keep their values: the languages when another field changes, the choice when
    // the languages change.
    let (_, renamed) = app.admin().put_json("/api/settings", &json!({"siteName": "Studio"})).await;
    assert_eq!(
        (&renamed["languages"], &renamed["untranslatedContent"]),
        (&saved["languages"], &saved["untranslatedContent"])
    );
    let (_, fewer) =
        app.admin().put_json("/api/settings", &json!({"languages": languages(&[("en", "English")])})).await;
    assert_eq!(fewer["languages"].as_array().map(Vec::len), Some(1));
    assert_eq!(fewer["untranslatedContent"], "hide");
}

#[tokio::test]
async fn bad_languages_are_refused_by_their_field_names_and_nothing_is_saved() {
    let app = spawn_app().await;
    let (_, before) = app.get_json("/api/settings").await;
    let many: Vec<serde_json::Value> =
        (0..21).map(|index| json!({"tag": format!("x{}", char::from(b'a' + index)), "name": "X"})).collect();
    for (body, field) in [
        (json!({"languages": []}), "languages"),
        (json!({"languages": many}), "languages"),
        (json!({"languages": [{"tag": "en", "name": "English"}, {"tag": "EN", "name": "Again"}]}), "languages[1].tag"),
        (json!({"languages": [{"tag": "en", "name": "English"}, {"tag": "english", "name": "X"}]}), "languages[1].tag"),
        (json!({"languages": [{"tag": "en", "name": "English"}, {"tag": "api", "name": "X"}]}), "languages[1].tag"),
        (json!({"languages": [{"tag": "en", "name": "English"}, {"name": "Deutsch"}]}), "languages[1].tag"),
        (json!({"languages": [{"tag": "en", "name": "English"}, {"tag": "de", "name": "  "}]}), "languages[1].name"),
        (json!({"languages": [{"tag": "en", "name": "x".repeat(61)}]}), "languages[0].name"),
        (json!({"languages": [{"tag": "en", "name": "English", "direction": "up"}]}), "languages[0].direction"),
        (json!({"languages": [{"tag": "en", "name": "Eng\u{0}lish"}]}), "languages[0].name"),
        (json!({"languages": [{"tag": "e\u{1b}n", "name": "English"}]}), "languages[0].tag"),
        (json!({"untranslatedContent": "never"}), "untranslatedContent"),
        (json!({"untranslatedContent": "hide\u{7}"}), "untranslatedContent"),
    ] {
        let (status, answer) = app.admin().put_json("/api/settings", &body).await;
        assert_eq!(status, 422, "{body}: {answer}");
        assert!(answer["errors"][field].is_string(), "{field} in {answer}");
    }
    assert_eq!(app.get_json("/api/settings").await.1, before);
}

#[tokio::test]
async fn another_language_never_replaces_the_default_but_the_default_may_be_renamed() {
    let app = spawn_app().await;
    let (status, _) = app
        .admin()
        .put_json("/api/settings", &json!({"languages": languages(&[("en", "English"), ("de", "Deutsch")])}))
        .await;
    assert_eq!(status, 200);
    let (_, before) = app.get_json("/api/settings").await;
    let (status, answer) = app
        .admin()
        .put_json("/api/settings", &json!({"languages": languages(&[("de", "Deutsch"), ("en", "English")])}))
        .await;
    assert_eq!(status, 422, "{answer}");
    let message = answer["errors"]["languages[0].tag"].as_str().unwrap_or_default();
    assert!(message.starts_with("The default language stays first"), "{answer}");
    assert_eq!(app.get_json("/api/settings").await.1, before, "nothing was saved");

    let (status, renamed) = app
        .admin()
        .put_json("/api/settings", &json!({"languages": languages(&[("en-gb", "English (UK)"), ("de", "Deutsch")])}))
        .await;
    assert_eq!(status, 200, "{renamed}");
    assert_eq!(renamed["languages"][0], json!({"tag": "en-GB", "name": "English (UK)", "direction": "ltr"}));
}

#[tokio::test]
async fn only_administrators_change_the_languages() {
    let app = spawn_app().await;
    let body = json!({"languages": languages(&[("en", "English"), ("de", "Deutsch")]), "version": 1});
    let (status, _) = app.anonymous().send_json(reqwest::Method::PUT, "/api/settings", &body).await;
    assert_eq!(status, 401);
    let editor = app.role_token("editor").await;
    let (status, _) = app.with_token(&editor).put_json("/api/settings", &body).await;
    assert_eq!(status, 403);
}

/// Tags of the nineteen languages the parallel writers add, beside English.
const OTHERS: [&str; 19] =
    ["de", "fr", "es", "it", "nl", "pt", "sv", "da", "fi", "no", "pl", "cs", "hu", "ro", "el", "tr", "ja", "ko", "zh"];

/// Adds `tag` to the languages as the back office does: read, change, save from the version read,
/// and on a stale answer read again. Answers how many saves were stale.
async fn add_language(app: &crate::helpers::TestApp, tag: &str) -> usize {
    let mut stale = 0;
    loop {
        let (_, current) = app.admin().get_json("/api/settings").await;
        let mut list = current["languages"].as_array().cloned().unwrap_or_default();
        list.push(json!({"tag": tag, "name": tag.to_uppercase(), "direction": "ltr"}));
        let body = json!({"languages": list, "version": current["version"]});
        let (status, answer) = app.admin().send_json(reqwest::Method::PUT, "/api/settings", &body).await;
        match status {
            200 => return stale,
            409 => {
                assert_eq!(answer["code"], "stale", "{answer}");
                stale += 1;
            }
            _ => panic!("adding {tag} answered {status}: {answer}"),
        }
    }
}

/// Renames the site from the version read, again after each stale answer.
async fn rename(app: &crate::helpers::TestApp, name: &str) {
    loop {
        let (_, current) = app.admin().get_json("/api/settings").await;
        let body = json!({"siteName": name, "version": current["version"]});
        let (status, answer) = app.admin().send_json(reqwest::Method::PUT, "/api/settings", &body).await;
        match status {
            200 => return,
            409 => assert_eq!(answer["code"], "stale", "{answer}"),
            _ => panic!("renaming answered {status}: {answer}"),
        }
    }
}

#[tokio::test]
async fn fifty_parallel_updates_with_versions_lose_nothing_and_never_fail() {
    let app = std::sync::Arc::new(spawn_app().await);
    // Fifty updates from one version: one lands, the others are stale, none fails.
    let (_, start) = app.admin().get_json("/api/settings").await;
    let version = start["version"].as_i64().unwrap();
    let mut set = tokio::task::JoinSet::new();
    for index in 0..50 {
        let app = app.clone();
        let body =
            json!({"languages": languages(&[("en", "English"), (OTHERS[index % 19], "Other")]), "version": version});
        set.spawn(async move { app.admin().send_json(reqwest::Method::PUT, "/api/settings", &body).await });
    }
    let answers = set.join_all().await;
    let landed = answers.iter().filter(|(status, _)| *status == 200).count();
    let stale = answers.iter().filter(|(status, answer)| *status == 409 && answer["code"] == "stale").count();
    assert_eq!((landed, stale), (1, 49), "{answers:?}");
    let (_, settings) = app.get_json("/api/settings").await;
    assert_eq!(settings["version"].as_i64(), Some(version + 1));
    let (_, reset) =
        app.admin().put_json("/api/settings", &json!({"languages": languages(&[("en", "English")])})).await;
    let version = reset["version"].as_i64().unwrap();

    // Fifty writers that read, change and save again when stale: nineteen add a language each, the
    // others rename the site. Every language arrives and every save is one version.
    let mut set = tokio::task::JoinSet::new();
    for tag in OTHERS {
        let app = app.clone();
        set.spawn(async move { add_language(&app, tag).await });
    }
    for index in 0..31 {
        let app = app.clone();
        set.spawn(async move {
            rename(&app, if index % 2 == 0 { "Studio" } else { "Atelier" }).await;
            0
        });
    }
    let retried: usize = set.join_all().await.into_iter().sum();
    let (_, settings) = app.get_json("/api/settings").await;
    let mut tags: Vec<&str> =
        settings["languages"].as_array().unwrap().iter().filter_map(|language| language["tag"].as_str()).collect();
    assert_eq!(tags.remove(0), "en", "the default stays first");
    tags.sort_unstable();
    let mut expected = OTHERS.to_vec();
    expected.sort_unstable();
    assert_eq!(tags, expected, "no language was lost ({retried} stale saves retried)");
    assert_eq!(settings["version"].as_i64(), Some(version + 50), "fifty saves, fifty versions");
}
