//! What text the API takes, as a class: every operation of the served API document, each of its
//! string parameters and body fields sent with NUL and other control characters, on SQLite and (with
//! `TEST_DATABASE_URL`) on PostgreSQL, signed in as the administrator. A body field answers 422
//! naming it, a query parameter 400 naming it, a path parameter 404; never a 5xx, and the same
//! answer on both databases. Tab, line feed and carriage return are text.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{Schema, TestApp, spawn_empty_app, spawn_empty_app_with};

/// What the server answers a control character in a body field with.
const CONTROL_MESSAGE: &str = "Must not contain control characters (tab, line feed and carriage return are allowed)";

/// Texts a body field is sent with: NUL, and the other C0 controls with an escape sequence.
const HOSTILE_TEXTS: [&str; 2] = ["a\u{0}b", "\u{1}\u{8}\u{b}\u{c}\u{e}\u{1f}\u{1b}[31mred"];

/// Query values as sent on the wire: NUL, a C0 control, an overlong NUL, a lone surrogate and a
/// stray byte (the last three are not UTF-8 once decoded).
const HOSTILE_QUERY_VALUES: [&str; 5] = ["%00", "a%1Bb", "%C0%80", "%ED%A0%80", "%FF"];

/// One request of the walk and what it was answered: the case, the status, and the answer's
/// `message` and field names (what must be the same on both databases).
#[derive(Debug, PartialEq, Eq)]
struct Answer {
    case: String,
    status: u16,
    message: String,
    fields: Vec<String>,
}

fn resolve_schema<'a>(document: &'a Value, schema: &'a Value) -> &'a Value {
    match schema["$ref"].as_str() {
        Some(reference) => &document["components"]["schemas"][reference.rsplit('/').next().unwrap()],
        None => schema,
    }
}

fn has_type(schema: &Value, kind: &str) -> bool {
    schema["type"] == kind || schema["type"].as_array().is_some_and(|kinds| kinds.iter().any(|each| each == kind))
}

/// A body with `field` holding `text` where a text goes in it, and the field path the server must
/// name: a list gets the text as its second entry, a record as the value of its first member that
/// takes a text (an unknown member would be ignored), a map as an entry's value.
fn body_case(document: &Value, field: &str, schema: &Value, text: &str) -> (Value, String) {
    let (value, path) = text_in(document, schema, text);
    (json!({ field: value }), format!("{field}{path}"))
}

/// A value of `schema` holding `text` in one place, and the path to that place from the value.
fn text_in(document: &Value, schema: &Value, text: &str) -> (Value, String) {
    let schema = resolve_schema(document, schema);
    let alternatives = schema["oneOf"].as_array().map(Vec::as_slice).unwrap_or_default();
    let schema = alternatives.iter().find(|alternative| alternative["type"] != "null").unwrap_or(schema);
    let schema = resolve_schema(document, schema);
    if has_type(schema, "array") {
        (json!(["fine", text]), "[1]".to_owned())
    } else if let Some(members) = schema["properties"].as_object().filter(|members| !members.is_empty()) {
        let takes_text = |member: &Value| {
            let member = resolve_schema(document, member);
            has_type(member, "string")
                || member["oneOf"].as_array().is_some_and(|each| each.iter().any(|one| has_type(one, "string")))
        };
        let (name, member) =
            members.iter().find(|(_, member)| takes_text(member)).unwrap_or_else(|| members.iter().next().unwrap());
        let (value, path) = text_in(document, member, text);
        (json!({ name: value }), format!(".{name}{path}"))
    } else if has_type(schema, "object") {
        (json!({ "github": text }), ".github".to_owned())
    } else {
        (json!(text), String::new())
    }
}

/// `template` with each path parameter given a plausible value, or `hostile` for `target`.
fn path_of(template: &str, target: Option<&str>, hostile: &str) -> String {
    let mut path = String::from("/api");
    for segment in template.split('/').filter(|segment| !segment.is_empty()) {
        path.push('/');
        match segment.strip_prefix('{').and_then(|name| name.strip_suffix('}')) {
            Some(name) if Some(name) == target => path.push_str(hostile),
            Some("slug") => path.push_str("no-such-slug"),
            Some("type") => path.push_str("about"),
            Some(_) => path.push_str("65f1c2a9b4e8d70012345678"),
            None => path.push_str(segment),
        }
    }
    path
}

async fn answer(case: String, response: reqwest::Response) -> Answer {
    let status = response.status().as_u16();
    let body: Value = response.json().await.unwrap_or(Value::Null);
    let fields = body["errors"].as_object().map(|errors| errors.keys().cloned().collect()).unwrap_or_default();
    Answer { case, status, message: body["message"].as_str().unwrap_or_default().to_owned(), fields }
}

/// Walks every operation of the app's own document with control characters in each string
/// parameter and body field, checking each answer; answers them all for the comparison.
async fn walk(app: &TestApp) -> Vec<Answer> {
    let (status, document) = app.get_json("/api/openapi.json").await;
    assert_eq!(status, 200);
    let mut answers = Vec::new();
    for (template, item) in document["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            let method = Method::from_bytes(method.to_uppercase().as_bytes()).unwrap();
            let parameters = operation["parameters"].as_array().cloned().unwrap_or_default();
            let has_body = operation["requestBody"]["content"]["application/json"].is_object();
            let plain_path = path_of(template, None, "");
            for parameter in &parameters {
                let name = parameter["name"].as_str().unwrap();
                match parameter["in"].as_str() {
                    Some("path") => {
                        for hostile in ["%00", "a%01b", "%C0%80"] {
                            let path = path_of(template, Some(name), hostile);
                            let case = format!("{method} {path}");
                            let request = app.admin().request(method.clone(), &path);
                            let request = if has_body { request.json(&json!({})) } else { request };
                            let answer = answer(case, request.send().await.unwrap()).await;
                            assert_eq!(answer.status, 404, "{answer:?}");
                            answers.push(answer);
                        }
                    }
                    Some("query") => {
                        for hostile in HOSTILE_QUERY_VALUES {
                            let path = format!("{plain_path}?{name}={hostile}");
                            let case = format!("{method} {path}");
                            let request = app.admin().request(method.clone(), &path);
                            let request = if has_body { request.json(&json!({})) } else { request };
                            let answer = answer(case, request.send().await.unwrap()).await;
                            assert_eq!(answer.status, 400, "{answer:?}");
                            assert!(answer.message.contains(name), "the parameter is named: {answer:?}");
                            answers.push(answer);
                        }
                    }
                    _ => {}
                }
            }
            if !has_body {
                continue;
            }
            let schema = resolve_schema(&document, &operation["requestBody"]["content"]["application/json"]["schema"]);
            for (field, property) in schema["properties"].as_object().into_iter().flatten() {
                for text in HOSTILE_TEXTS {
                    let (body, expected) = body_case(&document, field, property, text);
                    let case = format!("{method} {plain_path} {expected} {text:?}");
                    let response = app.admin().request(method.clone(), &plain_path).json(&body).send().await.unwrap();
                    let answer = answer(case, response).await;
                    assert_eq!(answer.status, 422, "{answer:?}");
                    assert_eq!(answer.fields, std::slice::from_ref(&expected), "{answer:?}");
                    answers.push(answer);
                }
                // Tab and line breaks are text: whatever else the body lacks, this field is not
                // refused for them.
                let (body, expected) = body_case(&document, field, property, "one\ttwo\r\nthree\n");
                let response = app.admin().request(method.clone(), &plain_path).json(&body).send().await.unwrap();
                let status = response.status().as_u16();
                let text = response.text().await.unwrap();
                assert!(status < 500, "{method} {plain_path} {expected}: {status} {text}");
                assert!(!text.contains(CONTROL_MESSAGE), "{method} {plain_path} {expected}: {text}");
            }
        }
    }
    answers
}

/// The walk on one database, with the checks that need a record: text with line breaks is stored
/// as sent, and an upload's file name with a control character is refused.
async fn walk_and_check(app: &TestApp) -> Vec<Answer> {
    let answers = walk(app).await;
    assert!(answers.len() > 500, "the walk covered the document: {} requests", answers.len());

    let message = "Line one\r\nLine two\tindented";
    let contact = json!({"name": "Ana", "email": "ana@example.com", "subject": "Hello", "message": message});
    let (status, body) = app.anonymous().post_json("/api/contacts", &contact).await;
    assert_eq!(status, 201, "{body}");
    let (_, stored) = app.admin().get_json(&format!("/api/contacts/{}", body["_id"].as_str().unwrap())).await;
    assert_eq!(stored["message"], message, "tab and line breaks are kept as sent");

    let refused = json!({"name": "Ana\u{0}", "email": "ana@example.com", "subject": "Hello", "message": "Hi"});
    let (status, body) = app.anonymous().post_json("/api/contacts", &refused).await;
    assert_eq!(status, 422, "{body}");
    assert_eq!(body["message"], "Validation failed");
    assert_eq!(body["errors"]["name"], CONTROL_MESSAGE);

    // A file name with a control character, as a raw header value (unreadable: 400) and encoded
    // (RFC 5987 `filename*`, read and refused: 422 naming `files`).
    for (disposition, expected) in [
        ("filename=\"report\u{1}.pdf\"", 400),
        ("filename*=UTF-8''report%01.pdf", 422),
        ("filename*=UTF-8''report%00.pdf", 422),
    ] {
        let body = format!(
            "--edge\r\nContent-Disposition: form-data; name=\"files\"; {disposition}\r\n\
             Content-Type: application/pdf\r\n\r\n%PDF-1.4\n%%EOF\n\r\n--edge--\r\n"
        );
        let response = app
            .admin()
            .request(Method::POST, "/api/media")
            .header("content-type", "multipart/form-data; boundary=edge")
            .body(body)
            .send()
            .await
            .unwrap();
        let status = response.status().as_u16();
        let body: Value = response.json().await.unwrap();
        assert_eq!(status, expected, "{disposition}: {body}");
        if expected == 422 {
            assert!(body["errors"]["files"].is_string(), "{body}");
        }
    }
    answers
}

#[tokio::test]
async fn control_characters_in_any_parameter_or_field_are_refused_alike_on_both_databases() {
    let started = std::time::Instant::now();
    let sqlite = spawn_empty_app().await;
    let on_sqlite = walk_and_check(&sqlite).await;
    eprintln!("SQLite: {} requests in {:?}", on_sqlite.len(), started.elapsed());
    let Some(schema) = Schema::create().await else { return };
    let started = std::time::Instant::now();
    let url = schema.url.clone();
    let postgres = spawn_empty_app_with(|config| config.database_url = url).await;
    let on_postgres = walk_and_check(&postgres).await;
    eprintln!("PostgreSQL: {} requests in {:?}", on_postgres.len(), started.elapsed());
    for (sqlite, postgres) in on_sqlite.iter().zip(&on_postgres) {
        assert_eq!(sqlite, postgres, "the same answer on both databases");
    }
    assert_eq!(on_sqlite.len(), on_postgres.len());
    schema.drop().await;
}
