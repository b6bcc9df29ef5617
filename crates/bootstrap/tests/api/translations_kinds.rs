//! Every translated kind but posts through HTTP (docs/languages.md): the translations API per kind
//! and who may write each, and every public read of those kinds in the default language and in
//! German (overlay, fallback, `hide` with paging, translated slugs, unknown tags, the cache).

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_app};

async fn languages(app: &TestApp, untranslated: &str) {
    let body = json!({
        "languages": [
            {"tag": "en", "name": "English", "direction": "ltr"},
            {"tag": "de", "name": "Deutsch", "direction": "ltr"},
        ],
        "untranslatedContent": untranslated,
    });
    let (status, saved) = app.admin().put_json("/api/settings", &body).await;
    assert_eq!(status, 200, "{saved}");
}

async fn created(app: &TestApp, path: &str, body: Value) -> String {
    let (status, record) = app.admin().post_json(path, &body).await;
    assert_eq!(status, 201, "{path}: {record}");
    record["_id"].as_str().unwrap().to_owned()
}

async fn project(app: &TestApp, title: &str, slug: &str) -> String {
    let body =
        json!({"title": title, "slug": slug, "client": "Acme", "completedAt": "2025-01-01", "status": "published"});
    created(app, "/api/portfolio", body).await
}

/// One record of each kind (the privacy page, the contact details and the site's settings are the
/// singletons), with
/// the German texts each gets, by kind: `(kind, id, translation body, public read, field, German)`.
struct Record {
    kind: &'static str,
    id: String,
    german: Value,
    /// The public read of the record alone in German (`None`: read from a list only).
    read: Option<String>,
    field: &'static str,
    text: &'static str,
}

async fn one_of_each(app: &TestApp) -> Vec<Record> {
    let project = project(app, "Shop", "shop").await;
    let service = created(app, "/api/services", json!({"title": "Design", "status": "active"})).await;
    let faq = created(app, "/api/faqs", json!({"question": "Why?", "answer": "Yes.", "status": "active"})).await;
    let testimonial =
        json!({"name": "Ada", "company": "Acme", "content": "Great work", "rating": 5, "status": "approved"});
    let testimonial = created(app, "/api/testimonials", testimonial).await;
    let member = json!({"name": "Ada", "position": "Engineer", "email": "ada@atelier.example", "status": "active"});
    let member = created(app, "/api/team", member).await;
    let category =
        created(app, "/api/blog/categories", json!({"displayName": "Web", "slug": "web-kinds", "status": "active"}))
            .await;
    let tag = created(app, "/api/tags", json!({"name": "Kinds"})).await;
    let (status, page) =
        app.admin().put_json("/api/content/privacy", &json!({"title": "Privacy", "status": "published"})).await;
    assert!(matches!(status, 200 | 201), "{page}");
    let text = |field: &str, text: &str| json!({"fields": {field: text}});
    let mut records = vec![
        Record {
            kind: "project",
            german: json!({"fields": {"title": "Laden", "description": "**Fett**"}, "slug": "laden"}),
            read: Some(format!("/api/portfolio/{project}")),
            id: project,
            field: "title",
            text: "Laden",
        },
        Record {
            kind: "service",
            german: text("title", "Gestaltung"),
            read: Some(format!("/api/services/{service}")),
            id: service,
            field: "title",
            text: "Gestaltung",
        },
        Record {
            kind: "faq",
            german: text("question", "Warum?"),
            read: Some(format!("/api/faqs/{faq}")),
            id: faq,
            field: "question",
            text: "Warum?",
        },
        Record {
            kind: "testimonial",
            german: text("content", "Tolle Arbeit"),
            read: Some(format!("/api/testimonials/{testimonial}")),
            id: testimonial,
            field: "content",
            text: "Tolle Arbeit",
        },
        Record {
            kind: "team_member",
            german: text("position", "Ingenieurin"),
            read: Some(format!("/api/team/{member}")),
            id: member,
            field: "position",
            text: "Ingenieurin",
        },
        Record {
            kind: "category",
            german: json!({"fields": {"displayName": "Netz"}, "slug": "netz"}),
            read: None,
            id: category,
            field: "displayName",
            text: "Netz",
        },
        Record {
            kind: "tag",
            german: json!({"fields": {"name": "Arten"}, "slug": "arten"}),
            read: None,
            id: tag,
            field: "name",
            text: "Arten",
        },
        Record {
            kind: "page",
            german: text("title", "Datenschutz"),
            read: Some("/api/content/privacy".to_owned()),
            id: "privacy".to_owned(),
            field: "title",
            text: "Datenschutz",
        },
    ];
    records.extend(site_records(app).await);
    records
}

/// The site's records: its settings and its contact details (saved first).
async fn site_records(app: &TestApp) -> Vec<Record> {
    let details = json!({"email": "hello@studio.example", "phone": "+44 20 7946 0000", "address": "1 Main Street"});
    let (status, saved) = app.admin().post_json("/api/contact-details", &details).await;
    assert_eq!(status, 200, "{saved}");
    let text = |field: &str, text: &str| json!({"fields": {field: text}});
    vec![
        Record {
            kind: "site",
            german: text("address", "Hauptstraße 1, Berlin"),
            read: Some("/api/contact-details".to_owned()),
            id: "contact".to_owned(),
            field: "address",
            text: "Hauptstraße 1, Berlin",
        },
        Record {
            kind: "site",
            german: text("siteName", "Atelier auf Deutsch"),
            read: Some("/api/settings".to_owned()),
            id: "settings".to_owned(),
            field: "siteName",
            text: "Atelier auf Deutsch",
        },
    ]
}

async fn put(app: &TestApp, path: &str, body: &Value) -> (u16, Value) {
    app.admin().send_json(Method::PUT, path, body).await
}

#[tokio::test]
async fn every_kind_is_translated_through_the_api() {
    let app = spawn_app().await;
    languages(&app, "fallback").await;
    for record in one_of_each(&app).await {
        let path = format!("/api/translations/{}/{}", record.kind, record.id);
        let (status, all) = app.admin().get_json(&path).await;
        assert_eq!(status, 200, "{path}: {all}");
        assert_eq!(all["translations"][0]["status"], "missing", "{path}");
        assert!(all["translatable"].as_array().unwrap().iter().any(|name| name == record.field), "{all}");
        let (status, saved) = put(&app, &format!("{path}/de"), &record.german).await;
        assert_eq!(status, 200, "{path}: {saved}");
        assert_eq!(saved["status"], "upToDate", "{saved}");
        assert_eq!(saved["publication"], Value::Null, "live when saved: {saved}");
        assert_eq!(saved["fields"][record.field], record.text);
        let (status, refused) = put(&app, &format!("{path}/de"), &json!({"fields": {"nope": "x"}, "version": 1})).await;
        assert_eq!(status, 422, "{path}: {refused}");
    }
    // The home page's texts, named by their place; a name outside its shape is refused by name.
    let (status, home) = app.admin().get_json("/api/translations/site/home").await;
    assert_eq!(status, 200, "{home}");
    let names = home["translatable"].as_array().unwrap();
    for name in ["hero.title", "hero.links.0.label", "sections.why-hire.steps.0", "footerServices.4"] {
        assert!(names.iter().any(|known| known == name), "{name}: {home}");
    }
    // A part its section does not show (the features strip has no steps, the testimonials no
    // entries) is no text of the page either.
    for field in [
        "hero.links.0.target",
        "sections.newsletter.heading",
        "sections.features.steps.0",
        "sections.testimonials.items.0.title",
        "sections.about.heading",
        "footerServices.12",
        "siteName",
    ] {
        let body = json!({"fields": {field: "x"}});
        let (status, refused) = put(&app, "/api/translations/site/home/de", &body).await;
        assert_eq!(status, 422, "{field}: {refused}");
        assert!(refused["errors"][format!("fields.{field}")].is_string(), "{field}: {refused}");
    }
    let (status, refused) = put(&app, "/api/translations/site/contact/de", &json!({"fields": {"phone": "x"}})).await;
    assert_eq!(status, 422, "{refused}");
    assert!(refused["errors"]["fields.phone"].is_string(), "{refused}");
    let (status, _) = app.admin().get_json("/api/translations/service/65f1c2a9b4e8d70012345678").await;
    assert_eq!(status, 404);
    let (status, answer) = app.admin().get_json("/api/translations/site/elsewhere").await;
    assert_eq!(status, 404, "{answer}");
}

#[tokio::test]
async fn authors_translate_their_own_projects_and_editors_every_kind() {
    let app = spawn_app().await;
    languages(&app, "fallback").await;
    let author = app.role_token("author").await;
    let editor = app.role_token("editor").await;
    let sales = app.role_token("sales").await;
    let contributor = app.role_token("contributor").await;
    let body = json!({"title": "Mine", "slug": "mine", "client": "Acme", "completedAt": "2025-01-01"});
    let (status, theirs) = app.with_token(&author).post_json("/api/portfolio", &body).await;
    assert_eq!(status, 201, "{theirs}");
    let theirs = theirs["_id"].as_str().unwrap().to_owned();
    let others = project(&app, "Other", "other").await;
    let service = created(&app, "/api/services", json!({"title": "Design"})).await;
    let german = json!({"fields": {"title": "Deutsch"}});
    let write = |token: &str, path: String| {
        let token = token.to_owned();
        let german = german.clone();
        let app = &app;
        async move { app.with_token(&token).send_json(Method::PUT, &path, &german).await.0 }
    };
    assert_eq!(write(&author, format!("/api/translations/project/{theirs}/de")).await, 200);
    assert_eq!(write(&author, format!("/api/translations/project/{others}/de")).await, 403);
    assert_eq!(write(&author, format!("/api/translations/service/{service}/de")).await, 403);
    assert_eq!(write(&contributor, format!("/api/translations/project/{theirs}/de")).await, 403);
    assert_eq!(write(&sales, format!("/api/translations/service/{service}/de")).await, 403);
    assert_eq!(write(&editor, format!("/api/translations/service/{service}/de")).await, 200);
    assert_eq!(write(&editor, format!("/api/translations/project/{others}/de")).await, 200);
    let (status, _) = app.with_token(&sales).get_json(&format!("/api/translations/service/{service}")).await;
    assert_eq!(status, 200, "every signed-in role reads them");
    let (status, _) = app.anonymous().get_json(&format!("/api/translations/service/{service}")).await;
    assert_eq!(status, 401);
}

#[tokio::test]
async fn every_public_read_comes_in_the_language_asked_for() {
    let app = spawn_app().await;
    languages(&app, "fallback").await;
    let records = one_of_each(&app).await;
    for record in &records {
        let (status, saved) =
            put(&app, &format!("/api/translations/{}/{}/de", record.kind, record.id), &record.german).await;
        assert_eq!(status, 200, "{saved}");
    }
    for record in records.iter().filter(|record| record.read.is_some()) {
        let path = record.read.clone().unwrap();
        let (status, german) = app.get_json(&format!("{path}?lang=de")).await;
        assert_eq!(status, 200, "{path}: {german}");
        assert_eq!(
            (german[record.field].as_str(), german["language"].as_str()),
            (Some(record.text), Some("de")),
            "{path}"
        );
        assert_eq!(german["translations"][0]["lang"], "en", "{path}");
        assert_eq!(german["translations"][1]["lang"], "de", "{path}");
        let (_, english) = app.get_json(&format!("{path}?lang=en")).await;
        assert_eq!(english["language"], "en", "{path}");
        assert_ne!(english[record.field], record.text, "{path}");
        assert!(english.get("translations").is_none(), "{path}: the default reads no translation");
        let (_, plain) = app.get_json(&path).await;
        assert!(plain.get("language").is_none(), "{path}: without lang, as it always was");
        let (status, _) = app.get_json(&format!("{path}?lang=it")).await;
        assert_eq!(status, 400, "{path}: a language the site does not list");
    }
    let project = &records[0].id;
    let (_, german) = app.get_json(&format!("/api/portfolio/{project}?lang=de")).await;
    assert_eq!(german["translations"], json!([{"lang": "en", "slug": "shop"}, {"lang": "de", "slug": "laden"}]));
    assert!(german["contentHtml"].as_str().unwrap().contains("<strong>Fett</strong>"), "{german}");

    // Lists: each record in the language, the others falling back.
    let find = |list: &Value, pointer: &str, id: &str| -> Value {
        let items = list.pointer(pointer).and_then(Value::as_array).cloned().unwrap_or_default();
        items.into_iter().find(|item| item["_id"] == id).unwrap_or(Value::Null)
    };
    for (path, pointer, record, field, text) in [
        ("/api/portfolio?limit=100", "/projects", &records[0], "title", "Laden"),
        ("/api/portfolio?featured=false&limit=100", "/projects", &records[0], "slug", "laden"),
        ("/api/services", "", &records[1], "title", "Gestaltung"),
        ("/api/faqs?limit=100", "/data", &records[2], "question", "Warum?"),
        ("/api/testimonials?limit=100", "/testimonials", &records[3], "content", "Tolle Arbeit"),
        ("/api/team?limit=100", "/teamMembers", &records[4], "position", "Ingenieurin"),
        ("/api/blog/categories", "", &records[5], "displayName", "Netz"),
        ("/api/blog/categories", "", &records[5], "slug", "netz"),
        ("/api/tags", "", &records[6], "name", "Arten"),
        ("/api/tags/popular?limit=100", "", &records[6], "name", "Arten"),
    ] {
        let (status, list) =
            app.get_json(&format!("{path}{}lang=de", if path.contains('?') { "&" } else { "?" })).await;
        assert_eq!(status, 200, "{path}: {list}");
        let item = find(&list, pointer, &record.id);
        assert_eq!((item[field].as_str(), item["language"].as_str()), (Some(text), Some("de")), "{path}: {item}");
        let others = list.pointer(pointer).and_then(Value::as_array).cloned().unwrap_or_default();
        assert!(others.iter().any(|other| other["language"] == "en"), "{path}: the others fall back");
        let (_, english) = app.get_json(path).await;
        let item = find(&english, pointer, &record.id);
        assert!(item.get("language").is_none() && item[field] != text, "{path}: {item}");
    }
    let (status, featured) = app.get_json("/api/services/featured?lang=de").await;
    assert_eq!(status, 200, "{featured}");
    assert!(featured.as_array().unwrap().iter().all(|service| service["language"].is_string()), "{featured}");
    let (status, tags) = app.get_json("/api/blog/tags?lang=de").await;
    assert_eq!(status, 200, "{tags}");

    // A project read by its German address; its default one still leads to it.
    let (status, by_slug) = app.get_json("/api/portfolio/slug/laden?lang=de").await;
    assert_eq!((status, by_slug["title"].as_str()), (200, Some("Laden")), "{by_slug}");
    let (status, by_default) = app.get_json("/api/portfolio/slug/shop?lang=de").await;
    assert_eq!((status, by_default["slug"].as_str()), (200, Some("laden")));
    let (status, _) = app.get_json("/api/portfolio/slug/laden").await;
    assert_eq!(status, 404, "the translated slug is the German address only");
}

#[tokio::test]
async fn a_site_that_hides_untranslated_records_lists_only_translated_ones_with_paging_right() {
    let app = spawn_app().await;
    languages(&app, "hide").await;
    let shop = project(&app, "Shop", "shop").await;
    let other = project(&app, "Other", "other").await;
    put(&app, &format!("/api/translations/project/{shop}/de"), &json!({"fields": {"title": "Laden"}})).await;
    let (status, list) = app.get_json("/api/portfolio?lang=de&limit=1").await;
    assert_eq!(status, 200, "{list}");
    assert_eq!((list["totalItems"].as_u64(), list["totalPages"].as_u64()), (Some(1), Some(1)), "{list}");
    assert_eq!(list["projects"][0]["title"], "Laden");
    let (_, services) = app.get_json("/api/services?lang=de").await;
    assert_eq!(services, json!([]), "no service is translated");
    let (status, own_page) = app.get_json(&format!("/api/portfolio/{other}?lang=de")).await;
    assert_eq!((status, own_page["language"].as_str()), (200, Some("en")), "its own page falls back");
    let (_, english) = app.get_json("/api/portfolio?lang=en&limit=100").await;
    assert!(english["totalItems"].as_u64().unwrap() >= 2, "the default language lists them all");

    // Limited lists keep the translated records before their limit: Alpha, first by name, has
    // no German name, and two popular tags are still two, in the order of their German names
    // (as German sorts them: Äpfel before Zeder).
    for (name, german) in [("Alpha", None), ("Beta", Some("Zeder")), ("Gamma", Some("Äpfel"))] {
        let id = created(&app, "/api/tags", json!({"name": name})).await;
        if let Some(german) = german {
            let (status, saved) =
                put(&app, &format!("/api/translations/tag/{id}/de"), &json!({"fields": {"name": german}})).await;
            assert_eq!(status, 200, "{saved}");
        }
    }
    let names = |list: &Value| list.as_array().unwrap().iter().map(|tag| tag["name"].clone()).collect::<Vec<_>>();
    let (status, popular) = app.get_json("/api/tags/popular?limit=2&lang=de").await;
    assert_eq!(status, 200, "{popular}");
    assert_eq!(names(&popular), [json!("Äpfel"), json!("Zeder")], "{popular}");
    let (_, all) = app.get_json("/api/tags?lang=de").await;
    assert_eq!(names(&all), [json!("Äpfel"), json!("Zeder")], "{all}");
    // The default language keeps the stored order (the demo's tags are there too).
    let (_, english) = app.get_json("/api/tags").await;
    let ours: Vec<_> = names(&english)
        .into_iter()
        .filter(|name| ["Alpha", "Beta", "Gamma"].contains(&name.as_str().unwrap_or("")))
        .collect();
    assert_eq!(ours, [json!("Alpha"), json!("Beta"), json!("Gamma")], "{english}");
    // The featured services' cap, likewise: the first by order is untranslated.
    let (status, cap) = app.admin().put_json("/api/settings/services", &json!({"maxServicesDisplay": 1})).await;
    assert_eq!(status, 200, "{cap}");
    created(&app, "/api/services", json!({"title": "First", "status": "active", "order": 1})).await;
    let second = created(&app, "/api/services", json!({"title": "Second", "status": "active", "order": 2})).await;
    put(&app, &format!("/api/translations/service/{second}/de"), &json!({"fields": {"title": "Zweiter"}})).await;
    let (_, featured) = app.get_json("/api/services/featured?lang=de").await;
    assert_eq!(featured.as_array().map(Vec::len), Some(1), "{featured}");
    assert_eq!(featured[0]["title"], "Zweiter");
}

#[tokio::test]
async fn a_language_added_in_the_settings_is_read_at_once_and_one_removed_is_refused() {
    let app = spawn_app().await;
    languages(&app, "fallback").await;
    // Read twice: the second comes from the languages kept for the generation (or the cache).
    for _ in 0..2 {
        let (status, _) = app.get_json("/api/faqs?lang=de").await;
        assert_eq!(status, 200);
        let (status, refused) = app.get_json("/api/faqs?lang=fr").await;
        assert_eq!(status, 400, "{refused}");
    }
    let body = json!({"languages": [
        {"tag": "en", "name": "English", "direction": "ltr"},
        {"tag": "fr", "name": "Français", "direction": "ltr"},
    ]});
    let (status, saved) = app.admin().put_json("/api/settings", &body).await;
    assert_eq!(status, 200, "{saved}");
    let (status, faqs) = app.get_json("/api/faqs?lang=fr").await;
    assert_eq!(status, 200, "the settings' write is seen by the next read: {faqs}");
    let (status, _) = app.get_json("/api/tags?lang=fr").await;
    assert_eq!(status, 200);
    let (status, _) = app.get_json("/api/tags?lang=de").await;
    assert_eq!(status, 400, "German is no longer one of the site's languages");
    let (status, _) = app.get_json("/api/blog/public/posts?lang=de").await;
    assert_eq!(status, 400);
}

#[tokio::test]
async fn the_cache_keeps_languages_apart_and_deleting_a_record_deletes_its_translations() {
    let app = spawn_app().await;
    languages(&app, "fallback").await;
    let shop = project(&app, "Shop", "shop").await;
    let path = format!("/api/translations/project/{shop}/de");
    put(&app, &path, &json!({"fields": {"title": "Laden"}, "slug": "laden"})).await;
    let title = |project: Value| project["title"].as_str().unwrap_or_default().to_owned();
    for _ in 0..2 {
        assert_eq!(title(app.get_json(&format!("/api/portfolio/{shop}?lang=de")).await.1), "Laden");
        assert_eq!(title(app.get_json(&format!("/api/portfolio/{shop}")).await.1), "Shop");
    }
    put(&app, &path, &json!({"fields": {"title": "Geschäft"}, "version": 1})).await;
    assert_eq!(title(app.get_json(&format!("/api/portfolio/{shop}?lang=de")).await.1), "Geschäft");

    // A default slug may not be another project's translated slug.
    let (status, answer) = app
        .admin()
        .post_json(
            "/api/portfolio",
            &json!({"title": "X", "slug": "laden", "client": "Acme", "completedAt": "2025-01-01"}),
        )
        .await;
    assert_eq!(status, 409, "{answer}");
    let (status, _) = app.admin().delete(&format!("/api/portfolio/{shop}")).await;
    assert_eq!(status, 204);
    let other = project(&app, "Other", "laden").await;
    let (status, _) = app.admin().get_json(&format!("/api/translations/project/{other}/de")).await;
    assert_eq!(status, 404, "the deleted project's translation went with it");
}

#[tokio::test]
async fn the_home_page_is_read_in_the_language_asked_for_text_by_text() {
    let app = spawn_app().await;
    languages(&app, "hide").await;
    let german = json!({"fields": {
        "hero.title": "Innovative Software für Ihr Unternehmen",
        "hero.links.0.label": "Unsere Leistungen",
        "sections.why-hire.steps.1": "Planen",
        "footerServices.1": "Webentwicklung",
    }});
    let (status, saved) = put(&app, "/api/translations/site/home/de", &german).await;
    assert_eq!((status, saved["status"].as_str()), (200, Some("upToDate")), "{saved}");
    for _ in 0..2 {
        let (status, home) = app.get_json("/api/home-page?lang=de").await;
        assert_eq!(status, 200, "{home}");
        assert_eq!(home["hero"]["title"], "Innovative Software für Ihr Unternehmen");
        assert_eq!(home["hero"]["links"][0], json!({"label": "Unsere Leistungen", "target": "#services"}));
        assert!(home["hero"]["subtitle"].as_str().unwrap().starts_with("We design"), "untranslated: the default's");
        let why = home["sections"].as_array().unwrap().iter().find(|section| section["key"] == "why-hire").unwrap();
        assert_eq!(why["steps"][1], "Planen", "{why}");
        assert_eq!(home["footerServices"][1], "Webentwicklung");
        assert_eq!((home["language"].as_str(), home["translations"][1]["lang"].as_str()), (Some("de"), Some("de")));
        let (_, english) = app.get_json("/api/home-page?lang=en").await;
        assert_eq!(
            (english["hero"]["title"].as_str(), english["language"].as_str()),
            (Some("Innovative Software Solutions for Your Business"), Some("en"))
        );
        let (_, plain) = app.get_json("/api/home-page").await;
        assert!(plain.get("language").is_none(), "without lang, as it always was: {plain}");
        assert_eq!(plain["footerServices"][1], "Web Development");
    }
    let (status, _) = app.get_json("/api/home-page?lang=it").await;
    assert_eq!(status, 400, "a language the site does not list");

    // The page's default texts changing outdates the translation; a write refreshes the read.
    let body = json!({"sections": [{"key": "services", "subheading": "Faster."}]});
    let (status, saved) = app.admin().put_json("/api/home-page", &body).await;
    assert_eq!(status, 200, "{saved}");
    let (_, all) = app.admin().get_json("/api/translations/site/home").await;
    assert_eq!(all["translations"][0]["status"], "outdated", "{all}");
    let (_, home) = app.get_json("/api/home-page?lang=de").await;
    let services = home["sections"].as_array().unwrap().iter().find(|section| section["key"] == "services").unwrap();
    assert_eq!(services["subheading"], "Faster.", "{services}");
    assert_eq!(home["hero"]["title"], "Innovative Software für Ihr Unternehmen");

    // The contact details are found in every language or in none.
    let (plain, _) = app.get_json("/api/contact-details").await;
    let (german, _) = app.get_json("/api/contact-details?lang=de").await;
    assert_eq!(german, plain);
}

/// The "Why Hire" section of a home page answer.
fn why_hire(home: &Value) -> Value {
    home["sections"].as_array().unwrap().iter().find(|section| section["key"] == "why-hire").unwrap().clone()
}

#[tokio::test]
async fn a_translated_entry_follows_its_entry_when_the_default_list_is_reordered() {
    let app = spawn_app().await;
    languages(&app, "fallback").await;
    let (_, home) = app.get_json("/api/home-page").await;
    let steps: Vec<String> = serde_json::from_value(why_hire(&home)["steps"].clone()).unwrap();
    assert!(steps.len() >= 3, "{steps:?}");
    let german = json!({"fields": {"sections.why-hire.steps.0": "Erster", "sections.why-hire.steps.1": "Zweiter"}});
    let (status, saved) = put(&app, "/api/translations/site/home/de", &german).await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["sources"]["sections.why-hire.steps.0"], steps[0].as_str(), "{saved}");

    // The owner adds a step first and moves the first one last.
    let mut reordered = vec!["Kick-off".to_owned()];
    reordered.extend(steps[1..].iter().cloned());
    reordered.push(steps[0].clone());
    let last = reordered.len() - 1;
    let body = json!({"sections": [{"key": "why-hire", "steps": reordered}]});
    let (status, answer) = app.admin().put_json("/api/home-page", &body).await;
    assert_eq!(status, 200, "{answer}");
    let (_, home) = app.get_json("/api/home-page?lang=de").await;
    let shown: Vec<String> = serde_json::from_value(why_hire(&home)["steps"].clone()).unwrap();
    assert_eq!(shown[0], "Kick-off", "a new entry shows its default text: {shown:?}");
    assert_eq!((shown[1].as_str(), shown[last].as_str()), ("Zweiter", "Erster"), "{shown:?}");

    // The editor reads them where they are shown, outdated, with what each was written for.
    let (_, all) = app.admin().get_json("/api/translations/site/home").await;
    let translation = &all["translations"][0];
    assert_eq!(translation["status"], "outdated", "{all}");
    let at_last = format!("sections.why-hire.steps.{last}");
    let mut moved = json!({"sections.why-hire.steps.1": "Zweiter"});
    moved[at_last.as_str()] = json!("Erster");
    assert_eq!(translation["fields"], moved, "{translation}");
    assert_eq!(translation["sources"][at_last.as_str()], steps[0].as_str());
    let body = json!({"fields": moved, "version": translation["version"]});
    let (status, saved) = put(&app, "/api/translations/site/home/de", &body).await;
    assert_eq!((status, saved["status"].as_str()), (200, Some("upToDate")), "{saved}");
    assert_eq!(saved["fields"], moved, "stored where the editor showed them");
}

#[test]
fn the_fuzzer_expects_a_400_from_every_operation_that_takes_a_language() {
    let document: Value = serde_json::from_str(&atelier_adapters_http::openapi_json()).unwrap();
    let block = crate::helpers::fuzzer_block(&["\"getSettings\"", "\"400\""]);
    let mut taking = 0;
    for (path, item) in document["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            let takes = operation["parameters"].as_array().is_some_and(|parameters| {
                parameters.iter().any(|parameter| parameter["in"] == "query" && parameter["name"] == "lang")
            });
            if takes {
                taking += 1;
                let id = operation["operationId"].as_str().expect("every operation has an id");
                assert!(block.contains(&format!("\"{id}\"")), "{method} {path} ({id}) takes lang: list it");
            }
        }
    }
    assert!(taking > 20, "the reads that take lang: {taking}");
}
