//! Translations through HTTP (docs/languages.md): a record's languages read and written one or all
//! at once with their own versions, who may write them, hostile input, and the public blog read in
//! the site's languages (cached per language, fresh after a translation changes).

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{Schema, TestApp, spawn_app, spawn_app_with};

/// Gives the site English (the default), German and French, and what an untranslated record does.
pub(crate) async fn languages(app: &TestApp, untranslated: &str) {
    let body = json!({
        "languages": [
            {"tag": "en", "name": "English", "direction": "ltr"},
            {"tag": "de", "name": "Deutsch", "direction": "ltr"},
            {"tag": "fr", "name": "Français", "direction": "ltr"},
        ],
        "untranslatedContent": untranslated,
    });
    let (status, saved) = app.admin().put_json("/api/settings", &body).await;
    assert_eq!(status, 200, "{saved}");
}

async fn post_as(app: &TestApp, token: Option<&str>, title: &str, slug: &str) -> String {
    let body = json!({"title": title, "slug": slug, "content": format!("# {title}\n\nBody of {title}."), "status": "published"});
    let caller = token.map_or_else(|| app.admin(), |token| app.with_token(token));
    let (status, created) = caller.post_json("/api/blog/posts", &body).await;
    assert_eq!(status, 201, "{created}");
    created["_id"].as_str().unwrap().to_owned()
}

pub(crate) async fn post(app: &TestApp, title: &str, slug: &str) -> String {
    post_as(app, None, title, slug).await
}

pub(crate) fn german(title: &str, slug: &str) -> Value {
    json!({"fields": {"title": title, "excerpt": format!("{title} kurz")}, "slug": slug, "publication": "published"})
}

/// Sends every request at once; their statuses.
async fn at_once(requests: Vec<reqwest::RequestBuilder>) -> Vec<u16> {
    let mut set = tokio::task::JoinSet::new();
    for request in requests {
        set.spawn(async move { request.send().await.expect("answered").status().as_u16() });
    }
    let mut statuses = Vec::new();
    while let Some(status) = set.join_next().await {
        statuses.push(status.expect("the request's task ends"));
    }
    statuses
}

pub(crate) async fn put(app: &TestApp, path: &str, body: &Value) -> (u16, Value) {
    app.admin().send_json(Method::PUT, path, body).await
}

#[tokio::test]
async fn a_translation_is_created_read_updated_with_its_version_and_deleted() {
    let app = spawn_app().await;
    languages(&app, "fallback").await;
    let id = post(&app, "Hello world", "hello-world").await;
    let record = format!("/api/translations/post/{id}");

    let (status, all) = app.admin().get_json(&record).await;
    assert_eq!(status, 200, "{all}");
    assert_eq!(all["defaultLanguage"], "en");
    assert_eq!(all["translatable"], json!(["title", "excerpt", "content", "metaTitle", "metaDescription"]));
    let listed: Vec<(&str, &str)> = all["translations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|entry| (entry["lang"].as_str().unwrap(), entry["status"].as_str().unwrap()))
        .collect();
    assert_eq!(listed, [("de", "missing"), ("fr", "missing")]);
    assert_eq!(all["translations"][0]["version"], Value::Null);

    let (status, created) = put(&app, &format!("{record}/DE"), &german("Hallo Welt", "hallo-welt")).await;
    assert_eq!(status, 200, "{created}");
    assert_eq!((created["lang"].as_str(), created["version"].as_i64()), (Some("de"), Some(1)));
    assert_eq!(created["status"], "upToDate");
    assert_eq!(created["publication"], "published");
    assert!(created["updatedBy"]["name"].is_string(), "{created}");
    let (status, read) = app.admin().get_json(&format!("{record}/de")).await;
    assert_eq!((status, read["fields"]["title"].as_str()), (200, Some("Hallo Welt")));

    let (status, refused) = put(&app, &format!("{record}/de"), &german("Servus", "servus")).await;
    assert_eq!(status, 428, "an existing translation needs its version: {refused}");
    let mut update = german("Servus", "servus");
    update["version"] = json!(1);
    let (status, updated) = put(&app, &format!("{record}/de"), &update).await;
    assert_eq!((status, updated["version"].as_i64()), (200, Some(2)), "{updated}");
    let (status, stale) = put(&app, &format!("{record}/de"), &update).await;
    assert_eq!(status, 409, "{stale}");
    assert_eq!(stale["code"], "stale");
    assert_eq!(stale["current"]["fields"]["title"], "Servus");
    assert_eq!(stale["current"]["version"], 2);
    assert!(stale["changedBy"]["name"].is_string(), "{stale}");

    // The default language moves on: the translation is outdated.
    let (status, _) = app.admin().put_json(&format!("/api/blog/posts/{id}"), &json!({"excerpt": "New words"})).await;
    assert_eq!(status, 200);
    let (_, all) = app.admin().get_json(&record).await;
    assert_eq!(all["translations"][0]["status"], "outdated");

    let (status, _) = app.admin().delete(&format!("{record}/de")).await;
    assert_eq!(status, 204);
    let (status, _) = app.admin().get_json(&format!("{record}/de")).await;
    assert_eq!(status, 404);
    let (status, _) = app.admin().delete(&format!("{record}/de")).await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn several_languages_are_saved_at_once_each_against_its_own_version() {
    let app = spawn_app().await;
    languages(&app, "fallback").await;
    let id = post(&app, "Hello world", "hello-world").await;
    let record = format!("/api/translations/post/{id}");
    put(&app, &format!("{record}/de"), &german("Hallo", "hallo")).await;

    let body = json!({"translations": {"fr": {"fields": {"title": "Salut"}}, "de": {"fields": {"title": "Moin"}, "version": 5}}});
    let (status, stale) = put(&app, &record, &body).await;
    assert_eq!((status, stale["code"].as_str()), (409, Some("stale")), "{stale}");
    assert_eq!(stale["current"]["lang"], "de");
    let (status, _) = app.admin().get_json(&format!("{record}/fr")).await;
    assert_eq!(status, 404, "nothing of the batch was saved");

    let body = json!({"translations": {"fr": {"fields": {"title": "Salut"}}, "de": {"fields": {"title": "Moin"}, "version": 1}}});
    let (status, saved) = put(&app, &record, &body).await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved.as_array().map(Vec::len), Some(2));

    let body =
        json!({"translations": {"it": {"fields": {"title": "Ciao"}}, "fr": {"fields": {"nope": "x"}, "version": 1}}});
    let (status, invalid) = put(&app, &record, &body).await;
    assert_eq!(status, 422, "{invalid}");
    assert!(invalid["errors"]["translations.it"].is_string(), "{invalid}");
    assert!(invalid["errors"]["translations.fr.fields.nope"].is_string(), "{invalid}");
    let (status, _) = put(&app, &record, &json!({"translations": {}})).await;
    assert_eq!(status, 422);
}

#[tokio::test]
async fn hostile_paths_and_bodies_are_refused_cleanly() {
    let app = spawn_app().await;
    languages(&app, "fallback").await;
    let id = post(&app, "Hello world", "hello-world").await;
    let record = format!("/api/translations/post/{id}");
    let unknown_id = "/api/translations/post/65f1c2a9b4e8d70012345678";
    for path in [
        format!("/api/translations/media/{id}"),
        format!("/api/translations/faq/{id}"),
        unknown_id.to_owned(),
        "/api/translations/post/not-an-id".to_owned(),
        format!("{record}/en"),
        format!("{record}/it"),
        format!("{record}/x%00y"),
        format!("{record}/{}", "a".repeat(300)),
    ] {
        let (status, answer) = put(&app, &path, &german("x", "x")).await;
        assert!(matches!(status, 404 | 400), "{path}: {status} {answer}");
        let (status, _) = app.admin().get_json(&path).await;
        assert!(matches!(status, 404 | 400), "{path}: {status}");
    }
    let too_long = json!({"fields": {"title": "x".repeat(201), "content": "y"}});
    let (status, answer) = put(&app, &format!("{record}/de"), &too_long).await;
    assert_eq!(status, 422, "{answer}");
    assert_eq!(answer["errors"]["fields.title"], "Title must be at most 200 characters");
    let (status, answer) = put(&app, &format!("{record}/de"), &json!({"fields": {"title": "a\u{0}b"}})).await;
    assert!(matches!(status, 400 | 422), "{status} {answer}");
    let (status, answer) =
        put(&app, &format!("{record}/de"), &json!({"slug": "Not a slug!", "publication": "live"})).await;
    assert_eq!(status, 422, "{answer}");
    assert!(answer["errors"]["slug"].is_string() && answer["errors"]["publication"].is_string(), "{answer}");
    let (status, _) =
        put(&app, &format!("{record}/de"), &json!({"fields": {"title": "Hallo"}, "version": "one"})).await;
    assert!(matches!(status, 400 | 422));
    let (_, all) = app.admin().get_json(&record).await;
    assert_eq!(all["translations"][0]["status"], "missing", "nothing was saved");
}

#[tokio::test]
async fn fifty_updates_from_one_version_at_once_save_exactly_one() {
    let app = spawn_app().await;
    languages(&app, "fallback").await;
    let id = post(&app, "Hello world", "hello-world").await;
    let path = format!("/api/translations/post/{id}/de");
    put(&app, &path, &german("Hallo", "hallo")).await;
    let requests = (0..50)
        .map(|number| {
            let body = json!({"fields": {"title": format!("Hallo {number}")}, "version": 1});
            app.admin().request(Method::PUT, &path).json(&body)
        })
        .collect();
    let statuses = at_once(requests).await;
    assert_eq!(statuses.iter().filter(|status| **status == 200).count(), 1, "{statuses:?}");
    assert!(statuses.iter().all(|status| matches!(status, 200 | 409)), "{statuses:?}");
    let (_, read) = app.admin().get_json(&path).await;
    assert_eq!(read["version"], 2);
}

#[tokio::test]
async fn translated_slugs_never_name_two_posts_in_a_language() {
    let app = spawn_app().await;
    languages(&app, "fallback").await;
    let hello = post(&app, "Hello", "hello").await;
    let other = post(&app, "Other", "other").await;
    let (status, _) = put(&app, &format!("/api/translations/post/{hello}/de"), &german("Hallo", "hello")).await;
    assert_eq!(status, 200, "a post may keep its own default slug");
    let (status, answer) = put(&app, &format!("/api/translations/post/{other}/de"), &german("x", "hello")).await;
    assert_eq!(status, 409, "{answer}");
    put(&app, &format!("/api/translations/post/{hello}/fr"), &german("Salut", "salut")).await;
    let (status, answer) = app.admin().post_json("/api/blog/posts", &json!({"title": "Salut", "slug": "salut"})).await;
    assert_eq!(status, 409, "a default slug must differ from other posts' translated slugs: {answer}");

    // Two posts race for one slug in one language: one wins, the other gets a clean conflict.
    let racers = [post(&app, "One", "one").await, post(&app, "Two", "two").await];
    let requests = racers
        .iter()
        .map(|id| {
            app.admin()
                .request(Method::PUT, &format!("/api/translations/post/{id}/de"))
                .json(&german("Rennen", "rennen"))
        })
        .collect();
    let mut statuses = at_once(requests).await;
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 409]);
}

#[tokio::test]
async fn authors_translate_their_own_posts_only_and_contributors_keep_drafts() {
    let app = spawn_app().await;
    languages(&app, "fallback").await;
    let author = app.role_token("author").await;
    let contributor = app.role_token("contributor").await;
    let sales = app.role_token("sales").await;
    let theirs = post_as(&app, Some(&author), "Mine", "mine").await;
    let others = post(&app, "Not mine", "not-mine").await;

    let (status, _) = app
        .with_token(&author)
        .send_json(Method::PUT, &format!("/api/translations/post/{theirs}/de"), &german("Meins", "meins"))
        .await;
    assert_eq!(status, 200);
    let (status, answer) = app
        .with_token(&author)
        .send_json(Method::PUT, &format!("/api/translations/post/{others}/de"), &german("x", "x"))
        .await;
    assert_eq!(status, 403, "{answer}");
    let (status, _) = app.with_token(&author).delete(&format!("/api/translations/post/{others}/de")).await;
    assert_eq!(status, 403);
    let (status, _) = app
        .with_token(&sales)
        .send_json(Method::PUT, &format!("/api/translations/post/{theirs}/fr"), &german("x", "x"))
        .await;
    assert_eq!(status, 403);
    let (status, _) = app.with_token(&sales).get_json(&format!("/api/translations/post/{theirs}")).await;
    assert_eq!(status, 200, "reading is everyone's");

    let drafted = json!({"title": "Draft", "slug": "draft", "status": "draft"});
    let (_, created) = app.with_token(&contributor).post_json("/api/blog/posts", &drafted).await;
    let draft = created["_id"].as_str().unwrap();
    let path = format!("/api/translations/post/{draft}/de");
    let (status, _) = app.with_token(&contributor).send_json(Method::PUT, &path, &german("x", "entwurf")).await;
    assert_eq!(status, 403, "a Contributor's translation stays a draft");
    let draft_translation = json!({"fields": {"title": "Entwurf"}, "publication": "draft"});
    let (status, _) = app.with_token(&contributor).send_json(Method::PUT, &path, &draft_translation).await;
    assert_eq!(status, 200);
    let (_, audit) = app.admin().get_json("/api/audit?limit=5").await;
    let entry = &audit["entries"][0];
    assert_eq!(
        (entry["entityKind"].as_str(), entry["entityId"].as_str()),
        (Some("translations"), Some(draft)),
        "{audit}"
    );
}

#[tokio::test]
async fn the_public_blog_reads_each_language_with_its_translations_laid_over() {
    let app = spawn_app().await;
    languages(&app, "fallback").await;
    let hello = post(&app, "Hello world", "hello-world").await;
    put(&app, &format!("/api/translations/post/{hello}/de"), &german("Hallo Welt", "hallo-welt")).await;

    let (status, list) = app.get_json("/api/blog/public/posts?lang=de").await;
    assert_eq!(status, 200, "{list}");
    let first = &list["blogs"][0];
    assert_eq!((first["title"].as_str(), first["language"].as_str()), (Some("Hallo Welt"), Some("de")));
    assert_eq!(first["slug"], "hallo-welt");
    assert_eq!(
        first["translations"],
        json!([{"lang": "en", "slug": "hello-world"}, {"lang": "de", "slug": "hallo-welt"}])
    );
    let untranslated = list["blogs"].as_array().unwrap().iter().find(|post| post["_id"] != hello.as_str()).unwrap();
    assert_eq!(untranslated["language"], "en", "the others fall back to the default language");

    let (status, english) = app.get_json("/api/blog/public/posts").await;
    assert_eq!(status, 200);
    assert_eq!(english["blogs"][0]["title"], "Hello world");
    assert!(english["blogs"][0].get("language").is_none(), "a read without lang is as it always was");
    let (_, explicit) = app.get_json("/api/blog/public/posts?lang=EN").await;
    assert_eq!(explicit["blogs"][0]["language"], "en");

    let (status, by_slug) = app.get_json("/api/blog/public/posts/slug/hallo-welt?lang=de").await;
    assert_eq!((status, by_slug["title"].as_str()), (200, Some("Hallo Welt")), "{by_slug}");
    let (status, by_default_slug) = app.get_json("/api/blog/public/posts/slug/hello-world?lang=de").await;
    assert_eq!((status, by_default_slug["title"].as_str()), (200, Some("Hallo Welt")));
    let (status, _) = app.get_json("/api/blog/public/posts/slug/hallo-welt").await;
    assert_eq!(status, 404, "the translated slug is the German address only");
    let (status, french) = app.get_json("/api/blog/public/posts/slug/hello-world?lang=fr").await;
    assert_eq!((status, french["language"].as_str(), french["title"].as_str()), (200, Some("en"), Some("Hello world")));
    let (status, featured) = app.get_json("/api/blog/public/posts/featured?lang=de&limit=12").await;
    assert_eq!(status, 200);
    assert!(featured.as_array().unwrap().iter().any(|post| post["title"] == "Hallo Welt"), "{featured}");

    for path in [
        "/api/blog/public/posts?lang=it",
        "/api/blog/public/posts?lang=xx-%00",
        "/api/blog/public/posts/featured?lang=zz",
        "/api/blog/public/posts/slug/hello-world?lang=english",
    ] {
        let (status, answer) = app.get_json(path).await;
        assert_eq!(status, 400, "{path}: {answer}");
    }
}

#[tokio::test]
async fn a_site_that_hides_untranslated_posts_lists_only_the_translated_ones() {
    let app = spawn_app().await;
    languages(&app, "hide").await;
    let hello = post(&app, "Hello world", "hello-world").await;
    put(&app, &format!("/api/translations/post/{hello}/de"), &german("Hallo Welt", "hallo-welt")).await;
    let (_, list) = app.get_json("/api/blog/public/posts?lang=de").await;
    let titles: Vec<&str> =
        list["blogs"].as_array().unwrap().iter().map(|post| post["title"].as_str().unwrap()).collect();
    assert_eq!((titles, list["totalItems"].as_u64()), (vec!["Hallo Welt"], Some(1)));
    let (_, french) = app.get_json("/api/blog/public/posts?lang=fr").await;
    assert_eq!(french["totalItems"], 0);
    let (status, _) = app.get_json("/api/blog/public/posts/slug/hello-world?lang=fr").await;
    assert_eq!(status, 200, "its own page still falls back");
}

#[tokio::test]
async fn the_cache_keeps_each_language_apart_and_a_translation_change_shows_at_once() {
    let app = spawn_app().await;
    languages(&app, "fallback").await;
    let hello = post(&app, "Hello world", "hello-world").await;
    let path = format!("/api/translations/post/{hello}/de");
    put(&app, &path, &german("Hallo Welt", "hallo-welt")).await;
    let title = |list: Value| list["blogs"][0]["title"].as_str().unwrap_or_default().to_owned();
    for _ in 0..2 {
        assert_eq!(title(app.get_json("/api/blog/public/posts?lang=de").await.1), "Hallo Welt");
        assert_eq!(title(app.get_json("/api/blog/public/posts").await.1), "Hello world");
    }
    let change =
        json!({"fields": {"title": "Guten Tag"}, "slug": "hallo-welt", "publication": "published", "version": 1});
    let (status, _) = put(&app, &path, &change).await;
    assert_eq!(status, 200);
    assert_eq!(title(app.get_json("/api/blog/public/posts?lang=de").await.1), "Guten Tag");
    let (status, _) = app.admin().delete(&path).await;
    assert_eq!(status, 204);
    assert_eq!(title(app.get_json("/api/blog/public/posts?lang=de").await.1), "Hello world");
}

#[tokio::test]
async fn deleting_a_post_deletes_its_translations() {
    let app = spawn_app().await;
    languages(&app, "fallback").await;
    let hello = post(&app, "Hello world", "hello-world").await;
    put(&app, &format!("/api/translations/post/{hello}/de"), &german("Hallo Welt", "hallo-welt")).await;
    let (status, _) = app.admin().delete(&format!("/api/blog/posts/{hello}")).await;
    assert_eq!(status, 204);
    let other = post(&app, "Other", "other").await;
    let (status, answer) =
        put(&app, &format!("/api/translations/post/{other}/de"), &german("Anders", "hallo-welt")).await;
    assert_eq!(status, 200, "the deleted post's slug is free again: {answer}");
}

/// Sends every request at once; each answer's status and body.
async fn answers_at_once(requests: Vec<reqwest::RequestBuilder>) -> Vec<(u16, Value)> {
    let mut set = tokio::task::JoinSet::new();
    for request in requests {
        set.spawn(async move {
            let response = request.send().await.expect("answered");
            let status = response.status().as_u16();
            (status, response.json::<Value>().await.unwrap_or(Value::Null))
        });
    }
    let mut answers = Vec::new();
    while let Some(answer) = set.join_next().await {
        answers.push(answer.expect("the request's task ends"));
    }
    answers
}

#[tokio::test]
async fn fifty_saves_of_two_posts_racing_for_one_german_slug_leave_it_one_owner() {
    slug_race(&spawn_app().await).await;
}

#[tokio::test]
async fn fifty_saves_racing_for_one_german_slug_on_postgresql_leave_it_one_owner() {
    let Some(schema) = Schema::create().await else { return };
    let url = schema.url.clone();
    slug_race(&spawn_app_with(move |config| config.database_url = url).await).await;
    schema.drop().await;
}

/// Two posts' German translations, 25 saves of each from its version 1 at once, all to one slug.
async fn slug_race(app: &TestApp) {
    languages(app, "fallback").await;
    let racers = [post(app, "One", "one").await, post(app, "Two", "two").await];
    for (id, slug) in racers.iter().zip(["eins", "zwei"]) {
        let (status, _) = put(app, &format!("/api/translations/post/{id}/de"), &german("Start", slug)).await;
        assert_eq!(status, 200);
    }
    // 25 saves of each post's German translation from its version 1, all to one slug: of each
    // post's, one may land (the others are stale), and of the two posts' only one may hold it.
    let requests = (0..50)
        .map(|number| {
            let id = &racers[number % 2];
            let mut body = german(&format!("Rennen {number}"), "rennen");
            body["version"] = json!(1);
            app.admin().request(Method::PUT, &format!("/api/translations/post/{id}/de")).json(&body)
        })
        .collect();
    let answers = answers_at_once(requests).await;
    let statuses: Vec<u16> = answers.iter().map(|(status, _)| *status).collect();
    assert_eq!(statuses.iter().filter(|status| **status == 200).count(), 1, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|status| **status == 409).count(), 49, "never a 500: {statuses:?}");

    let mut owners = Vec::new();
    for (id, own) in racers.iter().zip(["eins", "zwei"]) {
        let (_, read) = app.admin().get_json(&format!("/api/translations/post/{id}/de")).await;
        match read["slug"].as_str() {
            Some("rennen") => {
                assert_eq!(read["version"], 2, "{read}");
                owners.push(id.clone());
            }
            slug => assert_eq!((slug, read["version"].as_i64()), (Some(own), Some(1)), "the loser is unchanged"),
        }
    }
    assert_eq!(owners.len(), 1, "one owner of the slug");
    let (status, public) = app.get_json("/api/blog/public/posts/slug/rennen?lang=de").await;
    assert_eq!((status, public["_id"].as_str()), (200, Some(owners[0].as_str())), "{public}");
}

#[tokio::test]
async fn fifty_saves_of_one_translation_from_one_version_leave_one_winner_and_49_stale_answers() {
    let app = spawn_app().await;
    languages(&app, "fallback").await;
    let id = post(&app, "Hello world", "hello-world").await;
    let path = format!("/api/translations/post/{id}/de");
    put(&app, &path, &german("Hallo", "hallo")).await;
    let requests = (0..50)
        .map(|number| {
            let body = json!({"fields": {"title": format!("Hallo {number}")}, "version": 1});
            app.admin().request(Method::PUT, &path).json(&body)
        })
        .collect();
    let answers = answers_at_once(requests).await;
    let winners: Vec<&Value> = answers.iter().filter(|(status, _)| *status == 200).map(|(_, body)| body).collect();
    assert_eq!(winners.len(), 1, "{answers:?}");
    let title = winners[0]["fields"]["title"].as_str().unwrap();
    for (status, body) in answers.iter().filter(|(status, _)| *status != 200) {
        assert_eq!((*status, body["code"].as_str()), (409, Some("stale")), "{body}");
        assert_eq!(body["current"]["version"], 2, "{body}");
        assert_eq!(body["current"]["fields"]["title"].as_str(), Some(title), "the current record is the winner's");
    }
    let (_, read) = app.admin().get_json(&path).await;
    assert_eq!((read["version"].as_i64(), read["fields"]["title"].as_str()), (Some(2), Some(title)));
}

#[tokio::test]
async fn a_stale_save_of_one_language_never_conflicts_with_another_languages_save() {
    let app = spawn_app().await;
    languages(&app, "fallback").await;
    let id = post(&app, "Hello world", "hello-world").await;
    let record = format!("/api/translations/post/{id}");
    put(&app, &format!("{record}/de"), &german("Hallo", "hallo")).await;
    put(&app, &format!("{record}/fr"), &german("Salut", "salut")).await;
    let mut german_update = german("Servus", "hallo");
    german_update["version"] = json!(1);
    assert_eq!(put(&app, &format!("{record}/de"), &german_update).await.0, 200);
    // French opened at its version 1 while German moved on: French saves.
    let mut french = german("Bonjour", "salut");
    french["version"] = json!(1);
    let (status, saved) = put(&app, &format!("{record}/fr"), &french).await;
    assert_eq!((status, saved["version"].as_i64()), (200, Some(2)), "{saved}");
    // German's stale save is stale against German only, and names German's current version.
    let (status, stale) = put(&app, &format!("{record}/de"), &german_update).await;
    assert_eq!((status, stale["current"]["lang"].as_str()), (409, Some("de")), "{stale}");
    assert_eq!(stale["current"]["version"], 2);
}

#[tokio::test]
async fn odd_bytes_in_a_translation_are_refused_naming_their_field_and_store_nothing() {
    let app = spawn_app().await;
    languages(&app, "fallback").await;
    let id = post(&app, "Hello world", "hello-world").await;
    let path = format!("/api/translations/post/{id}/de");
    let long = |count: usize| "x".repeat(count);
    let cases = [
        (json!({"fields": {"title": "a\u{0}b"}}), "fields.title"),
        (json!({"fields": {"excerpt": "bell\u{7}"}}), "fields.excerpt"),
        (json!({"fields": {"title": "ok", "content": "esc\u{1b}[31m"}}), "fields.content"),
        (json!({"fields": {"title": "ok"}, "slug": "a\u{1f}b"}), "slug"),
        (json!({"fields": {"title": "ok"}, "slug": "a/b"}), "slug"),
        (json!({"fields": {"title": "ok"}, "slug": "../etc"}), "slug"),
        (json!({"fields": {"title": "ok"}, "slug": ".."}), "slug"),
        (json!({"fields": {"title": "ok"}, "slug": long(2_000)}), "slug"),
        (json!({"fields": {"title": long(201)}}), "fields.title"),
        (json!({"fields": {"title": "ok", "metaDescription": long(100_000)}}), "fields.metaDescription"),
        (json!({"fields": {"title": "ok", "content": long(1_000_001)}}), "fields.content"),
        (json!({"fields": {"title": "ok", "titel\u{0}": "x"}}), "fields"),
        (json!({"fields": {"title": "ok"}, "publishAt": "2030-01-01T00:00:00Z\u{0}"}), "publishAt"),
    ];
    for (body, field) in cases {
        let (status, answer) = put(&app, &path, &body).await;
        assert_eq!(status, 422, "{field}: {answer}");
        assert!(answer["errors"][field].is_string(), "{field} is named: {answer}");
    }
    // Escapes JSON allows but text cannot hold: a lone surrogate, either half.
    for raw in [r#"{"fields": {"title": "a\ud800b"}}"#, r#"{"fields": {"title": "\udfff"}}"#] {
        let response = app
            .admin()
            .request(Method::PUT, &path)
            .header("content-type", "application/json")
            .body(raw)
            .send()
            .await
            .expect("answered");
        let status = response.status().as_u16();
        let answer: Value = response.json().await.unwrap_or(Value::Null);
        assert_eq!(status, 400, "{raw}: {answer}");
        assert!(answer["message"].as_str().is_some_and(|message| message.contains("not valid JSON")), "{answer}");
    }
    let (status, _) = app.admin().get_json(&path).await;
    assert_eq!(status, 404, "nothing was stored");
    let (_, revisions) = app.admin().get_json(&format!("{path}/revisions")).await;
    assert_eq!(revisions, json!([]), "nor kept as a revision");
}
